"""The map on screen: pan, zoom, fit; which area is under the mouse; the pieces on top.

A frame is: the visible base-layer tiles (cached per zoom level, see maptiles), the highlights
of the areas a decision may pick, and the pieces: token stacks as discs with their count in the
civilization's colour and emblem, cities as towers, ships as hulls, barbarians as black spiked
discs and pirate cities as black towers with crossbones. Sprites are cached by what they show,
so a frame is a few dozen blits.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable

import pygame

from game.core import Board, MapGraph, PlayerView, load_game_data
from game.maps.files import MapGeometry

from ..draw import token_disc
from ..emblems import emblem_surface
from ..theme import Palette, Theme, civ_colour, ink_for, shade
from ..words.log import name as civ_name
from .markers import MARKER_COLOURS
from .tiles import TILE, BaseLayer

ZOOM_STEP = 1.25
ZOOM_MIN_STEPS = -2
ZOOM_MAX_STEPS = 12
ZOOM_SETTLE = 0.15  # seconds without a zoom step before tiles of the new zoom are made


def stack_centre(lx: float, ly: float, d: float, n: int, k: int,
                 beside_city: bool) -> tuple[float, float]:
    """Where the k-th of an area's n token stacks is drawn (largest first) around its label
    point (lx, ly); `beside_city`: a city without a printed site stands to the right."""
    gap = d * 0.86
    start = lx - gap * (n - 1) / 2 - (d * 0.5 if beside_city else 0)
    return (start + gap * k, ly + d * 0.55)


def city_centre(lx: float, ly: float, d: float,
                site: tuple[float, float] | None) -> tuple[float, float]:
    """Where an area's city is drawn: on its printed site (on screen), else beside the label."""
    return site if site is not None else (lx + d * 0.9, ly - d * 0.2)


def ship_corner(lx: float, ly: float, d: float, k: int) -> tuple[float, float]:
    """The top-left corner of the k-th of an area's ships (by owner), up and left of its label
    point (lx, ly), each one further left."""
    return (lx - d * 1.6 - k * d * 0.5, ly - d * 0.9)


def _pieces_key(board: Board) -> tuple[object, ...]:
    """What the pieces layer shows of a board, comparable between frames."""
    return (tuple((a, tuple(here.items())) for a, here in board.tokens.items() if here),
            tuple(board.cities.items()),
            tuple((a, tuple(here.items())) for a, here in board.ships.items() if here))


def _point_in_ring(x: float, y: float, ring: tuple[tuple[float, float], ...]) -> bool:
    inside = False
    n = len(ring)
    j = n - 1
    for i in range(n):
        xi, yi = ring[i]
        xj, yj = ring[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi:
            inside = not inside
        j = i
    return inside


def _ring_box(ring: tuple[tuple[float, float], ...]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return (min(xs), min(ys), max(xs), max(ys))


class MapView:
    def __init__(self, geometry: MapGeometry, graph: MapGraph, theme: Theme,
                 players: int = 0) -> None:
        """`graph` is the game's map: areas of `geometry` it lacks are out of play with
        `players` players (drawn as off-board land, and framed out by `fit`)."""
        self.geo = geometry
        self.graph = graph
        self.theme = theme
        self.players = players
        self.base = BaseLayer(geometry, graph, theme)
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.fit_zoom = 1.0
        self.steps = 0
        self.ox = 0.0  # screen x of the map's left edge at the current zoom, viewport relative
        self.oy = 0.0
        self._sprites: dict[tuple[object, ...], pygame.Surface] = {}
        self._outlines: dict[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]]] = {}
        out = self.base.out_of_play
        self._boxes = {
            aid: [(_ring_box(r), r) for r in shape.polygons]
            for aid, shape in geometry.areas.items() if aid not in out
        }
        self._out_boxes = [(_ring_box(r), r, aid) for aid in sorted(out)
                           for r in geometry.areas[aid].polygons]
        self._sea_boxes = {
            sid: [(_ring_box(r), r) for r in shape.polygons] for sid, shape in geometry.seas.items()
        }
        self._off_boxes = [(_ring_box(r), r) for r in geometry.off_board]
        self._emblems = {cid: c.emblem for cid, c in load_game_data().civilizations.items()}
        self._unit = self._typical_area_size()
        self.unit = self._unit  # a typical area's size in map units
        self.tile_budget: float | None = 0.003  # seconds of tile making per frame; None: all
        self.pending_tiles = 0
        self.work_budget: float | None = 0.0015  # seconds a frame may spend making images
        self._deadline: float | None = None
        self._zoomed_at = 0.0
        self._by_owner: dict[tuple[object, ...], tuple[object, ...]] = {}
        self._borrowed: dict[tuple[object, ...], pygame.Surface] = {}  # stand-in sprites
        self._place_tip: tuple[object, list[str] | None] = (None, None)
        self._layout: tuple[object, list[tuple[pygame.Surface, float, float]]] | None = None

    def _typical_area_size(self) -> float:
        sizes = sorted(min(b[2] - b[0], b[3] - b[1]) for rings in self._boxes.values()
                       for b, _ in rings[:1])
        return sizes[len(sizes) // 2] if sizes else 1.0

    # -- the camera -------------------------------------------------------------------------
    @property
    def zoom(self) -> float:
        return self.fit_zoom * ZOOM_STEP ** self.steps

    def set_viewport(self, rect: pygame.Rect) -> None:
        if rect == self.rect and self.fit_zoom:
            return
        self.rect = pygame.Rect(rect)
        u0, v0, u1, v1 = self.base.frame
        fit = min(rect.width / max(u1 - u0, 1e-9), rect.height / max(v1 - v0, 1e-9)) * 0.97
        fit = round(fit, 6)
        if fit != self.fit_zoom:
            self.fit_zoom = fit
            self.base.clear()
            self._outlines.clear()
        self.fit()

    def fit(self) -> None:
        """The land in play (the whole map when every area is) in the window, centred."""
        self.steps = 0
        u0, v0, u1, v1 = self.base.frame
        z = self.zoom
        self.ox = (self.rect.width - (u1 - u0) * z) / 2 - u0 * z
        self.oy = (self.rect.height - (v1 - v0) * z) / 2 - v0 * z

    def camera(self) -> tuple[int, float, float]:
        """The player's view: zoom steps and the map point at the viewport's centre."""
        x, y = self.to_map(self.rect.centerx, self.rect.centery)
        return self.steps, x, y

    def set_camera(self, camera: tuple[int, float, float]) -> None:
        """Back to a view `camera()` gave, in a viewport that may have changed (a new UI
        scale): the same zoom relative to the whole map, the same point in the middle."""
        steps, x, y = camera
        self.steps = max(ZOOM_MIN_STEPS, min(ZOOM_MAX_STEPS, steps))
        lx, ly = self.base.to_level(self.zoom, x, y)
        self.ox = self.rect.width / 2 - lx
        self.oy = self.rect.height / 2 - ly
        self._clamp()

    def focus(self, areas: list[str], most: int = ZOOM_MAX_STEPS) -> None:
        """The closest zoom (at most `most` steps in) that shows all of `areas` with some room
        around, centred on them."""
        points = [self.geo.areas[a].label for a in areas
                  if a in self.geo.areas and self.geo.areas[a].label is not None]
        if not points:
            self.fit()
            return
        xs = [p[0] for p in points if p]
        ys = [p[1] for p in points if p]
        w = (max(xs) - min(xs)) * 1.5 + self._unit * 4
        h = (max(ys) - min(ys)) * 1.5 + self._unit * 4
        steps = 0
        while (steps < min(most, ZOOM_MAX_STEPS) and w * self.fit_zoom * ZOOM_STEP ** (steps + 1)
               <= self.rect.width and h * self.fit_zoom * ZOOM_STEP ** (steps + 1)
               <= self.rect.height):
            steps += 1
        self.steps = steps
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        lx, ly = self.base.to_level(self.zoom, cx, cy)
        self.ox = self.rect.width / 2 - lx
        self.oy = self.rect.height / 2 - ly
        self._keep_on_board()

    def bring_into_view(self, areas: Iterable[str], within: pygame.Rect | None = None) -> bool:
        """If none of `areas` shows well inside the view (or the part of it `within`, where
        nothing covers the map), pan (never zoom: that is the player's) to centre them; whether
        the view moved."""
        points = [p for p in (self.geo.areas[a].label for a in areas if a in self.geo.areas)
                  if p is not None]
        if not points:
            return False
        free = within if within is not None else self.rect
        inner = free.inflate(-free.width // 5, -free.height // 5)
        if any(inner.collidepoint(self.to_screen(*p)) for p in points):
            return False
        sx, sy = self.to_screen(sum(p[0] for p in points) / len(points),
                                sum(p[1] for p in points) / len(points))
        self.ox += free.centerx - sx
        self.oy += free.centery - sy
        self._keep_on_board(self.rect.clip(free))
        return True

    def place_point(self, place: str) -> tuple[float, float] | None:
        """Where an area, sea, volcano or flood plain is, in map units (None: not drawn)."""
        geo = self.geo
        if place in geo.areas:
            shape = geo.areas[place]
        elif place in geo.seas:
            shape = geo.seas[place]
        elif place in geo.volcanoes:
            return geo.volcanoes[place]
        elif place in geo.flood_plains and geo.flood_plains[place]:
            ring = geo.flood_plains[place][0]
            return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))
        else:
            return None
        if shape.label is not None:
            return shape.label
        ring = shape.polygons[0]
        return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))

    def frame(self, places: Iterable[str], within: pygame.Rect | None = None) -> bool:
        """Pan (never zoom: that is the player's) so that `places` show, when any of them is
        outside the view (or outside `within`, the part of it no box covers): their middle
        goes to its centre (when they are too far apart to show together: their mean, unless
        half of them show already). Whether the view moved."""
        points = [p for p in (self.place_point(a) for a in places) if p is not None]
        if not points:
            return False
        view = self.rect.clip(within) if within is not None else self.rect  # free of boxes
        inner = view.inflate(-view.width // 10, -view.height // 10)
        shown = [inner.collidepoint(self.to_screen(*p)) for p in points]
        if all(shown):
            return False
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        x0, y0 = self.to_screen(min(xs), max(ys))  # map y grows up, the screen's down
        x1, y1 = self.to_screen(max(xs), min(ys))
        sx, sy = (x0 + x1) / 2, (y0 + y1) / 2
        if x1 - x0 > inner.width or y1 - y0 > inner.height:  # they cannot all show at once:
            if sum(shown) * 2 >= len(shown):  # half of them showing is enough,
                return False
            sx, sy = self.to_screen(sum(xs) / len(xs), sum(ys) / len(ys))  # else their mean
        self.ox += inner.centerx - sx
        self.oy += inner.centery - sy
        self._keep_on_board(view)
        return True

    def _keep_on_board(self, free: pygame.Rect | None = None) -> None:
        """A move the player did not make shows no more beyond the board's edge than it must
        (past the edge only as far as `free`, the part of the view no box covers, needs to
        show the map's edge)."""
        self._clamp(free)

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self._clamp()

    def _clamp(self, free: pygame.Rect | None = None) -> None:
        """Keep the view over the map (issue 36: at 18 players a third of it was beyond the
        map's edge): a map wider than the view fills it, one narrower stays wholly in it. A box
        over part of the view (`free` is the rest) lets the map's edge come into the rest."""
        w, h = self.base.width_units * self.zoom, self.base.height_units * self.zoom
        free = free if free is not None else self.rect
        left = free.x - self.rect.x
        right = self.rect.right - free.right
        top = free.y - self.rect.y
        bottom = self.rect.bottom - free.bottom
        width, height = self.rect.width, self.rect.height
        self.ox = min(max(self.ox, min(0.0, width - w) - right), max(0.0, width - w) + left)
        self.oy = min(max(self.oy, min(0.0, height - h) - bottom), max(0.0, height - h) + top)

    def over_map(self) -> float:
        """The share of the view that shows the map (1.0: all of it)."""
        w, h = self.base.width_units * self.zoom, self.base.height_units * self.zoom
        shown_w = max(0.0, min(self.rect.width, self.ox + w) - max(0.0, self.ox))
        shown_h = max(0.0, min(self.rect.height, self.oy + h) - max(0.0, self.oy))
        return (shown_w * shown_h) / max(1, min(w, self.rect.width) * min(h, self.rect.height))

    def zoom_at(self, steps: int, pos: tuple[int, int] | None = None) -> None:
        new = max(ZOOM_MIN_STEPS, min(ZOOM_MAX_STEPS, self.steps + steps))
        if new == self.steps:
            return
        px: float
        py: float
        px, py = (pos[0] - self.rect.x, pos[1] - self.rect.y) if pos else self.rect.size
        if pos is None:
            px, py = px / 2, py / 2
        factor = ZOOM_STEP ** (new - self.steps)
        self.ox = px - (px - self.ox) * factor
        self.oy = py - (py - self.oy) * factor
        self.steps = new
        self._zoomed_at = time.perf_counter()
        self._clamp()

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        lx, ly = self.base.to_level(self.zoom, x, y)
        return (lx + self.ox + self.rect.x, ly + self.oy + self.rect.y)

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        x0, _, _, y1 = self.geo.bounds
        z = self.zoom
        return ((sx - self.rect.x - self.ox) / z + x0, y1 - (sy - self.rect.y - self.oy) / z)

    # -- what is where ----------------------------------------------------------------------
    def area_at(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        x, y = self.to_map(*pos)
        for aid, rings in self._boxes.items():
            for (bx0, by0, bx1, by1), ring in rings:
                if bx0 <= x <= bx1 and by0 <= y <= by1 and _point_in_ring(x, y, ring):
                    return aid
        # small islands are a pixel or two across when zoomed out: take the nearest label
        reach = self.theme.px(8) / self.zoom
        best, best_d = None, reach * reach
        for aid, shape in self.geo.areas.items():
            if shape.label is None or aid not in self._boxes:
                continue
            d = (shape.label[0] - x) ** 2 + (shape.label[1] - y) ** 2
            if d <= best_d:
                best, best_d = aid, d
        return best

    def sea_at(self, pos: tuple[int, int]) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        x, y = self.to_map(*pos)
        for sid, rings in self._sea_boxes.items():
            for (bx0, by0, bx1, by1), ring in rings:
                if bx0 <= x <= bx1 and by0 <= y <= by1 and _point_in_ring(x, y, ring):
                    return sid
        return None

    def off_board_at(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is on land no area covers (drawn muted and hatched)."""
        if not self.rect.collidepoint(pos):
            return False
        x, y = self.to_map(*pos)
        return any(bx0 <= x <= bx1 and by0 <= y <= by1 and _point_in_ring(x, y, ring)
                   for (bx0, by0, bx1, by1), ring in self._off_boxes)

    def out_of_play_at(self, pos: tuple[int, int]) -> str | None:
        """The area out of play in this game under `pos`, if any."""
        if not self._out_boxes or not self.rect.collidepoint(pos):
            return None
        x, y = self.to_map(*pos)
        return next((aid for (bx0, by0, bx1, by1), ring, aid in self._out_boxes
                     if bx0 <= x <= bx1 and by0 <= y <= by1 and _point_in_ring(x, y, ring)), None)

    def out_of_play_line(self) -> str:
        return f"Out of play with {self.players} players" if self.players else \
            "Out of play in this game"

    def place_tip(self, pos: tuple[int, int]) -> list[str] | None:
        """The tooltip where no land area in play is: an open sea, an area out of play, or land
        beyond the board. Kept while the mouse and the view stay (the polygon tests are not
        free)."""
        key = (pos, self.zoom, self.ox, self.oy)
        if self._place_tip[0] != key:
            tip = None
            if (area := self.out_of_play_at(pos)) is not None:
                tip = [self.geo.areas[area].name, self.out_of_play_line(),
                       "Ships may sail through it but not stop there (rules 3.1)"
                       if area in self.graph.passage.water else "Nothing may enter it"]
            elif self.off_board_at(pos):  # drawn over the sea
                tip = ["Beyond the board", "Land no area covers: nothing may enter it"]
            elif (sea := self.sea_at(pos)) is not None and sea not in self.graph.seas:
                tip = [self.geo.seas[sea].name, self.out_of_play_line()]
            elif sea is not None:
                tip = [self.geo.seas[sea].name, "Open sea: no population limit",
                       "Ships may not enter it; with Astronavigation they may pass through"]
            self._place_tip = (key, tip)
        return self._place_tip[1]

    def area_point(self, area: str) -> tuple[int, int]:
        """Where on screen to click to pick `area` (its label point, else a vertex average)."""
        shape = self.geo.areas[area]
        point = shape.label
        if point is None:
            ring = shape.polygons[0]
            point = (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))
        x, y = self.to_screen(*point)
        return (round(x), round(y))

    def tooltip(self, area: str, view: PlayerView) -> list[str]:
        a = self.graph.areas[area]
        lines = [a.name, f"Population limit {a.pop}"]
        if a.site != "none":
            lines.append(f"City site ({a.site})")
        if a.flood_plain:
            lines.append(f"Flood plain: {a.flood_plain.replace('_', ' ')}")
        volcanoes = [v.name for v in self.graph.volcanoes.values() if area in v.areas]
        if volcanoes:
            lines.append("Volcano: " + ", ".join(volcanoes))
        if a.coastal:
            lines.append("Coastal")
        city = view.board.cities.get(area)
        if city:
            lines.append(f"City of {civ_name(city)}")
        for owner, n in sorted(view.board.tokens.get(area, {}).items()):
            lines.append(f"{civ_name(owner)}: {n} token{'s' if n != 1 else ''}")
        for owner, n in sorted(view.board.ships.get(area, {}).items()):
            lines.append(f"{civ_name(owner)}: {n} ship{'s' if n != 1 else ''}")
        return lines

    # -- drawing ----------------------------------------------------------------------------
    def visible_tiles(self) -> Iterable[tuple[int, int, int, int]]:
        """(i, j, screen x, screen y) of every tile that shows."""
        w, h = self.base.size(self.zoom)
        i0 = max(0, int(-self.ox // TILE))
        j0 = max(0, int(-self.oy // TILE))
        i1 = min((w - 1) // TILE, int((self.rect.width - self.ox) // TILE))
        j1 = min((h - 1) // TILE, int((self.rect.height - self.oy) // TILE))
        for j in range(j0, j1 + 1):
            for i in range(i0, i1 + 1):
                yield (i, j, round(self.rect.x + self.ox + i * TILE),
                       round(self.rect.y + self.oy + j * TILE))

    def begin_frame(self) -> None:
        """Start a frame's budget for making new images (tiles, sprites, outlines)."""
        budget = self.work_budget
        self._deadline = None if budget is None else time.perf_counter() + budget

    def _in_budget(self) -> bool:
        return self._deadline is None or time.perf_counter() < self._deadline

    def draw_base(self, surface: pygame.Surface) -> None:
        """The visible tiles; those not made yet are made a few per frame (nearest the middle
        first), with the scaled overview standing in for them meanwhile."""
        zoom = self.zoom
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        ready: list[tuple[int, int, int, int]] = []
        missing: list[tuple[int, int, int, int]] = []
        for i, j, x, y in self.visible_tiles():
            (ready if self.base.has_tile(zoom, i, j) else missing).append((i, j, x, y))
        self._fill_margins(surface)
        if missing:
            cx, cy = self.rect.center
            missing.sort(key=lambda t: (t[2] + TILE / 2 - cx) ** 2 + (t[3] + TILE / 2 - cy) ** 2)
            budget = self.tile_budget
            now = time.perf_counter()
            if budget is not None and now - self._zoomed_at < ZOOM_SETTLE:
                budget = 0.0  # still zooming: tiles of this zoom may never be needed
            deadline = None if budget is None else now + budget
            if deadline is not None and self._deadline is not None:
                deadline = min(deadline, self._deadline)
            left = []
            for tile in missing:
                if budget == 0.0 or deadline is not None and time.perf_counter() >= deadline:
                    left.append(tile)
                elif self.base.work(zoom, tile[0], tile[1], deadline):
                    ready.append(tile)
                else:
                    left.append(tile)
            missing = left
            if len(missing) > 6:  # one scaled picture for the whole view is cheaper
                self._draw_overview(surface)
            else:
                for i, j, x, y in missing:
                    self._stand_in(surface, i, j, x, y)
        self.pending_tiles = len(missing)
        surface.fblits([(self.base.tile(zoom, i, j), (x, y)) for i, j, x, y in ready])
        # the map's own edge, so the board reads as a board
        w, h = self.base.size(zoom)
        edge = pygame.Rect(round(self.rect.x + self.ox), round(self.rect.y + self.oy), w, h)
        pygame.draw.rect(surface, shade(Palette.gold, 0.7), edge, max(1, self.theme.px(2)))
        surface.set_clip(clip)

    def _fill_margins(self, surface: pygame.Surface) -> None:
        """Off-board colour where the board does not reach the edges of the view."""
        w, h = self.base.size(self.zoom)
        board = pygame.Rect(round(self.rect.x + self.ox), round(self.rect.y + self.oy), w, h)
        r = self.rect
        if board.contains(r):
            return
        for strip in (pygame.Rect(r.x, r.y, r.width, board.top - r.y),
                      pygame.Rect(r.x, board.bottom, r.width, r.bottom - board.bottom),
                      pygame.Rect(r.x, r.y, board.left - r.x, r.height),
                      pygame.Rect(board.right, r.y, r.right - board.right, r.height)):
            strip = strip.clip(r)
            if strip.width > 0 and strip.height > 0:
                surface.fill(Palette.sea_deep, strip)

    def _stand_in(self, surface: pygame.Surface, i: int, j: int, x: int, y: int) -> None:
        """A tile not made yet: its part of the small whole-map picture, scaled up."""
        zo, picture = self.base.overview()
        f = zo / self.zoom  # overview pixels per screen pixel
        region = pygame.Rect(math.floor(i * TILE * f), math.floor(j * TILE * f),
                             math.ceil(TILE * f) + 1, math.ceil(TILE * f) + 1)
        part = region.clip(picture.get_rect())
        dest = pygame.Rect(x, y, TILE, TILE)
        if part.width < 1 or part.height < 1:
            surface.fill(Palette.sea_deep, dest.clip(self.rect))
            return
        size = (max(1, round(part.width / f)), max(1, round(part.height / f)))
        at = (x + round((part.x - region.x) / f), y + round((part.y - region.y) / f))
        surface.blit(pygame.transform.scale(picture.subsurface(part), size), at)

    def _draw_overview(self, surface: pygame.Surface) -> None:
        """The small whole-map picture scaled straight into the part of the view the board
        covers (to within half an overview pixel: it stands in for a few frames only)."""
        zo, picture = self.base.overview()
        f = zo / self.zoom  # overview pixels per screen pixel
        w, h = self.base.size(self.zoom)
        board = pygame.Rect(round(self.rect.x + self.ox), round(self.rect.y + self.oy), w, h)
        shown = board.clip(self.rect)
        region = pygame.Rect(round((shown.x - board.x) * f), round((shown.y - board.y) * f),
                             max(1, round(shown.width * f)), max(1, round(shown.height * f)))
        region = region.clip(picture.get_rect())
        if shown.width < 1 or shown.height < 1 or region.width < 1 or region.height < 1:
            return
        pygame.transform.scale(picture.subsurface(region), shown.size, surface.subsurface(shown))

    def draw_highlights(self, surface: pygame.Surface, areas: Iterable[str], style: str,
                        alpha: int = 255) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for area in areas:
            if area not in self.geo.areas:
                continue
            made = self._outline(area, style)
            if made is None:  # not made yet (frame budget spent): next frame
                continue
            image, (lx, ly) = made
            if alpha < 255:
                image.set_alpha(alpha)
            surface.blit(image, (round(self.rect.x + self.ox + lx),
                                 round(self.rect.y + self.oy + ly)))
            if alpha < 255:
                image.set_alpha(None)
        surface.set_clip(clip)

    def _outline(self, area: str, style: str) -> tuple[pygame.Surface, tuple[int, int]] | None:
        zoom = self.zoom
        key = (zoom, area, style)
        hit = self._outlines.get(key)
        if hit is not None:
            return hit
        if not self._in_budget():
            return None
        width = max(2, self.theme.px(3 if style != "hover" else 2))
        tier, step = self.base.tier(zoom)
        rings = [[(u * zoom, v * zoom) for u, v in ring.at(tier, step)]
                 for ring in self.base.land_rings.get(area, ())]
        xs = [p[0] for r in rings for p in r]
        ys = [p[1] for r in rings for p in r]
        x0, y0 = int(min(xs)) - width, int(min(ys)) - width
        size = (int(max(xs) - x0) + width + 2, int(max(ys) - y0) + width + 2)
        image = pygame.Surface(size, pygame.SRCALPHA)
        colour = {"pick": Palette.highlight, "hover": Palette.hover,
                  "source": (120, 220, 255), "event": (255, 120, 80)}.get(style, Palette.highlight)
        fill = (*colour, 60 if style in ("pick", "source") else (36 if style == "hover" else 70))
        if style.startswith("marker:"):  # an event's marker: a light wash, a thin edge
            colour = MARKER_COLOURS.get(style.split(":", 1)[1], Palette.highlight)
            fill = (*colour, 64)
            width = max(1, self.theme.px(2))
        for ring in rings:
            pts = [(x - x0, y - y0) for x, y in ring]
            pygame.draw.polygon(image, fill, pts)
            pygame.draw.lines(image, (*colour, 255), True, pts, width)
        hit = (image, (x0, y0))
        if len(self._outlines) > 600:
            self._outlines.clear()
        self._outlines[key] = hit
        return hit

    def piece_size(self) -> int:
        """Disc diameter: grows with zoom, within limits that stay readable."""
        t = self.theme
        want = self._unit * self.zoom * 0.26
        size = max(t.px(13), min(t.px(36), want))
        return int(round(size / 3) * 3)  # a few sizes, so zooming reuses sprites

    def draw_pieces(self, surface: pygame.Surface, board: Board) -> None:
        dx, dy = self.rect.x + self.ox, self.rect.y + self.oy
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.fblits([(img, (round(x + dx), round(y + dy)))
                        for img, x, y in self._piece_layout(board)])
        surface.set_clip(clip)

    def _piece_layout(self, board: Board) -> list[tuple[pygame.Surface, float, float]]:
        """Every piece's sprite and top-left corner on the board at this zoom; kept while the
        zoom and the pieces stay, so panning and idle frames only offset it."""
        d = self.piece_size()
        key = (self.zoom, d, _pieces_key(board))
        if self._layout is not None and self._layout[0] == key:
            return self._layout[1]
        zoom = self.zoom
        out: list[tuple[pygame.Surface, float, float]] = []
        complete = True  # no sprite borrowed from another size (a frame out of budget)

        def put(sprite: tuple[object, ...], at: tuple[float, float], fx: float, fy: float) -> None:
            """The sprite with its point (fx, fy), as fractions of its size, at `at`."""
            nonlocal complete
            img = self._sprite(sprite)
            complete = complete and sprite in self._sprites
            out.append((img, at[0] - img.get_width() * fx, at[1] - img.get_height() * fy))

        for area in {*board.tokens, *board.cities, *board.ships}:
            shape = self.geo.areas.get(area)
            if shape is None or shape.label is None:
                continue
            lx, ly = self.base.to_level(zoom, *shape.label)
            city = board.cities.get(area)
            if city:
                site = self.base.to_level(zoom, *shape.site) if shape.site else None
                put(("city", city, d), city_centre(lx, ly, d, site), 0.5, 0.62)
            stacks = sorted(board.tokens.get(area, {}).items(), key=lambda kv: -kv[1])
            beside = bool(city) and not shape.site
            for k, (owner, count) in enumerate(stacks):
                put(("stack", owner, count, d), stack_centre(lx, ly, d, len(stacks), k, beside),
                    0.5, 0.5)
            for k, (owner, count) in enumerate(sorted(board.ships.get(area, {}).items())):
                put(("ship", owner, count, d), ship_corner(lx, ly, d, k), 0, 0)
        self._layout = (key, out) if complete else None  # else: again, making more sprites
        return out

    # -- sprites ----------------------------------------------------------------------------
    def _sprite(self, key: tuple[object, ...]) -> pygame.Surface:
        hit = self._sprites.get(key)
        if hit is None and not self._in_budget():
            # over the frame's budget: scale the same piece at another size for now
            borrowed = self._borrowed.get(key)
            if borrowed is not None:
                return borrowed
            other = self._by_owner.get(key[:-1])
            if other is not None and other in self._sprites:
                size = int(key[-1])  # type: ignore[call-overload]
                have = self._sprites[other]
                factor = size / max(1, int(other[-1]))  # type: ignore[call-overload]
                if len(self._borrowed) > 500:
                    self._borrowed.clear()
                borrowed = self._borrowed[key] = pygame.transform.scale_by(have, factor)
                return borrowed
        if hit is None:
            kind = key[0]
            if kind == "stack":
                hit = self._make_stack(str(key[1]), int(key[2]), int(key[3]))  # type: ignore[call-overload]
            elif kind == "city":
                hit = self._make_city(str(key[1]), int(key[2]))  # type: ignore[call-overload]
            else:
                hit = self._make_ship(str(key[1]), int(key[2]), int(key[3]))  # type: ignore[call-overload]
            if len(self._sprites) > 2000:
                self._sprites.clear()
            self._sprites[key] = hit
            self._by_owner[key[:-1]] = key
            self._borrowed.pop(key, None)
        return hit

    def _make_stack(self, owner: str, count: int, d: int) -> pygame.Surface:
        """A token stack: a disc (spiked for barbarians) with a shadow, emblem and count."""
        ss = 3
        big_d = d * ss
        pad = big_d // 6
        size = big_d + pad * 2
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        colour = civ_colour(owner)
        c = size // 2
        r = big_d // 2
        pygame.draw.circle(img, (0, 0, 0, 90), (c + ss * 2, c + ss * 3), r)  # shadow
        token_disc(img, owner, (c, c), r, ss)
        small = pygame.transform.smoothscale(img, (size // ss, size // ss))
        ink = ink_for(colour)
        emblem = self._emblems.get(owner)
        sc = small.get_width() // 2
        if emblem and d >= self.theme.px(19):
            e = emblem_surface(emblem, int(d * 0.5), ink)
            small.blit(e, (sc - e.get_width() // 2 - int(d * 0.17), sc - e.get_height() // 2))
            label = self.theme.font("bold", 11).render(str(count), True, ink)
            if label.get_height() > d * 0.62:
                label = pygame.transform.smoothscale_by(label, d * 0.62 / label.get_height())
            small.blit(label, (sc + int(d * 0.08), sc - label.get_height() // 2))
        else:  # small discs and barbarians: the count alone, as large as fits
            colour = (250, 240, 230) if owner == "barbarians" else ink
            label = self.theme.font("bold", 12).render(str(count), True, colour)
            if label.get_height() > d * 0.8:
                label = pygame.transform.smoothscale_by(label, d * 0.8 / label.get_height())
            small.blit(label, (sc - label.get_width() // 2, sc - label.get_height() // 2))
        return small

    def _make_city(self, owner: str, d: int) -> pygame.Surface:
        """A city: a crenellated tower; pirate cities are black with crossbones."""
        ss = 3
        w, h = int(d * 1.15) * ss, int(d * 1.2) * ss
        img = pygame.Surface((w + ss * 6, h + ss * 6), pygame.SRCALPHA)
        colour = civ_colour(owner)
        m = w // 5
        crenel = [(0, h * 0.3), (0, 0), (m, 0), (m, h * 0.14), (2 * m, h * 0.14), (2 * m, 0),
                  (3 * m, 0), (3 * m, h * 0.14), (4 * m, h * 0.14), (4 * m, 0), (w, 0),
                  (w, h * 0.3)]
        outline = [(x + ss * 2, y + ss * 2) for x, y in [*crenel, (w, h), (0, h)]]
        shadow = [(x + ss * 3, y + ss * 4) for x, y in outline]
        pygame.draw.polygon(img, (0, 0, 0, 100), shadow)
        pygame.draw.polygon(img, colour, outline)
        pygame.draw.polygon(img, shade(colour, 0.45) if owner != "pirate" else (200, 60, 40),
                            outline, ss * 2)
        small = pygame.transform.smoothscale(img, (img.get_width() // ss, img.get_height() // ss))
        ink = ink_for(colour)
        emblem = self._emblems.get(owner)
        cx, cy = small.get_width() // 2, int(small.get_height() * 0.58)
        if emblem:
            e = emblem_surface(emblem, int(d * 0.62), ink)
            small.blit(e, (cx - e.get_width() // 2, cy - e.get_height() // 2))
        elif owner == "pirate":
            k = int(d * 0.22)
            pygame.draw.line(small, (240, 240, 240), (cx - k, cy - k), (cx + k, cy + k), 2)
            pygame.draw.line(small, (240, 240, 240), (cx - k, cy + k), (cx + k, cy - k), 2)
            pygame.draw.circle(small, (240, 240, 240), (cx, cy - k), max(2, k // 2))
        return small

    def _make_ship(self, owner: str, count: int, d: int) -> pygame.Surface:
        ss = 3
        w, h = int(d * 1.1) * ss, int(d * 0.8) * ss
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        colour = civ_colour(owner)
        hull = [(0, h * 0.55), (w, h * 0.55), (w * 0.8, h * 0.95), (w * 0.2, h * 0.95)]
        pygame.draw.polygon(img, colour, hull)
        pygame.draw.polygon(img, shade(colour, 0.45), hull, ss * 2)
        pygame.draw.line(img, Palette.ink, (w * 0.5, h * 0.55), (w * 0.5, h * 0.05), ss * 2)
        sail = [(w * 0.52, h * 0.08), (w * 0.85, h * 0.5), (w * 0.52, h * 0.5)]
        pygame.draw.polygon(img, (245, 240, 225), sail)
        pygame.draw.polygon(img, Palette.ink, sail, ss)
        small = pygame.transform.smoothscale(img, (w // ss, h // ss))
        if count > 1:
            label = self.theme.font("bold", 10).render(str(count), True, Palette.ink)
            small.blit(label, (2, 0))
        return small
