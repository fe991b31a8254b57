"""Slave Revolt: the support check it starts (001:29.4.2, rules §6.1, the chart)."""

from __future__ import annotations

from game.core.engine import Action, apply

from .helpers import start

BOARD = """
[map]
land = [["A", "B"], ["B", "C"], ["C", "D"]]
[map.areas]
A = { pop = 1, site = "white" }
B = { pop = 3, site = "white" }
C = { pop = 3, site = "white" }
D = { pop = 5 }

[players.egypt]
cities = ["A", "B", "C"]
tokens = { D = 17 }
hand = ["slave_revolt"]
"""


def test_the_victim_chooses_each_city_to_reduce_and_the_check_runs_again_after_each() -> None:
    state = start(BOARD)
    # 2 usable tokens for 3 cities (need 6): the victim picks which city goes first.
    assert state.pending is not None and state.pending.kind == "reduce_unsupported_city"
    assert state.pending.options == ["area:A", "area:B", "area:C"]
    apply(state, Action("egypt", "area:A"))  # 1 token: 3 usable for 2 cities, still short
    assert state.pending is not None and state.pending.options == ["area:B", "area:C"]
    apply(state, Action("egypt", "area:B"))  # 3 tokens: 6 usable for 1 city
    assert state.pending is None and state.board.cities_of("egypt") == ["C"]


def test_a_victim_without_cities_is_untouched() -> None:
    state = start(BOARD.replace('cities = ["A", "B", "C"]', "cities = []"))
    assert state.pending is None and state.board.tokens_of("egypt") == 17
