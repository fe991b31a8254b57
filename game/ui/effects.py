"""Calamity effects: embers from a volcano, dust where the earth shakes or barbarians march,
spray over a flooded plain or a cyclone's sea, smoke over a falling city.

Particles are pymunk bodies in map units, so they stay on their place on the board while the
map is panned or zoomed; pymunk integrates gravity, drag and the cyclone's swirl. Effects are
only decoration: they never hold anything the game needs, they speed up with the animation
setting and Tab clears them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pymunk

from game.core import Event

Colour = tuple[int, int, int]
MAX_PARTICLES = 320


@dataclass
class Particle:
    body: pymunk.Body
    colour: Colour
    life: float  # seconds left
    span: float  # seconds at birth
    size: float  # radius in map units
    gravity: float  # times the common gravity (smoke rises: negative)


@dataclass
class Style:
    colours: tuple[Colour, ...]
    count: int
    speed: float  # map units per second, times the typical area size
    up: float  # bias upwards (screen up = map y up)
    life: float
    size: float
    gravity: float = 1.0
    swirl: bool = False


STYLES = {
    "embers": Style(((255, 140, 40), (255, 200, 80), (200, 60, 30)), 60, 2.2, 1.6, 1.6, 0.05),
    "dust": Style(((150, 120, 80), (120, 100, 70), (180, 160, 120)), 40, 0.8, 0.3, 1.4, 0.07,
                  gravity=0.15),
    "spray": Style(((120, 180, 230), (200, 230, 250), (70, 130, 200)), 50, 1.0, 0.8, 1.3, 0.04),
    "swirl": Style(((200, 220, 240), (140, 180, 210)), 70, 1.2, 0.0, 2.0, 0.04, gravity=0.0,
                   swirl=True),
    "smoke": Style(((90, 90, 90), (60, 60, 60), (130, 120, 110)), 30, 0.5, 1.0, 1.8, 0.08,
                   gravity=-0.2),
}


class Effects:
    def __init__(self, unit: float, seed: int = 7) -> None:
        self.unit = unit  # a typical area's size in map units: effects scale with the map
        self.space = pymunk.Space()
        self.space.damping = 0.6
        self.gravity = -3.0 * unit  # map y grows north: falling is negative
        self.particles: list[Particle] = []
        self.swirls: list[tuple[tuple[float, float], float]] = []  # (centre, seconds left)
        self.random = random.Random(seed)  # decoration only: never the game's generator

    def __bool__(self) -> bool:
        return bool(self.particles)

    def clear(self) -> None:
        for p in self.particles:
            self.space.remove(p.body)
        self.particles.clear()
        self.swirls.clear()

    def burst(self, style_name: str, at: tuple[float, float], strength: float = 1.0) -> None:
        style = STYLES[style_name]
        rnd = self.random
        n = min(int(style.count * strength), MAX_PARTICLES - len(self.particles))
        for _ in range(max(0, n)):
            body = pymunk.Body(1.0, float("inf"))
            angle = rnd.uniform(0, 2 * math.pi)
            speed = rnd.uniform(0.3, 1.0) * style.speed * self.unit
            spread = self.unit * 0.25
            body.position = (at[0] + rnd.uniform(-spread, spread),
                             at[1] + rnd.uniform(-spread, spread))
            body.velocity = (math.cos(angle) * speed,
                             math.sin(angle) * speed + style.up * self.unit * rnd.uniform(0.5, 1))
            self.space.add(body)
            life = style.life * rnd.uniform(0.6, 1.0)
            self.particles.append(Particle(body, rnd.choice(style.colours), life, life,
                                           style.size * self.unit * rnd.uniform(0.6, 1.2),
                                           style.gravity))
        if style.swirl:
            self.swirls.append((at, style.life))

    def update(self, dt: float) -> None:
        if not self.particles:
            return
        for p in self.particles:  # each style falls (or rises) at its own rate
            p.body.force = (0.0, self.gravity * p.gravity)
        for centre, _ in self.swirls:  # a cyclone: push round the centre and a little in
            for p in self.particles:
                dx = p.body.position.x - centre[0]
                dy = p.body.position.y - centre[1]
                d = math.hypot(dx, dy) or 1.0
                k = 9.0 * self.unit / max(d, self.unit * 0.3)
                p.body.apply_force_at_local_point((-dy / d * k - dx / d * k * 0.2,
                                                   dx / d * k - dy / d * k * 0.2))
        self.swirls = [(c, t - dt) for c, t in self.swirls if t - dt > 0]
        self.space.step(min(dt, 1 / 20))
        alive = []
        for p in self.particles:
            p.life -= dt
            if p.life > 0:
                alive.append(p)
            else:
                self.space.remove(p.body)
        self.particles = alive

    def draw(self, surface: pygame.Surface, to_screen: Callable[[float, float], tuple[float,
                                                                                         float]],
             zoom: float, clip: pygame.Rect) -> None:
        old = surface.get_clip()
        surface.set_clip(clip)
        for p in self.particles:
            x, y = to_screen(p.body.position.x, p.body.position.y)
            fade = p.life / p.span
            r = max(1, round(p.size * zoom * (0.4 + 0.6 * fade)))
            pygame.draw.circle(surface, p.colour, (round(x), round(y)), r)
        surface.set_clip(old)


def effects_for(event: Event) -> list[tuple[str, str, str]]:
    """(style, what kind of place, its id) for the events that have an effect."""
    data = event.to_dict()
    kind = data["type"]
    out: list[tuple[str, str, str]] = []
    if kind == "VolcanoErupted":
        out.append(("embers", "volcano", str(data["volcano"])))
        out += [("smoke", "area", str(a)) for a in data.get("areas", [])]
    elif kind in ("EarthquakeStruck", "AvalancheStruck"):
        areas = data.get("areas") or [data.get("area")]
        out += [("dust", "area", str(a)) for a in areas if a]
    elif kind == "FloodStruck":
        out.append(("spray", "plain", str(data["plain"])))
    elif kind == "CycloneStruck":
        out.append(("swirl", "sea", str(data["sea"])))
    elif kind == "TsunamiStruck":
        out += [("spray", "area", str(a)) for a in data.get("areas", [])]
    elif kind in ("BarbariansMoved", "BarbariansPlaced"):
        out.append(("dust", "area", str(data.get("target") or data.get("area"))))
    elif kind in ("CityDestroyed", "CityReduced", "CityTaken", "PirateCityCreated"):
        out.append(("smoke", "area", str(data["area"])))
    return out
