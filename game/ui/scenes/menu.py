"""The main menu: Continue, New game, Load, Join, Settings, Rules, About, Quit."""

from __future__ import annotations

import pygame
import pygame_gui

from game.core import load_game_data
from game.persist import autosaves

from ..draw import backdrop, civ_badge, title
from ..scene import Scene
from ..theme import Palette


class MenuScene(Scene):
    name = "menu"

    def build(self) -> None:
        w, h = self.app.screen.get_size()
        bw, bh, gap = self.px(300), self.px(50), self.px(12)
        entries = (
            ("continue", "Continue", "Open the newest autosave"),
            ("new", "New game", "Choose players, rules and map"),
            ("load", "Load", "Open a saved game"),
            ("join", "Join", "Join a network game someone hosts"),
            ("settings", "Settings", "UI scale, animation speed, window, sound"),
            ("rules", "Rules", "Phases, advances and calamities"),
            ("about", "About", "What Calamitas is, its version and credits"),
            ("quit", "Quit", "Close Calamitas"),
        )
        x = (w - bw) // 2
        column = len(entries) * (bh + gap) - gap
        y = min(int(h * 0.38), h - column - self.px(16))  # the column fits short windows
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        has_autosave = bool(autosaves()) if self.app.persist_settings else False
        for key, text, tip in entries:
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, y, bw, bh), text, self.app.manager, container=self.container,
                tool_tip_text=tip, object_id=pygame_gui.core.ObjectID(
                    object_id=f"#menu_{key}", class_id="@menu_button"))
            if key == "continue" and not has_autosave:
                button.disable()
            self.buttons[key] = button
            y += bh + gap

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(key)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def choose(self, key: str) -> None:
        if key == "new":
            self.app.push(self.app.make("new game"))
        elif key == "load":
            self.app.push(self.app.make("load"))
        elif key == "continue":
            self.app.make("continue")
        elif key == "join":
            self.app.push(self.app.make("join"))
        elif key == "settings":
            self.app.push(self.app.make("settings"))
        elif key == "rules":
            self.app.push(self.app.make("rules"))
        elif key == "about":
            self.app.push(self.app.make("about"))
        elif key == "quit":
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.theme)
        w, h = surface.get_size()
        title(surface, self.theme, "Calamitas", (w // 2, int(h * 0.1)), size=64, center=True)
        sub = self.theme.text("Trade, advance, endure — the Mega Civilization family of games",
                              17, Palette.text_dim, "italic")
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(h * 0.1) + self.px(84))))
        civs = list(load_game_data().civilizations.values())
        d = self.px(30)
        gap = self.px(8)
        total = len(civs) * (d + gap) - gap
        x = (w - total) // 2 + d // 2
        y = int(h * 0.1) + self.px(136)
        for civ in civs:
            civ_badge(surface, self.theme, civ.id, civ.emblem, (x, y), d)
            x += d + gap
