"""A game the core cannot play on (a crafted or damaged save with bad data deep in its task
stack) ends in the main menu with one clear line, never closing the program, and changes
nothing: neither the state in memory nor the saves on disk."""

from __future__ import annotations

import pytest

from game.bots import make_bot
from game.persist import GameRecord, Settings
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes.menu import MenuScene
from game.ui.seat.session import GameStuck, Seat, Session

from .script import make_game


def broken_core(self, state, action):
    raise KeyError("garbage")


def test_a_failure_of_the_core_on_an_offered_move_is_one_clear_error_and_changes_nothing(
    monkeypatch,
) -> None:
    state = make_game(1)
    seats = {pid: Seat(pid, pid.title(), human=True, bot=None) for pid in state.players}
    session = Session(state, seats)
    before, moves = session.state.state_hash(), session.moves
    pending = session.state.pending
    assert pending is not None
    monkeypatch.setattr(GameRecord, "apply", broken_core)
    with pytest.raises(GameStuck) as err:
        session.play(pending.player, pending.options[0])
    assert "cannot go on" in str(err.value) and "\n" not in str(err.value)
    assert session.state.state_hash() == before and session.moves == moves


def test_a_bot_move_the_core_fails_on_is_the_same_error(monkeypatch) -> None:
    state = make_game(1)
    seats = {pid: Seat(pid, pid.title(), human=False, bot=make_bot("random", 1))
             for pid in state.players}
    session = Session(state, seats)
    monkeypatch.setattr(GameRecord, "apply", broken_core)
    with pytest.raises(GameStuck):
        session.step_bot()


class Stuck(Scene):
    def update(self, dt: float) -> None:
        raise GameStuck("This game cannot go on: the rules failed on 'yes' (KeyError).")


def test_the_client_goes_back_to_the_menu_with_the_message() -> None:
    app = App((1366, 768), settings=Settings(), persist_settings=False)
    try:
        app.push(MenuScene(app))
        app.push(Stuck(app))
        app.frame([], 0.016)
        assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1
        assert app.running and app.message.startswith("This game cannot go on")
        app.frame([], 0.016)  # and the menu goes on
    finally:
        app.close()
