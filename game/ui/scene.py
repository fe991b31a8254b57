"""The scene protocol: each screen builds its widgets on enter, handles events, updates, draws.

Drawing never changes the game. Widgets live in one pygame-gui container per scene, so leaving
a scene removes them all and pausing one (another scene on top) hides them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from .app import App

# The window sizes Settings offers (the app opens its window at one of them).
WINDOW_SIZES = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


def entries(items: Iterable[str]) -> list[str | tuple[str, str]]:
    """A menu's or list's entries as pygame-gui types them (plain words, or words and an id)."""
    return list(items)


class Scene:
    name = "scene"
    opaque = True  # covers the whole screen: scenes below are not drawn

    def __init__(self, app: App) -> None:
        self.app = app
        self.theme = app.theme
        self.container: pygame_gui.core.UIContainer | None = None

    # lifecycle
    def enter(self) -> None:
        self.container = pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), self.app.screen.get_size()), self.app.manager,
            starting_height=1)
        self.build()

    def build(self) -> None:
        """Create this scene's widgets inside self.container."""

    def rebuild(self) -> None:
        """The window size or UI scale changed: widgets are made again."""
        self.theme = self.app.theme
        if self.container is not None:
            self.container.kill()
        self.enter()

    def exit(self) -> None:
        if self.container is not None:
            self.container.kill()
            self.container = None

    def pause(self) -> None:
        if self.container is not None:
            self.container.hide()

    def resume(self) -> None:
        if self.container is not None:
            self.container.show()

    # per frame
    def handle(self, event: pygame.event.Event) -> None:
        """One input or UI event."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (widgets are drawn by the app afterwards)."""

    # helpers
    def px(self, n: float) -> int:
        return self.theme.px(n)
