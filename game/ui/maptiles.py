"""The map's base layer: everything that never changes during a game (land, seas, coastal water,
flood plains, rivers, straits, volcanoes, city sites, population limits, names), drawn from the
map's polygons into 512-pixel tiles, one set per zoom level, made when first needed and kept in
a small least-recently-used cache. A frame blits the visible tiles and nothing else of it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.core.mapgraph import MapGraph
from game.mapfile import MapGeometry

from .theme import Palette, Theme, shade

TILE = 512
MAX_TILES = 120

Pt = tuple[int, int]


@dataclass
class Shape:
    """One polygon ring of the map at one zoom level, in level pixels."""

    kind: str  # "water" (coastal water), "sea", "lake", "land", "flood"
    key: str  # area or sea id
    points: list[Pt]
    box: pygame.Rect


@dataclass
class Level:
    zoom: float  # pixels per map unit
    size: tuple[int, int]  # the whole map in pixels at this zoom
    shapes: list[Shape]
    _boxes: dict[tuple[str, str], pygame.Rect] | None = None

    def boxes(self) -> dict[tuple[str, str], pygame.Rect]:
        """(kind, id) -> the bounding box of all its rings at this zoom."""
        if self._boxes is None:
            out: dict[tuple[str, str], pygame.Rect] = {}
            for s in self.shapes:
                key = (s.kind, s.key)
                prev = out.get(key)
                out[key] = s.box.union(prev) if prev else s.box
            self._boxes = out
        return self._boxes


def _stable_hash(text: str) -> int:
    h = 2166136261
    for ch in text.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


class BaseLayer:
    """Tiles of the static map at discrete zoom levels."""

    def __init__(self, geometry: MapGeometry, graph: MapGraph, theme: Theme) -> None:
        self.geo = geometry
        self.graph = graph
        self.theme = theme
        self._levels: dict[float, Level] = {}
        self._tiles: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()
        x0, y0, x1, y1 = geometry.bounds
        self.width_units = max(x1 - x0, 1e-9)
        self.height_units = max(y1 - y0, 1e-9)
        self.tiles_made = 0

    # -- geometry at a zoom ---------------------------------------------------------------
    def to_level(self, zoom: float, x: float, y: float) -> tuple[float, float]:
        x0, _, _, y1 = self.geo.bounds
        return ((x - x0) * zoom, (y1 - y) * zoom)

    def level(self, zoom: float) -> Level:
        hit = self._levels.get(zoom)
        if hit is not None:
            return hit
        shapes: list[Shape] = []

        def add(kind: str, key: str, rings: tuple[tuple[tuple[float, float], ...], ...]) -> None:
            for ring in rings:
                pts = [self._pt(zoom, p) for p in ring]
                if len(pts) < 3:
                    continue
                xs = [p[0] for p in pts]
                ys = [p[1] for p in pts]
                box = pygame.Rect(min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + 5,
                                  max(ys) - min(ys) + 5)
                shapes.append(Shape(kind, key, pts, box))

        for aid, shape in self.geo.areas.items():
            add("water", aid, shape.water)
        for sid, shape in self.geo.seas.items():
            add("sea", sid, shape.polygons)
        for aid, shape in self.geo.areas.items():
            add("land", aid, shape.polygons)
        for lid, shape in self.geo.lakes.items():
            add("lake", lid, shape.polygons)
        for fid, rings in self.geo.flood_plains.items():
            add("flood", fid, rings)
        size = (int(self.width_units * zoom) + 1, int(self.height_units * zoom) + 1)
        hit = Level(zoom, size, shapes)
        if len(self._levels) > 24:
            self._levels.clear()
        self._levels[zoom] = hit
        return hit

    def _pt(self, zoom: float, p: tuple[float, float]) -> Pt:
        x, y = self.to_level(zoom, p[0], p[1])
        return (round(x), round(y))

    # -- tiles ----------------------------------------------------------------------------
    def tile(self, zoom: float, i: int, j: int) -> pygame.Surface:
        key = (zoom, i, j)
        hit = self._tiles.get(key)
        if hit is not None:
            self._tiles.move_to_end(key)
            return hit
        surface = self._draw_tile(zoom, i, j)
        self._tiles[key] = surface
        self.tiles_made += 1
        while len(self._tiles) > MAX_TILES:
            self._tiles.popitem(last=False)
        return surface

    def has_tile(self, zoom: float, i: int, j: int) -> bool:
        return (zoom, i, j) in self._tiles

    def clear(self) -> None:
        self._tiles.clear()
        self._levels.clear()

    def _draw_tile(self, zoom: float, i: int, j: int) -> pygame.Surface:
        lvl = self.level(zoom)
        t = self.theme
        surface = pygame.Surface((TILE, TILE))
        surface.fill(Palette.sea_deep)
        ox, oy = i * TILE, j * TILE
        area = pygame.Rect(ox, oy, TILE, TILE)

        def moved(points: list[Pt]) -> list[Pt]:
            return [(x - ox, y - oy) for x, y in points]

        edge = max(1, round(1.2 * t.scale))
        visible = [s for s in lvl.shapes if s.box.colliderect(area)]
        for s in visible:
            pts = moved(s.points)
            if s.kind == "sea":
                pygame.draw.polygon(surface, Palette.sea, pts)
            elif s.kind == "water":
                pygame.draw.polygon(surface, Palette.coast_water, pts)
        for s in visible:
            if s.kind != "land":
                continue
            pts = moved(s.points)
            tint = (_stable_hash(s.key) % 7) / 100.0
            pygame.draw.polygon(surface, shade(Palette.land, 0.95 + tint), pts)
        for s in visible:
            pts = moved(s.points)
            if s.kind == "flood":
                _hatch(surface, pts, Palette.flood, max(4, round(6 * t.scale)), ox + oy)
            elif s.kind == "lake":
                pygame.draw.polygon(surface, Palette.coast_water, pts)
        for s in visible:
            if s.kind == "land":
                pts = moved(s.points)
                pygame.draw.lines(surface, Palette.land_edge, True, pts, edge)
                pygame.draw.aalines(surface, Palette.land_edge, True, pts)
        for river in self.geo.rivers:
            pts = moved([self._pt(zoom, p) for p in river.points])
            if len(pts) >= 2:
                pygame.draw.lines(surface, Palette.river, False, pts, max(2, round(3 * t.scale)))
        self._draw_straits(surface, zoom, ox, oy)
        self._draw_marks(surface, zoom, ox, oy)
        return surface.convert() if pygame.display.get_surface() else surface

    def _anchor(self, zoom: float, area: str) -> tuple[float, float] | None:
        shape = self.geo.areas.get(area)
        if shape is None or shape.label is None:
            return None
        return self.to_level(zoom, *shape.label)

    def _draw_straits(self, surface: pygame.Surface, zoom: float, ox: int, oy: int) -> None:
        width = max(2, round(3 * self.theme.scale))
        for a, b in self.graph.straits:
            pa, pb = self._anchor(zoom, a), self._anchor(zoom, b)
            if pa is None or pb is None:
                continue
            steps = 12
            for k in range(0, steps, 2):  # dashed: a strait is a crossing, not a border
                p = (pa[0] + (pb[0] - pa[0]) * k / steps - ox,
                     pa[1] + (pb[1] - pa[1]) * k / steps - oy)
                q = (pa[0] + (pb[0] - pa[0]) * (k + 1) / steps - ox,
                     pa[1] + (pb[1] - pa[1]) * (k + 1) / steps - oy)
                pygame.draw.line(surface, (90, 60, 30), p, q, width)

    def _draw_marks(self, surface: pygame.Surface, zoom: float, ox: int, oy: int) -> None:
        """Names, population limits, city sites and volcanoes, as far as there is room: when
        zoomed out only what fits is drawn (the hover tooltip tells the rest)."""
        t = self.theme
        lvl = self.level(zoom)
        bounds = pygame.Rect(ox - 300, oy - 80, TILE + 600, TILE + 160)
        boxes = lvl.boxes()
        for sid, shape in self.geo.seas.items():
            if shape.label is None:
                continue
            x, y = self.to_level(zoom, *shape.label)
            if not bounds.collidepoint(x, y):
                continue
            text = t.text(shape.name, 14, shade(Palette.sea, 1.6), "italic")
            box = boxes.get(("sea", sid))
            if box is not None and box.width < text.get_width() * 1.15:
                continue
            surface.blit(text, (x - ox - text.get_width() / 2, y - oy - text.get_height() / 2))
        big, small = t.px(40), t.px(18)
        for aid, area in self.graph.areas.items():
            shape = self.geo.areas.get(aid)
            if shape is None or shape.label is None:
                continue
            x, y = self.to_level(zoom, *shape.label)
            if not bounds.collidepoint(x, y):
                continue
            box = boxes.get(("land", aid))
            room = min(box.width, box.height) if box else 0
            if room < small:
                continue
            roomy = room >= big
            r = t.px(8) if roomy else t.px(5.5)
            cx, cy = x - ox, y - oy
            lift = r * 2 if roomy else r * 1.4
            # population limit: a number in a small disc above the label point
            pygame.draw.circle(surface, (250, 244, 228), (cx, cy - lift), r)
            pygame.draw.circle(surface, Palette.land_edge, (cx, cy - lift), r, 1)
            num = t.text(str(area.pop), 11 if roomy else 8, Palette.ink, "bold")
            surface.blit(num, (cx - num.get_width() / 2, cy - lift - num.get_height() / 2))
            if roomy and box is not None:
                name = t.text(area.name, 11, shade(Palette.land_edge, 0.8))
                if box.width > name.get_width() + 6 and box.height > r * 7 + name.get_height() * 2:
                    surface.blit(name, (cx - name.get_width() / 2,
                                        cy - lift - r * 1.2 - name.get_height()))
            if area.site != "none":
                sx, sy = self.to_level(zoom, *(shape.site or shape.label))
                sx, sy = sx - ox, sy - oy
                if shape.site is None:
                    sx += r * 2.4
                    sy -= lift
                half = t.px(6) if roomy else t.px(4)
                rect = pygame.Rect(0, 0, half * 2, half * 2)
                rect.center = (round(sx), round(sy))
                fill = Palette.site_white if area.site == "white" else Palette.site_black
                pygame.draw.rect(surface, fill, rect)
                pygame.draw.rect(surface, Palette.ink, rect, max(1, round(t.scale)))
        for _vid, point in self.geo.volcanoes.items():
            x, y = self.to_level(zoom, *point)
            if not bounds.collidepoint(x, y):
                continue
            h = t.px(9) if zoom * self.width_units > t.px(2500) else t.px(6)
            vx, vy = x - ox, y - oy
            tri = [(vx, vy - h), (vx - h, vy + h * 0.7), (vx + h, vy + h * 0.7)]
            pygame.draw.polygon(surface, Palette.volcano, tri)
            pygame.draw.polygon(surface, Palette.ink, tri, max(1, round(t.scale)))
            pygame.draw.circle(surface, (255, 170, 60), (vx, vy - h + 2), max(2, h // 3))


def _hatch(surface: pygame.Surface, pts: list[Pt], colour: tuple[int, int, int], gap: int,
           origin: int) -> None:
    """Diagonal hatching clipped to a polygon: flood plains stay readable under tokens."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    box = box.clip(surface.get_rect())  # at high zoom a plain is far larger than the tile
    if box.width <= 0 or box.height <= 0:
        return
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (*colour, 120), [(x - box.x, y - box.y) for x, y in pts])
    lines = pygame.Surface(box.size, pygame.SRCALPHA)
    phase = (box.x + box.y + origin) % gap  # stripes continue across tile edges
    for k in range(-box.height - phase, box.width, gap):
        pygame.draw.line(lines, (255, 255, 255, 255), (k, box.height), (k + box.height, 0), 2)
    mask.blit(lines, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(mask, box.topleft)
