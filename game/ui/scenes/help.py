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

from game.core import load_game_data

from ..draw import backdrop, panel, title
from ..map.tiles import WASTE, WASTE_HATCH
from ..map.view import MapView
from ..scene import Scene
from ..theme import Palette, shade

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


class HelpScene(Scene):
    name = "help"

    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        self.box = pygame.Rect(0, 0, min(w - px(40), px(1180)), min(h - px(30), px(700)))
        self.box.center = (w // 2, h // 2)
        self.back = UIButton(
            pygame.Rect(self.box.centerx - px(75), self.box.bottom - px(54), px(150), px(40)),
            "Back", self.app.manager, container=self.container,
            object_id=pygame_gui.core.ObjectID(object_id="#help_back"))
        self._marks: list[tuple[str, pygame.Rect]] = []

    def handle(self, event: pygame.event.Event) -> None:
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
        bottom = self.back.rect.y - px(10)
        left = pygame.Rect(self.box.x + px(28), top, col_w, bottom - top)
        right = pygame.Rect(left.right + px(28), top, col_w, bottom - top)
        self._keys(surface, left)
        self._legend(surface, right)

    def _rows(self, surface: pygame.Surface, box: pygame.Rect, heading: str,
              rows: list[tuple[str | Drawer, str]], first_w: int, size: int) -> None:
        """A heading, then rows of (a key name or a sample drawer, what it means), the type
        made smaller until every row fits the box."""
        from ..draw import wrap

        t, px = self.theme, self.px
        surface.blit(t.text(heading, 16, Palette.gold_light, "bold"), (box.x, box.y))
        for pt in range(size, 7, -1):
            line = t.font("regular", pt).get_linesize()
            texts = [wrap(t, what, box.width - first_w, pt) for _, what in rows]
            least = [line if isinstance(first, str) else px(24) for first, _ in rows]
            if sum(max(len(ls) * line, low) + px(4)
                   for ls, low in zip(texts, least, strict=True)) <= box.height - px(30):
                break
        y = box.y + px(30)
        for (first, _), lines, low in zip(rows, texts, least, strict=True):
            height = max(len(lines) * line, low)
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

    def _keys(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        t = self.theme
        first_w = max(t.font("bold", 14).size(k)[0] for k, _ in KEYS) + self.px(14)
        self._rows(surface, box, "Keys and mouse", list(KEYS), first_w, 14)

    def _legend(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        rows: list[tuple[str | Drawer, str]] = [(_sample(self, kind), text)
                                                for kind, text in LEGEND]
        self._rows(surface, box, "Map legend", rows, self.px(56), 14)


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
