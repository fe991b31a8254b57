"""Corruption: commodity cards worth ten face-value points or more are discarded (001:29.7.1,
rules §6.1)."""

from __future__ import annotations

import random

import pytest

from .helpers import build, pick, play_randomly, start


def body(hand: str, advances: str = "") -> str:
    return f"""
[map]
[map.areas]
A = {{ pop = 3, site = "white" }}
[players.babylon]
[players.egypt]
advances = [{advances}]
cities = ["A"]
hand = [{hand}]
"""


def test_each_pick_offers_each_commodity_once_and_never_water() -> None:
    state = start(body('"corruption", "salt", "salt", "gold", "water"'))
    assert state.pending is not None
    assert state.pending.options == ["card:gold", "card:salt"]


def test_the_victim_stops_as_soon_as_ten_points_are_reached() -> None:
    state = start(body('"corruption", "salt", "salt", "gold", "ochre"'))
    pick(state, "card:gold")  # 9
    assert state.pending is not None
    pick(state, "card:ochre")  # 10: done, the salts stay
    assert state.pending is None
    assert sorted(h.card for h in state.players["egypt"].hand) == ["salt", "salt"]


def test_a_single_kind_of_card_left_is_taken_without_asking() -> None:
    state = start(body('"corruption", "wine", "wine", "wine"'))
    assert state.pending is None
    assert [h.card for h in state.players["egypt"].hand] == ["wine"]


def test_mega_empires_wonder_of_the_world_and_coinage_add_up() -> None:
    state = start(body('"corruption", "wine", "wine", "wine", "wine", "wine"',
                       '"coinage", "wonder_of_the_world"'), "mega-empires")
    assert [h.card for h in state.players["egypt"].hand] == ["wine"]  # 20 points


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires"])
def test_random_choices_always_finish_and_keep_every_card(ruleset: str) -> None:
    goods = ["ochre", "salt", "gold", "water", "wine", "clay", "silk"]
    for seed in range(40):
        rng = random.Random(seed)
        hand = [*rng.sample(goods, rng.randint(0, 7)), "corruption"]
        held = rng.sample(["law", "coinage", "wonder_of_the_world"], rng.randint(0, 3))
        state = build(body(", ".join(f'"{c}"' for c in hand),
                           ", ".join(f'"{a}"' for a in held)), ruleset)
        play_randomly(state, rng)
