"""The flow's typed progress and decision details (issue 17): a sub-task's result reaches the
task below through `finish`, progress and details survive the plain form, and a detail is seen
only by the player who decides."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from game.core import GameState, view
from game.core.errors import StateError
from game.core.events import Event
from game.core.flow import Result, ask, done, finish, push, register
from game.core.state import Detail, Progress, Task, detail_type
from tests.core.test_contract import walk_state


@detail_type
@dataclass(frozen=True)
class Asked(Detail):
    price: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Counted(Result):
    total: int


@dataclass(kw_only=True)
class Parent(Progress):
    KIND = "test:parent_of_count"
    stage: Literal["start", "waiting"] = "start"
    total: int = -1


@dataclass(kw_only=True)
class Count(Progress):
    KIND = "test:count"
    up_to: int


def _parent_step(state: GameState, d: Parent, events: list[Event]) -> None:
    if d.stage == "start":
        d.stage = "waiting"
        push(state, Count(up_to=3))
        return
    ask(state, "egypt", "test_price", f"Pay {d.total}?", ["yes", "no"],
        detail=Asked(price=d.total, cards=("salt",)))


def _parent_choose(state: GameState, d: Parent, label: str, events: list[Event]) -> None:
    done(state, d)


def _receive(state: GameState, d: Parent, result: Result) -> None:
    assert isinstance(result, Counted)
    d.total = result.total


def _count_step(state: GameState, d: Count, events: list[Event]) -> None:
    finish(state, d, Counted(total=d.up_to * 2))


register(Parent, _parent_step, _parent_choose, _receive)
register(Count, _count_step)


def _state() -> GameState:
    state = walk_state(0)
    state.tasks = []
    state.pending = None
    push(state, Parent())
    from game.core.engine import advance

    advance(state)
    return state


def test_a_sub_task_hands_its_result_to_the_task_below_through_finish() -> None:
    state = _state()
    assert state.pending is not None and state.pending.detail == Asked(price=6, cards=("salt",))
    assert [t.kind for t in state.tasks] == ["test:parent_of_count"]
    assert state.tasks[0].data == Parent(stage="waiting", total=6)


def test_typed_progress_and_details_survive_the_plain_form() -> None:
    state = _state()
    again = GameState.from_json(state.to_json())
    assert again == state
    assert isinstance(again.tasks[0].data, Parent) and again.pending is not None
    assert isinstance(again.pending.detail, Asked)


def test_a_detail_is_seen_only_by_the_player_who_decides() -> None:
    state = _state()
    mine, theirs = view(state, "egypt").pending, view(state, "babylon").pending
    assert mine is not None and mine.detail == Asked(price=6, cards=("salt",))
    assert theirs is not None and theirs.detail is None


def test_a_stage_outside_its_literal_or_an_unknown_detail_is_refused() -> None:
    with pytest.raises(StateError, match="expected one of"):
        Task("test:parent_of_count", {"stage": "sideways"})
    plain = _state().to_json().replace('"Asked"', '"Bogus"')
    with pytest.raises(StateError, match="unknown decision detail"):
        GameState.from_json(plain)
