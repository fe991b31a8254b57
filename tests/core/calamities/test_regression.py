"""Regression: the A.S.T. marker steps back (001:29.9.1), Enlightenment's way out in Mega
Empires (rules §6.1), and the advance lost in Double Empires (002 chart)."""

from __future__ import annotations

import random

import pytest

from .helpers import build, pick, play_randomly, start


def test_the_marker_never_goes_behind_the_start() -> None:
    state = start("""
[map]
[map.areas]
A = { pop = 3, site = "white" }
[players.egypt]
advances = ["fundamentalism"]
ast = 1
hand = ["regression"]
""")
    assert state.players["egypt"].ast == 0


ENLIGHTENED = """
[map]
[map.areas]
A = { pop = 3, site = "white", coast = true }
B = { pop = 3, site = "white", coast = true }
C = { pop = 3, site = "white" }
[players.babylon]
[players.egypt]
advances = ["enlightenment"]
cities = ["A", "B", "C"]
ast = 4
hand = ["regression"]
"""


def test_enlightenment_destroys_inland_cities_first_then_the_victim_picks_coastal_ones() -> None:
    state = start(ENLIGHTENED, "mega-empires")
    assert state.pending is not None
    assert (state.pending.kind, state.pending.options) == ("regression_cancel", ["yes", "no"])
    pick(state, "yes")
    assert state.pending is not None
    assert state.pending.options == ["area:A", "area:B"]  # C went without a choice
    assert "C" not in state.board.cities
    pick(state, "area:A")
    assert state.board.cities_of("egypt") == ["B"]
    assert state.players["egypt"].ast == 4


def test_enlightenment_is_not_offered_without_two_cities_or_a_step_to_lose() -> None:
    one_city = ENLIGHTENED.replace('cities = ["A", "B", "C"]', 'cities = ["C"]')
    state = start(one_city, "mega-empires")
    assert state.pending is None and state.players["egypt"].ast == 3
    at_start = ENLIGHTENED.replace("ast = 4", "ast = 0")
    state = start(at_start, "mega-empires")
    assert state.pending is None and len(state.board.cities_of("egypt")) == 3


def test_classic_enlightenment_does_not_cancel_anything() -> None:
    state = start(ENLIGHTENED)
    assert state.pending is None and state.players["egypt"].ast == 3


def test_double_empires_offers_only_the_cheapest_qualifying_advances_and_hands_it_out() -> None:
    state = start("""
[map]
[map.areas]
A = { pop = 3, site = "white" }
[players.minoa]
advances = ["pottery"]
[players.babylon]
[players.egypt]
advances = ["mysticism", "pottery", "masonry", "law"]
ast = 7
hand = ["regression"]
""", "double-empires")
    assert state.pending is not None
    assert state.pending.options == ["advance:masonry", "advance:pottery"]  # 60 >= 2 x 30
    pick(state, "advance:pottery")
    assert state.players["egypt"].advances == ["mysticism", "masonry", "law"]
    assert state.players["minoa"].advances == ["pottery"]
    assert state.players["babylon"].advances == ["pottery"]


def test_double_empires_at_the_start_arrow_loses_the_cheapest_advance() -> None:
    state = start("""
[map]
[map.areas]
A = { pop = 3, site = "white" }
[players.babylon]
[players.egypt]
advances = ["law", "mysticism"]
ast = 0
hand = ["regression"]
""", "double-empires")
    assert state.players["egypt"].advances == ["law"]
    assert state.players["babylon"].advances == ["mysticism"]


def random_body(rng: random.Random) -> str:
    ids = [f"X{i}" for i in range(6)]
    lines = ["[map]", "[map.areas]"]
    lines += [f'{a} = {{ pop = 3, site = "white", coast = {str(rng.random() < 0.5).lower()} }}'
              for a in ids]
    pool = ["enlightenment", "fundamentalism", "library", "pottery", "masonry", "law",
            "mysticism", "sculpture", "philosophy"]
    for pid in ("babylon", "egypt"):
        cities = [a for a in ids if rng.random() < 0.5]
        ids = [a for a in ids if a not in cities]
        lines += [f"[players.{pid}]", "cities = " + str(cities).replace("'", '"'),
                  "advances = " + str(rng.sample(pool, rng.randint(0, 5))).replace("'", '"'),
                  f"ast = {rng.randint(0, 15)}"]
    lines.append('hand = ["regression"]')
    return "\n".join(lines)


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_random_choices_always_finish_and_keep_every_token(ruleset: str) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = build(random_body(rng), ruleset)
        before = state.players["egypt"].ast
        play_randomly(state, rng)
        assert 0 <= state.players["egypt"].ast <= before
