"""The client's window and main loop: one pygame-gui manager, a stack of scenes, settings.

`App.frame()` runs exactly one frame with the events given, which is how the self-test, the UI
tests and the frame benchmark drive the real client without a person at the keyboard.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game.persist import Settings, load_settings, save_settings
from game.resources import resource_path

from .scene import Scene
from .scenes import SCENES
from .seat.session import GameStuck
from .sound import Sounds
from .theme import Palette, Theme

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 640)


def set_window_icon() -> None:
    """The game's icon (drawn by build/icon.py) in the title bar, taskbar and Dock instead of
    pygame's logo; SDL wants it before the window opens. A missing icon costs only the icon."""
    try:
        pygame.display.set_icon(pygame.image.load(resource_path("assets", "icon.png")))
    except (pygame.error, OSError) as error:
        log.warning("no window icon: %s", error)


class App:
    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 persist_settings: bool = True) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        problems: list[str] = []
        if settings is None:
            settings, problems = load_settings() if persist_settings else (Settings(), [])
        self.settings = settings
        self.persist_settings = persist_settings
        pygame.init()
        pygame.display.set_caption("Calamitas")
        set_window_icon()
        self.window_size = size or fit_desktop((settings.window_width, settings.window_height))
        self.screen = self._open_window()
        self.theme = Theme(self._scale())
        self.manager = self._make_manager()
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.sound = Sounds(lambda: self.settings)
        self.running = True
        self.frames = 0
        self.on_frame: Callable[[App], None] | None = None
        self.message = ""  # a one-line notice shown over any scene (errors, saves)
        self.message_time = 0.0
        if problems:  # told once, in the window; the details went to the log
            self.notify(settings_notice(len(problems)), 10.0)

    # -- window and widgets -------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.window_size, pygame.RESIZABLE)

    def _scale(self) -> float:
        """The UI scale set, or the largest at which the screens fit this window (a scale
        saved for a bigger window would put Settings' own buttons out of reach)."""
        from .scenes.settings import fitting_scale

        return fitting_scale(self.settings.ui_scale, self.screen.get_size())

    def _make_manager(self) -> pygame_gui.UIManager:
        manager = pygame_gui.UIManager(self.screen.get_size(), enable_live_theme_updates=False)
        for name, paths in self.theme.font_paths().items():
            manager.add_font_paths(name, paths["regular"], paths.get("bold"), paths.get("italic"))
        manager.get_theme().load_theme(self.theme.gui_theme())
        return manager

    def apply_settings(self, settings: Settings, size: tuple[int, int] | None = None) -> None:
        """New scale, window size or fullscreen: remake the window, theme and every widget."""
        self.settings = settings
        if size:
            self.window_size = size
        settings.window_width, settings.window_height = self.window_size  # restored next time
        self.screen = self._open_window()
        self.theme = Theme(self._scale())
        self.manager = self._make_manager()
        for scene in self.scenes:
            scene.rebuild()
            if scene is not self.scenes[-1]:
                scene.pause()
        self.save_settings()

    def save_settings(self) -> None:
        if not self.persist_settings:
            return
        try:
            save_settings(self.settings)
        except OSError as err:
            self.notify(f"Settings not saved: {err}")

    def notify(self, text: str, seconds: float = 4.0) -> None:
        self.message = text
        self.message_time = seconds

    # -- scenes -------------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def make(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """What the scene registry (game/ui/scenes/__init__.py) calls `name`, made for this app
        with `args`: a scene to push, replace or reset to, or a function's answer when the name
        opens a scene itself ("continue", "open replay"). Scenes reach each other this way, so
        that none imports another to open it."""
        return SCENES[name](self, *args, **kwargs)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset_to(self, scene: Scene) -> None:
        """Leave every scene and show `scene` alone (e.g. back to the main menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    # -- the loop -----------------------------------------------------------------------------
    def run(self, max_frames: int | None = None, fps: int = 60) -> None:
        while self.running and (max_frames is None or self.frames < max_frames):
            dt = self.clock.tick(fps) / 1000.0
            self.frame(pygame.event.get(), dt)
            pygame.display.flip()

    def frame(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: events to the widgets and the top scene, update, draw."""
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                return
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
                self.apply_settings(self.settings, size)
                continue
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                self.sound.play("click")
            self.manager.process_events(event)
            scene = self.scene
            if scene is not None and not self._guarded(scene.handle, event):
                return
        scene = self.scene
        if scene is not None and not self._guarded(scene.update, dt):
            return
        self.manager.update(dt)
        self.draw()
        self.message_time = max(0.0, self.message_time - dt)
        self.frames += 1
        if self.on_frame is not None:
            self.on_frame(self)

    def _guarded(self, step: Callable[[Any], None], arg: Any) -> bool:
        """Run a scene's step; a game that cannot go on (GameStuck) ends in the main menu with
        its message instead of closing the program. False when that happened."""
        try:
            step(arg)
        except GameStuck as err:
            self.reset_to(self.make("menu"))
            self.notify(str(err), seconds=10.0)
            return False
        return True

    def draw(self) -> None:
        # scenes below the first opaque one from the top are hidden: draw from there up
        start = 0
        for k in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[k].opaque:
                start = k
                break
        if not self.scenes:
            self.screen.fill(Palette.panel)
        for scene in self.scenes[start:]:
            scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        if self.message_time > 0 and self.message:
            self._draw_message()

    def _draw_message(self) -> None:
        t = self.theme
        text = t.text(self.message, 15, Palette.text)
        box = text.get_rect()
        box.inflate_ip(t.px(28), t.px(14))
        box.midbottom = (self.screen.get_width() // 2, self.screen.get_height() - t.px(110))
        pygame.draw.rect(self.screen, Palette.panel, box, border_radius=t.px(8))
        pygame.draw.rect(self.screen, Palette.gold, box, 1, border_radius=t.px(8))
        self.screen.blit(text, text.get_rect(center=box.center))

    def quit(self) -> None:
        for scene in reversed(self.scenes):
            closing = getattr(scene, "closing", None)
            if callable(closing):
                closing()
        self.running = False

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        pygame.quit()


def fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """`size`, made no larger than the desktop (a window saved on a bigger screen) and no
    smaller than the client needs."""
    desktops: list[tuple[int, int]] = []
    if os.environ.get("SDL_VIDEODRIVER") != "dummy":  # the dummy driver's desktop is made up
        with contextlib.suppress(pygame.error):
            desktops = pygame.display.get_desktop_sizes()
    w, h = size
    if desktops and desktops[0][0] > 0 and desktops[0][1] > 0:
        w, h = min(w, desktops[0][0]), min(h, desktops[0][1])
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def settings_notice(problems: int) -> str:
    from game.persist import paths
    from game.persist.settings import backup_path

    copy = backup_path(paths.settings_path())
    kept = f"; the file as it was is kept as {copy.name} beside it" if copy.exists() else ""
    return (f"The settings file had {problems} problem{'' if problems == 1 else 's'}: defaults "
            f"are used there (details in the log){kept}")


def run_client(load: str | None = None, replay: str | None = None) -> int:
    """python -m game play: open the window on the main menu (or straight into a save, or into
    the replay viewer watching one)."""
    app = App()
    app.push(app.make("menu"))
    if load:
        app.make("open save", load)
    elif replay:
        app.make("open replay", replay)
    try:
        app.run()
    finally:
        app.close()
    return 0
