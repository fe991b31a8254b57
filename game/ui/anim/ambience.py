"""The weather of a calamity while it is resolved: a wash of colour over the areas it touches, a
cyclone's storm over its open sea, a flood's water over its plain, ash after an eruption. An
ambience fades in when the calamity is revealed and out when it is resolved; the parts that show
its events add the areas they touch.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .common import Point
from .looks import Look

if TYPE_CHECKING:
    from .stage import Stage

FADE = 0.5  # seconds to fade in or out


class Ambience:
    def __init__(self, look: Look, areas: list[str] | None = None) -> None:
        self.look = look
        self.areas: list[str] = list(areas or [])
        self.alpha = 0.0
        self.leaving = False
        self.clock = 0.0
        self._puff = 0.0

    def eye(self) -> Point | None:
        """Where a storm's centre is, if this is a storm."""
        return None

    def touch(self, areas: list[str]) -> None:
        for area in areas:
            if area not in self.areas:
                self.areas.append(area)

    def leave(self) -> None:
        self.leaving = True

    @property
    def gone(self) -> bool:
        return self.leaving and self.alpha <= 0.0

    def update(self, stage: Stage, dt: float) -> None:
        self.clock += dt
        step = dt / FADE
        self.alpha = max(0.0, self.alpha - step) if self.leaving else min(1.0, self.alpha + step)
        self._puff -= dt
        if self.look.weather and self.areas and self._puff <= 0 and not self.leaving:
            self._puff = 0.35
            area = self.areas[stage.random.randrange(len(self.areas))]
            stage.particles.burst(self.look.weather, stage.area_point(area), 0.25)

    def wash(self) -> float:
        """How strongly touched areas are washed: a slow pulse."""
        return self.alpha * (0.22 + 0.06 * math.sin(self.clock * 3.0))

    def draw_under(self, surface: pygame.Surface, stage: Stage) -> None:
        strength = self.wash()
        for area in self.areas:
            stage.fill_area(surface, area, self.look.colour, strength)

    def draw_over(self, surface: pygame.Surface, stage: Stage) -> None:
        pass


class Storm(Ambience):
    """A cyclone (or a tempest) over an open sea: dark water, spiral cloud bands, the wind's
    particles circling the eye."""

    def __init__(self, look: Look, sea: str, stage: Stage) -> None:
        super().__init__(look)
        self.sea = sea
        self.centre = stage.sea_point(sea)
        self.radius = self._radius(stage, sea)
        self.wind = stage.particles.vortex(self.centre, self.radius, 3600.0)
        self._clouds: dict[int, pygame.Surface] = {}
        self._cloud_size = 0

    @staticmethod
    def _radius(stage: Stage, sea: str) -> float:
        shape = stage.geo.seas.get(sea)
        if shape is None:
            return stage.unit * 2.5
        xs = [p[0] for ring in shape.polygons for p in ring]
        ys = [p[1] for ring in shape.polygons for p in ring]
        span = min(max(xs) - min(xs), max(ys) - min(ys))
        return max(stage.unit * 1.5, min(span * 0.45, stage.unit * 4.5))

    def move_to(self, stage: Stage, sea: str) -> None:
        """The core named the sea: the storm goes there if it was drawn elsewhere."""
        if sea == self.sea:
            return
        self.sea = sea
        self.centre = stage.sea_point(sea)
        self.radius = self._radius(stage, sea)
        self.wind.left = 0.0
        self.wind = stage.particles.vortex(self.centre, self.radius, 3600.0)

    def eye(self) -> Point | None:
        return self.centre

    def leave(self) -> None:
        super().leave()
        self.wind.left = min(self.wind.left, FADE)

    def draw_under(self, surface: pygame.Surface, stage: Stage) -> None:
        stage.fill_sea(surface, self.sea, (20, 30, 45), self.alpha * 0.35)
        super().draw_under(surface, stage)

    def draw_over(self, surface: pygame.Surface, stage: Stage) -> None:
        if self.alpha <= 0.02:
            return
        cx, cy = stage.screen(self.centre)
        r = max(8, int(self.radius * stage.mv.zoom))
        # four arms repeat every quarter turn: that many pictures of it, made once per zoom
        turn = int(self.clock * 1.6 / (math.pi / 2) * SPIN_STEPS) % SPIN_STEPS
        if self._cloud_size != r:
            self._clouds, self._cloud_size = {}, r
        cloud = self._clouds.get(turn)
        if cloud is None:
            cloud = self._clouds[turn] = _cloud(r, turn * (math.pi / 2) / SPIN_STEPS)
        cloud.set_alpha(int(255 * self.alpha))
        surface.blit(cloud, (round(cx - cloud.get_width() / 2), round(cy - cloud.get_height() / 2)))


SPIN_STEPS = 18


def _cloud(r: int, spin: float) -> pygame.Surface:
    """The storm's spiral bands and dark eye, turned by `spin`."""
    c = r + 4
    layer = pygame.Surface((2 * c, 2 * c), pygame.SRCALPHA)
    for arm in range(4):
        pts = []
        for k in range(26):
            a = spin + arm * math.pi / 2 + k * 0.22
            rr = r * (0.12 + 0.88 * k / 25)
            pts.append((c + rr * math.cos(a), c + rr * math.sin(a)))
        pygame.draw.lines(layer, (225, 232, 240, 120), False, pts, max(2, r // 14))
        pygame.draw.lines(layer, (90, 100, 115, 90), False,
                          [(x + r * 0.03, y + r * 0.03) for x, y in pts], max(2, r // 9))
    pygame.draw.circle(layer, (30, 40, 55, 120), (c, c), max(3, r // 9))
    return layer


class Flood(Ambience):
    """Water rising over a flood plain and its areas, rain, rings spreading on the water."""

    def __init__(self, look: Look, plain: str, stage: Stage) -> None:
        super().__init__(look, list(stage.graph.flood_plains.get(plain, ())))
        self.plain = plain
        self.rings: list[tuple[Point, float]] = []  # (where, age)

    def update(self, stage: Stage, dt: float) -> None:
        super().update(stage, dt)
        self.rings = [(p, age + dt) for p, age in self.rings if age + dt < 1.4]
        if self.areas and not self.leaving and stage.random.random() < dt * 5:
            area = self.areas[stage.random.randrange(len(self.areas))]
            x, y = stage.area_point(area)
            u = stage.unit * 0.4
            self.rings.append(((x + stage.random.uniform(-u, u), y + stage.random.uniform(-u, u)),
                               0.0))

    def draw_under(self, surface: pygame.Surface, stage: Stage) -> None:
        rise = min(1.0, self.clock / 1.5) if not self.leaving else 1.0
        water = self.alpha * rise
        for k, area in enumerate(self.areas):  # the areas fill one after another
            each = max(0.0, min(1.0, rise * len(self.areas) - k))
            stage.fill_area(surface, area, (70, 140, 225), water * each * 0.42)
        stage.fill_plain(surface, self.plain, (45, 125, 230),
                         water * (0.78 + 0.1 * math.sin(self.clock * 4)))
        for (x, y), age in self.rings:
            sx, sy = stage.screen((x, y))
            r = int(stage.piece() * (0.2 + 0.8 * age))
            a = int(170 * (1 - age / 1.4) * self.alpha)
            if r > 2 and a > 4:
                layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
                pygame.draw.circle(layer, (190, 225, 255, a), (r + 2, r + 2), r, 2)
                surface.blit(layer, (round(sx - r - 2), round(sy - r - 2)))


ASH_FALLS = 0.6  # seconds of the ash drifting over the areas after an eruption


class Ash(Ambience):
    """After an eruption: the touched areas scorched, ash drifting over them."""

    def update(self, stage: Stage, dt: float) -> None:
        super().update(stage, dt)
        # ash drifts down while the eruption lasts, then only the scorch stays under the
        # pieces, so what the calamity did (and what is asked next) can be seen
        if self.areas and not self.leaving and self.clock < ASH_FALLS \
                and stage.random.random() < dt * 4:
            area = self.areas[stage.random.randrange(len(self.areas))]
            stage.particles.burst("ash", stage.area_point(area), 0.2)

    def wash(self) -> float:
        return self.alpha * (0.34 + 0.08 * math.sin(self.clock * 5.0))


class Cracks(Ambience):
    """After an earthquake or an avalanche: cracks running out from the struck areas."""

    def __init__(self, look: Look, areas: list[str], stage: Stage) -> None:
        super().__init__(look, areas)
        rnd = stage.random
        u = stage.unit
        self.lines: list[list[Point]] = []
        for area in areas:
            x, y = stage.area_point(area)
            for n in range(5):
                a = n * 2 * math.pi / 5 + rnd.uniform(-0.4, 0.4)
                pts = [(x, y)]
                for _ in range(rnd.randint(4, 7)):
                    step = u * rnd.uniform(0.03, 0.07)
                    turn = a + rnd.uniform(-0.9, 0.9)  # zigzag about the crack's heading
                    pts.append((pts[-1][0] + math.cos(turn) * step,
                                pts[-1][1] + math.sin(turn) * step))
                self.lines.append(pts)

    def draw_under(self, surface: pygame.Surface, stage: Stage) -> None:
        super().draw_under(surface, stage)
        if self.alpha <= 0.05:
            return
        grown = min(1.0, self.clock / 0.6)  # they run out over the first moments
        width = max(2, stage.piece() // 9)
        fade = 1 - self.alpha
        colour = (int(40 + 150 * fade), int(28 + 140 * fade), int(20 + 100 * fade))
        for pts in self.lines:
            n = max(2, int(len(pts) * grown + 0.999))
            screen = [stage.screen(p) for p in pts[:n]]
            pygame.draw.lines(surface, (230, 200, 150), False,
                              [(x + 1, y + 1) for x, y in screen], max(1, width // 2))
            pygame.draw.lines(surface, colour, False, screen, width)


def open_sea_for(stage: Stage, player: str) -> str | None:
    """The open sea bordering most of the player's cities (then ships, then tokens): where a
    storm is drawn before the core has said which sea it struck."""
    board = stage.shown
    if board is None or not stage.graph.seas:
        return None
    mine = set(board.cities_of(player))
    ships = {a for a, h in board.ships.items() if player in h}
    tokens = {a for a, h in board.tokens.items() if player in h}

    def score(sea: str) -> tuple[int, int, int]:
        borders = set(stage.graph.seas[sea].borders)
        return (len(borders & mine), len(borders & ships), len(borders & tokens))

    best = max(sorted(stage.graph.seas), key=score)
    return best if any(score(best)) else None


def plain_for(stage: Stage, player: str) -> str | None:
    """The flood plain where the player has the most unit points."""
    board = stage.shown
    if board is None or not stage.graph.flood_plains:
        return None

    def points(plain: str) -> int:
        return sum(board.count(a, player) + (5 if board.cities.get(a) == player else 0)
                   for a in stage.graph.flood_plains[plain])

    best = max(sorted(stage.graph.flood_plains), key=points)
    return best if points(best) else None


def ambience_for(look: Look, victim: str, stage: Stage) -> Ambience:
    """The weather a calamity starts with, placed where the victim will be struck."""
    if look.place == "sea":
        sea = open_sea_for(stage, victim)
        if sea is not None:
            return Storm(look, sea, stage)
    if look.place == "plain":
        plain = plain_for(stage, victim)
        if plain is not None:
            return Flood(look, plain, stage)
    if look.place == "victim":
        return Ambience(look, stage.holdings(victim))
    return Ambience(look)
