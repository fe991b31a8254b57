"""The layout the game screen and the replay viewer share: a top bar, the map, a bar under the
map, and on the right a column of panels under a row of tab buttons, one panel showing."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from ..theme import Palette, Theme
from . import Ctx, Panel


def play_layout(theme: Theme, size: tuple[int, int],
                bottom: int) -> tuple[int, pygame.Rect, pygame.Rect]:
    """(top bar height, map rect, side column rect) for a window of `size` with a bar `bottom`
    pixels high under the map."""
    w, h = size
    top = theme.px(44)
    side = max(theme.px(340), min(theme.px(420), w // 3))
    return (top, pygame.Rect(0, top, w - side, h - top - bottom),
            pygame.Rect(w - side, top, side, h - top))


def place_side(theme: Theme, side: pygame.Rect, panels: list[Panel], names: tuple[str, ...],
               manager: pygame_gui.UIManager, container: pygame_gui.core.UIContainer | None,
               id_prefix: str, tab: int) -> list[UIButton]:
    """Put the panels in the side column under a row of tab buttons (F1, F2, ... in their
    tips), tab `tab` selected; the buttons."""
    px = theme.px
    tab_h = px(34)
    for p in panels:
        p.rect = pygame.Rect(side.x, side.y + tab_h + px(6), side.width,
                             side.height - tab_h - px(6))
    # each tab as wide as its name needs, the room left shared out evenly
    font = theme.font("bold", 14)
    needs = [font.size(text)[0] + px(12) for text in names]
    spare = max(0, side.width - px(12) - sum(needs)) // len(names)
    buttons = []
    x = side.x + px(6)
    for i, text in enumerate(names):
        tw = needs[i] + spare
        buttons.append(UIButton(
            pygame.Rect(x, side.y + px(4), tw - px(3), tab_h - px(4)), text, manager,
            container=container, tool_tip_text=f"F{i + 1}",
            object_id=pygame_gui.core.ObjectID(object_id=f"#{id_prefix}_{i}", class_id="@tab")))
        x += tw
    buttons[tab].select()
    return buttons


def draw_side(surface: pygame.Surface, side: pygame.Rect, panel: Panel, ctx: Ctx) -> None:
    """The strip behind the tab buttons, then the panel showing."""
    surface.fill(Palette.panel, pygame.Rect(side.x, side.y, side.width, panel.rect.y - side.y))
    panel.draw(surface, ctx)
