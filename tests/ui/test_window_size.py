"""The window opens at the size it was last left (resized by hand or chosen in Settings)."""

from __future__ import annotations

import pygame
import pytest

from game.persist import load_settings
from game.ui.app import App
from game.ui.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("private_data_dir")


def opened() -> App:
    app = App()  # reads and writes the settings file, like the real client
    app.push(MenuScene(app))
    return app


def test_a_window_resized_by_hand_reopens_at_that_size() -> None:
    app = opened()
    assert app.screen.get_size() == (1366, 768)  # the first time: the default
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900))], 1 / 60)
    assert app.screen.get_size() == (1500, 900)
    app.close()
    settings, _ = load_settings()
    assert (settings.window_width, settings.window_height) == (1500, 900)
    again = opened()
    assert again.screen.get_size() == (1500, 900)
    again.close()


def test_a_size_chosen_in_settings_reopens_too() -> None:
    from game.ui.scenes.settings import SettingsScene

    app = opened()
    scene = SettingsScene(app)
    app.push(scene)
    scene.size = (1600, 900)
    app.apply_settings(scene.draft, scene.size)
    app.close()
    again = opened()
    assert again.screen.get_size() == (1600, 900)
    again.close()


def test_a_window_never_opens_smaller_than_the_client_needs(tmp_path) -> None:
    from game.persist import Settings, save_settings

    save_settings(Settings(window_width=640, window_height=480))
    app = opened()
    assert app.screen.get_size() == (1024, 640)
    app.close()
