"""Geometry helpers of the map build: the projection, smoothing and rounding.

The board is drawn in kilometres on a spherical Albers equal-area conic projection, so that the
sizes of areas compare honestly everywhere on the board (Gibraltar to the Ganges).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

EARTH_RADIUS_KM = 6371.0


@dataclass(frozen=True)
class Albers:
    """Spherical Albers equal-area conic; forward maps lon/lat degrees to x/y kilometres."""

    lon0: float
    lat0: float
    sp1: float
    sp2: float
    radius: float = EARTH_RADIUS_KM

    def _constants(self) -> tuple[float, float, float]:
        p1, p2 = math.radians(self.sp1), math.radians(self.sp2)
        n = (math.sin(p1) + math.sin(p2)) / 2
        c = math.cos(p1) ** 2 + 2 * n * math.sin(p1)
        rho0 = self.radius * math.sqrt(c - 2 * n * math.sin(math.radians(self.lat0))) / n
        return n, c, rho0

    def forward(self, lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n, c, rho0 = self._constants()
        rho = self.radius * np.sqrt(c - 2 * n * np.sin(np.radians(lat))) / n
        theta = n * np.radians(np.asarray(lon) - self.lon0)
        return rho * np.sin(theta), rho0 - rho * np.cos(theta)

    def inverse(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n, c, rho0 = self._constants()
        x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        rho = np.hypot(x, rho0 - y)
        theta = np.arctan2(x, rho0 - y)
        lat = np.degrees(np.arcsin((c - (rho * n / self.radius) ** 2) / (2 * n)))
        return np.degrees(theta / n) + self.lon0, lat

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.forward(np.array([lon]), np.array([lat]))
        return float(x[0]), float(y[0])

    def as_dict(self) -> dict[str, object]:
        return {"type": "albers", "lon0": self.lon0, "lat0": self.lat0, "sp1": self.sp1,
                "sp2": self.sp2, "radius_km": self.radius}


def chaikin(points: list[tuple[float, float]], rounds: int = 3) -> list[tuple[float, float]]:
    """Corner-cutting smoothing of an open polyline (ends kept): hand waypoints become curves."""
    pts = [tuple(p) for p in points]
    for _ in range(rounds):
        out = [pts[0]]
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        out.append(pts[-1])
        pts = out
    return pts


WIGGLE = 0.14  # midpoint displacement, as a share of the segment length
WIGGLE_STEP_KM = 9.0
WIGGLE_CAP_KM = 160.0


def _edge_key(p: tuple[float, float], q: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    a = (round(p[0], 2), round(p[1], 2))
    b = (round(q[0], 2), round(q[1], 2))
    return (a, b) if a <= b else (b, a)


def wiggle_edge(p: tuple[float, float], q: tuple[float, float]) -> list[tuple[float, float]]:
    """A straight border made irregular, from p to q (ends kept). The same two ends always give
    the same line (in either direction), so neighbouring cells keep sharing their border."""
    import hashlib
    import random

    key = _edge_key(p, q)
    digest = hashlib.sha256(repr(key).encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    a, b = key

    def split(u: tuple[float, float], v: tuple[float, float]) -> list[tuple[float, float]]:
        length = math.hypot(v[0] - u[0], v[1] - u[1])
        if length < WIGGLE_STEP_KM:
            return [u]
        off = rng.uniform(-WIGGLE, WIGGLE) * min(length, WIGGLE_CAP_KM)
        nx, ny = -(v[1] - u[1]) / length, (v[0] - u[0]) / length
        mid = ((u[0] + v[0]) / 2 + nx * off, (u[1] + v[1]) / 2 + ny * off)
        return split(u, mid) + split(mid, v)

    line = split(a, b) + [b]
    forward = (round(p[0], 2), round(p[1], 2)) == a
    return line if forward else line[::-1]


def wiggle_ring(coords: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    pts = [(float(x), float(y)) for x, y in coords]
    if pts[0] != pts[-1]:
        pts.append(pts[0])
    for p, q in zip(pts, pts[1:], strict=False):
        out += wiggle_edge(p, q)[:-1]
    return out
