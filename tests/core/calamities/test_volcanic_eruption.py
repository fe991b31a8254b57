"""Volcanic Eruption / Earthquake: which sites are offered, what each strike touches, and the
Double Empires second strike (001:29.2.1, rules §6.1, the chart row)."""

from __future__ import annotations

from game.core.calamities.volcanic_eruption import EarthquakeStruck, VolcanoErupted
from game.core.engine import Action, advance, apply
from game.core.events import Event
from game.core.state import GameState

from .helpers import build


def start(body: str, ruleset: str = "classic") -> tuple[GameState, list[Event]]:
    state = build(body, ruleset)
    return state, advance(state)


TWIN = """
[map]
land = [["A", "B"], ["B", "C"], ["C", "D"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 3 }
C = { pop = 3, site = "white" }
D = { pop = 3 }
[map.volcanoes]
etna = ["A", "B"]
vesuvius = ["C", "D"]

[players.egypt]
cities = ["A", "C"]
hand = ["volcanic_eruption"]
"""


def test_only_the_volcanoes_tied_for_most_damage_are_offered() -> None:
    state, _ = start(TWIN)
    assert state.pending is not None and state.pending.kind == "eruption_site"
    assert state.pending.options == ["volcano:etna", "volcano:vesuvius"]
    state, _ = start(TWIN.replace('hand = ["volcanic_eruption"]',
                                  'tokens = { D = 1 }\nhand = ["volcanic_eruption"]'))
    assert state.pending is None  # Vesuvius does one point more: no choice
    assert state.board.cities_of("egypt") == ["A"]


def test_an_eruption_reports_the_volcano_and_every_area_it_touches() -> None:
    state, _ = start(TWIN)
    events = apply(state, Action("egypt", "volcano:etna"))
    erupted = [e for e in events if isinstance(e, VolcanoErupted)]
    assert [(e.volcano, e.areas, e.rule) for e in erupted] == [
        ("etna", ("A", "B"), "001:29.2.1.1")]


def test_the_double_empires_card_strikes_a_second_time_after_the_first() -> None:
    state, _ = start(TWIN, "double-empires")
    assert state.pending is not None and state.pending.kind == "eruption_site"
    events = apply(state, Action("egypt", "volcano:etna"))
    erupted = [e.volcano for e in events if isinstance(e, VolcanoErupted)]
    assert erupted == ["etna", "vesuvius"]
    assert state.pending is None and state.board.cities_of("egypt") == []


def test_a_second_strike_with_nothing_left_to_hit_does_nothing() -> None:
    body = TWIN.replace('cities = ["A", "C"]', 'cities = ["A"]\ntokens = { C = 2 }')
    state, events = start(body, "double-empires")
    assert [e.volcano for e in events if isinstance(e, VolcanoErupted)] == ["etna"]
    assert not [e for e in events if isinstance(e, EarthquakeStruck)]
    assert state.board.count("C", "egypt") == 2


QUAKE = """
[map]
land = [["A", "B"], ["A", "C"], ["D", "E"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 2, site = "white" }
C = { pop = 2, site = "white" }
D = { pop = 3, site = "white" }
E = { pop = 4, site = "white" }

[players.egypt]
cities = ["A", "D"]
hand = ["volcanic_eruption"]

[players.babylon]
cities = ["B", "C", "E"]
"""


def test_the_classic_earthquake_offers_only_the_sites_of_greatest_damage() -> None:
    state, _ = start(QUAKE)
    # At A the neighbours lose 3 each; at D Babylon's city in E loses only 1.
    assert state.pending is not None and state.pending.kind == "earthquake_neighbour"
    assert state.pending.options == ["area:B", "area:C"]
    events = apply(state, Action("egypt", "area:C"))
    quake = [e for e in events if isinstance(e, EarthquakeStruck)]
    assert [(e.area, e.destroyed, e.reduced) for e in quake] == [("A", ("A",), ("C",))]


def test_the_mega_empires_earthquake_lets_the_victim_pick_any_site_and_neighbour() -> None:
    state, _ = start(QUAKE, "mega-empires")
    assert state.pending is not None and state.pending.kind == "earthquake_site"
    assert state.pending.options == ["area:A", "area:D"]
    apply(state, Action("egypt", "area:D"))
    assert state.pending is None  # E is D's only neighbouring city
    assert state.board.cities_of("egypt") == ["A"]
    assert state.board.count("E", "babylon") == 4


def test_double_empires_urbanism_takes_tokens_before_reducing_a_city() -> None:
    body = """
[map]
land = [["A", "B"], ["A", "C"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 3, site = "white" }
C = { pop = 5 }
[map.volcanoes]
etna = ["A"]

[players.egypt]
advances = ["urbanism"]
cities = ["A", "B"]
tokens = { C = 2 }
hand = ["volcanic_eruption"]
"""
    state, _ = start(body, "double-empires")
    # Two tokens in C go first (no choice); then the city in B is reduced to make up the four.
    assert state.pending is None
    assert state.board.count("C", "egypt") == 0
    assert state.board.cities_of("egypt") == []
    assert state.board.count("B", "egypt") == 3  # reduced (2 points), and 4 were reached
