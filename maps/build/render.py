"""The preview PNG: the board as a player would see it, drawn with pygame-ce (headless).

Drawn from the build's own geometry and the map document, so it shows exactly what was written.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shapely
from shapely.geometry.base import BaseGeometry

from .land import polygons_of

if TYPE_CHECKING:
    from .build import Built

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"
SEA = (120, 164, 196)
COAST_WATER = (160, 196, 220)
SEA_LINE = (96, 138, 176)
WASTE = (214, 203, 176)
WASTE_HATCH = (196, 183, 152)
LAKE = (140, 184, 212)
RIVER = (52, 110, 178)
BORDER = (96, 78, 60)
COAST = (60, 70, 84)
FLOOD = (46, 110, 52)
POP_FILL = [(232, 220, 178), (226, 226, 170), (212, 224, 156), (192, 216, 140), (168, 204, 122),
            (146, 190, 106)]
TEXT = (40, 32, 24)
SEA_TEXT = (30, 60, 110)


class Canvas:
    def __init__(self, bounds: tuple[float, float, float, float], scale: float) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame

        self.pg = pygame
        pygame.font.init()
        self.x0, self.y0, self.x1, self.y1 = bounds
        self.s = scale
        self.size = (math.ceil((self.x1 - self.x0) * scale), math.ceil((self.y1 - self.y0) * scale))
        self.surf = pygame.Surface(self.size)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.x0) * self.s, (self.y1 - y) * self.s)

    def font(self, name: str, size: int) -> Any:
        return self.pg.font.Font(str(FONTS / name), size)

    def fill(self, geom: BaseGeometry, colour: tuple[int, ...], surf: Any = None) -> None:
        target = surf if surf is not None else self.surf
        for poly in polygons_of(geom):
            pts = [self.xy(x, y) for x, y in poly.exterior.coords]
            if len(pts) >= 3:
                self.pg.draw.polygon(target, colour, pts)
            for hole in poly.interiors:
                hp = [self.xy(x, y) for x, y in hole.coords]
                if len(hp) >= 3:
                    self.pg.draw.polygon(target, SEA, hp)

    def lines(self, geom: BaseGeometry, colour: tuple[int, ...], width: int = 1,
              dash: float = 0.0) -> None:
        parts = getattr(geom, "geoms", [geom])
        for part in parts:
            if part.is_empty:
                continue
            if part.geom_type in ("Polygon",):
                for ring in [part.exterior, *part.interiors]:
                    self._line(list(ring.coords), colour, width, dash)
            elif part.geom_type in ("LineString", "LinearRing"):
                self._line(list(part.coords), colour, width, dash)
            elif hasattr(part, "geoms"):
                self.lines(part, colour, width, dash)

    def _line(self, coords: list[tuple[float, float]], colour: tuple[int, ...], width: int,
              dash: float) -> None:
        pts = [self.xy(x, y) for x, y in coords]
        if len(pts) < 2:
            return
        if not dash:
            if width <= 1:
                self.pg.draw.aalines(self.surf, colour, False, pts)
            else:
                self.pg.draw.lines(self.surf, colour, False, pts, width)
            return
        on, run = True, 0.0
        for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
            seg = math.hypot(bx - ax, by - ay)
            pos = 0.0
            while pos < seg:
                step = min(dash - run, seg - pos)
                if on:
                    t0, t1 = pos / seg, (pos + step) / seg
                    self.pg.draw.line(self.surf, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                      (ax + (bx - ax) * t1, ay + (by - ay) * t1), width)
                pos += step
                run += step
                if run >= dash - 1e-9:
                    on, run = not on, 0.0

    def text(self, font: Any, words: str, at: tuple[float, float], colour: tuple[int, ...],
             halo: tuple[int, ...] | None = (250, 246, 232)) -> None:
        img = font.render(words, True, colour)
        x, y = at[0] - img.get_width() / 2, at[1] - img.get_height() / 2
        if halo is not None:
            ring = font.render(words, True, halo)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
                self.surf.blit(ring, (x + dx, y + dy))
        self.surf.blit(img, (x, y))


def _hatch(cv: Canvas, geom: BaseGeometry) -> None:
    """Diagonal hatching over off-board land, clipped by drawing through a mask surface."""
    pg = cv.pg
    mask = pg.Surface(cv.size, pg.SRCALPHA)
    cv.fill(geom, (255, 255, 255, 255), mask)
    lines = pg.Surface(cv.size, pg.SRCALPHA)
    w, h = cv.size
    for k in range(-h, w, 9):
        pg.draw.line(lines, (*WASTE_HATCH, 255), (k, h), (k + h, 0), 1)
    lines.blit(mask, (0, 0), special_flags=pg.BLEND_RGBA_MIN)
    cv.surf.blit(lines, (0, 0))


def render_preview(built: Built, path: Path, scale: float = 0.6) -> None:
    doc, land, part, topo = built.doc, built.land, built.part, built.topo
    cv = Canvas(tuple(doc["bounds"]), scale)  # type: ignore[arg-type]
    pg = cv.pg
    cv.surf.fill(SEA)
    for geom in part.water.values():
        cv.fill(geom, COAST_WATER)
    for geom in part.seas.values():
        cv.lines(geom, SEA_LINE, 1)
    for geom in part.water.values():
        cv.lines(geom, (140, 178, 206), 1)
    # off-board land as the file has it, so the preview shows what the client draws
    waste = shapely.MultiPolygon([shapely.Polygon(ring) for ring in doc["off_board"]])
    cv.fill(waste, WASTE)
    _hatch(cv, waste)
    specs = {a.id: a for a in built.src.areas}
    for aid, geom in part.land.items():
        cv.fill(geom, POP_FILL[specs[aid].pop])
    flood = pg.Surface(cv.size, pg.SRCALPHA)
    for band in land.bands.values():
        cv.fill(band, (*FLOOD, 150), flood)
    cv.surf.blit(flood, (0, 0))
    for geom in land.lakes.values():
        cv.fill(geom, LAKE)
    for geom in land.inland.values():
        cv.fill(geom, LAKE)
    for river in doc["rivers"]:
        pts = [cv.xy(x, y) for x, y in river["points"]]
        pg.draw.lines(cv.surf, RIVER, False, pts, 2)
    # map halves: where the West-only and East-only areas meet the shared middle
    halves = {h: shapely.union_all([part.land[a] for a in part.land if topo.blocks[a] == h])
              for h in ("west", "east")}
    middle = shapely.union_all([part.land[a] for a in part.land if topo.blocks[a] is None])
    for h, colour in (("west", (170, 40, 40)), ("east", (120, 40, 150))):
        cv.lines(halves[h].boundary.intersection(middle.buffer(0.5)), colour, 3, dash=10)
    for geom in part.land.values():
        cv.lines(geom, BORDER, 1)
    cv.lines(shapely.union_all([waste, *part.land.values()]), COAST, 1)
    for geom in land.lakes.values():
        cv.lines(geom, COAST, 1)
    for geom in land.inland.values():
        cv.lines(geom, COAST, 1)
    _features(cv, built)
    _labels(cv, built)
    _cartouche(cv, built)
    pg.draw.rect(cv.surf, (60, 50, 40), (0, 0, *cv.size), 3)
    path.parent.mkdir(parents=True, exist_ok=True)
    pg.image.save(cv.surf, str(path))


def _features(cv: Canvas, built: Built) -> None:
    pg = cv.pg
    doc = built.doc
    for strait in built.src.straits:
        if not any(s["id"] == strait["id"] for s in doc["straits"]):
            continue
        (a, b) = [cv.xy(*built.proj.point(*end)) for end in strait["ends"]]
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n * 9, dy / n * 9
        pg.draw.line(cv.surf, (120, 70, 30), (mx - ux, my - uy), (mx + ux, my + uy), 4)
        pg.draw.line(cv.surf, (250, 230, 180), (mx - ux, my - uy), (mx + ux, my + uy), 2)
    for v in doc["volcanoes"]:
        x, y = cv.xy(*v["point"])
        pts = [(x, y - 8), (x - 7, y + 5), (x + 7, y + 5)]
        pg.draw.polygon(cv.surf, (200, 40, 20), pts)
        pg.draw.polygon(cv.surf, (60, 20, 10), pts, 1)
        pg.draw.circle(cv.surf, (255, 170, 40), (x, y - 8), 2)
    for area in doc["areas"]:
        if "site_point" not in area:
            continue
        x, y = cv.xy(*area["site_point"])
        rect = pg.Rect(0, 0, 8, 8)
        rect.center = (round(x), round(y))
        pg.draw.rect(cv.surf, (255, 255, 255) if area["site"] == "white" else (20, 20, 20), rect)
        pg.draw.rect(cv.surf, (20, 20, 20), rect, 1)


def _civ_colours() -> dict[str, tuple[int, int, int]]:
    from game.core.gamedata import load_game_data

    out = {}
    for cid, civ in load_game_data().civilizations.items():
        h = civ.colour.lstrip("#")
        out[cid] = (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
    return out


def _labels(cv: Canvas, built: Built) -> None:
    pg = cv.pg
    doc = built.doc
    name_font = cv.font("NotoSans-Regular.ttf", 11)
    tight_font = cv.font("NotoSans-Regular.ttf", 9)  # for the small areas of Greece and Canaan
    pop_font = cv.font("NotoSans-Bold.ttf", 10)
    civ_font = cv.font("NotoSans-Bold.ttf", 12)
    sea_font = cv.font("NotoSans-Italic.ttf", 15)
    lake_font = cv.font("NotoSans-Italic.ttf", 11)
    colours = _civ_colours()
    starts = {aid: civ for civ, aid in doc["start_areas"].items()}
    for sea in doc["seas"]:
        cv.text(sea_font, sea["name"], cv.xy(*sea["label"]), SEA_TEXT, halo=None)
    for lake in doc["lakes"]:
        if lake["id"].startswith("mare_") or len(lake["polygons"][0]) > 30:
            cv.text(lake_font, lake["name"], cv.xy(*lake["label"]), SEA_TEXT, halo=None)
    for area in doc["areas"]:
        x, y = cv.xy(*area["label"])
        civ = starts.get(area["id"])
        small = built.part.land[area["id"]].area < 7000
        cv.text(tight_font if small else name_font, area["name"], (x, y - 7), TEXT)
        centre = (round(x), round(y + 7))
        if civ:
            pg.draw.circle(cv.surf, colours[civ], centre, 10)
            pg.draw.circle(cv.surf, (20, 20, 20), centre, 10, 1)
        pg.draw.circle(cv.surf, (255, 255, 255), centre, 7)
        pg.draw.circle(cv.surf, (40, 40, 40), centre, 7, 1)
        img = pop_font.render(str(area["pop"]), True, TEXT)
        cv.surf.blit(img, (centre[0] - img.get_width() / 2, centre[1] - img.get_height() / 2))
        if civ:
            name = built.src.board.get("civ_names", {}).get(civ, civ.capitalize())
            cv.text(civ_font, name, (x, y + 23), colours[civ], halo=(20, 20, 20))


def _cartouche(cv: Canvas, built: Built) -> None:
    pg = cv.pg
    title = cv.font("DejaVuSerif-Bold.ttf", 30)
    small = cv.font("NotoSans-Regular.ttf", 13)
    box = pg.Rect(20, cv.size[1] - 250, 430, 230)
    pg.draw.rect(cv.surf, (246, 238, 214), box)
    pg.draw.rect(cv.surf, (90, 70, 50), box, 2)
    x, y = box.x + 16, box.y + 12
    cv.surf.blit(title.render(built.doc["name"].split(":")[0], True, TEXT), (x, y))
    y += 44
    rows = [
        ((255, 255, 255), "square", "white city site"),
        ((20, 20, 20), "square", "black city site (safe from flood)"),
        ((*FLOOD,), "band", "flood plain"),
        ((200, 40, 20), "tri", "volcano"),
        ((250, 230, 180), "bar", "strait (crossed as by land)"),
        ((170, 40, 40), "dash", "limit of the West-only half"),
        ((120, 40, 150), "dash", "limit of the East-only half"),
    ]
    for colour, kind, words in rows:
        cx, cy = x + 10, y + 9
        if kind == "square":
            r = pg.Rect(0, 0, 9, 9)
            r.center = (cx, cy)
            pg.draw.rect(cv.surf, colour, r)
            pg.draw.rect(cv.surf, (20, 20, 20), r, 1)
        elif kind == "band":
            pg.draw.rect(cv.surf, colour, (cx - 9, cy - 4, 18, 8))
        elif kind == "tri":
            pg.draw.polygon(cv.surf, colour, [(cx, cy - 7), (cx - 6, cy + 5), (cx + 6, cy + 5)])
        elif kind == "bar":
            pg.draw.line(cv.surf, (120, 70, 30), (cx - 9, cy), (cx + 9, cy), 4)
            pg.draw.line(cv.surf, colour, (cx - 9, cy), (cx + 9, cy), 2)
        else:
            pg.draw.line(cv.surf, colour, (cx - 10, cy), (cx - 2, cy), 3)
            pg.draw.line(cv.surf, colour, (cx + 3, cy), (cx + 10, cy), 3)
        cv.surf.blit(small.render(words, True, TEXT), (x + 28, y))
        y += 21
    credit = "Made with Natural Earth. Areas, rivers and names: Calamitas."
    cv.surf.blit(small.render(credit, True, (90, 80, 70)), (x, box.bottom - 24))
