"""Minor Uprising: the split between treasury and board tokens (001:29.8.3), the city lost in
Mega Empires (rules §6.1), the buy-off in Double Empires (002 chart)."""

from __future__ import annotations

import random

import pytest

from .helpers import build, pick, play_randomly, start


def body(cities: int, tokens: int, treasury: int, advances: str = "") -> str:
    ids = [f"C{i}" for i in range(cities)]
    areas = "\n".join(f'{a} = {{ pop = 3, site = "white" }}' for a in ids)
    return f"""
[map]
[map.areas]
{areas}
T = {{ pop = 5 }}
U = {{ pop = 5 }}
[players.babylon]
[players.egypt]
advances = [{advances}]
cities = {str(ids).replace("'", '"')}
tokens = {{ T = {tokens // 2}, U = {tokens - tokens // 2} }}
treasury = {treasury}
hand = ["minor_uprising"]
"""


def test_the_treasury_share_runs_from_what_the_board_cannot_cover_to_what_treasury_can() -> None:
    state = start(body(cities=6, tokens=4, treasury=3))
    assert state.pending is not None
    assert state.pending.options == ["number:2", "number:3"]  # 6 due, 4 on the board


def test_board_tokens_are_picked_by_area_and_cities_are_never_taken() -> None:
    state = start(body(cities=4, tokens=4, treasury=2))
    pick(state, "number:0")
    assert state.pending is not None
    assert state.pending.options == ["area:T", "area:U"]
    while state.pending is not None:
        pick(state, state.pending.options[0])
    assert state.board.tokens_of("egypt") == 0
    assert len(state.board.cities_of("egypt")) == 4
    assert state.players["egypt"].treasury == 2


def test_mega_empires_destroys_one_city_of_the_victims_choice() -> None:
    state = start(body(cities=3, tokens=2, treasury=9), "mega-empires")
    assert state.pending is not None
    assert (state.pending.kind, len(state.pending.options)) == ("city_to_destroy", 3)
    pick(state, "area:C1")
    assert state.board.cities_of("egypt") == ["C0", "C2"]
    assert state.board.count("C1", "egypt") == 0


def test_double_empires_buys_off_at_two_treasury_and_may_take_a_city_when_tokens_run_out() -> None:
    state = start(body(cities=7, tokens=2, treasury=5), "double-empires")
    assert state.pending is not None
    assert state.pending.options == ["number:0", "number:1", "number:2"]
    pick(state, "number:2")
    assert state.players["egypt"].treasury == 1
    pick(state, "area:T")  # then U goes without a choice: four points left, less than a city
    while state.pending is not None:
        pick(state, state.pending.options[0])
    # Five unit points due: the two tokens, then a city (five) since nothing else is left.
    assert state.board.tokens_of("egypt") == 0
    assert len(state.board.cities_of("egypt")) == 6


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_random_choices_always_finish_and_keep_every_token(ruleset: str) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        held = rng.sample(["military", "advanced_military"], rng.randint(0, 2))
        advances = ", ".join(f'"{a}"' for a in held)
        state = build(body(rng.randint(0, 9), rng.randint(0, 12), rng.randint(0, 12), advances),
                      ruleset)
        play_randomly(state, rng)
