"""Tokens as pymunk bodies: a barbarian horde that arrives, marches, jostles and scatters, the
defenders it meets, the tokens that fall in a battle.

Each token is a disc that collides with the others. A token with a goal is pulled towards it by
a spring with damping (set for every body at once with pymunk's batch API), so a group heading
for an area arrives, bumps and settles in a heap instead of overlapping. A knocked-out token
loses its disc (it no longer pushes anyone), flies off, tumbles and fades.
"""

from __future__ import annotations

import array
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

import pygame
import pymunk
import pymunk.batch as batch

from ..draw import token_disc

Point = tuple[float, float]
_FIELDS = batch.BodyFields
SPRING = 26.0  # pull towards the goal, per second squared per map unit
DAMPING = 9.0  # per second
FALL = 5.0  # a knocked-out token's fall, in area sizes per second squared


@dataclass
class Token:
    body: pymunk.Body
    shape: pymunk.Circle | None
    owner: str
    goal: Point | None  # where it is pulled to; None: free (falling)
    fade: float = 0.0  # seconds left once knocked out (0: alive)
    falls: bool = True  # once knocked out; washed-away and withering tokens drift instead
    span: float = 1.0
    born: float = 0.0  # seconds since it appeared (it fades in)


class Swarm:
    def __init__(self, unit: float, seed: int = 23) -> None:
        self.unit = unit
        self.space = pymunk.Space()
        self.space.damping = 0.9
        self.tokens: dict[int, Token] = {}
        self.random = random.Random(seed)
        self._buffer = batch.Buffer()
        self._sprites: dict[tuple[str, int], pygame.Surface] = {}

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def clear(self) -> None:
        self.space.remove(*self.space.bodies, *self.space.shapes)
        self.tokens.clear()

    def add(self, owner: str, at: Point, goal: Point | None, radius: float,
            velocity: Point = (0.0, 0.0)) -> Token:
        body = pymunk.Body(1.0, float("inf"))
        body.position = at
        body.velocity = velocity
        shape = pymunk.Circle(body, radius)
        shape.elasticity = 0.4
        shape.friction = 0.3
        self.space.add(body, shape)
        token = Token(body, shape, owner, goal)
        self.tokens[body.id] = token
        return token

    def knock(self, token: Token, away: Point, seconds: float = 0.9, falls: bool = True) -> None:
        """Out of the fight: no longer collides, flies off `away` (map units a second)."""
        token.falls = falls
        if token.shape is not None:
            self.space.remove(token.shape)
            token.shape = None
        token.goal = None
        token.fade = token.span = seconds
        token.body.velocity = away

    def remove(self, token: Token) -> None:
        """Take a token out of the space; nothing if it has gone already (faded, cleared)."""
        if token.body.id not in self.tokens:
            return
        if token.shape is not None:
            self.space.remove(token.shape)
        self.space.remove(token.body)
        self.tokens.pop(token.body.id, None)

    def steer(self, tokens: Iterable[Token], centre: Point, spread: float) -> None:
        """Goals for a group: slots on a sunflower spiral round `centre`, so they form a heap."""
        for k, token in enumerate(tokens):
            r = spread * math.sqrt((k + 0.5) / 12)
            a = k * 2.39996
            token.goal = (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a))

    def update(self, dt: float) -> None:
        if not self.tokens:
            return
        buf = self._buffer
        buf.clear()
        batch.get_space_bodies(self.space, _FIELDS.BODY_ID | _FIELDS.POSITION | _FIELDS.VELOCITY,
                               buf)
        ids = memoryview(buf.int_buf()).cast("P")
        values = memoryview(buf.float_buf()).cast("d")
        forces = array.array("d", bytes(16 * len(ids)))
        fall = -FALL * self.unit
        for k, key in enumerate(ids):
            token = self.tokens.get(key)
            if token is None:
                continue
            x, y, vx, vy = values[4 * k: 4 * k + 4]
            if token.goal is not None:
                forces[2 * k] = (token.goal[0] - x) * SPRING - vx * DAMPING
                forces[2 * k + 1] = (token.goal[1] - y) * SPRING - vy * DAMPING
            elif token.falls:
                forces[2 * k + 1] = fall
        out = batch.Buffer()
        out.set_float_buf(forces.tobytes())
        batch.set_space_bodies(self.space, _FIELDS.FORCE, out)
        self.space.step(min(dt, 1 / 30))
        for token in list(self.tokens.values()):
            token.born += dt
            if token.fade:
                token.fade -= dt
                if token.fade <= 0:
                    self.remove(token)

    def _sprite(self, owner: str, d: int) -> pygame.Surface:
        """A single token, drawn as the board draws a stack's disc (without its count)."""
        key = (owner, d)
        hit = self._sprites.get(key)
        if hit is None:
            ss = 3
            size = d * ss
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            token_disc(img, owner, (size / 2, size / 2), size / 2 - ss, ss)  # as on the board
            hit = pygame.transform.smoothscale(img, (d, d))
            self._sprites[key] = hit
        return hit

    def draw(self, surface: pygame.Surface, origin: Point, zoom: float, d: int) -> None:
        if not self.tokens:
            return
        buf = self._buffer
        buf.clear()
        batch.get_space_bodies(self.space, _FIELDS.BODY_ID | _FIELDS.POSITION, buf)
        ids = memoryview(buf.int_buf()).cast("P")
        pos = memoryview(buf.float_buf()).cast("d")
        ox, oy = origin
        blits = []
        for k, key in enumerate(ids):
            token = self.tokens.get(key)
            if token is None:
                continue
            x, y = ox + pos[2 * k] * zoom, oy - pos[2 * k + 1] * zoom
            alive = not token.fade
            size = d if alive else max(2, int(d * (0.5 + 0.5 * token.fade / token.span)))
            image = self._sprite(token.owner, size)
            alpha = min(1.0, token.born / 0.25) if alive else token.fade / token.span
            if alpha < 0.98:
                image = image.copy()
                image.set_alpha(int(255 * alpha))
            blits.append((image, (round(x - size / 2), round(y - size / 2))))
        surface.fblits(blits)
