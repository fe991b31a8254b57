"""Flood: what is vulnerable, how plains are chosen, and that a flood can be saved mid-way
(001:29.5.1, rules §6.1, the Double Empires chart)."""

from __future__ import annotations

from game.core.calamities.flood import FloodStruck, vulnerable_points
from game.core.engine import Action, advance, apply
from game.core.state import GameState

from .helpers import build


def start(body: str, ruleset: str = "classic") -> tuple[GameState, list[object]]:
    state = build(body, ruleset)
    return state, list(advance(state))


PLAINS = """
[map]
land = [["n1", "n2"], ["n2", "t1"], ["t1", "i1"]]
[map.areas]
n1 = { pop = 5, flood = "nile" }
n2 = { pop = 3, site = "black", flood = "nile" }
t1 = { pop = 5, flood = "tigris" }
i1 = { pop = 5, flood = "indus" }

[players.egypt]
cities = ["n2"]
tokens = { n1 = 3, n2 = 1, t1 = 4, i1 = 4 }
hand   = ["flood"]
"""


def test_tokens_are_vulnerable_everywhere_on_a_plain_but_a_black_site_city_is_not() -> None:
    state, _ = start(PLAINS)
    assert vulnerable_points(state, "egypt", "nile") == 4  # 3 + the token beside the city
    assert vulnerable_points(state, "egypt", "tigris") == 4


def test_a_token_beside_a_black_site_city_is_washed_away_and_the_city_stays() -> None:
    body = PLAINS.replace("t1 = 4, i1 = 4", "t1 = 1, i1 = 1")
    state, events = start(body)
    assert state.pending is None
    assert state.board.cities_of("egypt") == ["n2"]
    assert state.board.count("n1", "egypt") == 0 and state.board.count("n2", "egypt") == 0
    struck = [e for e in events if isinstance(e, FloodStruck)]
    assert [(e.plain, e.losses) for e in struck] == [("nile", (("egypt", 4),))]


def test_double_empires_asks_again_for_each_plain_left_to_pick_among_ties() -> None:
    state, _ = start(PLAINS.replace("n1 = 3, n2 = 1", "n1 = 4"), "double-empires")
    assert state.pending is not None and state.pending.kind == "flood_plain"
    assert state.pending.options == ["flood:indus", "flood:nile", "flood:tigris"]
    apply(state, Action("egypt", "flood:tigris"))
    assert state.pending is not None
    assert state.pending.options == ["flood:indus", "flood:nile"]
    apply(state, Action("egypt", "flood:nile"))
    assert state.pending is None
    assert state.board.count("i1", "egypt") == 4
    assert state.board.count("n1", "egypt") == 0 and state.board.count("t1", "egypt") == 0


def test_a_flood_saved_at_its_plain_decision_loads_and_ends_the_same() -> None:
    state, _ = start(PLAINS.replace("n1 = 3, n2 = 1", "n1 = 4").replace(", i1 = 4", ""))
    assert state.pending is not None
    again = GameState.from_json(state.to_json())
    assert again == state
    apply(state, Action("egypt", "flood:nile"))
    apply(again, Action("egypt", "flood:nile"))
    assert again.state_hash() == state.state_hash()
    assert state.board.count("t1", "egypt") == 4
