"""The animation queue: the core's events go in batch by batch (one batch per `apply`), steps
come out one after another, each drawn over the map while the board drawn follows along.

It never holds the game: the state has already changed when a batch arrives; the queue only
decides what the map shows meanwhile, and any skip brings it straight to where the game is.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence

import pygame

from game.core import Board, CalamityResolved, CalamityRevealed, Event

from ..words.log import name as civ_name
from .build import Builder
from .common import copy_board
from .horde import draw_badges, settle_all
from .parts import Banner, Part, Step, caption
from .stage import Stage

INSTANT = 8.0  # the animation speed called "Instant": nothing is animated
BOT_HURRY = 1.75  # bot turns run this much faster
MIN_SPEED, MAX_SPEED = 0.25, 4.0


def touched(event: Event) -> list[str]:
    """The areas an event happened in."""
    out = [getattr(event, k, None) for k in ("area", "source", "target")]
    areas = getattr(event, "areas", None)
    if isinstance(areas, tuple | list):
        out += list(areas)
    return [a for a in out if isinstance(a, str) and a]


class Fade(Part[Event]):
    """Reduce motion: the areas a batch touched brighten and dim while the board changes."""

    duration = 0.35

    def begin(self, stage: Stage) -> None:
        self.areas = sorted({a for e in self.events for a in touched(e)})

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        for area in self.areas:
            stage.fill_area(surface, area, (255, 240, 200), 0.3 * math.sin(math.pi * t))


class AnimQueue:
    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.builder = Builder()
        self.steps: deque[Step] = deque()
        self.speed = 1.0
        self.reduce_motion = False
        self.paused = False  # held still (the self-test's pictures); bots wait meanwhile
        self.played = 0  # steps shown to the end or skipped (tests and the self-test count them)

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def instant(self) -> bool:
        return self.speed >= INSTANT

    def feed(self, events: Sequence[Event], before: Board, after: Board,
             hurry: float = 1.0) -> None:
        """One batch: the events one `apply` returned, the board before and after it."""
        stage = self.stage
        plan = self.builder.steps(events)  # always read: the builder follows the calamity
        if self.instant or self.reduce_motion:
            stage.heard += events  # nothing moves to wait for
        else:  # what no part shows is heard now; the rest as its part begins
            shown = {id(e) for parts in plan for p in parts for e in p.events}
            stage.heard += [e for e in events if id(e) not in shown]
        if self.instant:
            self.skip_all()
            for event in events:
                for area in touched(event):
                    stage.flash[area] = 1.0
            return
        if not self.steps and stage.shown is None:
            stage.shown = copy_board(before)
        if self.reduce_motion:
            banners = [[p for p in parts if isinstance(p, Banner)] for parts in plan]
            for row in banners:
                for banner in row:
                    banner.still = True
            plan = [list(row) for row in banners if row]
            if events:
                plan.append([Fade(list(events))])
        for parts in plan:
            self.steps.append(Step(parts, hurry=hurry, sounds=not self.reduce_motion))
        self.steps.append(Step([], sync=copy_board(after), hurry=hurry))

    def update(self, dt: float) -> None:
        if self.paused:
            return
        stage = self.stage
        speed = max(MIN_SPEED, min(MAX_SPEED, self.speed))
        hurry = self.steps[0].hurry if self.steps else 1.0
        left = dt * speed
        while self.steps:
            step = self.steps[0]
            if step.clock == 0.0:
                self._flash(step)
            if not step.advance(stage, left * step.hurry):
                break
            if self.steps.popleft().parts:
                self.played += 1
            left = 0.0
        scaled = dt * speed * hurry
        stage.particles.update(scaled)
        stage.swarm.update(scaled)
        for weather in stage.ambience:
            weather.update(stage, scaled)
        stage.ambience = [w for w in stage.ambience if not w.gone]
        stage.shake = max(0.0, stage.shake - scaled)
        for area in list(stage.flash):
            stage.flash[area] -= scaled * 0.8
            if stage.flash[area] <= 0:
                del stage.flash[area]
        if not self.steps:
            stage.shown = None

    def progress(self) -> tuple[int, float]:
        """Steps played so far, and how far the one showing now has got (0 to 1)."""
        for step in self.steps:
            if step.parts:
                return (self.played, min(1.0, step.clock / max(step.length, 1e-6)))
        return (self.played, 0.0)

    def _flash(self, step: Step) -> None:
        """A step begins: the areas its events touch light up; during a calamity the map pans
        to them if none shows."""
        areas = [area for p in step.parts for event in p.events
                 if not isinstance(event, CalamityRevealed | CalamityResolved)
                 for area in touched(event)]
        for area in areas:
            self.stage.flash[area] = 1.0
        if areas and self.stage.look is not None:
            self.stage.mv.bring_into_view(areas)

    def skip(self) -> None:
        """Space, a click: the step showing now ends at once."""
        self._checkpoints()
        if self.steps:
            self.steps.popleft().finish(self.stage)
            self.played += 1
        self._checkpoints()

    def _checkpoints(self) -> None:
        """The board check-points next in the queue (steps with nothing to see) done at once."""
        while self.steps and not self.steps[0].parts:
            self.steps.popleft().finish(self.stage)

    def skip_all(self) -> None:
        """Esc, Tab: everything queued ends at once and the weather clears."""
        stage = self.stage
        while self.steps:
            step = self.steps.popleft()
            step.finish(stage)
            self.played += bool(step.parts)
        settle_all(stage)
        stage.swarm.clear()
        stage.particles.clear()
        stage.ambience.clear()
        stage.hidden.clear()
        stage.shake = 0.0
        stage.shown = None

    # -- drawing ----------------------------------------------------------------------------------
    def shake_offset(self) -> tuple[int, int]:
        stage = self.stage
        if stage.shake <= 0 or self.reduce_motion:
            return (0, 0)
        power = stage.shake_power * min(1.0, stage.shake / 0.4)
        r = stage.random
        return (round(r.uniform(-power, power)), round(r.uniform(-power, power) * 0.6))

    def draw_under(self, surface: pygame.Surface) -> None:
        """Between the map and the pieces: washes over areas, flood water, a storm's sea."""
        stage = self.stage
        clip = surface.get_clip()
        surface.set_clip(stage.mv.rect)
        for weather in stage.ambience:
            weather.draw_under(surface, stage)
        surface.set_clip(clip)

    def draw_over(self, surface: pygame.Surface) -> None:
        """Over the pieces: what moves, the particles, clouds, banners."""
        stage = self.stage
        clip = surface.get_clip()
        surface.set_clip(stage.mv.rect)
        origin, zoom = stage.origin(), stage.mv.zoom
        stage.swarm.draw(surface, origin, zoom, max(6, int(stage.piece() * 0.8)))
        draw_badges(surface, stage)
        stage.particles.draw(surface, origin, zoom, stage.mv.rect,
                             max(2, int(stage.piece() * 0.3)))
        for weather in stage.ambience:
            weather.draw_over(surface, stage)
        if self.steps:  # after the particles: glows, lightning and banners stay in front
            self.steps[0].draw(surface, stage)
        look = stage.look
        if look is not None and stage.victim and self.steps and not any(
                isinstance(p, Banner) and p.stage_of_life == 1 for p in self.steps[0].parts):
            caption(surface, stage, f"{stage.title} — {civ_name(stage.victim)}",
                    look.colour, 0.9)
        surface.set_clip(clip)
