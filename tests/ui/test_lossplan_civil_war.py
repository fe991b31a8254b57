"""The loss plan of a civil war's selection counts the unit points from the decision's detail
(CivilWarSelection) alone: an older save is played again (format 4 on), so its decision carries
the detail too."""

from __future__ import annotations

from game.ui.seat.losses import LossPlan, points_left
from tests.core.calamities.helpers import start
from tests.core.calamities.test_civil_war import FACTIONS


def test_a_civil_war_selection_plan_counts_the_points_its_detail_still_asks() -> None:
    state = start(FACTIONS)  # Egypt selects 15 unit points for the first faction
    assert state.pending is not None and state.pending.detail is not None
    tampered = state.clone()
    tampered.tasks[-1].data.queue[0] = ("egypt", 99, "29.4.1.3.1")
    assert points_left(tampered) == 15  # the detail decides
    plan = LossPlan.of(state)
    assert plan is not None and plan.asked == 15
    plan.add("A", 3)
    assert plan.chosen() == 3


def test_the_plan_never_reads_the_civil_war_s_progress() -> None:
    state = start(FACTIONS)
    assert state.pending is not None
    state.pending.detail = None
    assert points_left(state) is None
