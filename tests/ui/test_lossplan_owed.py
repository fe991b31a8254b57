"""The loss plan reads the unit points still owed from the decision's detail (LossesOwed), which
the Raiders' and Urbanism's own decisions carry as every other loss does."""

from __future__ import annotations

from game.core.calamities.volcanic_eruption import Urbanism
from game.core.engine import advance
from game.core.state import Task
from game.ui.seat.losses import LossPlan, points_left
from tests.core.calamities.helpers import pick
from tests.core.calamities.test_raiders import RAID, build


def test_the_plan_for_raiders_counts_the_unit_points_still_taken() -> None:
    state = build(RAID)
    advance(state)  # 9 treasury due, 4 paid: the raiders take 5 unit points
    assert state.pending is not None and state.pending.kind == "raiders_unit"
    assert points_left(state) == 5
    plan = LossPlan.of(state)
    assert plan is not None and plan.asked == 5
    pick(state, "area:A")
    assert points_left(state) == 4


def test_the_plan_for_urbanism_counts_the_points_not_yet_lost() -> None:
    state = build(RAID)
    state.tasks.append(Task(Urbanism.KIND, Urbanism(player="egypt", points=4, areas=["A", "B"],
                                                    lost=1)))
    state.pending = None
    advance(state)
    assert state.pending is not None and state.pending.kind == "lose_unit_points"
    assert state.pending.detail is not None and points_left(state) == 3
