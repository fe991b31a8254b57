"""Layout problems on the screen as it is: a text clipped by its widget, two widgets on top of
each other, anything off the window (python -m game selftest --layout).

It reads pygame-gui's own elements (their rects, texts and fonts) and whatever the scene says
it drew itself: a scene may offer `layout_marks()`, a list of (what, rect) for texts it blits,
each held to the same rules as a widget. A drop-down's open list must lie wholly inside the
window, and each of its options fit the list's width (issue 36: an option cut or under the edge
cannot be read or picked).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UITextBox,
    UITextEntryLine,
)

from ..dropdown import open_list

WIDGETS = (UIButton, UILabel, UITextEntryLine, UIDropDownMenu, UIHorizontalSlider, UITextBox)
ROWS = 6  # an open list shows all its options, or at least this many (and scrolls)
SLACK = 2  # pixels two rects may share (borders drawn on the same line)


def _top_level(element: object) -> bool:
    """A widget placed by the client, not a part of another widget (a drop-down's button)."""
    parent = getattr(element, "parent_element", None)
    while parent is not None:
        if isinstance(parent, WIDGETS):
            return False
        parent = getattr(parent, "parent_element", None)
    return True


def widgets(manager: pygame_gui.UIManager) -> list[object]:
    found: list[object] = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, WIDGETS) or not _top_level(element):
            continue
        if not getattr(element, "visible", True):
            continue
        found.append(element)
    return found


def _name(element: object) -> str:
    text = getattr(element, "text", "") or ""
    kind = type(element).__name__
    return f"{kind} {text!r}" if text else kind


def clipped(element: object) -> bool:
    """A button's or label's text wider than the room inside it."""
    if not isinstance(element, (UIButton, UILabel)):
        return False
    text = getattr(element, "text", "") or ""
    font = getattr(element, "font", None)
    if not text or font is None:
        return False
    rect: pygame.Rect = element.rect
    return bool(font.size(text)[0] > rect.width - 2)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.width > SLACK and both.height > SLACK


def problems(manager: pygame_gui.UIManager, window: pygame.Rect, where: str,
             marks: Iterable[tuple[str, pygame.Rect]] = ()) -> list[str]:
    """One line per problem found, naming the widget and its rect, after `where`."""
    found: list[str] = []
    items: list[tuple[str, pygame.Rect]] = []
    for element in widgets(manager):
        name, rect = _name(element), pygame.Rect(element.rect)  # type: ignore[attr-defined]
        if clipped(element):
            found.append(f"{where}text clipped in {name} at {tuple(rect)}")
        items.append((name, rect))
    items += [(f"drawn {what!r}", pygame.Rect(rect)) for what, rect in marks]
    for element in widgets(manager):
        if isinstance(element, UIDropDownMenu):
            found += _open_list_problems(element, window, where)
    for name, rect in items:
        if not window.contains(rect):
            found.append(f"{where}{name} at {tuple(rect)} falls off the "
                         f"{window.width}x{window.height} window")
    for i, (name, rect) in enumerate(items):
        for other, rect2 in items[i + 1:]:
            if _overlap(rect, rect2):
                found.append(f"{where}{name} at {tuple(rect)} overlaps {other} at "
                             f"{tuple(rect2)}")
    return found


def _open_list_problems(menu: UIDropDownMenu, window: pygame.Rect, where: str) -> list[str]:
    """An open list past the window's edge, or an option's text wider than the list."""
    rect = open_list(menu)
    if rect is None:
        return []
    found = []
    if not window.contains(rect):
        found.append(f"{where}the open list of {_name(menu)} at {tuple(rect)} falls off the "
                     f"{window.width}x{window.height} window")
    state: Any = menu.current_state  # the expanded state, the list open
    shown = state.options_selection_list
    rows = sum(1 for item in shown.item_list if item.get("button_element") is not None)
    if rows < min(len(shown.item_list), ROWS):  # a sliver that must be scrolled row by row
        found.append(f"{where}the open list of {_name(menu)} at {tuple(rect)} shows {rows} of "
                     f"its {len(shown.item_list)} options")
    for item in shown.item_list:
        button = item.get("button_element")
        font = getattr(button, "font", None)
        if button is not None and font is not None and font.size(item["text"])[0] > (
                button.rect.width - 2):
            found.append(f"{where}option {item['text']!r} cut in the open list of "
                         f"{_name(menu)} at {tuple(rect)}")
    return found
