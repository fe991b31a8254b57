"""The 18 civilization emblems, drawn in code: each is a few shapes in a unit square, rendered
four times larger and scaled down, which gives smooth edges without an anti-aliasing API.

Emblems let players tell civilizations apart without relying on colour alone."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

Colour = tuple[int, int, int]
SUPER = 4
CLEAR = (0, 0, 0, 0)


class _Pen:
    """Draws in unit coordinates (0..1 across the emblem) onto a square surface."""

    def __init__(self, surface: pygame.Surface, colour: Colour) -> None:
        self.s = surface
        self.n = surface.get_width()
        self.c = colour

    def p(self, x: float, y: float) -> tuple[int, int]:
        return (round(x * self.n), round(y * self.n))

    def r(self, v: float) -> int:
        return max(1, round(v * self.n))

    def poly(self, pts: list[tuple[float, float]], erase: bool = False) -> None:
        pygame.draw.polygon(self.s, CLEAR if erase else self.c, [self.p(*q) for q in pts])

    def circle(self, x: float, y: float, rad: float, width: float = 0, erase: bool = False) -> None:
        pygame.draw.circle(self.s, CLEAR if erase else self.c, self.p(x, y), self.r(rad),
                           self.r(width) if width else 0)

    def line(self, a: tuple[float, float], b: tuple[float, float], width: float) -> None:
        pygame.draw.line(self.s, self.c, self.p(*a), self.p(*b), self.r(width))

    def rect(self, x: float, y: float, w: float, h: float, erase: bool = False) -> None:
        pygame.draw.rect(self.s, CLEAR if erase else self.c,
                         pygame.Rect(*self.p(x, y), self.r(w), self.r(h)))

    def ellipse(self, x: float, y: float, w: float, h: float, width: float = 0,
                erase: bool = False) -> None:
        pygame.draw.ellipse(self.s, CLEAR if erase else self.c,
                            pygame.Rect(*self.p(x, y), self.r(w), self.r(h)),
                            self.r(width) if width else 0)

    def arc(self, x: float, y: float, w: float, h: float, a0: float, a1: float,
            width: float) -> None:
        pygame.draw.arc(self.s, self.c, pygame.Rect(*self.p(x, y), self.r(w), self.r(h)),
                        a0, a1, self.r(width))


Pen = _Pen  # for other code-drawn emblems (the trade cards' motifs)


def _labrys(d: _Pen) -> None:
    d.rect(0.46, 0.1, 0.08, 0.82)
    d.poly([(0.5, 0.32), (0.12, 0.12), (0.08, 0.5), (0.12, 0.88), (0.5, 0.68)])
    d.poly([(0.5, 0.32), (0.88, 0.12), (0.92, 0.5), (0.88, 0.88), (0.5, 0.68)])
    d.rect(0.46, 0.1, 0.08, 0.82, erase=True)
    d.rect(0.475, 0.06, 0.05, 0.9)


def _crescent(d: _Pen) -> None:
    d.circle(0.5, 0.5, 0.4)
    d.circle(0.64, 0.42, 0.34, erase=True)


def _lion(d: _Pen) -> None:  # a paw print
    d.ellipse(0.24, 0.45, 0.52, 0.42)
    for x, y in ((0.16, 0.36), (0.36, 0.18), (0.64, 0.18), (0.84, 0.36)):
        d.circle(x, y, 0.1)


def _wheel(d: _Pen) -> None:
    d.circle(0.5, 0.5, 0.42, width=0.09)
    d.circle(0.5, 0.5, 0.1)
    for k in range(6):
        a = k * math.pi / 3
        d.line((0.5, 0.5), (0.5 + 0.38 * math.cos(a), 0.5 + 0.38 * math.sin(a)), 0.06)


def _triskele(d: _Pen) -> None:
    for k in range(3):
        a = k * 2 * math.pi / 3 - math.pi / 2
        cx, cy = 0.5 + 0.2 * math.cos(a), 0.5 + 0.2 * math.sin(a)
        d.circle(cx, cy, 0.2, width=0.07)
        d.circle(0.5 + 0.36 * math.cos(a + 0.9), 0.5 + 0.36 * math.sin(a + 0.9), 0.05)
    d.circle(0.5, 0.5, 0.07)


def _ziggurat(d: _Pen) -> None:
    d.rect(0.1, 0.7, 0.8, 0.2)
    d.rect(0.22, 0.48, 0.56, 0.2)
    d.rect(0.34, 0.26, 0.32, 0.2)
    d.rect(0.44, 0.1, 0.12, 0.14)


def _ship(d: _Pen) -> None:
    d.poly([(0.06, 0.62), (0.94, 0.62), (0.76, 0.86), (0.24, 0.86)])
    d.rect(0.47, 0.1, 0.06, 0.54)
    d.poly([(0.53, 0.14), (0.86, 0.54), (0.53, 0.54)])
    d.poly([(0.45, 0.22), (0.45, 0.54), (0.2, 0.54)])


def _fish(d: _Pen) -> None:
    d.ellipse(0.08, 0.3, 0.62, 0.4)
    d.poly([(0.6, 0.5), (0.94, 0.24), (0.94, 0.76)])
    d.circle(0.24, 0.45, 0.05, erase=True)


def _sun(d: _Pen) -> None:
    d.circle(0.5, 0.5, 0.22)
    for k in range(12):
        a = k * math.pi / 6
        d.line((0.5 + 0.28 * math.cos(a), 0.5 + 0.28 * math.sin(a)),
               (0.5 + 0.46 * math.cos(a), 0.5 + 0.46 * math.sin(a)), 0.06)


def _horse(d: _Pen) -> None:  # a horseshoe
    d.arc(0.14, 0.1, 0.72, 0.72, -0.35, math.pi + 0.35, 0.16)
    d.rect(0.14, 0.46, 0.16, 0.42)
    d.rect(0.70, 0.46, 0.16, 0.42)
    for x, y in ((0.22, 0.6), (0.78, 0.6), (0.3, 0.25), (0.7, 0.25)):
        d.circle(x, y, 0.03, erase=True)


def _eagle(d: _Pen) -> None:
    d.poly([(0.5, 0.3), (0.04, 0.12), (0.2, 0.46), (0.42, 0.56), (0.42, 0.9), (0.58, 0.9),
            (0.58, 0.56), (0.8, 0.46), (0.96, 0.12)])
    d.circle(0.5, 0.22, 0.11)


def _wings(d: _Pen) -> None:  # a winged disc
    d.circle(0.5, 0.5, 0.14)
    for side in (-1, 1):
        for k, length in enumerate((0.44, 0.38, 0.3)):
            y = 0.38 + k * 0.1
            x0 = 0.5 + side * 0.16
            d.poly([(x0, y), (0.5 + side * (0.16 + length), y - 0.06 + k * 0.03),
                    (0.5 + side * (0.16 + length * 0.9), y + 0.05), (x0, y + 0.08)])


def _bull(d: _Pen) -> None:
    d.ellipse(0.28, 0.34, 0.44, 0.56)
    d.arc(0.04, 0.02, 0.92, 0.7, math.pi * 1.02, math.pi * 1.98, 0.1)
    d.circle(0.4, 0.55, 0.04, erase=True)
    d.circle(0.6, 0.55, 0.04, erase=True)


def _bow(d: _Pen) -> None:
    d.arc(0.0, 0.08, 0.7, 0.84, -math.pi / 2, math.pi / 2, 0.08)
    d.line((0.35, 0.1), (0.35, 0.9), 0.03)
    d.line((0.22, 0.5), (0.92, 0.5), 0.05)
    d.poly([(0.98, 0.5), (0.84, 0.4), (0.84, 0.6)])


def _column(d: _Pen) -> None:
    d.rect(0.18, 0.08, 0.64, 0.1)
    d.rect(0.26, 0.18, 0.48, 0.06)
    d.rect(0.3, 0.24, 0.4, 0.56)
    for x in (0.38, 0.47, 0.56):
        d.rect(x, 0.28, 0.04, 0.48, erase=True)
    d.rect(0.2, 0.8, 0.6, 0.12)


def _elephant(d: _Pen) -> None:
    d.ellipse(0.1, 0.28, 0.62, 0.42)
    d.circle(0.72, 0.38, 0.16)
    d.poly([(0.8, 0.42), (0.92, 0.56), (0.92, 0.86), (0.84, 0.86), (0.82, 0.6), (0.72, 0.5)])
    for x in (0.16, 0.3, 0.46, 0.58):
        d.rect(x, 0.6, 0.1, 0.3)
    d.ellipse(0.56, 0.26, 0.16, 0.24, erase=True)
    d.ellipse(0.58, 0.28, 0.12, 0.2)


def _ankh(d: _Pen) -> None:
    d.ellipse(0.32, 0.06, 0.36, 0.4, width=0.09)
    d.rect(0.14, 0.42, 0.72, 0.1)
    d.rect(0.45, 0.42, 0.1, 0.52)


def _star(d: _Pen) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rad = 0.46 if k % 2 == 0 else 0.19
        pts.append((0.5 + rad * math.cos(a), 0.54 + rad * math.sin(a)))
    d.poly(pts)


EMBLEMS: dict[str, Callable[[_Pen], None]] = {
    "labrys": _labrys, "crescent": _crescent, "lion": _lion, "wheel": _wheel,
    "triskele": _triskele, "ziggurat": _ziggurat, "ship": _ship, "fish": _fish, "sun": _sun,
    "horse": _horse, "eagle": _eagle, "wings": _wings, "bull": _bull, "bow": _bow,
    "column": _column, "elephant": _elephant, "ankh": _ankh, "star": _star,
}


@lru_cache(maxsize=1024)
def emblem_surface(emblem: str, size: int, colour: Colour) -> pygame.Surface:
    """The emblem, `size` pixels square, in `colour` on transparency (cached)."""
    size = max(4, size)
    big = pygame.Surface((size * SUPER, size * SUPER), pygame.SRCALPHA)
    draw = EMBLEMS.get(emblem)
    pen = _Pen(big, colour)
    if draw is None:
        pen.circle(0.5, 0.5, 0.3)
    else:
        draw(pen)
    return pygame.transform.smoothscale(big, (size, size))
