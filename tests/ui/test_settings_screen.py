"""The Settings screen, used with the mouse: reduce motion is turned on, applied and kept."""

from __future__ import annotations

import pytest

from game.persist import load_settings
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene

from .driver import Driver

pytestmark = pytest.mark.usefixtures("private_data_dir")


def choose(driver: Driver, menu, text: str) -> None:  # type: ignore[no-untyped-def]
    """Open a drop-down and click the option that reads `text`."""
    driver.click(menu.rect.center)
    options = menu.current_state.options_selection_list.item_list_container.elements
    driver.click(next(o for o in options if o.text == text).rect.center)


def test_reduce_motion_is_switched_on_in_settings_and_kept() -> None:
    app = App()  # reads and writes the settings file, like the real client
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    driver = Driver(app)
    driver.frames(2)
    assert scene.reduce_motion.selected_option[0] == "Off"
    choose(driver, scene.reduce_motion, "On")
    assert not app.settings.reduce_motion  # nothing changes before Apply
    driver.click(scene.apply.rect.center)
    assert app.settings.reduce_motion
    app.close()
    assert load_settings()[0].reduce_motion
    again = App()
    again.push(MenuScene(again))
    shown = SettingsScene(again)
    again.push(shown)
    assert shown.reduce_motion.selected_option[0] == "On"
    again.close()
