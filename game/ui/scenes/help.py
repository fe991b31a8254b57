"""Help: every keyboard shortcut and mouse gesture, and a legend of the map's marks, each drawn
the way the map draws it. Opened with H (or ?) in a game, or from the game menu.

Esc, decided: it stops what is under way (the animations playing, a drag of tokens) and else
opens the game menu; it never takes back a move. Taking back is Ctrl+Z or Backspace, the Undo
button.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.core import MARKER_KINDS, load_game_data

from ..draw import backdrop, panel, title
from ..map.markers import MarkerLayer
from ..map.tiles import WASTE, WASTE_HATCH
from ..map.view import MapView
from ..scene import Scene
from ..theme import Palette, shade
from ..words.events import marker_name

Drawer = Callable[[pygame.Surface, pygame.Rect], None]  # draws a legend sample in a box

KEYS = (
    ("Enter / Space", "Done: end the step (the highlighted button); Space also skips one "
                      "animation"),
    ("Esc", "Stop the animations or a drag; otherwise open the game menu (never undoes)"),
    ("Ctrl+Z / Backspace", "Take back your last pick (the Undo button)"),
    ("Tab", "Skip what is showing, and let the bots play at full speed (again: back)"),
    ("F1 - F5", "Side panel: You, Advances, A.S.T., Table, Log"),
    ("H / ?", "This help"),
    ("+ / -, mouse wheel", "Zoom the map in and out"),
    ("F / Home / 0", "Fit the whole map in view"),
    ("Arrow keys", "Pan the map"),
    ("Click a lit area", "Choose it (areas you may pick are lit in gold)"),
    ("Drag from a lit area", "Move tokens from there to where you let go"),
    ("Drag elsewhere", "Pan the map"),
    ("Hover", "Tooltips: an area's numbers, a card, a phase, a button"),
)

LEGEND = (
    ("white-site", "White city square: a city site on a flood plain (Flood can reduce it)"),
    ("black-site", "Black city square: a city site, safe from Flood"),
    ("limit", "Circled number: the area's population limit"),
    ("volcano", "Red triangle: a volcano (it touches the areas around it)"),
    ("strait", "Dashed line: a strait, crossed by land as if the areas touched"),
    ("waste", "Hatched land: off the board or out of play; nobody moves there"),
    ("token", "Disc with an emblem and a number: a civilization's tokens"),
    ("city", "Tower with an emblem: a city"),
    ("ship", "Hull with a sail: a ship (with a number when several)"),
    ("barbarians", "Black spiked disc: barbarian tokens"),
    ("pirate", "Black tower with crossbones: a pirate city"),
)

# The Events module's markers, drawn on the map as MarkerLayer draws them (a chip over the area's
# name, the area tinted); "in decline" lies on a civilization and is told in the Table panel.
MAP_MARKERS = tuple(k for k in MARKER_KINDS if k != "in_decline")


MARKERS_NOTE = ("A chip over a tinted area is a marker of the Events module, its number the turns "
                "it stays (hover it). In decline: see the Table panel.")


class HelpScene(Scene):
    name = "help"

    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        self.box = pygame.Rect(0, 0, min(w - px(40), px(1180)), min(h - px(30), px(700)))
        self.box.center = (w // 2, h // 2)
        # Back in the title's row, top right: the columns below get the box's whole height
        self.back = UIButton(
            pygame.Rect(self.box.right - px(178), self.box.y + px(16), px(150), px(40)),
            "Back", self.app.manager, container=self.container,
            object_id=pygame_gui.core.ObjectID(object_id="#help_back"))
        self.book = UIButton(  # the book for someone new to the game (issue 39)
            pygame.Rect(self.box.right - px(178) - px(170), self.box.y + px(16), px(160),
                        px(40)), "How to play", self.app.manager, container=self.container,
            object_id=pygame_gui.core.ObjectID(object_id="#help_book"))
        self._marks: list[tuple[str, pygame.Rect]] = []

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.book:
            self.app.push(self.app.make("book"))
            return
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back
        if pressed or event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_h):
            self.app.pop()

    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        return list(self._marks)

    def draw(self, surface: pygame.Surface) -> None:
        px, t = self.px, self.theme
        backdrop(surface, t)
        panel(surface, self.box, t, radius=12)
        self._marks = []
        title(surface, t, "Help", (self.box.x + px(28), self.box.y + px(14)), size=30)
        col_w = (self.box.width - px(84)) // 2
        top = self.box.y + px(64)
        bottom = self.box.bottom - px(16)
        left = pygame.Rect(self.box.x + px(28), top, col_w, bottom - top)
        right = pygame.Rect(left.right + px(28), top, col_w, bottom - top)
        # The Events markers go under the keys or under the map's legend, whichever leaves
        # the larger type for both columns.
        markers = self._markers_height(left.width)
        first_w = max(t.font("bold", 14).size(k)[0] for k, _ in KEYS) + px(14)
        less = [(box.x, box.y, box.width, box.height - markers - px(12)) for box in (left, right)]
        keys: list[tuple[str | Drawer, str]] = list(KEYS)
        legend = self._legend_rows()
        choices: list[tuple[int, str, pygame.Rect, pygame.Rect]] = []
        for under in ("keys", "legend"):
            k = pygame.Rect(less[0]) if under == "keys" else left
            g = pygame.Rect(less[1]) if under == "legend" else right
            fits = (self._fit(k, keys, first_w, 14), self._fit(g, legend, px(56), 14))
            if all(fits):
                choices.append((min(f[0] for f in fits if f), under, k, g))
        _, under, k, g = max(choices, default=(0, "keys", pygame.Rect(less[0]), right))
        end = self._rows(surface, k, "Keys and mouse", keys, first_w, 14)
        end2 = self._rows(surface, g, "Map legend", legend, px(56), 14)
        x = left.x if under == "keys" else right.x
        self._markers(surface, pygame.Rect(x, (end if under == "keys" else end2) + px(12),
                                           left.width, markers))

    def _fit(self, box: pygame.Rect, rows: list[tuple[str | Drawer, str]], first_w: int,
             size: int, least: int = 8) -> tuple[int, list[list[str]], list[int]] | None:
        """The largest type size from `size` down to `least` at which the heading and every
        row fit the box, with each row's lines and height; None if none does."""
        from ..draw import wrap

        t, px = self.theme, self.px
        for pt in range(size, least - 1, -1):
            line = t.font("regular", pt).get_linesize()
            texts = [wrap(t, what, box.width - first_w, pt) for _, what in rows]
            heights = [max(len(ls) * line, line if isinstance(first, str) else px(24))
                       for (first, _), ls in zip(rows, texts, strict=True)]
            if sum(h + px(4) for h in heights) <= box.height - px(30):
                return pt, texts, heights
        return None

    def _rows(self, surface: pygame.Surface, box: pygame.Rect, heading: str,
              rows: list[tuple[str | Drawer, str]], first_w: int, size: int,
              fit: tuple[int, list[list[str]], list[int]] | None = None) -> int:
        """A heading, then rows of (a key name or a sample drawer, what it means), the type
        made smaller until every row fits the box; returns the bottom of the last row."""
        t, px = self.theme, self.px
        surface.blit(t.text(heading, 16, Palette.gold_light, "bold"), (box.x, box.y))
        fit = fit or self._fit(box, rows, first_w, size)
        if fit is None:  # the smallest type: rows beyond the box are cut by the panel
            fit = self._fit(pygame.Rect(box.x, box.y, box.width, 10**6), rows, first_w, 8)
            assert fit is not None
        pt, texts, heights = fit
        line = t.font("regular", pt).get_linesize()
        y = box.y + px(30)
        for (first, _), lines, height in zip(rows, texts, heights, strict=True):
            if isinstance(first, str):
                key = t.text(first, pt, Palette.text, "bold")
                surface.blit(key, (box.x, y))
            else:
                first(surface, pygame.Rect(box.x, y, first_w - px(10), height))
            for i, text in enumerate(lines):
                img = t.text(text, pt, Palette.text_dim)
                surface.blit(img, (box.x + first_w, y + i * line))
                self._marks.append((text[:24], img.get_rect(topleft=(box.x + first_w,
                                                                      y + i * line))))
            y += height + px(4)
        return y

    def _markers_height(self, width: int) -> int:
        """The Events markers' block: heading, note, chips three to a row."""
        from ..draw import wrap

        t, px = self.theme, self.px
        note = len(wrap(t, MARKERS_NOTE, width, 11)) * t.font("regular", 11).get_linesize()
        return px(30) + note + px(6) + -(-len(MAP_MARKERS) // self._per_row(width)) * px(28)

    def _per_row(self, width: int) -> int:
        """Marker chips to a row: as many as fit with their names, at most all of them."""
        t, px = self.theme, self.px
        cell = px(20) + px(12) + max(t.font("regular", 12).size(marker_name(k))[0]
                                      for k in MAP_MARKERS)
        return max(1, min(len(MAP_MARKERS), width // cell))

    def _markers(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Each marker the Events module draws on the map, its chip made by the map's own
        marker layer, with its name."""
        from ..draw import text_block

        t, px = self.theme, self.px
        surface.blit(t.text("Events markers", 16, Palette.gold_light, "bold"), (box.x, box.y))
        y = box.y + px(30)
        y += text_block(surface, t, MARKERS_NOTE, (box.x, y), box.width, size=11,
                        colour=Palette.text_dim) + px(6)
        self._marks.append(("markers note", pygame.Rect(box.x, box.y, box.width, y - box.y)))
        layer = MarkerLayer(t)
        per_row = self._per_row(box.width)
        cell = box.width // per_row
        for i, kind in enumerate(MAP_MARKERS):
            row, col = divmod(i, per_row)
            x, yy = box.x + col * cell, y + row * px(28)
            chip = layer._chip(kind, 2, px(20))
            surface.blit(chip, (x, yy))
            name = t.text(marker_name(kind), 12, Palette.text)
            at = (x + chip.get_width() + px(6), yy + (px(22) - name.get_height()) // 2)
            surface.blit(name, at)
            self._marks.append((f"marker {kind}", name.get_rect(topleft=at)))

    def _legend_rows(self) -> list[tuple[str | Drawer, str]]:
        return [(_sample(self, kind), text) for kind, text in LEGEND]


class _Sprites:
    """What MapView's sprite makers read of the map view: the theme and the emblems."""

    def __init__(self, theme: object) -> None:
        self.theme = theme
        self._emblems = {cid: c.emblem for cid, c in load_game_data().civilizations.items()}


def _map_sprite(theme: object, kind: str, owner: str, d: int) -> pygame.Surface:
    """A token stack, city or ship made by the map view's own sprite makers."""
    shim = _Sprites(theme)
    if kind in ("city", "pirate"):
        return MapView._make_city(shim, owner, d)  # type: ignore[arg-type]
    if kind == "ship":
        return MapView._make_ship(shim, owner, 2, d)  # type: ignore[arg-type]
    return MapView._make_stack(shim, owner, 3, d)  # type: ignore[arg-type]


def _sample(scene: HelpScene, kind: str) -> Drawer:
    """A drawer of one map mark in a small box, drawn as the map draws it."""
    t = scene.theme
    px = t.px

    def draw(surface: pygame.Surface, box: pygame.Rect) -> None:
        c = (box.x + px(20), box.y + px(11))
        plate = pygame.Rect(box.x, box.y - px(2), px(40), px(26))
        pygame.draw.rect(surface, Palette.land, plate, border_radius=px(4))  # as on the map
        if kind in ("white-site", "black-site"):
            rect = pygame.Rect(0, 0, px(12), px(12))
            rect.center = c
            pygame.draw.rect(surface, Palette.site_white if kind == "white-site"
                             else Palette.site_black, rect)
            pygame.draw.rect(surface, Palette.ink, rect, max(1, round(t.scale)))
        elif kind == "limit":
            pygame.draw.circle(surface, (250, 244, 228), c, px(8))
            pygame.draw.circle(surface, Palette.land_edge, c, px(8), 1)
            num = t.text("3", 11, Palette.ink, "bold")
            surface.blit(num, num.get_rect(center=c))
        elif kind == "volcano":
            h = px(9)
            tri = [(c[0], c[1] - h), (c[0] - h, c[1] + h * 0.7), (c[0] + h, c[1] + h * 0.7)]
            pygame.draw.polygon(surface, Palette.volcano, tri)
            pygame.draw.polygon(surface, Palette.ink, tri, max(1, round(t.scale)))
            pygame.draw.circle(surface, (255, 170, 60), (c[0], c[1] - h + 2), max(2, h // 3))
        elif kind == "strait":
            for k in range(0, 6, 2):
                a = (c[0] - px(18) + k * px(6), c[1])
                pygame.draw.line(surface, Palette.land_edge, a, (a[0] + px(6), c[1]), px(3))
        elif kind == "waste":
            rect = plate.inflate(-px(4), -px(4))
            pygame.draw.rect(surface, WASTE, rect)
            clip = surface.get_clip()
            surface.set_clip(rect)
            for k in range(-rect.height, rect.width, px(6)):
                pygame.draw.line(surface, WASTE_HATCH, (rect.x + k, rect.bottom),
                                 (rect.x + k + rect.height, rect.y))
            surface.set_clip(clip)
            pygame.draw.rect(surface, shade(WASTE, 0.7), rect, 1)
        elif kind in ("token", "barbarians", "city", "pirate", "ship"):
            owner = "pirate" if kind == "pirate" else (
                "barbarians" if kind == "barbarians" else "minoa")
            img = _map_sprite(t, kind, owner, px(22))
            surface.blit(img, img.get_rect(center=c))

    return draw
