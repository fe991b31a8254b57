"""Banditry: cards by face value to the trader or the discard pile (001:29.9.3, 002 chart), and
Mega Empires' pay-or-discard (rules §6.1)."""

from __future__ import annotations

import random

import pytest

from .helpers import build, pick, play_randomly, start


def body(hand: str, treasury: int = 0, cities: int = 2) -> str:
    ids = [f"C{i}" for i in range(cities)]
    areas = "\n".join(f'{a} = {{ pop = 3, site = "white" }}' for a in ids)
    return f"""
[map]
[map.areas]
Z = {{ pop = 1 }}
{areas}
[players.babylon]
[players.egypt]
cities = {str(ids).replace("'", '"')}
treasury = {treasury}
hand = [{hand}]
"""


def test_cards_go_to_the_trader_who_can_then_trade_them_on() -> None:
    state = start(body('"banditry<babylon", "ochre", "salt"'))
    assert state.pending is not None
    assert state.pending.options == ["card:ochre", "card:salt"]
    pick(state, "card:salt")  # three points: enough for two cities
    assert [h.card for h in state.players["babylon"].hand] == ["salt"]
    assert [h.card for h in state.players["egypt"].hand] == ["ochre"]


def test_discarded_cards_go_to_the_discard_pile_of_their_stack() -> None:
    state = start(body('"banditry", "ochre", "ochre"'))
    block = state.players["egypt"].block
    assert state.discards[block][0] == ["ochre", "ochre"]
    assert state.players["egypt"].hand == []


def test_mega_empires_asks_to_pay_only_while_four_treasury_are_there() -> None:
    state = start(body('"banditry", "ochre", "salt", "gold"', treasury=6), "mega-empires")
    assert state.pending is not None
    assert (state.pending.kind, state.pending.options) == ("banditry_pay", ["yes", "no"])
    pick(state, "yes")
    assert state.players["egypt"].treasury == 2
    assert state.pending is not None
    assert state.pending.kind == "select_commodity_card"  # two left: no more paying
    pick(state, "card:gold")
    assert sorted(h.card for h in state.players["egypt"].hand) == ["ochre", "salt"]


def test_mega_empires_with_no_commodity_card_costs_nothing() -> None:
    state = start(body('"banditry", "water"', treasury=9), "mega-empires")
    assert state.pending is None
    assert state.players["egypt"].treasury == 9


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_random_choices_always_finish_and_keep_every_token_and_card(ruleset: str) -> None:
    goods = ["ochre", "salt", "gold", "water", "wine", "clay"]
    for seed in range(40):
        rng = random.Random(seed)
        hand = rng.sample(goods, rng.randint(0, 6)) + [
            "banditry" + rng.choice(["", "<babylon"])]
        text = ", ".join(f'"{c}"' for c in hand)
        state = build(body(text, rng.randint(0, 12), rng.randint(0, 9)), ruleset)
        play_randomly(state, rng)
