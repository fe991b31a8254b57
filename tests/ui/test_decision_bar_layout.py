"""Layout of the decision bar and the map view (issue 19, item 7): a second row of option
buttons keeps off the hint line, the prompt is never cut off at the larger UI scales, and a new
UI scale keeps the player's zoom and place on the map."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.bots import make_bot
from game.core import view
from game.persist import Settings
from game.ui.app import App
from game.ui.checks.layout import problems
from game.ui.checks.selftest import _layout_problems
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session
from game.ui.words.prompts import question

from .driver import Driver
from .script import bots_to_turn, make_game
from .test_hotseat_turn import hot_seat_at_movement, load_geometry


def test_a_new_ui_scale_keeps_the_players_zoom_and_place_on_the_map(app) -> None:
    game, _, driver = hot_seat_at_movement(app)
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


@pytest.mark.parametrize("size,scale,lines", [((1366, 768), 1.5, 3), ((1366, 768), 1.25, 3),
                                              ((1920, 1080), 1.5, 2)])
def test_the_decision_bar_shows_the_whole_prompt_and_keeps_buttons_off_the_hint(
        size, scale, lines) -> None:
    app = App(size, settings=Settings(animation_speed=8.0, ui_scale=scale),
              persist_settings=False)
    try:
        state = make_game(3)
        bots_to_turn(state, 2, 3)
        session = Session(state, {pid: Seat(pid, pid, human=True) for pid in state.players})
        game = GameScene(app, session, load_geometry())
        app.push(game)
        driver = Driver(app)
        bots = {pid: make_bot("basic", i) for i, pid in enumerate(state.players)}
        longest = 0
        for _ in range(1500):
            driver.frames(1)
            if game.curtain_for:
                driver.click(app.screen.get_rect().center)
                continue
            who = session.human_to_act()
            if not who:
                continue
            driver.frames(1)
            bar = game.decision
            found = [p for p in _layout_problems(app, problems)
                     if "decision bar" in p or "drawn" in p]
            assert found == [], (session.state.pending.kind, found)
            drawn = " ".join(text for text, rect in bar.marks)
            pending = session.state.pending
            prompt = question(pending.kind, pending.words, pending.detail, session.state.map,
                              pending.prompt)
            assert " ".join(prompt.split()) in drawn
            longest = max(longest, sum(1 for text, _ in bar.marks if text in prompt))
            session.play(who, bots[who].choose(view(session.state, who)))
        assert longest >= lines  # a prompt that was cut after two lines came up, whole
    finally:
        app.close()
