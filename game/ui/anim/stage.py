"""What the animations draw with and on: where things are on the map, the board as far as the
animations have got (the pieces drawn while they play), the pieces a running animation draws
itself, the particles, the token bodies and the calamity under way.

Positions are kept in map units and turned into screen pixels when drawn, so an animation stays
on its place while the player pans or zooms.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core import Board, Event, MapGraph, Regions, map_regions
from game.maps.files import MapGeometry

from ..map.view import city_centre, ship_corner, stack_centre
from ..theme import Theme
from .common import Point
from .effects import Effects
from .swarm import Swarm

if TYPE_CHECKING:
    from ..map.view import MapView
    from .ambience import Ambience
    from .horde import Horde
    from .looks import Look

Colour = tuple[int, int, int]
MAX_FILL = 2048  # pixels: a wash larger than this is drawn only near the view
TILE = 256
HideKey = tuple[str, str, str]  # ("tokens" | "city", area, owner)


class Stage:
    def __init__(self, mapview: MapView, geometry: MapGeometry, graph: MapGraph,
                 theme: Theme) -> None:
        self.mv = mapview
        self.geo = geometry
        self.graph = graph
        self.theme = theme
        self.shown: Board | None = None  # None: nothing playing, the real board is drawn
        self.hidden: dict[HideKey, int] = {}  # pieces a running part draws itself
        self.particles = Effects(mapview.unit)
        self.swarm = Swarm(mapview.unit)
        self.ambience: list[Ambience] = []
        self.hordes: dict[str, Horde] = {}  # area -> the barbarians there drawn as bodies
        self.look: Look | None = None  # the calamity under way, if any
        self.title = ""  # its name
        self.victim = ""
        self.flash: dict[str, float] = {}  # areas lit as their events play: area -> strength
        self.heard: list[Event] = []  # events whose moment has come: the screen plays their sounds
        self.shake = 0.0  # seconds of earthquake left
        self.shake_power = 0.0  # pixels
        self.hand_rect = pygame.Rect(0, 0, 0, 0)  # where cards fly to (the side panel)
        self.top = 0  # banners and plates keep below this y (the event display over the map)
        self.random = random.Random(17)  # decoration only: never the game's generator
        self._regions: Regions | None = None
        self._shades: dict[tuple[object, ...], pygame.Surface] = {}
        self._outlines: dict[tuple[object, ...], tuple[list[list[Point]], pygame.Rect]] = {}

    # -- the board drawn ------------------------------------------------------------------------
    def hide(self, key: HideKey, n: int = 1) -> None:
        self.hidden[key] = self.hidden.get(key, 0) + n

    def unhide(self, key: HideKey, n: int = 1) -> None:
        left = self.hidden.get(key, 0) - n
        if left > 0:
            self.hidden[key] = left
        else:
            self.hidden.pop(key, None)

    def drawn_board(self, real: Board) -> Board:
        """The board the pieces layer draws: the real one, or the animations' with the pieces
        they draw themselves left out."""
        board = self.shown if self.shown is not None else real
        if not self.hidden:
            return board
        tokens, cities = dict(board.tokens), dict(board.cities)
        for (kind, area, owner), n in self.hidden.items():
            if kind == "city":
                cities.pop(area, None)
                continue
            here = dict(tokens.get(area, {}))
            left = here.get(owner, 0) - n
            if left > 0:
                here[owner] = left
            else:
                here.pop(owner, None)
            tokens[area] = here
        return Board(tokens=tokens, cities=cities, ships=dict(board.ships))

    # -- places, in map units ---------------------------------------------------------------------
    def area_point(self, area: str) -> Point:
        shape = self.geo.areas.get(area)
        if shape is None:
            return self.centre()
        if shape.label is not None:
            return shape.label
        ring = shape.polygons[0]
        return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))

    def sea_point(self, sea: str) -> Point:
        shape = self.geo.seas.get(sea)
        if shape is None:
            return self.centre()
        if shape.label is not None:
            return shape.label
        ring = max(shape.polygons, key=len)
        return (sum(p[0] for p in ring) / len(ring), sum(p[1] for p in ring) / len(ring))

    def volcano_point(self, volcano: str) -> Point:
        if volcano in self.geo.volcanoes:
            return self.geo.volcanoes[volcano]
        areas = self.graph.volcanoes[volcano].areas if volcano in self.graph.volcanoes else ()
        return self.middle(areas)

    def middle(self, areas: object) -> Point:
        points = [self.area_point(a) for a in areas]  # type: ignore[attr-defined]
        if not points:
            return self.centre()
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))

    def centre(self) -> Point:
        x0, y0, x1, y1 = self.geo.bounds
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    @property
    def regions(self) -> Regions:
        """The D10 region tables of the game's map, as its set-up made them."""
        if self._regions is None:
            self._regions = map_regions(self.graph)
        return self._regions

    @property
    def unit(self) -> float:
        return self.mv.unit

    def holdings(self, player: str) -> list[str]:
        """The areas where `player` has a city or tokens on the board drawn."""
        board = self.shown
        if board is None:
            return []
        return sorted({*board.cities_of(player),
                       *(a for a, h in board.tokens.items() if player in h)})

    # -- screen -----------------------------------------------------------------------------------
    def free_top(self) -> int:
        """The top of the map left free for banners and plates."""
        return max(self.mv.rect.y, min(self.top, self.mv.rect.bottom - self.theme.px(120)))

    def free_rect(self) -> pygame.Rect:
        """The map under the event display: where a marker should be seen landing."""
        r = self.mv.rect
        top = self.free_top()
        return pygame.Rect(r.x, top, r.width, r.bottom - top)

    def origin(self) -> Point:
        """Where the map point (0, 0) is on screen (map y grows up, screen y down)."""
        return self.mv.to_screen(0.0, 0.0)

    def screen(self, p: Point) -> Point:
        ox, oy = self.origin()
        z = self.mv.zoom
        return (ox + p[0] * z, oy - p[1] * z)

    def piece(self) -> int:
        return self.mv.piece_size()

    def stack_screen(self, area: str, owner: str) -> Point:
        """Where `owner`'s stack in `area` is drawn, laid out as MapView.draw_pieces does."""
        board = self.shown
        d = self.piece()
        lx, ly = self.screen(self.area_point(area))
        if board is None:
            return (lx, ly + d * 0.55)
        shape = self.geo.areas.get(area)
        here = dict(board.tokens.get(area, {}))
        here.setdefault(owner, 0)
        stacks = sorted(here.items(), key=lambda kv: -kv[1])
        k = next(i for i, (o, _) in enumerate(stacks) if o == owner)
        beside = area in board.cities and shape is not None and not shape.site
        return stack_centre(lx, ly, d, len(stacks), k, beside)

    def city_screen(self, area: str) -> Point:
        shape = self.geo.areas.get(area)
        if shape is not None and shape.site is not None:
            return self.screen(shape.site)
        lx, ly = self.screen(self.area_point(area))
        return city_centre(lx, ly, self.piece(), None)

    def ship_screen(self, area: str) -> Point:
        d = self.piece()
        x, y = ship_corner(*self.screen(self.area_point(area)), d, 0)
        return (x + d * 0.55, y + d * 0.4)

    def sprite(self, kind: str, owner: str, count: int = 1) -> pygame.Surface:
        """The map's own picture of a piece ("stack", "city", "ship"), from its cache."""
        d = self.piece()
        key: tuple[object, ...] = (kind, owner, d) if kind == "city" else (kind, owner, count, d)
        return self.mv._sprite(key)  # the sprite cache is the map view's; shared on purpose

    def blit_centred(self, surface: pygame.Surface, image: pygame.Surface, at: Point,
                     alpha: float = 1.0, scale: float = 1.0, angle: float = 0.0,
                     anchor_y: float = 0.5) -> None:
        if alpha <= 0.01 or scale <= 0.01:
            return
        if scale != 1.0 or angle:
            image = pygame.transform.rotozoom(image, angle, scale)
        if alpha < 0.99:
            image = image.copy()
            image.set_alpha(int(255 * alpha))
        surface.blit(image, (round(at[0] - image.get_width() / 2),
                             round(at[1] - image.get_height() * anchor_y)))

    # -- area fills ------------------------------------------------------------------------------
    def fill_area(self, surface: pygame.Surface, area: str, colour: Colour,
                  alpha: float) -> None:
        """Wash an area with a colour (flood water, plague, fire, the new owner)."""
        base = self.mv.base

        def rings() -> list[list[Point]]:
            tier = base.tier(self.mv.zoom)
            return [r.at(*tier) for r in base.land_rings.get(area, ())]

        self._fill(surface, ("area", area), rings, colour, alpha)

    def fill_plain(self, surface: pygame.Surface, plain: str, colour: Colour,
                   alpha: float) -> None:
        """The flood plain's band beside its river (or, with no band, its areas)."""
        band = self.geo.flood_plains.get(plain)
        if not band:
            for area in self.graph.flood_plains.get(plain, ()):
                self.fill_area(surface, area, colour, alpha)
            return
        base = self.mv.base
        self._fill(surface, ("plain", plain), lambda: [[base.uv(p) for p in r] for r in band],
                   colour, alpha)

    def fill_sea(self, surface: pygame.Surface, sea: str, colour: Colour, alpha: float) -> None:
        shape = self.geo.seas.get(sea)
        if shape is None:
            return
        base = self.mv.base
        self._fill(surface, ("sea", sea),
                   lambda: [[base.uv(p) for p in r] for r in shape.polygons], colour, alpha)

    def _fill(self, surface: pygame.Surface, key: tuple[object, ...],
              rings: Callable[[], list[list[Point]]], colour: Colour, alpha: float) -> None:
        """Fill rings (in map units from the map's top-left corner) with a see-through colour.
        Images are cached per zoom; one larger than the view is cut to the part near it."""
        if alpha <= 0.01:
            return
        zoom = self.mv.zoom
        shape = self._outlines.get((zoom, *key))
        if shape is None:
            pts = [[(u * zoom, v * zoom) for u, v in ring] for ring in rings() if len(ring) >= 3]
            if not pts:
                return
            box = pygame.Rect(math.floor(min(p[0] for r in pts for p in r)) - 1,
                              math.floor(min(p[1] for r in pts for p in r)) - 1, 0, 0)
            box.width = math.ceil(max(p[0] for r in pts for p in r)) + 2 - box.x
            box.height = math.ceil(max(p[1] for r in pts for p in r)) + 2 - box.y
            if len(self._outlines) > 400:
                self._outlines.clear()
            shape = self._outlines[(zoom, *key)] = (pts, box)
        pts, box = shape
        lx, ly = self.mv.base.to_level(zoom, 0.0, 0.0)
        ox, oy = self.origin()
        left, top = ox - lx, oy - ly  # where the level's (0, 0), the map's corner, is on screen
        window = box
        if box.width > MAX_FILL or box.height > MAX_FILL:  # only the part near the view
            seen = self.mv.rect.move(-round(left), -round(top)).inflate(TILE, TILE)
            seen.x, seen.y = seen.x // TILE * TILE, seen.y // TILE * TILE
            window = box.clip(seen)
            if window.width <= 0 or window.height <= 0:
                return
        full = (zoom, *key, colour, tuple(window))
        image = self._shades.get(full)
        if image is None:
            image = pygame.Surface(window.size, pygame.SRCALPHA)
            for ring in pts:
                pygame.draw.polygon(image, (*colour, 255),
                                    [(x - window.x, y - window.y) for x, y in ring])
            if len(self._shades) > 300:
                self._shades.clear()
            self._shades[full] = image
        image.set_alpha(int(255 * min(1.0, alpha)))
        surface.blit(image, (round(left + window.x), round(top + window.y)))
        image.set_alpha(None)
