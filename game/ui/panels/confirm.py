"""A question over the map before a move that destroys one's own pieces: what it costs, and
two buttons, go ahead (Enter) or back (Esc)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..draw import panel, text_block, wrap
from ..theme import Palette, Theme

HEADING = "This move costs you your own pieces"


class ConfirmBox:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.label = ""  # the pick waiting for an answer
        self.text = ""
        self.heading = HEADING
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.go: UIButton | None = None
        self.back: UIButton | None = None

    @property
    def open(self) -> bool:
        return bool(self.label)

    def ask(self, label: str, text: str, go_text: str, area: pygame.Rect,
            manager: pygame_gui.UIManager, container: object, heading: str = "") -> None:
        self.close()
        self.label, self.text = label, text
        self.heading = heading or HEADING
        px = self.theme.px
        width = min(px(520), area.width - px(40))
        lines = wrap(self.theme, text, width - px(32), 15)
        height = px(56) + len(lines) * self.theme.font("regular", 15).get_linesize() + px(56)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        y = self.rect.bottom - px(48)
        self.back = UIButton(pygame.Rect(self.rect.right - px(136), y, px(120), px(36)),
                             "Back", manager, container=container,  # type: ignore[arg-type]
                             tool_tip_text="Do not make this move (Esc)",
                             object_id=pygame_gui.core.ObjectID(object_id="#confirm_back",
                                                                class_id="@primary"))
        self.go = UIButton(pygame.Rect(self.rect.right - px(136) - px(212), y, px(200), px(36)),
                           go_text, manager, container=container,  # type: ignore[arg-type]
                           tool_tip_text="Make the move all the same (Enter)",
                           object_id=pygame_gui.core.ObjectID(object_id="#confirm_go",
                                                              class_id="@option"))

    def close(self) -> None:
        for button in (self.go, self.back):
            if button is not None:
                button.kill()
        self.go = self.back = None
        self.label = self.text = ""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.open:
            return
        t = self.theme
        px = t.px
        panel(surface, self.rect, t, fill=(34, 24, 20), edge=Palette.highlight)
        surface.blit(t.text(self.heading, 17, Palette.gold_light,
                            "bold"), (self.rect.x + px(16), self.rect.y + px(14)))
        text_block(surface, t, self.text, (self.rect.x + px(16), self.rect.y + px(46)),
                   self.rect.width - px(32), size=15, colour=Palette.text)
