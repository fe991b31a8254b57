"""General Drought (Double Empires chart row "General Drought"): who is struck by their city
count before the calamity phase, what their areas support, and Public Works in areas printed 1."""

from __future__ import annotations

from game.core.calamities.general_drought import GeneralDroughtStruck
from game.core.engine import advance
from game.core.population import FLAG_AGRICULTURE_SUSPENDED, population_limit
from game.core.state import GameState

from . import helpers


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


def sites(prefix: str, n: int, pop: int = 3) -> str:
    return "\n".join(f'{prefix}{i} = {{ pop = {pop}, site = "white" }}' for i in range(n))


def cities(prefix: str, n: int) -> str:
    return "cities = [" + ", ".join(f'"{prefix}{i}"' for i in range(n)) + "]"


# Egypt holds the card with 6 cities; Assyria has 8 (one in S0, printed 1, with its Public
# Works token; one in S1, printed 2, likewise) and tokens on a flood plain; Babylon has 7,
# Hatti 5.
BODY = f"""
[map]
[map.areas]
{sites("E", 6)}
S0 = {{ pop = 1, site = "white" }}
S1 = {{ pop = 2, site = "white" }}
{sites("A", 6)}
{sites("B", 7)}
{sites("H", 5)}
F = {{ pop = 3, flood = "nile" }}
T = {{ pop = 2 }}
U = {{ pop = 2 }}

[players.egypt]
{cities("E", 6)}
hand = ["general_drought"]

[players.assyria]
advances = ["public_works", "agriculture"]
cities = ["S0", "S1", "A0", "A1", "A2", "A3", "A4", "A5"]
tokens = {{ S0 = 1, S1 = 1, F = 2 }}

[players.babylon]
advances = ["agriculture"]
{cities("B", 7)}
tokens = {{ T = 2 }}

[players.hatti]
advances = ["agriculture"]
{cities("H", 5)}
"""


def test_more_than_seven_cities_are_struck_six_or_seven_lose_agriculture() -> None:
    state = build(BODY)
    events = advance(state)
    struck = [e for e in events if isinstance(e, GeneralDroughtStruck)]
    assert [(e.players, e.agriculture_withdrawn) for e in struck] == [
        (("assyria",), ("babylon", "egypt"))]
    assert struck[0].areas == ("A0", "A1", "A2", "A3", "A4", "A5", "F", "S0", "S1")
    flags = {pid: p.flags.get(FLAG_AGRICULTURE_SUSPENDED, 0) for pid, p in state.players.items()}
    assert flags == {"assyria": 0, "babylon": 1, "hatti": 0, "egypt": 1}


def test_flood_plains_are_cut_too_and_public_works_tokens_where_printed_1() -> None:
    state = build(BODY)
    advance(state)
    assert population_limit(state, "F", "assyria") == 2
    assert population_limit(state, "S0", "assyria") == 0
    assert population_limit(state, "S1", "assyria") == 1
    assert population_limit(state, "T", "babylon") == 2  # no Agriculture this turn
    assert population_limit(state, "U", "hatti") == 3  # Hatti's Agriculture still works


def test_city_counts_are_those_from_before_the_calamity_phase() -> None:
    state = build(BODY)
    before = {"egypt": 6, "assyria": 7, "babylon": 8, "hatti": 5}
    state.tasks[0].data.cities_before = before  # e.g. Babylon lost a city to Avalanches
    events = advance(state)
    struck = [e for e in events if isinstance(e, GeneralDroughtStruck)]
    assert [(e.players, e.agriculture_withdrawn) for e in struck] == [
        (("babylon",), ("assyria", "egypt"))]
    assert population_limit(state, "F", "assyria") == 3


def test_a_holder_with_five_cities_cancels_it_for_everyone() -> None:
    state = build(BODY.replace('hand = ["general_drought"]', "").replace(
        'advances = ["agriculture"]\ncities = ["H0"',
        'hand = ["general_drought"]\nadvances = ["agriculture"]\ncities = ["H0"'))
    advance(state)
    assert all(not p.flags for p in state.players.values())
    assert population_limit(state, "F", "assyria") == 3
