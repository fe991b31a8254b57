"""An action that fails after its procedures have run leaves the state as it was, in real games
(engine.apply: "even an unexpected failure inside a procedure cannot leave a half-changed state
behind"). `apply`'s working copy shares what an action does not change with the state it copies
(the players, the board's areas, the trade card piles, the tasks' progress), so this fails for
any change made in place to a shared part: a player changed without
`GameState.player_to_change`, a pile without `GameState.pile`, an area without `Board.add`."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core import engine
from game.core.engine import Action, apply
from game.core.events import Event
from game.core.player_view import view
from game.core.state import GameState
from game.simulate import resolve_map, start


class Failed(Exception):
    """Raised once an action's procedures have all run, before the state takes their work."""


class FailAtTheEnd:
    """engine.run, failing after it has run while `on`."""

    def __init__(self, real: Callable[[GameState, list[Event]], None]) -> None:
        self.real, self.on = real, False

    def __call__(self, state: GameState, events: list[Event]) -> None:
        self.real(state, events)
        if self.on:
            raise Failed


def play_failing_each_action_first(monkeypatch: pytest.MonkeyPatch, players: int, bots: str,
                                   seed: int, ruleset: str, turns: int,
                                   events: bool = False) -> int:
    """Play a game in which every action is first made to fail at the end; how many."""
    fail = FailAtTheEnd(engine.run)
    monkeypatch.setattr(engine, "run", fail)
    state, seats, _ = start(players, [bots], seed, ruleset, resolve_map("oikoumene"),
                            max_turns=turns, events=events)
    actions = 0
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        action = Action(who, seats[who].choose(view(state, who)))
        before = state.to_json()
        fail.on = True
        with pytest.raises(Failed):
            apply(state, action)
        fail.on = False
        assert state.to_json() == before, f"{action} (action {actions}, {state.phase}) failed " \
            "yet changed the state"
        apply(state, action)
        actions += 1
    return actions


CASES = [(5, "normal", 1, "classic", 8, False), (9, "random", 2, "mega-empires", 6, False),
         (18, "random", 3, "double-empires", 3, False), (5, "random", 4, "classic", 6, True)]


@pytest.mark.parametrize(("players", "bots", "seed", "ruleset", "turns", "events"), CASES)
def test_an_action_that_fails_at_the_end_leaves_the_state_as_it_was(
        monkeypatch: pytest.MonkeyPatch, players: int, bots: str, seed: int, ruleset: str,
        turns: int, events: bool) -> None:
    assert play_failing_each_action_first(monkeypatch, players, bots, seed, ruleset, turns,
                                          events) > 100


SLOW_CASES = [((5, 9, 18, 5, 9, 5)[seed % 6], ("normal", "random")[seed % 2], seed,
               ("classic", "mega-empires", "double-empires")[seed % 3], 10, seed % 4 == 0)
              for seed in range(10, 40)]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "bots", "seed", "ruleset", "turns", "events"), SLOW_CASES)
def test_actions_that_fail_at_the_end_leave_the_state_as_it_was_in_longer_games(
        monkeypatch: pytest.MonkeyPatch, players: int, bots: str, seed: int, ruleset: str,
        turns: int, events: bool) -> None:
    assert play_failing_each_action_first(monkeypatch, players, bots, seed, ruleset, turns,
                                          events) > 50
