"""Solo play (issue 7): while bots play, a "Skip to my turn" button runs them at full speed,
animations skipped, until the person at the screen must decide; then the pace is back."""

from __future__ import annotations

import pygame

from game.persist import Settings
from game.ui.app import App
from game.ui.checks.showcase import on_screen
from game.ui.scenes.game import BOT_DELAY

from .driver import DT, Driver


def test_skip_to_my_turn_plays_the_bots_through_and_stops_at_the_person() -> None:
    app = App((1366, 768), settings=Settings(animation_speed=1.0), persist_settings=False)
    try:
        scene, _ = on_screen(app, "cyclone")
        session = scene.session
        assert session.record is not None
        human = next(p for p in session.state.players if p != session.acting)
        session.seats[human].human = True
        driver = Driver(app)
        driver.frames(2)
        assert session.bot_to_act()
        assert scene.decision.skip is not None  # offered while bots play
        before = len(session.record.actions)
        driver.click(scene.decision.skip.rect.center)
        frames = 0
        while session.human_to_act() != human and frames < 5000:
            driver.frames(1)
            frames += 1
        assert session.human_to_act() == human
        decisions = len(session.record.actions) - before
        assert decisions > 0
        # at the chosen pace each bot decision waits BOT_DELAY; skipped, none does
        assert frames < decisions * BOT_DELAY / DT
        driver.frames(2)
        assert not scene.skip_to_human and scene.decision.skip is None
    finally:
        app.close()


def test_a_click_on_skip_is_not_lost_to_a_new_decision_arriving_before_it_is_handled() -> None:
    """A button's press is handled the frame after the click. A state arriving in between
    (the server's answer in a network game: another decider, a prompt a line longer) builds
    the decision bar again, and must not take Skip, Undo and Fit map, and the click on one,
    with it."""
    app = App((1366, 768), settings=Settings(animation_speed=1.0), persist_settings=False)
    try:
        scene, _ = on_screen(app, "cyclone")
        session = scene.session
        human = next(p for p in session.state.players if p != session.acting)
        session.seats[human].human = True
        driver = Driver(app)
        driver.frames(2)
        bar = scene.decision
        skip, fit, undo = bar.skip, bar.fit, bar.undo
        assert skip is not None and session.bot_to_act()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=skip.rect.center,
                                             button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=skip.rect.center,
                                             button=1))
        driver.frames(1)  # the button has seen the click and posted its press
        where = skip.relative_rect.copy()
        prompt = "Someone elsewhere decides where their tokens go, and the prompt says so " \
            "at length, " * 3
        bar.rebuild(scene.ctx(), [], app.manager, scene.container, False, "another decision",
                    True, (prompt, None, "", ""))
        assert (bar.skip, bar.fit, bar.undo) == (skip, fit, undo)  # the same buttons
        assert skip.relative_rect.y > where.y  # moved under the longer prompt
        driver.frames(1)
        assert scene.skip_to_human
        bar.rebuild(scene.ctx(), [], app.manager, scene.container, True, "one's own", False)
        assert bar.skip is None and skip.alive() is False
        assert bar.undo is undo and undo.is_enabled
    finally:
        app.close()
