"""The in-game menu over the game screen: resume, save, rules, settings, main menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from game.persist import SaveError, safe_name, write_save
from game.persist import paths as persist_paths
from game.persist.saves import SUFFIX

from ..draw import panel, title
from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App
    from .game import GameScene


MARGIN = 16  # unscaled pixels kept clear between the menu and the window's edges


class GameMenuScene(Scene):
    name = "game_menu"
    opaque = False

    def __init__(self, app: App, game: GameScene) -> None:
        super().__init__(app)
        self.game = game

    def build(self) -> None:
        px = self.px
        w, h = self.app.screen.get_size()
        bw, bh, gap = px(280), px(44), px(8)
        # as tall as what it holds, a margin clear of the window's edges (issue 36: at UI
        # scale 1.5 it touched the top and bottom of a 1366x768 window)
        margin = px(MARGIN)
        head, entry = px(80), px(42)
        while True:
            tall = head + entry + 6 * (bh + gap) - gap + px(30)
            if tall <= h - 2 * margin or bh <= px(30):
                break
            bh, gap = bh - px(2), max(px(4), gap - px(1))
        self.box = pygame.Rect(0, 0, bw + px(60), min(tall, h - 2 * margin))
        self.box.center = (w // 2, h // 2)
        x = self.box.x + px(30)
        y = self.box.y + head
        m, c = self.app.manager, self.container
        self.buttons: dict[str, UIButton] = {}
        state = self.game.session.state
        default = safe_name(f"{state.config.ruleset} turn {state.turn}")
        self.name_entry = UITextEntryLine(pygame.Rect(x, y, bw, px(34)), m, container=c,
                                          initial_text=default)
        self.name_entry.set_text_length_limit(60)
        y += entry
        for key, text in (("save", "Save game"), ("resume", "Resume"), ("rules", "Rules"),
                          ("help", "Help and legend"), ("settings", "Settings"),
                          ("menu", "Main menu")):
            self.buttons[key] = UIButton(pygame.Rect(x, y, bw, bh), text, m, container=c,
                                         object_id=pygame_gui.core.ObjectID(
                                             object_id=f"#gm_{key}", class_id="@menu_button"))
            y += bh + gap

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if event.ui_element is button:
                    self.choose(key)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def choose(self, key: str) -> None:
        if key == "resume":
            self.app.pop()
        elif key == "save":
            self.save()
        elif key == "rules":
            self.app.push(self.app.make("rules", self.game.session.state.config.ruleset))
        elif key == "help":
            self.app.push(self.app.make("help"))
        elif key == "settings":
            self.app.push(self.app.make("settings"))
        elif key == "menu":
            self.game.closing()
            self.app.reset_to(self.app.make("menu"))

    def save(self) -> None:
        session = self.game.session
        hosted_by = getattr(session, "hosted_by", "")
        if hosted_by:  # a network game: its server keeps the saves
            self.app.notify(f"This game is saved by the server that hosts it ({hosted_by})")
            return
        if session.record is None:
            return
        name = safe_name(self.name_entry.get_text())
        folder = persist_paths.saves_dir()
        try:
            path = write_save(folder / f"{name}{SUFFIX}", session.record, session.state)
        except (SaveError, OSError) as err:
            self.app.notify(f"Not saved: {err}")
            return
        self.app.notify(f"Saved as {path.name}")
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        panel(surface, self.box, self.theme, fill=(30, 26, 20), radius=12)
        title(surface, self.theme, "Game menu", (self.box.centerx, self.box.y + self.px(22)),
              size=28, center=True)

    def layout_problems(self) -> list[str]:
        """The menu clear of the window's edges, and all it holds inside it."""
        inside = self.app.screen.get_rect().inflate(-2 * self.px(MARGIN), -2 * self.px(MARGIN))
        out = [] if inside.contains(self.box) else [
            f"the game menu at {tuple(self.box)} is not {self.px(MARGIN)} px clear of the "
            "window's edges"]
        for widget in [self.name_entry, *self.buttons.values()]:
            if not self.box.contains(widget.rect):
                out.append(f"{getattr(widget, 'text', 'the name entry')!r} at "
                           f"{tuple(widget.rect)} is outside the game menu at {tuple(self.box)}")
        return out
