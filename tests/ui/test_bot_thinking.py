"""Bots think off the drawing thread (issue 6: the client never stops answering): while a bot
searches, frames go on being drawn; its pick is played once ready, and only for the decision it
was asked about."""

from __future__ import annotations

import threading
import time

import pytest

from game.core import PlayerView
from game.persist import Settings
from game.ui.app import App
from game.ui.checks.showcase import on_screen
from game.ui.seat.thinking import Thinker

from .driver import Driver


def test_a_quick_pick_comes_at_once_and_a_slow_one_is_not_waited_for() -> None:
    thinker = Thinker()
    assert thinker.answer(1, lambda: lambda: "done", wait=1.0) == "done"
    go = threading.Event()

    def slow() -> str:
        go.wait(5)
        return "pass"

    start = time.perf_counter()
    assert thinker.answer(2, lambda: slow, wait=0.01) is None
    assert thinker.thinking
    asked: list[int] = []
    assert thinker.answer(2, lambda: asked.append(1) or slow, wait=1.0) is None  # not again
    assert asked == [] and time.perf_counter() - start < 0.5  # nor waited for
    go.set()
    for _ in range(500):
        label = thinker.answer(2, lambda: slow, wait=0.0)
        if label is not None:
            break
        time.sleep(0.002)
    assert label == "pass" and not thinker.thinking


def test_a_pick_for_a_decision_gone_by_is_dropped_and_the_bot_asked_again() -> None:
    thinker = Thinker()
    go = threading.Event()
    assert thinker.answer(7, lambda: lambda: go.wait(5) and "stale", wait=0.0) is None
    assert thinker.answer(8, lambda: lambda: "fresh", wait=1.0) == "fresh"
    go.set()


def test_a_bots_error_is_raised_on_the_drawing_thread() -> None:
    def broken() -> str:
        raise ValueError("the bot broke")

    with pytest.raises(ValueError, match="the bot broke"):
        Thinker().answer(1, lambda: broken, wait=1.0)


class SlowBot:
    """Thinks until told to stop, then plays the first option."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = 0

    def choose(self, seen: PlayerView) -> str:
        self.asked += 1
        self.go.wait(10)
        assert seen.pending is not None
        return seen.pending.options[0]


def test_the_screen_keeps_drawing_while_a_bot_thinks_and_plays_its_pick_when_ready() -> None:
    app = App((1366, 768), settings=Settings(animation_speed=4.0), persist_settings=False)
    try:
        scene, _ = on_screen(app, "flood")
        assert scene.anims is not None
        scene.anims.skip_all()
        session = scene.session
        assert session.record is not None
        who = session.acting
        assert who is not None and session.bot_to_act()
        bot = SlowBot()
        session.seats[who].bot = bot  # type: ignore[assignment]
        before = len(session.record.actions)
        driver = Driver(app)
        start = time.perf_counter()
        driver.frames(60)  # a second of frames, drawn while the bot thinks
        assert time.perf_counter() - start < 5.0
        assert bot.asked == 1 and len(session.record.actions) == before
        assert "thinking it over" in scene._prompt(scene.ctx(), set())[0]
        bot.go.set()
        for _ in range(300):
            driver.frames(1)
            if len(session.record.actions) > before:
                break
        assert session.record.actions[before].player == who
        assert bot.asked == 1
    finally:
        app.close()


def test_a_hard_bots_search_runs_in_a_worker_process_while_the_screen_draws() -> None:
    import os

    from game.bots.hard import HardBot
    from game.core import view
    from tests.bots.test_search_worker import _at_shop

    state = _at_shop()
    assert state.pending is not None
    seen = view(state, state.pending.player)
    bot = HardBot(5, budget=0.5, samples=2)
    thinker = Thinker()
    try:
        label = None
        for _ in range(3000):  # the drawing thread would draw a frame each time round
            label = thinker.answer(1, lambda: lambda: bot.choose(seen), wait=0.0)
            if label is not None:
                break
            time.sleep(0.01)
        assert seen.pending is not None and label in seen.pending.options
        assert bot.last is not None and bot.last.process != os.getpid()
    finally:
        thinker.searcher.close()


def test_the_thinking_line_names_the_bots_level_and_its_search_budget() -> None:
    from game.bots import make_bot
    from game.ui.seat.thinking import level_line

    assert level_line(make_bot("hard", 1)) == "hard bot, searches up to 1.5 s a decision"
    assert level_line(make_bot("normal", 1)) == "normal bot"


def test_a_game_with_a_hard_bot_starts_its_search_worker_as_it_opens() -> None:
    """The worker's start-up (a fresh interpreter importing the game) comes with the game's
    own, not in the frames of a hard bot's first turn."""
    from game.bots import make_bot
    from game.maps.files import load_map_file
    from game.ui.scenes.game import GameScene
    from game.ui.seat.session import Seat, Session
    from tests.bots.played import ARENA
    from tests.bots.test_search_worker import _at_shop

    _, geometry = load_map_file(ARENA)

    app = App((1366, 768), settings=Settings(), persist_settings=False)
    try:
        for level, started in (("normal", False), ("hard", True)):
            state = _at_shop()
            seats = {pid: Seat(pid, pid, human=False, level=level, bot=make_bot(level, 1))
                     for pid in state.players}
            game = GameScene(app, Session(state, seats), geometry)
            assert (game.thinker.searcher._pool is not None) is started, level
            game.thinker.searcher.close()
    finally:
        app.close()
