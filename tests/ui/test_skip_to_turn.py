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
        assert skip.relative_rect == where  # in the top row, whatever the prompt
        driver.frames(1)
        assert scene.skip_to_human
        bar.rebuild(scene.ctx(), [], app.manager, scene.container, True, "one's own", False)
        assert bar.skip is None and skip.alive() is False
        assert bar.undo is undo and undo.is_enabled
    finally:
        app.close()


def test_a_double_click_on_end_movement_cannot_hit_skip_to_my_turn() -> None:
    """Issue 36 (12b): Skip appeared where End movement had been, so the second click of a
    double click on End movement skipped the bots' animations. Skip goes in the bar's top row,
    where no option button ever goes, and the prompt gives it room."""
    app = App((1366, 768), settings=Settings(animation_speed=1.0), persist_settings=False)
    try:
        scene, _ = on_screen(app, "cyclone")
        driver = Driver(app)
        driver.frames(2)
        bar = scene.decision
        ctx = scene.ctx()
        prompt = "Act in which area? Click a lit area, or end your movement"
        many = ["done", *(f"area:a{i}" for i in range(30))]
        for labels in (["done"], many):  # End movement alone, and after a full row of areas
            bar.rebuild(ctx, labels, app.manager, scene.container, True, ("moving", labels),
                        False, (prompt, None, "", ""))
            done = bar.options.button_for("done")
            assert done is not None
            spots = [b.rect.copy() for b, _ in bar.options.buttons]
            bar.rebuild(ctx, [], app.manager, scene.container, False, ("bots", labels), True,
                        ("Egypt decides where its tokens go " * 4, None, "", ""))
            bar.draw(app.screen, ctx, "Egypt decides where its tokens go " * 4, None, "")
            assert bar.skip is not None
            assert not any(bar.skip.rect.colliderect(spot) for spot in spots)
            assert bar.rect.contains(bar.skip.rect)
            assert bar.undo is not None and bar.fit is not None
            assert not bar.skip.rect.colliderect(bar.undo.rect)
            assert not bar.skip.rect.colliderect(bar.fit.rect)
            assert not any(bar.skip.rect.colliderect(r) for _, r in bar.layout_marks())
    finally:
        app.close()
