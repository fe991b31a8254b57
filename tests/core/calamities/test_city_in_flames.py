"""City in Flames: the offer to pay, and what happens without it (001:29.4.3, the chart)."""

from __future__ import annotations

from game.core.engine import Action, apply

from .helpers import start


def board(treasury: int) -> str:
    return f"""
[map]
land = [["A", "B"]]
[map.areas]
A = {{ pop = 3, site = "white" }}
B = {{ pop = 3, site = "white" }}

[players.egypt]
cities = ["A", "B"]
treasury = {treasury}
hand = ["city_in_flames"]
"""


def test_paying_is_offered_only_to_a_victim_with_ten_treasury() -> None:
    state = start(board(10))
    assert state.pending is not None and state.pending.options == ["yes", "no"]
    state = start(board(9))
    assert state.pending is not None and state.pending.kind == "city_to_destroy"


def test_the_double_empires_victim_decides_for_each_city_separately() -> None:
    state = start(board(25), "double-empires")
    apply(state, Action("egypt", "no"))
    assert state.pending is not None and state.pending.kind == "city_to_destroy"
    apply(state, Action("egypt", "area:A"))
    assert state.pending is not None and state.pending.options == ["yes", "no"]
    apply(state, Action("egypt", "yes"))
    assert state.pending is None
    assert state.board.cities_of("egypt") == ["B"] and state.players["egypt"].treasury == 15
