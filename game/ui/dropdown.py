"""Drop-downs whose open list stays inside the window (issue 36, item 3).

pygame-gui's UIDropDownMenu opens downwards by default, its list as high as the room left in its
container (for one at the bottom of the window: a sliver with scroll arrows, under the edge).
It opens upwards when its theme's `misc.expand_direction` is "up" (the "@drop_up" class of
assets/theme.json), and its `expansion_height_limit` caps the open list's height (a longer list
scrolls). `fitted_menu` picks the side with room for the whole list (or the roomier side) and
caps the list at the room on that side, so every option can be reached inside the window.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu

MARGIN = 4  # pixels kept free between an open list and the window's edge
_BORDERS = 8  # the list's border and shadow, both ends, a little over pygame-gui's own


def item_height(manager: pygame_gui.UIManager) -> int:
    """The height of one row of an open list (the theme's `list_item_height`, scaled)."""
    try:
        value = manager.get_theme().get_misc_data(
            "list_item_height", ["drop_down_menu.selection_list", "selection_list"])
        return int(value) if isinstance(value, str | int) else 20
    except (LookupError, ValueError, TypeError):
        return 20  # pygame-gui's own default


def _on_window(rect: pygame.Rect, container: object) -> pygame.Rect:
    """`rect`, relative to `container`, in window coordinates."""
    if container is None:
        return pygame.Rect(rect)
    inner: Any = container.get_container() if hasattr(container, "get_container") else container
    origin = inner.get_rect().topleft
    return pygame.Rect(rect).move(origin)


def room(rect: pygame.Rect, window: pygame.Rect, count: int, row: int) -> tuple[str, int]:
    """Which way a list of `count` rows of `row` pixels opens from `rect` (window
    coordinates), and the most it may be high: down if it fits below, else the roomier side."""
    need = count * row + _BORDERS
    below = window.bottom - rect.bottom - MARGIN
    above = rect.top - window.top - MARGIN
    if need <= below or below >= above:
        return "down", max(row, below)
    return "up", max(row, above)


def fitted_menu(options: Sequence[str | tuple[str, str]], start: str | tuple[str, str],
                rect: pygame.Rect, manager: pygame_gui.UIManager, container: object = None,
                object_id: str | None = None) -> UIDropDownMenu:
    """A UIDropDownMenu at `rect` (relative to `container`) whose open list stays inside the
    window: upwards when there is no room below, no higher than the room on its side."""
    root = manager.get_root_container()
    assert root is not None  # a manager has its root container from the start
    window = root.get_rect()
    way, limit = room(_on_window(rect, container), window, len(options), item_height(manager))
    ids = pygame_gui.core.ObjectID(object_id=object_id,
                                   class_id="@drop_up" if way == "up" else None)
    return UIDropDownMenu(list(options), start, rect, manager,
                          container=container,  # type: ignore[arg-type]
                          object_id=ids, expansion_height_limit=limit)


def open_list(menu: UIDropDownMenu) -> pygame.Rect | None:
    """The open list's rect in the window, or None when `menu` is closed."""
    state = menu.current_state
    if state is None or state is not menu.menu_states.get("expanded"):
        return None
    shown = getattr(state, "options_selection_list", None)
    return pygame.Rect(shown.rect) if shown is not None else None
