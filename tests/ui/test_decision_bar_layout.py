"""Layout of the decision bar and the map view (issue 19, item 7): a second row of option
buttons keeps off the hint line, the prompt is never cut off at the larger UI scales, and a new
UI scale keeps the player's zoom and place on the map."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.persist import Settings
from game.ui.app import App

from .test_help_and_layout import _game


@pytest.fixture
def app():
    application = App((1366, 768), settings=Settings(animation_speed=8.0),
                      persist_settings=False)
    yield application
    application.close()


def test_a_new_ui_scale_keeps_the_players_zoom_and_place_on_the_map(app) -> None:
    game, _, driver = _game(app)
    for _ in range(3):
        driver.key(pygame.K_PLUS)
    mv = game.mapview
    assert mv is not None
    driver.drag(mv.rect.center, (mv.rect.centerx - 120, mv.rect.centery - 60))
    steps, x, y = mv.camera()
    app.apply_settings(dataclasses.replace(app.settings, ui_scale=1.5))
    driver.frames(3)
    after = game.mapview
    assert after is not None and after is not mv and after.rect != mv.rect
    steps2, x2, y2 = after.camera()
    assert steps2 == steps
    assert abs(x2 - x) < after.unit and abs(y2 - y) < after.unit
