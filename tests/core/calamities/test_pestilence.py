"""Pestilence (Double Empires chart row "Pestilence"): where it starts, how it spreads ring by
ring, and that it stops at 20 unit points without ever touching a city."""

from __future__ import annotations

import dataclasses
import random

from game.core.calamities.pestilence import PestilenceStruck, start_options
from game.core.engine import advance
from game.core.ops import unit_points
from game.core.state import GameState

from . import helpers
from .helpers import pick, play_randomly


def build(body: str, home: str = "") -> GameState:
    state = helpers.build(body, "double-empires")
    if home:
        state.map = dataclasses.replace(state.map, start_areas={"egypt": home})
    return state


# A line of areas from Egypt's home H: H (a city), then P1 and Q1 one step off, P2 and Q2 two.
LINE = """
[map]
land = [["H", "P1"], ["H", "Q1"], ["P1", "P2"], ["Q1", "Q2"], ["P2", "R"], ["Q2", "R"]]
[map.areas]
H  = { pop = 3, site = "white" }
P1 = { pop = 5 }
Q1 = { pop = 5 }
P2 = { pop = 5 }
Q2 = { pop = 5 }
R  = { pop = 5 }

[players.egypt]
cities = ["H"]
tokens = { P1 = 5, Q1 = 5, P2 = 5, Q2 = 5, R = 5 }
hand   = ["pestilence"]

[players.babylon]
tokens = { R = 0 }
"""


def test_it_starts_in_a_city_less_area_nearest_the_starting_area() -> None:
    assert start_options(build(LINE, home="H"), "egypt") == ["P1", "Q1"]
    assert start_options(build(LINE, home="R"), "egypt") == ["R"]
    assert start_options(build(LINE), "egypt") == ["P1", "P2", "Q1", "Q2", "R"]  # no home


def test_the_plague_spreads_ring_by_ring_and_the_victim_picks_the_last_tokens() -> None:
    state = build(LINE, home="H")
    advance(state)
    assert state.pending is not None
    assert state.pending.kind == "pestilence_start"
    pick(state, "area:P1")  # P1: 5 lost; ring 1 (P2; H is a city): 4 more, 9
    # Ring 2 (Q1, reached through the city area H, and R): 4 + 4 more, 17; ring 3 (Q2): 3 of
    # its 4 spare tokens.
    assert state.board.count("P2", "egypt") == 1
    assert state.board.count("Q1", "egypt") == 1 and state.board.count("R", "egypt") == 1
    assert state.pending is None  # Q2 alone in the last ring: no choice of area
    assert state.board.count("Q2", "egypt") == 2
    assert unit_points(state, "egypt") == 5 + 25 - 20
    assert state.board.cities_of("egypt") == ["H"]


def test_in_the_last_ring_the_victim_picks_and_never_takes_an_areas_last_token() -> None:
    state = build(LINE.replace("Q1 = 5, P2 = 5", "Q1 = 2, P2 = 5"), home="R")
    events = advance(state)  # R: 5; ring 1 (P2, Q2): 8, 13; ring 2 (P1, Q1): 4 + 1 spare, 18
    assert state.pending is None  # the city area H stops it short of 20
    assert state.board.count("P1", "egypt") == 1 and state.board.count("Q1", "egypt") == 1
    done = [e for e in events if isinstance(e, PestilenceStruck)]
    assert done and done[0].lost == 18  # fewer than 20 could be taken
    state = build(LINE, home="R")
    advance(state)  # R: 5; ring 1 (P2, Q2): 8, 13; ring 2 (P1, Q1): 7 of 8 spare: a choice
    assert state.pending is not None
    assert state.pending.kind == "lose_unit_points"
    assert state.pending.options == ["area:P1", "area:Q1"]
    while state.pending is not None:
        pick(state, state.pending.options[-1])
    assert unit_points(state, "egypt") == 30 - 20
    assert min(state.board.count("P1", "egypt"), state.board.count("Q1", "egypt")) >= 1


def test_other_players_tokens_and_the_victims_city_tokens_are_spared() -> None:
    body = LINE.replace("[players.babylon]\ntokens = { R = 0 }",
                        "[players.babylon]\ntokens = { R = 2, P2 = 1 }")
    body = body.replace('cities = ["H"]', 'cities = ["H"]\nadvances = ["public_works"]').replace(
        "tokens = { P1 = 5", "tokens = { H = 1, P1 = 5")
    state = build(body, home="H")
    advance(state)
    pick(state, "area:Q1")
    assert state.board.count("R", "babylon") == 2 and state.board.count("P2", "babylon") == 1
    assert state.board.count("H", "egypt") == 1


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(12)]
    pairs = [[rng.choice(areas), rng.choice(areas)] for _ in range(14)]
    lines = ["[map]", "land = " + str([p for p in pairs if p[0] != p[1]]).replace("'", '"'),
             "[map.areas]"]
    lines += [f'{a} = {{ pop = 5, site = "white" }}' for a in areas]
    cities = [a for a in areas if rng.random() < 0.3]
    tokens = {a: rng.randint(1, 5) for a in areas if a not in cities and rng.random() < 0.8}
    lines += ["[players.babylon]", "[players.egypt]", "cities = " + str(cities).replace("'", '"'),
              "tokens = {" + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + "}",
              'hand = ["pestilence"]']
    return "\n".join(lines)


def test_random_choices_never_take_more_than_20_nor_a_city() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = build(random_body(rng), home=rng.choice(["X0", "X5", ""]))
        before, cities = unit_points(state, "egypt"), state.board.cities_of("egypt")
        play_randomly(state, rng, steps=50)
        assert 0 <= before - unit_points(state, "egypt") <= 20
        assert state.board.cities_of("egypt") == cities
