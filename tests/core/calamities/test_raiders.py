"""Raiders (Double Empires chart row "Raiders"): the bribe, the units taken instead (tokens more
than half), the barbarian tokens left behind and what they do to Agriculture."""

from __future__ import annotations

import random

from game.core.calamities.raiders import RaidersStruck, reach
from game.core.engine import advance
from game.core.ops import unit_points
from game.core.population import population_limit
from game.core.state import BARBARIANS, GameState

from . import helpers
from .helpers import pick, play_randomly


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


def test_the_most_the_raiders_can_take_keeps_tokens_above_half() -> None:
    assert reach((0, 0), 8, 4, 12) == 12  # a city and 7 tokens
    assert reach((0, 0), 6, 3, 9) == 6  # a city would need 5 tokens or more beside it
    assert reach((0, 0), 20, 3, 9) == 9  # tokens alone cover it
    assert reach((0, 0), 0, 3, 9) == 0  # no tokens: no city may go either
    assert reach((0, 0), 12, 2, 17) == 17  # 12 tokens and a city (not 7 and two cities)
    assert reach((2, 1), 4, 2, 2) < 0  # 4 tokens against a city can no longer be put right


# Egypt: 3 cities (9 due), tokens in A (Agriculture area, printed 2) and B, treasury 4.
RAID = """
[map]
[map.areas]
E1 = { pop = 2, site = "white" }
E2 = { pop = 2, site = "white" }
E3 = { pop = 2, site = "white" }
A  = { pop = 2 }
B  = { pop = 4 }

[players.egypt]
advances = ["agriculture"]
cities   = ["E1", "E2", "E3"]
tokens   = { A = 3, B = 4 }
treasury = 4
hand     = ["raiders"]

[players.babylon]
"""


def test_the_treasury_pays_first_and_the_rest_is_taken_as_units_the_victim_picks() -> None:
    state = build(RAID)
    events = advance(state)
    struck = [(e.due, e.paid, e.unpaid_loss) for e in events if isinstance(e, RaidersStruck)]
    assert struck == [(9, 4, 5)]
    assert state.players["egypt"].treasury == 0
    assert state.pending is not None
    assert state.pending.kind == "raiders_unit"
    assert state.pending.options == ["area:A", "area:B"]  # 5 points: no city (tokens > half)


def test_raider_tokens_stay_and_agriculture_stops_where_they_stand() -> None:
    state = build(RAID)
    assert population_limit(state, "A", "egypt") == 3
    advance(state)
    pick(state, "area:A")
    while state.pending is not None:
        pick(state, "area:B")
    assert state.board.count("A", BARBARIANS) == 1
    assert state.board.count("B", BARBARIANS) == 4
    assert population_limit(state, "A", "egypt") == 2  # no Agriculture beside the raider


def test_raider_tokens_over_a_limit_are_removed() -> None:
    state = build(RAID.replace("treasury = 4", "treasury = 0").replace(
        "tokens   = { A = 3, B = 4 }", "tokens   = { A = 3, B = 4, E1 = 1 }"))
    advance(state)  # 9 points; a city would need 5 tokens or more beside it: all 8 tokens go
    assert state.pending is None
    assert unit_points(state, "egypt") == 15
    # A's 3 raiders come down to its limit, 2; the one in the city area E1 (limit 0) goes.
    assert state.board.count("A", BARBARIANS) == 2
    assert state.board.count("B", BARBARIANS) == 4
    assert state.board.count("E1", BARBARIANS) == 0


def test_a_city_goes_only_while_the_tokens_can_still_make_up_more_than_half() -> None:
    state = build(RAID.replace("treasury = 4", "treasury = 0").replace(
        "tokens   = { A = 3, B = 4 }", "tokens   = { A = 1, B = 4 }").replace(
        '"E3"]', '"E3", "E4"]').replace('A  = { pop = 2 }',
                                       'A  = { pop = 2 }\nE4 = { pop = 2, site = "white" }'))
    advance(state)  # 12 points, 5 tokens: a city with all 5 is not more than half: tokens only
    assert state.pending is None
    assert len(state.board.cities_of("egypt")) == 4
    assert state.board.tokens_of("egypt") == 0
    state = build(RAID.replace("treasury = 4", "treasury = 0").replace(
        "tokens   = { A = 3, B = 4 }", "tokens   = { A = 3, B = 5 }").replace(
        '"E3"]', '"E3", "E4"]').replace('A  = { pop = 2 }',
                                       'A  = { pop = 2 }\nE4 = { pop = 2, site = "white" }'))
    advance(state)  # 12 points, 8 tokens: one city and 7 tokens, in any order
    assert state.pending is not None
    assert state.pending.options == ["area:A", "area:B", "area:E1", "area:E2", "area:E3",
                                     "area:E4"]
    pick(state, "area:E2")
    assert state.pending is not None
    assert state.pending.options == ["area:A", "area:B"]  # no second city
    while state.pending is not None:
        pick(state, state.pending.options[-1])
    assert state.board.cities_of("egypt") == ["E1", "E3", "E4"]
    assert state.board.tokens_of("egypt") == 1


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(12)]
    lines = ["[map]", "[map.areas]"]
    lines += [f'{a} = {{ pop = {rng.randint(1, 4)}, site = "white" }}' for a in areas]
    cities = [a for a in areas if rng.random() < 0.4][:9]
    tokens = {a: rng.randint(1, 4) for a in areas if rng.random() < 0.6}
    lines += ["[players.babylon]", "[players.egypt]", "cities = " + str(cities).replace("'", '"'),
              "tokens = {" + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + "}",
              f"treasury = {rng.randint(0, 20)}", 'hand = ["raiders"]']
    return "\n".join(lines)


def test_random_choices_take_what_is_due_at_most_with_tokens_above_half() -> None:
    for seed in range(80):
        rng = random.Random(seed)
        state = build(random_body(rng))
        cities, tokens = len(state.board.cities_of("egypt")), state.board.tokens_of("egypt")
        due = 3 * cities - state.players["egypt"].treasury
        play_randomly(state, rng, steps=100)
        lost_cities = cities - len(state.board.cities_of("egypt"))
        lost_tokens = tokens - state.board.tokens_of("egypt")
        assert lost_tokens + 5 * lost_cities == max(reach((0, 0), tokens, cities, due), 0)
        assert lost_cities == 0 or lost_tokens > 5 * lost_cities
