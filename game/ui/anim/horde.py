"""Barbarian hordes and battles with token bodies: the horde comes in from beyond its entry area,
marches area by area exactly as the core moved it, fights at each stop (tokens falling on both
sides) and settles where it ends. Ordinary conflicts between civilizations use the same battle.

A horde on the move is a group of pymunk bodies standing for the barbarian tokens of one area;
while it exists the barbarian stack of that area is left out of the pieces drawn, so each token
shows once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.core import (
    BARBARIANS,
    BarbariansDisbanded,
    BarbariansMoved,
    BarbariansPlaced,
    Event,
    TokenConflictStarted,
    TokensRemoved,
)

from .common import Point
from .mirror import mirror
from .parts import Part
from .swarm import Token

if TYPE_CHECKING:
    from .stage import Stage

MAX_BODIES = 30  # a larger horde is drawn with this many bodies


@dataclass
class Horde:
    area: str
    tokens: int  # barbarian tokens it stands for (and hides on the board drawn)
    bodies: list[Token] = field(default_factory=list)


def _radius(stage: Stage) -> float:
    return stage.piece() * 0.36 / stage.mv.zoom


def _spread(stage: Stage, n: int) -> float:
    return stage.piece() / stage.mv.zoom * (0.55 + 0.22 * math.sqrt(n))


def settle(stage: Stage, area: str) -> None:
    """The horde in `area` stops being bodies: its tokens show as the stack on the board."""
    horde = stage.hordes.pop(area, None)
    if horde is None:
        return
    for token in horde.bodies:
        stage.swarm.remove(token)
    stage.unhide(("tokens", area, BARBARIANS), horde.tokens)


def settle_all(stage: Stage) -> None:
    for area in list(stage.hordes):
        settle(stage, area)


def _outside(stage: Stage, area: str) -> Point:
    """Where a horde comes from: beyond its entry area, away from the victim's lands."""
    x, y = stage.area_point(area)
    home = stage.middle(stage.holdings(stage.victim)) if stage.victim else stage.centre()
    dx, dy = x - home[0], y - home[1]
    d = math.hypot(dx, dy)
    if d < 1e-6:
        dx, dy, d = 0.0, 1.0, 1.0
    far = stage.unit * 2.2
    return (x + dx / d * far, y + dy / d * far)


def draw_badges(surface: pygame.Surface, stage: Stage) -> None:
    """How many tokens each horde on the move stands for, over its heap."""
    theme = stage.theme
    for horde in stage.hordes.values():
        alive = [t for t in horde.bodies if not t.fade]
        if not alive or horde.tokens <= 0:
            continue
        x = sum(t.body.position.x for t in alive) / len(alive)
        y = max(t.body.position.y for t in alive)
        sx, sy = stage.screen((x, y))
        label = theme.text(str(horde.tokens), 14, (255, 236, 220), "bold")
        box = label.get_rect().inflate(theme.px(10), theme.px(4))
        box.midbottom = (round(sx), round(sy - stage.piece() * 0.5))
        pygame.draw.rect(surface, (60, 20, 16), box, border_radius=theme.px(6))
        pygame.draw.rect(surface, (200, 60, 40), box, 1, border_radius=theme.px(6))
        surface.blit(label, label.get_rect(center=box.center))


class HordeArrives(Part[BarbariansPlaced]):
    """BarbariansPlaced: the horde pours in from beyond the area and gathers there."""

    duration = 1.3
    shown_early = True

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.show_outcome(stage)
        old = stage.hordes.get(e.area)
        horde = old or Horde(e.area, 0)
        horde.tokens += e.count
        stage.hordes[e.area] = horde
        stage.hide(("tokens", e.area, BARBARIANS), e.count)
        start = _outside(stage, e.area)
        r = _radius(stage)
        rnd = stage.random
        for k in range(max(0, min(e.count, MAX_BODIES - len(horde.bodies)))):
            at = (start[0] + rnd.uniform(-r * 4, r * 4), start[1] + rnd.uniform(-r * 4, r * 4))
            token = stage.swarm.add(BARBARIANS, at, None, r)
            token.born = -0.04 * k  # they appear one after another
            horde.bodies.append(token)
        stage.swarm.steer(horde.bodies, stage.area_point(e.area), _spread(stage,
                                                                          len(horde.bodies)))
        stage.particles.burst("dust", start, 0.6, towards=stage.area_point(e.area))


class HordeMarches(Part[BarbariansMoved]):
    """BarbariansMoved: the tokens above the limit move on as one group; the rest stay."""

    duration = 0.8
    shown_early = True

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.show_outcome(stage)
        found = stage.hordes.pop(e.source, None)
        source = found or Horde(e.source, 0)
        moving = len(source.bodies) if e.count >= source.tokens else \
            max(1, round(len(source.bodies) * e.count / max(1, source.tokens)))
        target = stage.area_point(e.target)
        source.bodies.sort(key=lambda t: (t.body.position.x - target[0]) ** 2
                           + (t.body.position.y - target[1]) ** 2)
        go, stay = source.bodies[:moving], source.bodies[moving:]
        for token in stay:  # those left behind become the stack at the source again
            stage.swarm.remove(token)
        stage.unhide(("tokens", e.source, BARBARIANS), source.tokens)
        dest = stage.hordes.get(e.target) or Horde(e.target, 0)
        dest.tokens += e.count
        dest.bodies += go
        stage.hordes[e.target] = dest
        stage.hide(("tokens", e.target, BARBARIANS), e.count)
        if not go:  # a horde that had no bodies yet (a skip): give it some
            r = _radius(stage)
            for _ in range(min(e.count, MAX_BODIES)):
                dest.bodies.append(stage.swarm.add(BARBARIANS, stage.area_point(e.source),
                                                   None, r))
        stage.swarm.steer(dest.bodies, target, _spread(stage, len(dest.bodies)))
        stage.particles.burst("dust", stage.area_point(e.source), 0.4, towards=target)


class HordeDisbands(Part[BarbariansDisbanded]):
    """BarbariansDisbanded: the tokens with nowhere to go scatter and vanish."""

    duration = 0.7
    shown_early = True

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.show_outcome(stage)
        horde = stage.hordes.get(e.area)
        if horde is None:
            return
        n = min(len(horde.bodies), max(1, round(len(horde.bodies) * e.count
                                                / max(1, horde.tokens))))
        centre = stage.area_point(e.area)
        for token in horde.bodies[-n:]:
            p = token.body.position
            dx, dy = p.x - centre[0], p.y - centre[1]
            d = math.hypot(dx, dy) or 1.0
            stage.swarm.knock(token, (dx / d * stage.unit * 1.5, dy / d * stage.unit * 1.5), 0.7)
        horde.bodies = horde.bodies[:-n] if n else horde.bodies
        horde.tokens -= e.count
        stage.unhide(("tokens", e.area, BARBARIANS), e.count)


class Battle(Part[Event]):
    """A token conflict: every side's tokens as bodies pressing together; each removal knocks
    that many of a side's bodies out of the heap, in the order the core removed them."""

    duration = 1.1
    FIGHT = (0.25, 0.8)  # the part of the duration over which the losses fall

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        start = self.events[0]
        assert isinstance(start, TokenConflictStarted)  # the conflict's events, from its start
        self.start = start
        self.area = start.area
        self.removals = [e for e in self.events if isinstance(e, TokensRemoved)]
        self.done = 0
        self.bodies: dict[str, list[Token]] = {}
        self.hidden: dict[str, int] = {}

    def begin(self, stage: Stage) -> None:
        centre = stage.area_point(self.area)
        r = _radius(stage)
        board = stage.shown
        horde = stage.hordes.get(self.area)
        rnd = stage.random
        sides: list[tuple[str, int]] = [(str(s), int(n)) for s, n in self.start.sides]
        for k, (side, n) in enumerate(sides):
            if side == BARBARIANS and horde is not None and horde.bodies:
                self.bodies[side] = horde.bodies
                continue
            on_board = board.count(self.area, side) if board else n
            if not on_board:
                continue
            stage.hide(("tokens", self.area, side), on_board)
            self.hidden[side] = on_board
            a = 2 * math.pi * k / max(1, len(sides)) + 0.6
            camp = (centre[0] + math.cos(a) * stage.unit * 0.45,
                    centre[1] + math.sin(a) * stage.unit * 0.45)
            group = []
            for _ in range(min(on_board, 12)):
                at = (camp[0] + rnd.uniform(-r * 2, r * 2), camp[1] + rnd.uniform(-r * 2, r * 2))
                group.append(stage.swarm.add(side, at, None, r))
            stage.swarm.steer(group, camp, _spread(stage, len(group)))
            self.bodies[side] = group
        everyone = [t for group in self.bodies.values() for t in group]
        stage.swarm.steer(everyone, centre, _spread(stage, len(everyone)) * 0.9)
        stage.particles.burst("dust", centre, 0.5)

    def update(self, stage: Stage, t: float, dt: float) -> None:
        lo, hi = self.FIGHT
        due = len(self.removals) if t >= hi else int(len(self.removals) * max(0.0, t - lo)
                                                      / (hi - lo))
        while self.done < due:
            self._lose(stage, self.removals[self.done])
            self.done += 1

    def _lose(self, stage: Stage, e: TokensRemoved) -> None:
        if stage.shown is not None:
            mirror(stage.shown, e)
        side = e.player
        group = self.bodies.get(side, [])
        total = max(1, stage.shown.count(self.area, side) + e.count if stage.shown else e.count)
        n = min(len(group), max(1, round(len(group) * e.count / total))) if group else 0
        centre = stage.area_point(self.area)
        rnd = stage.random
        for token in group[-n:] if n else []:
            p = token.body.position
            dx, dy = p.x - centre[0], p.y - centre[1]
            d = math.hypot(dx, dy) or 1.0
            speed = stage.unit * rnd.uniform(0.6, 1.1)
            stage.swarm.knock(token, (dx / d * speed, dy / d * speed + stage.unit * 0.9), 0.8)
        if n:
            del group[-n:]
        horde = stage.hordes.get(self.area)
        if side == BARBARIANS and horde is not None:
            horde.tokens -= e.count
            stage.unhide(("tokens", self.area, BARBARIANS), e.count)
        elif side in self.hidden:
            self.hidden[side] -= e.count
            stage.unhide(("tokens", self.area, side), e.count)
        stage.particles.burst("sparks", (centre[0] + rnd.uniform(-0.2, 0.2) * stage.unit,
                                         centre[1]), 0.3)

    def end(self, stage: Stage) -> None:
        while self.done < len(self.removals):
            self._lose(stage, self.removals[self.done])
            self.done += 1
        for side, group in self.bodies.items():
            horde = stage.hordes.get(self.area)
            if side == BARBARIANS and horde is not None and group is horde.bodies:
                if horde.tokens <= 0:
                    settle(stage, self.area)
                continue
            for token in group:
                stage.swarm.remove(token)
        for side, n in self.hidden.items():
            stage.unhide(("tokens", self.area, side), n)
        self.hidden.clear()

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        lo, hi = self.FIGHT
        if not lo <= t <= hi + 0.1:
            return
        x, y = stage.screen(stage.area_point(self.area))
        d = stage.piece()
        for k in range(3):  # crossed strokes flashing over the melee
            a = t * 40 + k * 2.1
            dx, dy = math.cos(a) * d * 0.5, math.sin(a) * d * 0.5
            pygame.draw.line(surface, (255, 240, 200), (x - dx, y - dy), (x + dx, y + dy), 2)
