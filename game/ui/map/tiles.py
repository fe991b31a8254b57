"""The map's base layer: everything that never changes during a game (land, off-board land, seas,
coastal water, flood plains, rivers, straits, volcanoes, city sites, population limits, names),
drawn from the map's polygons into 256-pixel tiles, one set per zoom level, made when first
needed and kept in a least-recently-used cache. A frame blits the visible tiles and nothing
else of it.

Making tiles must not stall a frame, so:
- rings are kept in map units (flipped so y grows down) and simplified per zoom: a coastline
  of a thousand points needs a few dozen when the whole map is 1,500 pixels wide; simplified
  versions are made once per tolerance step, lazily;
- a tile only looks at the rings, rivers and labels whose boxes meet it;
- the map view makes a few tiles per frame and shows a whole-map overview, scaled, where a
  tile is not ready yet (see MapView.draw_base).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame

from game.core import MapGraph
from game.maps.files import MapGeometry

from ..theme import Palette, Theme, shade

TILE = 256
MAX_TILES = 480  # 256-pixel tiles: about 120 MB at 4 bytes a pixel
OVERVIEW_WIDTH = 2048
STEP = 0.0004  # seconds of drawing between pauses of a tile job
SIMPLIFY_PX = 0.6  # a vertex closer than this (in pixels) to the last kept one is dropped
# Off-board land (deserts, far lands) and the areas out of play in this game's set-up: muted
# and hatched, so it reads as land nobody plays on.
WASTE = (176, 162, 128)
WASTE_HATCH = (158, 143, 108)

UV = tuple[float, float]
Box = tuple[float, float, float, float]  # u0, v0, u1, v1


@dataclass
class Ring:
    """One polygon ring in map units (u = x - minx, v = maxy - y: y grows downwards)."""

    kind: str  # "water" (coastal water), "sea", "off" (off-board land), "land", "lake", "flood"
    key: str  # area, sea, lake or flood-plain id
    points: list[UV]
    box: Box
    tiers: dict[int, list[UV]] = field(default_factory=dict)

    def at(self, tier: int, step: float) -> list[UV]:
        """The ring simplified to tolerance `step` (tier 0: every point)."""
        if tier <= 0:
            return self.points
        hit = self.tiers.get(tier)
        if hit is None:
            hit = _simplify(self.points, step)
            self.tiers[tier] = hit
        return hit


def _simplify(points: list[UV], tolerance: float) -> list[UV]:
    """Radial-distance simplification: linear, and the border lines drawn over the fills hide
    the hairline differences between two areas' copies of a shared border."""
    if len(points) <= 4:
        return points
    out = [points[0]]
    lu, lv = points[0]
    t2 = tolerance * tolerance
    for u, v in points[1:]:
        if (u - lu) * (u - lu) + (v - lv) * (v - lv) >= t2:
            out.append((u, v))
            lu, lv = u, v
    return out if len(out) >= 3 else points


def _box(points: list[UV]) -> Box:
    us = [p[0] for p in points]
    vs = [p[1] for p in points]
    return (min(us), min(vs), max(us), max(vs))


def _meets(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


class BaseLayer:
    """Tiles of the static map at discrete zoom levels."""

    def __init__(self, geometry: MapGeometry, graph: MapGraph, theme: Theme) -> None:
        self.geo = geometry
        self.graph = graph
        self.theme = theme
        x0, y0, x1, y1 = geometry.bounds
        self.x0, self.y1 = x0, y1
        self.width_units = max(x1 - x0, 1e-9)
        self.height_units = max(y1 - y0, 1e-9)
        self._tiles: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()
        self.tiles_made = 0
        # the file's areas the game's map lacks: out of play in its set-up (game.core.mapsetup)
        self.out_of_play = frozenset(geometry.areas) - frozenset(graph.areas)
        in_play = {aid: shape for aid, shape in geometry.areas.items()
                   if aid not in self.out_of_play}
        self.rings: list[Ring] = []
        for aid, shape in in_play.items():
            self._add("water", aid, shape.water)
        for sid, shape in geometry.seas.items():
            self._add("sea", sid, shape.polygons)
        self._add("off", "off_board", geometry.off_board)
        for aid in sorted(self.out_of_play):
            self._add("off", aid, geometry.areas[aid].polygons)
        for aid, shape in in_play.items():
            self._add("land", aid, shape.polygons)
        for lid, shape in geometry.lakes.items():
            self._add("lake", lid, shape.polygons)
        for fid, rings in geometry.flood_plains.items():
            if fid in graph.flood_plains:
                self._add("flood", fid, rings)
        self.land_rings: dict[str, list[Ring]] = {}
        for ring in self.rings:
            if ring.kind == "land":
                self.land_rings.setdefault(ring.key, []).append(ring)
        self.boxes: dict[tuple[str, str], Box] = {}
        for ring in self.rings:
            k = (ring.kind, ring.key)
            prev = self.boxes.get(k)
            self.boxes[k] = ring.box if prev is None else (
                min(prev[0], ring.box[0]), min(prev[1], ring.box[1]),
                max(prev[2], ring.box[2]), max(prev[3], ring.box[3]))
        self.rivers = [(pts, _box(pts)) for pts in
                       ([self.uv(p) for p in r.points] for r in geometry.rivers) if len(pts) >= 2]
        self.labels = [(self.uv(s.label), aid) for aid, s in in_play.items()
                       if s.label is not None]
        self.frame = self._frame()
        self._overview: tuple[float, pygame.Surface] | None = None
        self._jobs: dict[tuple[float, int, int], tuple[pygame.Surface, Iterator[None]]] = {}

    def _frame(self) -> Box:
        """The part of the map the fit-to-board view shows: the land in play (all of the map
        when every area is in play)."""
        if not self.out_of_play:
            return (0.0, 0.0, self.width_units, self.height_units)
        boxes = [b for (kind, _), b in self.boxes.items() if kind == "land"]
        if not boxes:
            return (0.0, 0.0, self.width_units, self.height_units)
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))

    def _add(self, kind: str, key: str, rings: tuple[tuple[tuple[float, float], ...], ...]) -> None:
        for ring in rings:
            if len(ring) >= 3:
                pts = [self.uv(p) for p in ring]
                self.rings.append(Ring(kind, key, pts, _box(pts)))

    # -- coordinates ----------------------------------------------------------------------
    def uv(self, p: tuple[float, float]) -> UV:
        return (p[0] - self.x0, self.y1 - p[1])

    def to_level(self, zoom: float, x: float, y: float) -> tuple[float, float]:
        """Map coordinates to pixels of the whole map drawn at `zoom`."""
        return ((x - self.x0) * zoom, (self.y1 - y) * zoom)

    def size(self, zoom: float) -> tuple[int, int]:
        return (int(self.width_units * zoom) + 1, int(self.height_units * zoom) + 1)

    def box_px(self, zoom: float, kind: str, key: str) -> pygame.Rect | None:
        b = self.boxes.get((kind, key))
        if b is None:
            return None
        return pygame.Rect(b[0] * zoom, b[1] * zoom, (b[2] - b[0]) * zoom + 1,
                           (b[3] - b[1]) * zoom + 1)

    @staticmethod
    def tier(zoom: float) -> tuple[int, float]:
        """The simplification step for `zoom`: tolerances double from tier to tier."""
        want = SIMPLIFY_PX / zoom
        tier, step = 0, 0.0
        s = 0.05
        while s * 2 <= want and tier < 40:
            s *= 2
            tier += 1
            step = s
        return tier, step

    # -- tiles ----------------------------------------------------------------------------
    def tile(self, zoom: float, i: int, j: int) -> pygame.Surface:
        """The tile, made now if need be."""
        while not self.work(zoom, i, j, None):
            pass
        hit = self._tiles[(zoom, i, j)]
        self._tiles.move_to_end((zoom, i, j))
        return hit

    def work(self, zoom: float, i: int, j: int, deadline: float | None) -> bool:
        """Make progress on a tile until `deadline` (a perf_counter time; None: to the end).
        True once the tile is ready. Work left over resumes on the next call."""
        key = (zoom, i, j)
        if key in self._tiles:
            return True
        job = self._jobs.get(key)
        if job is None:
            if len(self._jobs) > 64:  # abandoned views (a zoom passed through): start afresh
                self._jobs.clear()
            screen = pygame.display.get_surface()
            surface = (pygame.Surface((TILE, TILE), 0, screen) if screen is not None
                       else pygame.Surface((TILE, TILE)))  # the display's format: no convert
            job = (surface, self._region(surface, zoom, i * TILE, j * TILE))
            self._jobs[key] = job
        surface, steps = job
        for _ in steps:
            if deadline is not None and time.perf_counter() >= deadline:
                return False
        del self._jobs[key]
        self._tiles[key] = surface
        self.tiles_made += 1
        while len(self._tiles) > MAX_TILES:
            self._tiles.popitem(last=False)
        return True

    def has_tile(self, zoom: float, i: int, j: int) -> bool:
        return (zoom, i, j) in self._tiles

    def clear(self) -> None:
        self._tiles.clear()
        self._jobs.clear()

    def overview(self) -> tuple[float, pygame.Surface]:
        """The whole map, small, without labels: shown scaled where tiles are not ready, and the
        source of the tiles of zooms at or below its own."""
        if self._overview is None:
            zoom = OVERVIEW_WIDTH / self.width_units
            surface = pygame.Surface(self.size(zoom))
            for _ in self._region(surface, zoom, 0, 0, marks=False):
                pass
            if pygame.display.get_surface():
                surface = surface.convert()
            self._overview = (zoom, surface)
        return self._overview

    def _region(self, surface: pygame.Surface, zoom: float, ox: int, oy: int,
                marks: bool = True) -> Iterator[None]:
        """Draw the map at `zoom` into `surface`, whose top-left is (ox, oy) of the whole map,
        pausing (yield) about every STEP seconds so that the caller can spread the work over
        frames."""
        t = self.theme
        w, h = surface.get_size()
        surface.fill(Palette.sea)
        pace = _Pace()
        if marks and self._overview is not None and zoom <= self._overview[0]:
            # zoomed out: the overview, scaled down, holds every shape already
            zo, picture = self._overview
            f = zo / zoom
            region = pygame.Rect(round(ox * f), round(oy * f), round(w * f), round(h * f))
            part = region.clip(picture.get_rect())
            if part.width > 0 and part.height > 0:
                scaled = pygame.transform.smoothscale(
                    picture.subsurface(part), (max(1, round(part.width / f)),
                                               max(1, round(part.height / f))))
                surface.blit(scaled, (round((part.x - region.x) / f),
                                      round((part.y - region.y) / f)))
            yield
            self._draw_straits(surface, zoom, ox, oy)
            yield from self._draw_marks(surface, zoom, ox, oy, self._near(zoom, ox, oy, w, h))
            return
        area = self._near(zoom, ox, oy, w, h)
        tier, step = self.tier(zoom)

        def px(points: list[UV]) -> list[tuple[float, float]]:
            return [(u * zoom - ox, v * zoom - oy) for u, v in points]

        visible = []
        for r in self.rings:
            if r.kind != "sea" and _meets(r.box, area):
                visible.append(r)
            if pace.due():
                yield
                pace.resume()
        # Open seas share the background colour, so only their names are drawn. Rings much
        # larger than the region are clipped first: filling costs height x vertices.
        limit = 1.5 * max(w, h)
        cache: list[tuple[Ring, list[tuple[float, float]]]] = []
        for r in visible:
            pts = px(r.at(tier, step))
            if (r.box[3] - r.box[1]) * zoom > limit or (r.box[2] - r.box[0]) * zoom > limit:
                if pace.due():
                    yield
                    pace.resume()
                pts = _clip(pts, -8, -8, w + 8, h + 8)
            if len(pts) >= 3:
                cache.append((r, pts))
            if pace.due():
                yield
                pace.resume()
        fills = (("water", Palette.coast_water), ("off", WASTE), ("land", None),
                 ("lake", Palette.coast_water))
        for kind, colour in fills:
            for r, pts in cache:
                if r.kind != kind:
                    continue
                if colour is None:
                    tint = (_stable_hash(r.key) % 7) / 100.0
                    pygame.draw.polygon(surface, shade(Palette.land, 0.95 + tint), pts)
                else:
                    pygame.draw.polygon(surface, colour, pts)
                if pace.due():
                    yield
                    pace.resume()
            if kind == "off":  # hatched before the areas cover its rim
                for r, pts in cache:
                    if r.kind == "off":
                        _hatch(surface, pts, WASTE_HATCH, max(5, t.px(7)), ox + oy, 1, 255)
                        if pace.due():
                            yield
                            pace.resume()
        for r, pts in cache:
            if r.kind == "flood":
                _hatch(surface, pts, Palette.flood, max(4, t.px(6)), ox + oy)
                if pace.due():
                    yield
                    pace.resume()
        edge = max(1, round(1.2 * t.scale))
        for r, pts in cache:
            if r.kind == "land":
                if edge > 1:
                    pygame.draw.lines(surface, Palette.land_edge, True, pts, edge)
                pygame.draw.aalines(surface, Palette.land_edge, True, pts)
                if pace.due():
                    yield
                    pace.resume()
        width = max(2, t.px(2.5)) if marks else 1
        for pts, box in self.rivers:
            if _meets(box, area):
                line = px(_simplify(pts, step) if tier else pts)
                pygame.draw.lines(surface, Palette.river, False, line, width)
                if pace.due():
                    yield
                    pace.resume()
        if marks:
            self._draw_straits(surface, zoom, ox, oy)
            yield
            yield from self._draw_marks(surface, zoom, ox, oy, area)

    @staticmethod
    def _near(zoom: float, ox: int, oy: int, w: int, h: int) -> Box:
        pad = 4 / zoom
        return (ox / zoom - pad, oy / zoom - pad, (ox + w) / zoom + pad, (oy + h) / zoom + pad)

    def _anchor(self, zoom: float, area: str) -> tuple[float, float] | None:
        shape = self.geo.areas.get(area)
        if shape is None or shape.label is None:
            return None
        return self.to_level(zoom, *shape.label)

    def _draw_straits(self, surface: pygame.Surface, zoom: float, ox: int, oy: int) -> None:
        width = max(2, self.theme.px(3))
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

    def _draw_marks(self, surface: pygame.Surface, zoom: float, ox: int, oy: int,
                    area: Box) -> Iterator[None]:
        """Names, population limits, city sites and volcanoes, as far as there is room: when
        zoomed out only what fits is drawn (the hover tooltip tells the rest)."""
        t = self.theme
        reach = 300 / zoom
        near: Box = (area[0] - reach, area[1] - reach, area[2] + reach, area[3] + reach)
        for sid, shape in self.geo.seas.items():
            if shape.label is None or sid not in self.graph.seas:
                continue
            u, v = self.uv(shape.label)
            if not (near[0] <= u <= near[2] and near[1] <= v <= near[3]):
                continue
            text = t.text(shape.name, 14, shade(Palette.sea, 1.6), "italic")
            box = self.box_px(zoom, "sea", sid)
            if box is not None and box.width < text.get_width() * 1.15:
                continue
            x, y = u * zoom - ox, v * zoom - oy
            surface.blit(text, (x - text.get_width() / 2, y - text.get_height() / 2))
        big, small = t.px(40), t.px(18)
        yield
        pace = _Pace()
        for (u, v), aid in self.labels:
            if not (near[0] <= u <= near[2] and near[1] <= v <= near[3]):
                continue
            if pace.due():
                yield
                pace.resume()
            box = self.box_px(zoom, "land", aid)
            room = min(box.width, box.height) if box else 0
            if room < small:
                continue
            area_ = self.graph.areas[aid]
            shape = self.geo.areas[aid]
            roomy = room >= big
            r = t.px(8) if roomy else t.px(5.5)
            cx, cy = u * zoom - ox, v * zoom - oy
            lift = r * 2 if roomy else r * 1.4
            # population limit: a number in a small disc above the label point
            pygame.draw.circle(surface, (250, 244, 228), (cx, cy - lift), r)
            pygame.draw.circle(surface, Palette.land_edge, (cx, cy - lift), r, 1)
            num = t.text(str(area_.pop), 11 if roomy else 8, Palette.ink, "bold")
            surface.blit(num, (cx - num.get_width() / 2, cy - lift - num.get_height() / 2))
            if roomy and box is not None:
                name = t.text(area_.name, 11, shade(Palette.land_edge, 0.8))
                if box.width > name.get_width() + 6 and box.height > r * 7 + name.get_height() * 2:
                    surface.blit(name, (cx - name.get_width() / 2,
                                        cy - lift - r * 1.2 - name.get_height()))
            if area_.site != "none":
                if shape.site is not None:
                    su, sv = self.uv(shape.site)
                    sx, sy = su * zoom - ox, sv * zoom - oy
                else:
                    sx, sy = cx + r * 2.4, cy - lift
                half = t.px(6) if roomy else t.px(4)
                rect = pygame.Rect(0, 0, half * 2, half * 2)
                rect.center = (round(sx), round(sy))
                fill = Palette.site_white if area_.site == "white" else Palette.site_black
                pygame.draw.rect(surface, fill, rect)
                pygame.draw.rect(surface, Palette.ink, rect, max(1, round(t.scale)))
        for vid, point in self.geo.volcanoes.items():
            if vid not in self.graph.volcanoes:
                continue
            u, v = self.uv(point)
            if not (near[0] <= u <= near[2] and near[1] <= v <= near[3]):
                continue
            h = t.px(9) if zoom * self.width_units > t.px(2500) else t.px(6)
            vx, vy = u * zoom - ox, v * zoom - oy
            tri = [(vx, vy - h), (vx - h, vy + h * 0.7), (vx + h, vy + h * 0.7)]
            pygame.draw.polygon(surface, Palette.volcano, tri)
            pygame.draw.polygon(surface, Palette.ink, tri, max(1, round(t.scale)))
            pygame.draw.circle(surface, (255, 170, 60), (vx, vy - h + 2), max(2, h // 3))


class _Pace:
    """When a drawing job should pause: after STEP seconds of work since it last resumed."""

    def __init__(self) -> None:
        self.since = time.perf_counter()

    def due(self) -> bool:
        return time.perf_counter() - self.since > STEP

    def resume(self) -> None:
        self.since = time.perf_counter()


def _clip(pts: list[tuple[float, float]], x0: float, y0: float, x1: float,
          y1: float) -> list[tuple[float, float]]:
    """Sutherland-Hodgman: the polygon cut to a rectangle (the cut edges run along it, where
    they are outside the region drawn)."""
    for axis, bound, keep_low in ((0, x0, False), (0, x1, True), (1, y0, False),
                                  (1, y1, True)):
        if not pts:
            return pts
        out: list[tuple[float, float]] = []
        prev = pts[-1]
        prev_in = prev[axis] <= bound if keep_low else prev[axis] >= bound
        for cur in pts:
            cur_in = cur[axis] <= bound if keep_low else cur[axis] >= bound
            if cur_in != prev_in:
                t = (bound - prev[axis]) / ((cur[axis] - prev[axis]) or 1e-12)
                cut = (prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t)
                out.append(cut)
            if cur_in:
                out.append(cur)
            prev, prev_in = cur, cur_in
        pts = out
    return pts


def _stable_hash(text: str) -> int:
    h = 2166136261
    for ch in text.encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    return h


def _hatch(surface: pygame.Surface, pts: list[tuple[float, float]], colour: tuple[int, int, int],
           gap: int, origin: int, width: int = 2, alpha: int = 120) -> None:
    """Diagonal hatching clipped to a polygon: flood plains stay readable under tokens, and
    off-board land does not look like an area."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2,
                      int(max(ys) - min(ys)) + 2)
    box = box.clip(surface.get_rect())  # at high zoom a plain is far larger than the tile
    if box.width <= 0 or box.height <= 0:
        return
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (*colour, alpha), [(x - box.x, y - box.y) for x, y in pts])
    lines = pygame.Surface(box.size, pygame.SRCALPHA)
    phase = (box.x + box.y + origin) % gap  # stripes continue across tile edges
    for k in range(-box.height - phase, box.width, gap):
        pygame.draw.line(lines, (255, 255, 255, 255), (k, box.height), (k + box.height, 0),
                         width)
    mask.blit(lines, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(mask, box.topleft)
