"""The losses box's plan reads the unit points a calamity's loss still owes from the decision's
typed detail (LossesOwed), not from the asking task's progress."""

from __future__ import annotations

import tomllib
from dataclasses import replace

from game.core import GameState, LossesOwed, advance
from game.core.gamedata import load_game_data
from game.core.state import Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario
from game.ui.seat.losses import LossPlan, points_left

BOARD = """
title = "t"
ruleset = "classic"
[map]
land = [["A", "B"], ["B", "C"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 3, site = "white" }
C = { pop = 5 }
[players.egypt]
cities = ["A", "B"]
tokens = { C = 4 }
[players.babylon]
tokens = { C = 3 }
[play]
phase = "calamity_resolution"
"""


def _famine_loss() -> GameState:
    """Egypt owes 7 unit points of a famine: from the 4 tokens in C or a city."""
    data = load_game_data()
    state = build_state(parse_scenario(tomllib.loads(BOARD), "test", data), data)
    state.tasks = [Task("calamity:famine", {"card": "famine", "victim": "egypt",
                                            "stage": "surplus"}),
                   Task("damage:lose_points", {"player": "egypt", "points": 7})]
    advance(state)
    return state


def test_the_points_a_loss_still_owes_come_from_the_decisions_detail() -> None:
    state = _famine_loss()
    assert state.pending is not None and isinstance(state.pending.detail, LossesOwed)
    assert points_left(state) == 7
    state.pending.detail = replace(state.pending.detail, points=4)
    assert points_left(state) == 4


def test_a_plan_of_two_tokens_comes_to_two_of_the_seven_points_asked() -> None:
    plan = LossPlan.of(_famine_loss())
    assert plan is not None and plan.asked == 7 and sorted(plan.areas) == ["A", "B", "C"]
    plan.add("C", 2)
    assert plan.chosen() == 2
