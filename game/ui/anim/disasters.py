"""The moments a calamity strikes its place: the reveal and the end, a volcano erupting, the
earth shaking, a cyclone's lightning, a flood's surge, a tsunami's wave, a plague or a drought
spreading area by area. The losses that follow are the ordinary parts (cities falling, tokens
leaving); these draw the cause."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.core import (
    AvalancheStruck,
    CalamityResolved,
    CalamityRevealed,
    CycloneStruck,
    EarthquakeStruck,
    Event,
    FloodStruck,
    TsunamiStruck,
    VolcanoErupted,
)

from ..words.log import nice
from .ambience import Ambience, Ash, Cracks, Flood, Storm, ambience_for
from .horde import settle_all
from .looks import ERUPTION, FLOOD, QUAKE, STORM, WAVE, Look
from .parts import Part, ease

if TYPE_CHECKING:
    from .stage import Stage


def _weather(stage: Stage) -> Ambience | None:
    return stage.ambience[-1] if stage.ambience else None


def touch(stage: Stage, areas: Sequence[str]) -> None:
    """The calamity under way has reached these areas: its wash spreads over them."""
    weather = _weather(stage)
    if weather is not None and not weather.leaving:
        weather.touch([a for a in areas if a in stage.geo.areas])


class CalamityStarts(Part[CalamityRevealed]):
    """CalamityRevealed: the calamity's weather settles over where it will strike."""

    duration = 0.05

    def __init__(self, events: Sequence[CalamityRevealed], look: Look) -> None:
        super().__init__(events)
        self.look = look

    def begin(self, stage: Stage) -> None:
        stage.look = self.look
        stage.title = nice(self.event.calamity).title()
        stage.victim = self.event.victim
        stage.ambience.append(ambience_for(self.look, stage.victim, stage))


class CalamityEnds(Part[CalamityResolved]):
    """CalamityResolved: the weather clears and a horde settles where it stopped."""

    duration = 0.5

    def begin(self, stage: Stage) -> None:
        for weather in stage.ambience:
            weather.leave()
        settle_all(stage)

    def end(self, stage: Stage) -> None:
        stage.look = None
        stage.title = stage.victim = ""


# Of the eruption (2 s): what is thrown up stops early enough to have settled by its last
# frame (ash lives 1.2 s, embers and lava 1.3 s), so the result shows.
PLUME_ENDS = 0.35
FIRE_ENDS = 0.5


class Eruption(Part[VolcanoErupted]):
    """VolcanoErupted: the mountain glows, throws embers and lava, and ash covers its areas."""

    duration = 2.0

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.at = stage.volcano_point(e.volcano)
        self.areas = list(e.areas)
        self.next_puff = 0.0
        stage.ambience.append(Ash(ERUPTION, self.areas))
        stage.shake, stage.shake_power = 0.8, stage.piece() * 0.12

    def update(self, stage: Stage, t: float, dt: float) -> None:
        if t < 0.12 or t > FIRE_ENDS or t < self.next_puff:
            return
        self.next_puff = t + 0.06
        stage.particles.burst("embers", self.at, 0.35)
        stage.particles.burst("lava", self.at, 0.4)
        if t > PLUME_ENDS:  # the ash has cleared by the last frame: the result shows
            return
        x, y = self.at  # the plume: ash thrown up from the crater, drifting off
        stage.particles.burst("ash", (x, y + stage.unit * 0.3), 0.25,
                              towards=(x + stage.unit * 0.6, y + stage.unit * 1.6))

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        x, y = stage.screen(self.at)
        d = stage.piece()
        glow = min(1.0, t / 0.15) * (1 - max(0.0, t - 0.8) / 0.2)
        pulse = 1 + 0.15 * math.sin(t * 40)
        r = int(d * 1.3 * pulse)
        if r < 2 or glow <= 0:
            return
        layer = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        for k, colour in enumerate(((255, 90, 20), (255, 150, 40), (255, 230, 140))):
            rr = int(r * (1 - k * 0.3))
            pygame.draw.circle(layer, (*colour, int(110 * glow)), (r, r), rr)
        surface.blit(layer, (round(x - r), round(y - r)))


class Quake(Part[EarthquakeStruck | AvalancheStruck]):
    """EarthquakeStruck / AvalancheStruck: the map shakes, cracks run through the areas (they
    stay until the calamity is over) and dust rises before the cities there fall."""

    duration = 1.4

    def begin(self, stage: Stage) -> None:
        e = self.event
        areas = [getattr(e, "area", ""), *getattr(e, "destroyed", ()),
                 *getattr(e, "reduced", ()), *getattr(e, "areas", ())]
        areas = [a for a in dict.fromkeys(areas) if a in stage.geo.areas]
        stage.shake, stage.shake_power = 1.2, stage.piece() * 0.3
        if isinstance(e, EarthquakeStruck):
            stage.title = "Earthquake"
        for weather in stage.ambience:
            if not isinstance(weather, Cracks):
                weather.leave()
        cracks = Cracks(QUAKE, areas, stage)
        stage.ambience.append(cracks)
        for area in areas:
            stage.particles.burst("dust", stage.area_point(area), 0.8)


class CycloneHit(Part[CycloneStruck]):
    """CycloneStruck: the storm sits over the sea the core named; lightning strikes."""

    duration = 0.7

    def begin(self, stage: Stage) -> None:
        e = self.event
        storm = next((a for a in stage.ambience if isinstance(a, Storm) and not a.leaving), None)
        if storm is None:
            storm = Storm(stage.look or STORM, e.sea, stage)
            stage.ambience.append(storm)
        storm.move_to(stage, e.sea)
        self.eye = storm.centre
        touch(stage, list(e.cities))
        rnd = stage.random
        u = stage.unit
        self.bolt = [(self.eye[0] + rnd.uniform(-u, u), self.eye[1] + u * 1.6)]
        for _ in range(6):
            x, y = self.bolt[-1]
            self.bolt.append((x + rnd.uniform(-0.25, 0.25) * u, y - u * 0.3))

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        if t > 0.5 or int(t * 20) % 3 == 2:
            return
        pts = [stage.screen(p) for p in self.bolt]
        pygame.draw.lines(surface, (255, 255, 230), False, pts, max(2, stage.piece() // 9))
        pygame.draw.lines(surface, (180, 200, 255), False, pts, 1)


class FloodHit(Part[FloodStruck]):
    """FloodStruck: the water surges over the plain the core named."""

    duration = 0.8

    def begin(self, stage: Stage) -> None:
        e = self.event
        flood = next((a for a in stage.ambience if isinstance(a, Flood) and not a.leaving), None)
        if flood is None or flood.plain != e.plain:
            if flood is not None:
                flood.leave()
            flood = Flood(stage.look or FLOOD, e.plain, stage)
            stage.ambience.append(flood)
        for area in flood.areas:
            stage.particles.burst("spray", stage.area_point(area), 0.3)


class TsunamiHit(Part[TsunamiStruck]):
    """TsunamiStruck: a wave rolls in from the sea over the coast around the city it took."""

    duration = 1.5

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.areas = [a for a in (e.area, *e.areas) if a in stage.geo.areas]
        target = stage.area_point(e.area)
        seas = [s for s, sea in stage.graph.seas.items() if e.area in sea.borders]
        self.source = (stage.sea_point(seas[0]) if seas
                       else (target[0], target[1] - stage.unit * 2))
        self.reach = math.dist(self.source, target) + stage.unit * 0.8
        if not stage.ambience:
            stage.ambience.append(Ambience(WAVE))
        self.hit: set[str] = set()

    def update(self, stage: Stage, t: float, dt: float) -> None:
        front = self.reach * ease(t)
        for area in self.areas:
            if area not in self.hit and math.dist(self.source, stage.area_point(area)) <= front:
                self.hit.add(area)
                touch(stage, [area])
                stage.particles.burst("spray", stage.area_point(area), 0.6)

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        x, y = stage.screen(self.source)
        zoom = stage.mv.zoom
        for k in range(3):
            r = int((self.reach * ease(t) - k * stage.unit * 0.18) * zoom)
            if r <= 2:
                continue
            alpha = (1 - t) * (1 - k * 0.3)
            colour = (int(140 + 100 * alpha), int(200 + 50 * alpha), 255)
            pygame.draw.circle(surface, colour, (round(x), round(y)), r,
                               max(2, stage.piece() // (6 + 3 * k)))


class Spread(Part[Event]):
    """A plague, a drought, a clash of tribes or a war moving through areas one by one."""

    def __init__(self, events: Sequence[Event], areas: Sequence[str]) -> None:
        super().__init__(events)
        self.areas = list(areas)
        self.duration = min(2.0, 0.4 + 0.14 * len(self.areas))
        self.reached = 0

    def update(self, stage: Stage, t: float, dt: float) -> None:
        due = min(len(self.areas), int(len(self.areas) * t / 0.85) + 1)
        while self.reached < due:
            area = self.areas[self.reached]
            self.reached += 1
            touch(stage, [area])
            look = stage.look
            stage.particles.burst(look.weather if look and look.weather else "dust",
                                  stage.area_point(area), 0.4)

    def end(self, stage: Stage) -> None:
        touch(stage, self.areas)
        super().end(stage)

