"""Cyclone: how many cities each player reduces at a sea (001:29.6.1, 003:CYCLONE, the Double
Empires chart), and which ships go."""

from __future__ import annotations

from game.core.calamities.cyclone import CycloneStruck, cities_reduced
from game.core.engine import advance
from game.core.state import GameState

from .helpers import build


def start(body: str, ruleset: str) -> tuple[GameState, list[object]]:
    state = build(body, ruleset)
    return state, list(advance(state))


def holder(advances: list[str], ruleset: str) -> GameState:
    body = f"""
[map]
[map.areas]
A = {{ pop = 3 }}
[players.egypt]
advances = {advances!r}
""".replace("'", '"')
    return start(body, ruleset)[0]


def test_mega_empires_selects_before_it_unselects() -> None:
    masonry = holder(["masonry"], "mega-empires")
    assert cities_reduced(masonry, "egypt", True, 4) == 2
    assert cities_reduced(masonry, "egypt", True, 2) == 1   # both selected, one unselected
    assert cities_reduced(masonry, "egypt", False, 1) == 0
    calendar_te = holder(["calendar", "trade_empire"], "mega-empires")
    assert cities_reduced(calendar_te, "egypt", True, 5) == 2
    assert cities_reduced(calendar_te, "egypt", True, 3) == 1


def test_classic_modifiers_add_up_and_never_exceed_the_exposed_cities() -> None:
    both = holder(["masonry", "trade_empire"], "classic")
    assert cities_reduced(both, "egypt", True, 5) == 3
    assert cities_reduced(both, "egypt", False, 5) == 2
    assert cities_reduced(both, "egypt", True, 1) == 1
    engineering = holder(["engineering"], "classic")
    assert cities_reduced(engineering, "egypt", False, 4) == 0


TWO_SEAS = """
[map]
land = [["A1", "B1"]]
[map.areas]
A1 = { pop = 3, site = "white", coast = true }
B1 = { pop = 3, site = "white", coast = true }
C1 = { pop = 3, coast = true }
[map.seas]
S1 = { open = true, borders = ["A1"] }
S2 = { open = true, borders = ["B1", "C1"] }
S3 = { open = true, borders = ["C1"] }

[players.egypt]
cities = ["A1", "B1"]
ships  = { A1 = 1, B1 = 1 }
hand   = ["cyclone"]

[players.babylon]
tokens = { C1 = 1 }
ships  = { C1 = 2 }
"""


def test_double_empires_strikes_each_sea_in_turn_and_sinks_every_ship_by_it() -> None:
    state, events = start(TWO_SEAS, "double-empires")
    assert state.pending is None
    struck = [(e.sea, e.cities, e.ships) for e in events if isinstance(e, CycloneStruck)]
    assert struck == [("S1", ("A1",), 1), ("S2", ("B1",), 3)]
    assert state.board.ships == {}


def test_classic_strikes_one_sea_only() -> None:
    state, events = start(TWO_SEAS, "classic")
    assert state.pending is not None and state.pending.options == ["sea:S1", "sea:S2"]
    assert not [e for e in events if isinstance(e, CycloneStruck)]
