"""About Calamitas: what it is, its version, and the credits (kept in step with the README's
Credits section; a test checks that every name here is there too)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.persist import game_version

from ..draw import backdrop, panel, text_block, title
from ..scene import Scene
from ..theme import Palette

WHAT = (
    "A desktop client for the Civilization family of board games: Francis Tresham's "
    "Civilization, Advanced Civilization and Mega Civilization / Mega Empires. Spread across the "
    "ancient Mediterranean and Near East, build cities, trade, buy advances, climb the A.S.T. "
    "and endure the calamities, hot-seat around one screen or alone against bots."
)

# (heading, text): the README's Credits section says the same.
CREDITS = (
    ("Game design of the originals",
     "Francis Tresham (Civilization, Hartland Trefoil / Avalon Hill), and Flo de Haan & John "
     "Rodriguez (Mega Civilization, Mega Empires). Calamitas is an unofficial fan project with "
     "its own code, text and artwork."),
    ("Map",
     "Made with Natural Earth. Free vector and raster map data @ naturalearthdata.com. The "
     "board's coastlines and lakes are Natural Earth's (public domain); its areas, rivers and "
     "names are Calamitas's own."),
    ("Fonts",
     "Noto Sans (The Noto Project Authors), SIL Open Font License 1.1. DejaVu Serif (Bitstream "
     "Vera licence; the DejaVu changes are in the public domain). The licence texts are in "
     "assets/fonts."),
    ("Built with",
     "pygame-ce (LGPL 2.1), pygame-gui (MIT), pymunk (MIT), platformdirs (MIT), tomli-w "
     "(MIT) and websockets (BSD 3-Clause)."),
)


class AboutScene(Scene):
    name = "about"

    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        self.box = pygame.Rect(0, 0, min(w - px(40), px(760)), min(h - px(40), px(580)))
        self.box.center = (w // 2, h // 2)
        self.back = UIButton(
            pygame.Rect(self.box.centerx - px(75), self.box.bottom - px(60), px(150), px(42)),
            "Back", self.app.manager, container=self.container,
            object_id=pygame_gui.core.ObjectID(object_id="#about_back"))

    def handle(self, event: pygame.event.Event) -> None:
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back
        if pressed or event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        px, t = self.px, self.theme
        backdrop(surface, t)
        panel(surface, self.box, t, radius=12)
        title(surface, t, "Calamitas", (self.box.centerx, self.box.y + px(18)), size=36,
              center=True)
        version = t.text(f"Version {game_version()}", 14, Palette.text_dim, "italic")
        surface.blit(version, version.get_rect(midtop=(self.box.centerx, self.box.y + px(66))))
        x, width = self.box.x + px(32), self.box.width - px(64)
        y = self.box.y + px(100)
        y += text_block(surface, t, WHAT, (x, y), width, 15) + px(14)
        for heading, text in CREDITS:
            surface.blit(t.text(heading, 15, Palette.gold_light, "bold"), (x, y))
            y += t.font("bold", 15).get_linesize()
            y += text_block(surface, t, text, (x, y), width, 14, Palette.text) + px(10)
