"""Drought (Double Empires chart row "Drought"): which areas support fewer tokens, for whom and
for how long, whose Agriculture stops, and the five-city threshold counted before the phase."""

from __future__ import annotations

from game.core.calamities.drought import DroughtStruck, cities_before_calamities
from game.core.engine import advance
from game.core.population import FLAG_AGRICULTURE_SUSPENDED, population_limit, remove_surplus
from game.core.state import GameState, Task
from game.core.turn import PHASES

from . import helpers


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


# Egypt (6 cities) has tokens in T (printed 3, shared with Minoa), F (a flood plain) and the
# Public Works token in E1; Babylon borders T by land, Hatti only by water, Assyria is far off.
DRY = """
[map]
land  = [["T", "B"], ["T", "F"]]
water = [["T", "H"]]
[map.areas]
E1 = { pop = 1, site = "white" }
E2 = { pop = 3, site = "white" }
E3 = { pop = 3, site = "white" }
E4 = { pop = 3, site = "white" }
E5 = { pop = 3, site = "white" }
E6 = { pop = 3, site = "white" }
T  = { pop = 3 }
F  = { pop = 3, flood = "nile" }
B  = { pop = 2 }
H  = { pop = 2, coast = true }
A  = { pop = 2 }
Z  = { pop = 2 }

[players.egypt]
advances = ["public_works"]
cities = ["E1", "E2", "E3", "E4", "E5", "E6"]
tokens = { E1 = 1, T = 2, F = 3 }
hand   = ["drought"]

[players.minoa]
tokens = { T = 1 }

[players.babylon]
advances = ["agriculture"]
tokens = { B = 3 }

[players.hatti]
advances = ["agriculture"]
tokens = { H = 3 }

[players.assyria]
advances = ["agriculture"]
tokens = { A = 1 }
"""


def test_the_victims_areas_off_the_plains_support_one_less_for_everybody_there() -> None:
    state = build(DRY)
    events = advance(state)
    struck = [e for e in events if isinstance(e, DroughtStruck)]
    assert [(e.players, e.areas) for e in struck] == [(("egypt",), ("E1", "E2", "E3", "E4",
                                                                     "E5", "E6", "T"))]
    assert population_limit(state, "T", "egypt") == 2
    assert population_limit(state, "T", "minoa") == 2  # the area's number, whoever stands there
    assert population_limit(state, "F", "egypt") == 3  # flood plains are spared
    assert population_limit(state, "E1", "egypt") == 1  # Public Works' token is not affected
    assert population_limit(state, "Z", "egypt") == 2  # an area without Egypt's units


def test_land_neighbours_lose_agriculture_for_the_turn_and_water_neighbours_keep_it() -> None:
    state = build(DRY)
    advance(state)
    flags = {pid: p.flags.get(FLAG_AGRICULTURE_SUSPENDED, 0) for pid, p in state.players.items()}
    assert flags == {"minoa": 1, "babylon": 1, "hatti": 0, "assyria": 0, "egypt": 0}
    assert population_limit(state, "B", "babylon") == 2
    assert population_limit(state, "H", "hatti") == 3
    assert population_limit(state, "A", "assyria") == 3


def test_nothing_is_removed_until_the_surplus_check_and_that_removes_to_the_cut() -> None:
    state = build(DRY.replace("T = 2, F = 3", "T = 3, F = 3").replace(
        "[players.minoa]\ntokens = { T = 1 }", "[players.minoa]"))
    advance(state)
    assert state.board.count("T", "egypt") == 3
    removed = remove_surplus(state, [], "rules:phase-11")
    assert removed == {"babylon": 1, "egypt": 1}
    assert state.board.count("T", "egypt") == 2


def test_the_cut_ends_with_the_turn() -> None:
    state = build(DRY)
    advance(state)
    state.tasks = [Task("turn", {"next": len(PHASES)})]  # the end of the turn
    advance(state)
    assert population_limit(state, "T", "egypt") == 3
    assert not state.players["babylon"].flags


def test_five_cities_before_the_calamity_phase_mean_no_effect_even_with_six_now() -> None:
    state = build(DRY)
    state.tasks[0].data.cities_before = {pid: 0 for pid in state.players} | {"egypt": 5}
    assert cities_before_calamities(state, "egypt") == 5
    advance(state)
    assert population_limit(state, "T", "egypt") == 3
    assert not state.players["babylon"].flags


def test_without_a_record_the_cities_on_the_board_count() -> None:
    state = build(DRY)
    assert cities_before_calamities(state, "egypt") == 6
    state.tasks[0].data.cities_before = {"egypt": 7}
    assert cities_before_calamities(state, "egypt") == 7
    assert cities_before_calamities(state, "babylon") == 0


def test_a_city_reduced_in_a_struck_area_leaves_the_lowered_number_of_tokens() -> None:
    """Rules §2 "reduce": a reduced city leaves tokens equal to its area's population limit,
    which Drought lowers for the turn; the phase 11 surplus check has already run when support
    reduces cities, so more would stand over the limit to the end of the turn (found by
    bench/soak.py, issue 40: 3 tokens where 2 were allowed)."""
    from game.core.population import reduce_city

    state = build(DRY)
    advance(state)
    reduce_city(state, "E2", [], "test:reduce")
    assert population_limit(state, "E2", "egypt") == 2
    assert state.board.count("E2", "egypt") == 2
