"""Treachery: who picks, and when the pick is forced (001:29.2.2, rules §6.1, the chart)."""

from __future__ import annotations

from game.core.engine import Action, apply

from .helpers import start

BOARD = """
[map]
land = [["A", "B"], ["B", "C"], ["C", "D"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 2, site = "white" }
C = { pop = 3, site = "white" }
D = { pop = 3, site = "white" }

[players.egypt]
cities = ["A", "B"]
hand = ["HAND"]

[players.babylon]
cities = ["D"]
"""


def test_the_trader_picks_which_city_changes_hands() -> None:
    state = start(BOARD.replace("HAND", "treachery<babylon"))
    assert state.pending is not None and state.pending.player == "babylon"
    assert state.pending.options == ["area:A", "area:B"]
    apply(state, Action("babylon", "area:A"))
    assert state.board.cities["A"] == "babylon"


def test_the_victim_picks_the_city_reduced_when_nobody_traded_the_card() -> None:
    state = start(BOARD.replace("HAND", "treachery"))
    assert state.pending is not None and state.pending.player == "egypt"
    assert state.pending.kind == "city_to_reduce"


def test_when_every_city_goes_to_a_trader_who_can_take_them_all_nobody_is_asked() -> None:
    state = start(BOARD.replace("HAND", "treachery<babylon"), "double-empires")
    assert state.pending is None
    assert state.board.cities_of("babylon") == ["A", "B", "D"]


def test_in_mega_empires_a_victim_alone_in_the_game_keeps_the_city() -> None:
    state = start(BOARD.replace("HAND", "treachery").replace(
        '[players.babylon]\ncities = ["D"]\n', ""), "mega-empires")
    assert state.pending is None and state.board.cities_of("egypt") == ["A", "B"]
