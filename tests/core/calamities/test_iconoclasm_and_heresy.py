"""Iconoclasm and Heresy: sharing the secondary reductions out, and sparing cities with cards
under Theocracy (001:29.8.2, rules §6.1 for Mega Empires, the Double Empires chart)."""

from __future__ import annotations

import random

import pytest

from game.core.calamities.iconoclasm_and_heresy import CitiesSpared
from game.core.state import GameState

from .helpers import build, pick, play_randomly, start


def areas(*ids: str) -> str:
    return "\n".join(f'{a} = {{ pop = 2, site = "white" }}' for a in ids)


BOARD = f"""
[map]
[map.areas]
{areas("E1", "E2", "E3", "E4", "B1", "B2", "A1", "A2", "A3", "H1", "M1")}

[players.minoa]

[players.assyria]
cities = ["A1", "A2", "A3"]

[players.babylon]
cities = ["B1", "B2"]

[players.hatti]
cities = ["H1"]

[players.egypt]
cities = ["E1", "E2", "E3", "E4"]
hand   = ["iconoclasm_and_heresy<babylon"]
"""


# Minoa with two cities: the share now has more takers than it needs.
CROWDED = BOARD.replace(areas("M1"), areas("M1", "M2")).replace(
    "[players.minoa]", '[players.minoa]\ncities = ["M1", "M2"]')


def reduce_own(state: GameState) -> None:
    while state.pending is not None and state.pending.kind == "city_to_reduce":
        pick(state, state.pending.options[0])


def test_the_share_names_players_with_cities_never_the_trader_nor_the_victim() -> None:
    state = start(BOARD)
    reduce_own(state)  # four cities: no choice at all
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == ("egypt", "share_player")
    assert state.pending.options == ["player:assyria", "player:hatti"]


def test_a_share_never_exceeds_what_is_left_nor_the_cities_a_player_has() -> None:
    state = start(CROWDED, "double-empires")  # four to share, at most two each
    assert state.pending is not None and state.pending.kind == "share_player"
    assert state.pending.options == ["player:assyria", "player:hatti", "player:minoa"]
    pick(state, "player:assyria")
    assert state.pending is not None
    assert state.pending.options == ["number:1", "number:2"]
    pick(state, "number:2")
    pick(state, "player:hatti")  # Hatti has one city: one, without asking; Minoa the last one
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == ("minoa", "city_to_reduce")
    while state.pending is not None:
        pick(state, state.pending.options[0])
    assert [len(state.board.cities_of(p)) for p in ("minoa", "assyria", "hatti")] == [1, 1, 0]


def test_classic_theocracy_offers_commodity_cards_or_no_and_each_card_spares_one_city() -> None:
    body = BOARD.replace('hand   = ["iconoclasm_and_heresy<babylon"]',
                         'hand = ["iconoclasm_and_heresy<babylon", "salt", "water"]\n'
                         'advances = ["theocracy"]')
    state = start(body)
    assert state.pending is not None
    assert state.pending.options == ["card:salt", "no"]  # water is not a commodity card
    events = pick(state, "card:salt")
    assert [e.cities for e in events if isinstance(e, CitiesSpared)] == [1]
    reduce_own(state)
    assert len(state.board.cities_of("egypt")) == 1


def test_mega_empires_theocracy_needs_two_cards_and_then_spares_everything() -> None:
    body = BOARD.replace('hand   = ["iconoclasm_and_heresy<babylon"]',
                         'hand = ["iconoclasm_and_heresy<babylon", "salt", "water"]\n'
                         'advances = ["theocracy"]')
    state = start(body, "mega-empires")
    assert state.pending is not None
    assert state.pending.options == ["card:salt", "card:water", "no"]
    pick(state, "card:salt")
    # The second card is owed now: water, the only one left, goes without a choice; Egypt
    # still names Assyria and Hatti (the only ones left), and Assyria picks its city.
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == ("assyria", "city_to_reduce")
    assert len(state.board.cities_of("egypt")) == 4
    assert [h.card for h in state.players["egypt"].hand] == []


def test_mega_empires_never_names_the_default_beneficiary_when_nobody_traded() -> None:
    body = CROWDED.replace("iconoclasm_and_heresy<babylon", "iconoclasm_and_heresy")
    state = start(body, "mega-empires")
    reduce_own(state)
    # Hatti, with one city on the board, has most cities in stock: it is the beneficiary.
    assert state.pending is not None
    assert state.pending.options == ["player:assyria", "player:babylon", "player:minoa"]


# --- Random play ------------------------------------------------------------------------------


def random_body(rng: random.Random) -> str:
    ids = [f"X{i}" for i in range(14)]
    players = ["minoa", "babylon", "hatti", "egypt"]
    owner = {a: rng.choice(players) for a in ids}
    advances = ["theocracy", "philosophy", "theology", "monotheism"]
    goods = ["salt", "ochre", "gold", "water"]
    lines = ["[map]", "[map.areas]", areas(*ids)]
    for pid in players:
        cities = [a for a in ids if owner[a] == pid][:9]
        hand = rng.sample(goods, rng.randint(0, 4))
        if pid == "egypt":
            hand.append("iconoclasm_and_heresy" + rng.choice(["", "<minoa", "<hatti"]))
        lines += [f"[players.{pid}]", "cities = " + str(cities).replace("'", '"'),
                  "advances = " + str(rng.sample(advances, rng.randint(0, 2))).replace("'", '"'),
                  "hand = " + str(hand).replace("'", '"')]
    return "\n".join(lines)


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_random_choices_always_finish_and_keep_every_token(ruleset: str) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = build(random_body(rng), ruleset)
        play_randomly(state, rng)
