"""The Settings screen at every UI scale it offers (issue 36, item 4): at 2.5 and 3 a 1366x768
window had Apply and Back below its edge (only editing settings.toml brought the screen back),
and the labels on the left kept their size at every scale."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIDropDownMenu, UILabel

from game.persist import Settings
from game.ui.app import App
from game.ui.checks.layout import problems
from game.ui.checks.selftest import _layout_problems
from game.ui.scenes.settings import SettingsScene

SIZES = ((1366, 768), (1920, 1080), (2560, 1440))


def _open(size: tuple[int, int], scale: float) -> tuple[App, SettingsScene]:
    app = App(size, settings=Settings(ui_scale=scale), persist_settings=False)
    scene = SettingsScene(app)
    app.push(scene)
    app.frame([], 1 / 60)
    return app, scene


def _offered(scene: SettingsScene) -> list[float]:
    return [float(text.rstrip("×")) for text, _ in scene.scale.options_list]


def _label_height(app: App, scene: SettingsScene) -> int:
    """The height of "UI scale", the first label on the left, as drawn."""
    marks = getattr(scene, "layout_marks", None)
    if callable(marks):
        return next(rect.height for text, rect in marks() if text == "UI scale")
    label = next(e for e in app.manager.get_sprite_group().sprites()
                 if isinstance(e, UILabel) and e.text == "UI scale")
    return int(label.font.size("UI scale")[1])


def test_at_1366x768_every_scale_offered_keeps_apply_and_back_in_the_window() -> None:
    app, scene = _open((1366, 768), 1.0)
    offered = _offered(scene)
    app.close()
    assert 1.0 in offered and 1.25 in offered
    heights = []
    for scale in offered:
        app, scene = _open((1366, 768), scale)
        try:
            window = app.screen.get_rect()
            for button in (scene.apply, scene.back):
                assert window.contains(button.rect), (scale, button.text, button.rect)
            heights.append(_label_height(app, scene))
        finally:
            app.close()
    assert heights == sorted(heights) and heights[-1] > heights[0], heights  # labels scale


def test_a_saved_scale_too_big_for_the_window_still_leaves_settings_usable() -> None:
    app, scene = _open((1366, 768), 3.0)  # as if settings.toml held 3 from a bigger screen
    try:
        window = app.screen.get_rect()
        for button in (scene.apply, scene.back):
            assert window.contains(button.rect), (button.text, button.rect)
        assert _layout_problems(app, problems) == []
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_settings_fits_with_each_drop_down_open_at_every_scale_offered(size) -> None:
    app, scene = _open(size, 1.0)
    offered = _offered(scene)
    app.close()
    for scale in offered:
        app, scene = _open(size, scale)
        try:
            menus = [w for w in vars(scene).values() if isinstance(w, UIDropDownMenu)]
            assert _layout_problems(app, problems) == [], scale
            for menu in menus:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                                     pos=menu.rect.center, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP,
                                                     pos=menu.rect.center, button=1))
                for _ in range(3):
                    app.frame(pygame.event.get(), 1 / 60)
                assert menu.current_state is menu.menu_states["expanded"]
                assert _layout_problems(app, problems) == [], (scale, menu.selected_option)
                menu.current_state.should_transition = True
                app.frame([], 1 / 60)
        finally:
            app.close()


def test_choosing_a_smaller_window_offers_only_the_scales_that_fit_it() -> None:
    app, scene = _open((1920, 1080), 2.0)
    try:
        assert max(_offered(scene)) == 2.0
        scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                        ui_element=scene.display, text="Window 1366×768"))
        app.frame([], 1 / 60)
        assert max(_offered(scene)) == 1.5
        assert scene.draft.ui_scale == 1.5  # what Apply will use, as the menu shows it
        assert scene.scale.selected_option[0] == "1.5×"
    finally:
        app.close()
