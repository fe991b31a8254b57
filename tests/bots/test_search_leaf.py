"""Where the hard bot's movement rollouts end and what their end is worth (issue 22): a plan is
played through this turn's movement, then to the start of the turn after next; the leaf counts
the tokens on the board at `token_value` VP each, for the viewer and the rivals alike."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from game.bots import search
from game.bots.normal import NormalBot
from game.bots.search import SearchRequest, position, run_search
from game.core import GameState, victory_points, view
from tests.bots.played import played_to


@cache
def _at_movement() -> GameState:
    return played_to("movement_area", after_turn=3, seed=11)


def test_a_movement_plans_rollouts_end_at_the_start_of_the_turn_after_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _at_movement()
    assert state.pending is not None
    seen = view(state, state.pending.player)
    ended: list[tuple[int, str]] = []
    played = search.play

    def spy(rolled: GameState, stop: tuple[int, int], make: Callable[[str], NormalBot]) -> None:
        played(rolled, stop, make)
        ended.append((rolled.turn, rolled.phase))

    monkeypatch.setattr(search, "play", spy)
    run_search(SearchRequest(
        view=seen, kind="movement_area", candidates=("plan:normal", "plan:no_sites"),
        base="plan:normal", seed=1, budget=60.0, samples=1, margin=1.0, confidence=2.0))
    assert [turn for turn, _ in ended[1::2]] == [state.turn + 2] * 2
    # first the plan's own movement, to the end of this turn's movement phase
    assert all(turn == state.turn and phase != "movement" for turn, phase in ended[::2])


def test_the_leaf_counts_the_tokens_on_the_board_at_the_value_asked() -> None:
    state = _at_movement()
    me = next(iter(state.players))
    tokens = state.board.tokens_of(me)
    assert tokens > 0
    bare = position(state, me, 0.0, 0.0)
    assert bare == victory_points(state, me) + 0.5 * len(state.board.cities_of(me))
    assert position(state, me, 0.0, 0.25) == pytest.approx(bare + 0.25 * tokens)


def test_the_rollouts_play_the_viewers_seat_as_it_grows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard bot gathers on city sites only from a set turn: its own seat in a rollout
    does the same, the rivals' seats play the normal bot's growth."""
    state = _at_movement()
    assert state.pending is not None
    me = state.pending.player
    made: list[tuple[str, int]] = []
    bot_for = search.rollout_bot

    def spy(pid: str, k: int, gather_from: int = 0) -> NormalBot:
        made.append((pid, gather_from))
        return bot_for(pid, k, gather_from)

    monkeypatch.setattr(search, "rollout_bot", spy)
    run_search(SearchRequest(
        view=view(state, me), kind="movement_area", candidates=("plan:normal", "plan:spread"),
        base="plan:normal", seed=1, budget=60.0, samples=1, margin=1.0, confidence=2.0,
        gather_from=9))
    assert {g for pid, g in made if pid == me} == {9}
    assert {g for pid, g in made if pid != me} == {0}
    assert search.rollout_bot(me, 0, 9).grower.gather_from == 9
