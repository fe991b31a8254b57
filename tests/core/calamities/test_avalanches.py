"""Avalanches (Double Empires chart row "Avalanches"): pairs of adjacent cities first, one city
when there is no pair, in two places."""

from __future__ import annotations

import random

from game.core.calamities.avalanches import AvalancheStruck, paired_cities
from game.core.state import GameState

from . import helpers
from .helpers import pick, play_randomly


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


def start(body: str) -> GameState:
    return helpers.start(body, "double-empires")


# A-B by land, B-C by water, D alone, and Babylon's city X next to A.
MOUNTAINS = """
[map]
land  = [["A", "B"], ["A", "X"], ["X", "D"]]
water = [["B", "C"]]
[map.areas]
A = { pop = 2, site = "white" }
B = { pop = 2, site = "white", coast = true }
C = { pop = 2, site = "white", coast = true }
D = { pop = 2, site = "white" }
X = { pop = 2, site = "white" }

[players.egypt]
cities = ["A", "B", "C", "D"]
hand   = ["avalanches"]

[players.babylon]
cities = ["X"]
"""


def test_only_the_victims_own_cities_by_land_or_water_make_a_pair() -> None:
    state = build(MOUNTAINS)
    assert paired_cities(state, "egypt") == {"A": ["B"], "B": ["A", "C"], "C": ["B"]}


def test_the_victim_picks_a_city_with_a_partner_then_the_partner() -> None:
    state = start(MOUNTAINS)
    assert state.pending is not None
    assert state.pending.options == ["area:A", "area:B", "area:C"]  # D has no partner
    pick(state, "area:B")
    assert state.pending is not None
    assert state.pending.options == ["area:A", "area:C"]
    events = pick(state, "area:C")
    struck = [e.areas for e in events if isinstance(e, AvalancheStruck)]
    assert struck[0] == ("B", "C")
    # The second avalanche finds no pair left (A and D stand alone): either one.
    assert state.pending is not None
    assert state.pending.options == ["area:A", "area:D"]
    events = pick(state, "area:D")
    assert [e.areas for e in events if isinstance(e, AvalancheStruck)] == [("D",)]
    assert state.pending is None
    assert state.board.cities_of("egypt") == ["A"]
    assert state.board.cities_of("babylon") == ["X"]


def test_a_reduced_city_leaves_tokens_up_to_the_limit_and_public_works_one_fewer() -> None:
    state = start(MOUNTAINS.replace('hand   = ["avalanches"]',
                                    'hand   = ["avalanches"]\nadvances = ["public_works"]\n'
                                    'tokens = { A = 1 }'))
    pick(state, "area:A")  # A and B go: A has the Public Works token already
    assert state.board.count("A", "egypt") == 2
    assert state.board.count("B", "egypt") == 2


def test_an_avalanche_saved_at_its_second_pick_resumes_the_same() -> None:
    state = start(MOUNTAINS)
    pick(state, "area:B")
    copy = GameState.from_json(state.to_json())
    for s in (state, copy):
        pick(s, "area:A")
        pick(s, "area:C")
    assert copy.state_hash() == state.state_hash()


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(10)]
    pairs = [[rng.choice(areas), rng.choice(areas)] for _ in range(10)]
    lines = ["[map]", "land = " + str([p for p in pairs if p[0] != p[1]]).replace("'", '"'),
             "[map.areas]"]
    lines += [f'{a} = {{ pop = {rng.randint(1, 3)}, site = "white" }}' for a in areas]
    cities = [a for a in areas if rng.random() < 0.4]
    lines += ["[players.babylon]", "[players.egypt]", "cities = " + str(cities).replace("'", '"'),
              'hand = ["avalanches"]', f"stock = {rng.randint(0, 10)}"]
    return "\n".join(lines)


def test_random_choices_always_finish_and_keep_every_token() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = build(random_body(rng))
        before = len(state.board.cities_of("egypt"))
        play_randomly(state, rng, steps=50)
        lost = before - len(state.board.cities_of("egypt"))
        assert min(before, 2) <= lost <= min(before, 4)
