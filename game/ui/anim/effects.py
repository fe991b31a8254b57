"""Particles for the calamity animations: embers and ash from a volcano, dust where the earth
shakes or an army marches, spray over a flood or a tsunami, rain, smoke over a burning city and
the wind of a cyclone.

Particles are pymunk bodies in map units, so they stay on their place on the board while the
map is panned or zoomed. Each kind of fall (embers drop, smoke rises, spray hangs) lives in a
space of its own whose gravity does the work; only a cyclone's wind needs a force per particle,
set for all of them at once with pymunk's batch API, which also reads every position in one call
for drawing. Particles are decoration: they hold nothing the game needs.
"""

from __future__ import annotations

import array
import heapq
import math
import random
from collections import deque
from dataclasses import dataclass

import pygame
import pymunk
import pymunk.batch as batch

Colour = tuple[int, int, int]
Point = tuple[float, float]
MAX_PARTICLES = 320
WIND = 120  # particles a cyclone's vortex keeps circling
FADE_LEVELS = 6  # alpha steps a particle fades through (sprites are cached per step)
BIRTHS_PER_FRAME = 40  # bodies put in per update: a big burst comes out over a few frames
_FIELDS = batch.BodyFields


@dataclass
class Style:
    colours: tuple[Colour, ...]
    count: int
    speed: float  # at birth, in typical area sizes a second
    up: float  # bias upwards (screen up = map y up), in area sizes a second
    life: float  # seconds
    size: float  # radius in area sizes
    fall: float = 1.0  # times the common gravity (smoke rises: negative)
    spread: float = 0.25  # birth scatter around the point, in area sizes
    alpha: float = 1.0  # at its most opaque (smoke and ash are see-through)


STYLES = {
    "embers": Style(((255, 140, 40), (255, 200, 80), (220, 70, 30)), 70, 1.0, 1.6, 1.3, 0.035,
                    spread=0.1),
    "lava": Style(((255, 90, 20), (240, 60, 20), (255, 170, 60)), 24, 0.7, 1.2, 1.2, 0.06,
                  spread=0.12),
    "ash": Style(((95, 90, 86), (130, 122, 114), (70, 66, 62)), 50, 0.35, 0.7, 1.2, 0.06,
                 fall=-0.08, spread=0.3, alpha=0.5),
    "dust": Style(((150, 120, 80), (120, 100, 70), (180, 160, 120)), 40, 0.8, 0.3, 1.4, 0.05,
                  fall=0.15, alpha=0.75),
    "spray": Style(((120, 180, 230), (200, 230, 250), (70, 130, 200)), 46, 1.0, 0.8, 1.2,
                   0.035),
    "rain": Style(((150, 190, 235), (190, 215, 245)), 60, 0.1, -2.5, 0.9, 0.02, fall=0.6,
                  spread=1.1),
    "smoke": Style(((90, 90, 90), (60, 60, 60), (130, 120, 110)), 28, 0.4, 0.9, 1.8, 0.06,
                   fall=-0.2, alpha=0.6),
    "sparks": Style(((255, 230, 150), (255, 180, 60)), 26, 1.6, 1.0, 0.7, 0.025),
    "miasma": Style(((120, 150, 80), (90, 120, 70), (150, 160, 100)), 20, 0.25, 0.3, 2.2, 0.06,
                    fall=-0.05, spread=0.45, alpha=0.55),
    "wind": Style(((215, 228, 240), (160, 190, 215), (235, 240, 248)), 0, 0.0, 0.0, 2.4, 0.03,
                  fall=0.0),
    "gold": Style(((255, 215, 90), (230, 180, 60)), 20, 1.2, 1.4, 1.1, 0.035),
}


@dataclass
class Particle:
    body: pymunk.Body | None  # None until it is born
    colour: Colour
    dies: float  # on the effects' clock
    span: float  # seconds it lives
    size: float  # radius in map units
    alpha: float = 1.0
    wind: bool = False


@dataclass
class Vortex:
    centre: Point
    radius: float  # map units
    left: float  # seconds


class Effects:
    def __init__(self, unit: float, seed: int = 7) -> None:
        self.unit = unit  # a typical area's size in map units: effects scale with the map
        self.gravity = -3.0 * unit  # map y grows north: falling is negative
        self.spaces: dict[float, pymunk.Space] = {}  # by how strongly its particles fall
        self.wind = pymunk.Space()  # particles a cyclone's vortex drives
        self.wind.damping = 0.5
        self.particles: dict[int, Particle] = {}  # by body id
        self.deaths: list[tuple[float, int]] = []  # a heap of (when, body id)
        self.clock = 0.0
        self.winds = 0  # particles in the wind space
        self.vortices: list[Vortex] = []
        self.random = random.Random(seed)  # decoration only: never the game's generator
        self._births: deque[tuple[pymunk.Space, Point, Point, Particle]] = deque()
        self._pool: list[pymunk.Body] = []  # bodies of dead particles, to be born again
        self._buffer = batch.Buffer()
        self._sprites: dict[tuple[Colour, int, int], pygame.Surface] = {}

    def __bool__(self) -> bool:
        return bool(self.particles) or bool(self.vortices) or bool(self._births)

    def __len__(self) -> int:
        return len(self.particles)

    def clear(self) -> None:
        for space in (*self.spaces.values(), self.wind):
            bodies = space.bodies
            space.remove(*bodies)
            self._pool.extend(bodies)
        self.particles.clear()
        self._births.clear()
        self.deaths.clear()
        self.winds = 0
        self.vortices.clear()

    def _space(self, fall: float) -> pymunk.Space:
        space = self.spaces.get(fall)
        if space is None:
            space = self.spaces[fall] = pymunk.Space()
            space.gravity = (0.0, self.gravity * fall)
            space.damping = 0.6
        return space

    def _add(self, space: pymunk.Space, at: Point, velocity: Point, colour: Colour, life: float,
             size: float, alpha: float = 1.0) -> None:
        wind = space is self.wind
        self.winds += wind
        self._births.append((space, at, velocity, Particle(None, colour, 0.0, life, size, alpha,
                                                           wind)))

    def _bear(self) -> None:
        """Put the next waiting particles on the board. Making and freeing a pymunk body costs
        tens of microseconds, so bodies are reused and a burst of a hundred or more is spread
        over a few frames rather than stalling one."""
        births, pool = self._births, self._pool
        for _ in range(min(len(births), BIRTHS_PER_FRAME)):
            space, at, velocity, p = births.popleft()
            body = pool.pop() if pool else pymunk.Body(1.0, float("inf"))
            body.position = at
            body.velocity = velocity
            space.add(body)
            p.body, p.dies = body, self.clock + p.span
            self.particles[body.id] = p
            heapq.heappush(self.deaths, (p.dies, body.id))

    def room(self) -> int:
        return MAX_PARTICLES - len(self.particles) - len(self._births)

    def burst(self, style_name: str, at: Point, strength: float = 1.0,
              towards: Point | None = None) -> None:
        """A puff of `style` at `at`; `towards` gives the particles a common drift."""
        style = STYLES[style_name]
        rnd = self.random
        u = self.unit
        space = self._space(style.fall)
        n = min(int(style.count * strength), self.room())
        drift = (0.0, 0.0)
        if towards is not None:
            drift = ((towards[0] - at[0]) / style.life, (towards[1] - at[1]) / style.life)
        for _ in range(max(0, n)):
            angle = rnd.uniform(0, 2 * math.pi)
            speed = rnd.uniform(0.3, 1.0) * style.speed * u
            spread = u * style.spread
            pos = (at[0] + rnd.uniform(-spread, spread), at[1] + rnd.uniform(-spread, spread))
            vel = (math.cos(angle) * speed + drift[0],
                   math.sin(angle) * speed + style.up * u * rnd.uniform(0.5, 1) + drift[1])
            life = style.life * rnd.uniform(0.6, 1.0)
            self._add(space, pos, vel, rnd.choice(style.colours), life,
                      style.size * u * rnd.uniform(0.6, 1.3), style.alpha)

    def vortex(self, centre: Point, radius: float, seconds: float) -> Vortex:
        """A cyclone's wind: particles circling `centre`, fed while it lasts."""
        vortex = Vortex(centre, radius, seconds)
        self.vortices.append(vortex)
        return vortex

    def _feed_vortices(self, dt: float) -> None:
        style = STYLES["wind"]
        rnd = self.random
        for v in self.vortices:
            n = min(WIND - self.winds, int(WIND * dt) + 1, self.room())
            for _ in range(max(0, n)):
                a = rnd.uniform(0, 2 * math.pi)
                r = v.radius * math.sqrt(rnd.uniform(0.05, 1.0))
                pos = (v.centre[0] + r * math.cos(a), v.centre[1] + r * math.sin(a))
                speed = self._swirl_speed(r, v.radius)
                vel = (-math.sin(a) * speed, math.cos(a) * speed)
                life = style.life * rnd.uniform(0.5, 1.0)
                self._add(self.wind, pos, vel, rnd.choice(style.colours), life,
                          style.size * self.unit * rnd.uniform(0.6, 1.6))
            v.left -= dt
        self.vortices = [v for v in self.vortices if v.left > 0]

    def _swirl_speed(self, r: float, radius: float) -> float:
        """Fastest near the eye wall, slower at the rim and calm in the eye."""
        eye = radius * 0.18
        return 2.6 * self.unit * (r / eye if r < eye else (eye / r) ** 0.5)

    def _push_wind(self) -> None:
        """Pull each wind particle towards a circular path round the nearest vortex's centre."""
        if not self.vortices or not self.wind.bodies:
            return
        buf = self._buffer
        buf.clear()
        batch.get_space_bodies(self.wind, _FIELDS.POSITION | _FIELDS.VELOCITY, buf)
        values = memoryview(buf.float_buf()).cast("d").tolist()
        n = len(values) // 4
        forces = array.array("d", bytes(16 * n))
        v = self.vortices[0]
        cx, cy = v.centre
        eye = v.radius * 0.18
        top = 2.6 * self.unit
        hypot = math.hypot
        for k in range(n):
            x, y, vx, vy = values[4 * k: 4 * k + 4]
            dx, dy = x - cx, y - cy
            r = hypot(dx, dy) or 1e-6
            # as _swirl_speed: fastest at the eye wall; over r to make unit vectors below
            speed = top / eye if r < eye else top * (eye / r) ** 0.5 / r
            # the velocity a circular path wants here, a little inwards
            forces[2 * k] = (-dy * speed - dx * speed * 0.12 - vx) * 4.0
            forces[2 * k + 1] = (dx * speed - dy * speed * 0.12 - vy) * 4.0
        out = batch.Buffer()
        out.set_float_buf(forces.tobytes())
        batch.set_space_bodies(self.wind, _FIELDS.FORCE, out)

    def update(self, dt: float) -> None:
        if not self:
            return
        self.clock += dt
        self._bear()
        self._feed_vortices(dt)
        self._push_wind()
        step = min(dt, 1 / 20)
        for space in (*self.spaces.values(), self.wind):
            if space.bodies:
                space.step(step)
        deaths = self.deaths
        while deaths and deaths[0][0] <= self.clock:  # only the dead are looked at
            _, key = heapq.heappop(deaths)
            p = self.particles.pop(key, None)
            if p is not None and p.body is not None and p.body.space is not None:
                self.winds -= p.wind
                p.body.space.remove(p.body)
                self._pool.append(p.body)

    def _sprite(self, colour: Colour, r: int, level: int) -> pygame.Surface:
        key = (colour, r, level)
        hit = self._sprites.get(key)
        if hit is None:
            if len(self._sprites) > 3000:
                self._sprites.clear()
            hit = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
            alpha = int(255 * level / FADE_LEVELS)
            pygame.draw.circle(hit, (*colour, alpha), (r, r), r)
            self._sprites[key] = hit
        return hit

    def draw(self, surface: pygame.Surface, origin: Point, zoom: float, clip: pygame.Rect,
             largest: int = 40) -> None:
        """`origin`: where the map point (0, 0) is on screen; map y grows up, screen y down.
        `largest`: the biggest radius in pixels (close up, puffs stay the size of a piece)."""
        if not self.particles:
            return
        ox, oy = origin
        buf = self._buffer
        blits = []
        particles, sprites, clock = self.particles, self._sprites, self.clock
        for space in (*self.spaces.values(), self.wind):
            if not space.bodies:
                continue
            buf.clear()
            batch.get_space_bodies(space, _FIELDS.BODY_ID | _FIELDS.POSITION, buf)
            ids = memoryview(buf.int_buf()).cast("P")
            pos = memoryview(buf.float_buf()).cast("d").tolist()
            for k, key in enumerate(ids):
                p = particles.get(key)
                if p is None:
                    continue
                fade = (p.dies - clock) / p.span
                r = int(p.size * zoom * (0.5 + 0.5 * fade)) + 1
                if r > largest:
                    r = largest
                level = int(fade * FADE_LEVELS * 1.4 * p.alpha) + 1
                if level > FADE_LEVELS:
                    level = FADE_LEVELS
                image = sprites.get((p.colour, r, level)) or self._sprite(p.colour, r, level)
                blits.append((image, (int(ox + pos[2 * k] * zoom) - r,
                                      int(oy - pos[2 * k + 1] * zoom) - r)))
        old = surface.get_clip()
        surface.set_clip(clip)
        surface.fblits(blits)
        surface.set_clip(old)
