"""Tribal Conflict: which groups of areas qualify (001:29.7.3, 002:Tribal Conflict)."""

from __future__ import annotations

from game.core.calamities.tribal_conflict import TribesClashed, eligible_areas, groups
from game.core.engine import Action, advance, apply
from game.core.state import GameState

from .helpers import build


def start(body: str, ruleset: str) -> tuple[GameState, list[object]]:
    state = build(body, ruleset)
    return state, list(advance(state))


BOARD = """
[map]
land  = [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"]]
water = [["e", "f"]]
[map.areas]
a = { pop = 4 }
b = { pop = 4 }
c = { pop = 4, site = "white" }
d = { pop = 4 }
e = { pop = 4 }
f = { pop = 4 }

[players.egypt]
cities = ["c"]
tokens = { a = 2, b = 2, d = 2, e = 2, f = 2 }
hand   = ["tribal_conflict"]
"""


def test_areas_with_a_city_never_qualify_and_water_borders_do_not_join_areas() -> None:
    state, _ = start(BOARD.replace('hand   = ["tribal_conflict"]', ""), "classic")
    assert eligible_areas(state, "egypt") == ["a", "b", "d", "e", "f"]
    assert [sorted(g) for g in groups(state, "egypt", 2)] == [["a", "b"], ["d", "e"]]
    assert groups(state, "egypt", 3) == []


def test_classic_asks_for_the_pair_and_empties_both_areas() -> None:
    state, _ = start(BOARD, "classic")
    assert state.pending is not None
    assert state.pending.options == ["area:a", "area:b", "area:d", "area:e"]
    events = apply(state, Action("egypt", "area:e"))
    assert state.pending is None
    clash = [e for e in events if isinstance(e, TribesClashed)]
    assert [c.areas for c in clash] == [("d", "e")]
    assert state.board.count("a", "egypt") == 2 and state.board.count("d", "egypt") == 0


def test_double_empires_needs_four_areas_connected_by_land() -> None:
    body = BOARD.replace('c = { pop = 4, site = "white" }', "c = { pop = 4 }")
    body = body.replace('cities = ["c"]\ntokens = { a = 2,', "tokens = { c = 2, a = 2,")
    state, _ = start(body, "double-empires")
    assert state.pending is not None
    assert state.pending.options == ["area:a", "area:b", "area:c", "area:d", "area:e"]
    apply(state, Action("egypt", "area:a"))
    assert state.pending is None  # a-b-c-d is the only four with a
    assert [state.board.count(x, "egypt") for x in "abcdef"] == [0, 0, 0, 0, 2, 2]
