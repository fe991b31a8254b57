"""The client reads where a decision is and why from the decision's typed detail (issue 17),
never from its prompt: a number of tokens to move names its two areas, a loss in a conflict
and a plunder their area."""

from __future__ import annotations

from dataclasses import replace

from game.bots import make_bot
from game.core import Action, TokensToMove, apply, view
from game.ui.words.cause import cause_line, decision_places
from tests.core.phases.test_conflict import build, pick

from .script import make_game


def test_a_number_of_tokens_to_move_is_framed_on_its_two_areas() -> None:
    state = make_game(1)
    bots = {pid: make_bot("basic", 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(200):
        pending = state.pending
        assert pending is not None
        if pending.kind == "movement_tokens":
            break
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    else:
        raise AssertionError("no movement_tokens decision in 200 moves")
    detail = pending.detail
    assert isinstance(detail, TokensToMove)
    state.tasks = []  # the detail alone says it
    assert decision_places(state) == [detail.source, detail.target]
    state.pending = replace(pending, detail=None)  # as others see it: the words name them
    assert decision_places(state) == [detail.source, detail.target]


def test_a_loss_in_a_token_conflict_names_the_conflicts_area() -> None:
    state = build({"egypt": {"advances": ["naval_warfare"], "tokens": {"x": 2},
                             "ships": {"x": 1}},
                   "babylon": {"tokens": {"x": 3}}})
    assert state.pending is not None and state.pending.kind == "conflict_loss"
    assert state.pending.options == ["area:x", "yes"]
    state.tasks = []  # the detail alone says it
    assert cause_line(state, "egypt").startswith(f"Why: conflict in {state.map.areas['x'].name}")


def test_a_plunder_is_framed_on_the_captured_city() -> None:
    state = build({"egypt": {"tokens": {"y": 9}},
                   "babylon": {"cities": ["y"], "hand": ["salt", "grain", "ochre"]}})
    assert state.pending is not None and state.pending.kind == "plunder_card"
    assert decision_places(state) == ["y"]
    assert cause_line(state, "egypt").startswith(f"Why: conflict in {state.map.areas['y'].name}")
    pick(state, "egypt", "yes")
    assert state.pending is not None and state.pending.kind == "plunder_treasury"
    state.tasks = []  # the detail alone says it
    assert decision_places(state) == ["y"]
