"""Piracy: who picks, whose coastal cities may be picked, and how many (001:29.9.2, rules §6.1
for Mega Empires, the Double Empires chart)."""

from __future__ import annotations

import random

import pytest

from game.core.calamities.piracy import PirateCityCreated
from game.core.state import PIRATE

from .helpers import build, pick, play_randomly, start

COAST = """
[map]
[map.areas]
A = { pop = 3, site = "white", coast = true }
B = { pop = 3, site = "white", coast = true }
C = { pop = 3, site = "white", coast = true }
D = { pop = 3, site = "white" }
F = { pop = 3, site = "white", coast = true }
G = { pop = 3, site = "white", coast = true }
H = { pop = 3, site = "white", coast = true }
I = { pop = 3, site = "white" }
P = { pop = 3, site = "white", coast = true }
R = { pop = 3, site = "white", coast = true }

[players.minoa]
cities = ["I"]

[players.babylon]
cities = ["F"]

[players.assyria]
cities = ["G"]

[players.hatti]
advances = ["naval_warfare"]
cities = ["H"]

[players.rome]
cities = ["R"]

[players.egypt]
cities = ["A", "B", "C", "D"]
hand   = ["piracy<babylon"]

[barbarians]
pirate_cities = ["P"]
"""


def test_the_trader_picks_among_the_victims_coastal_cities_only() -> None:
    state = start(COAST)
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == ("babylon", "pirate_city")
    assert state.pending.options == ["area:A", "area:B", "area:C"]


def test_the_victim_names_players_with_coastal_cities_never_the_trader() -> None:
    state = start(COAST)
    pick(state, "area:A")
    pick(state, "area:B")
    assert state.pending is not None
    assert (state.pending.player, state.pending.kind) == ("egypt", "name_player")
    assert state.pending.options == ["player:assyria", "player:hatti", "player:rome"]


def test_mega_empires_never_names_a_naval_warfare_holder() -> None:
    state = start(COAST, "mega-empires")
    events = pick(state, "area:A") + pick(state, "area:B")
    assert state.pending is None  # only Assyria and Rome are left to name: nothing is asked
    taken = [e.area for e in events if isinstance(e, PirateCityCreated)]
    assert taken == ["A", "B", "G", "R"]
    assert state.board.cities["H"] == "hatti"


def test_a_pirate_city_replaces_the_city_and_the_owner_gets_it_back_in_stock() -> None:
    state = start(COAST)
    pick(state, "area:C")
    assert state.board.cities["C"] == PIRATE
    assert len(state.board.cities_of("egypt")) == 3
    assert state.board.cities["P"] == PIRATE


def test_double_empires_shares_out_at_most_two_per_player_and_their_coastal_cities() -> None:
    state = start(COAST.replace('cities = ["G"]', 'cities = ["G", "B"]').replace(
        'cities = ["A", "B", "C", "D"]', 'cities = ["A", "C", "D"]'), "double-empires")
    # Egypt's two coastal cities go without a choice; then 4 to share: Assyria can take 2,
    # Hatti and Rome 1 each: all of it goes without a choice either. Hatti's Naval Warfare
    # takes two off its share of one.
    assert state.pending is None
    assert state.board.cities_of("assyria") == []
    assert state.board.cities["R"] == PIRATE
    assert state.board.cities["H"] == "hatti"
    assert state.board.cities["F"] == "babylon"


# --- Random play ------------------------------------------------------------------------------


def random_body(rng: random.Random, card: str) -> str:
    areas = [f"X{i}" for i in range(12)]
    lines = ["[map]", "[map.areas]"]
    lines += [f'{a} = {{ pop = {rng.randint(1, 4)}, site = "white", coast = '
              f'{str(rng.random() < 0.6).lower()} }}' for a in areas]
    players = ["minoa", "babylon", "hatti", "egypt"]
    owner = {a: rng.choice(players) for a in areas}
    advances = ["cartography", "naval_warfare"]
    for pid in players:
        cities = [a for a in areas if owner[a] == pid]
        lines += [f"[players.{pid}]", "cities = " + str(cities).replace("'", '"'),
                  "advances = " + str(rng.sample(advances, rng.randint(0, 2))).replace("'", '"')]
        if pid == "egypt":
            by = rng.choice(["", "<minoa", "<hatti"])
            lines.append(f'hand = ["{card}{by}"]')
    return "\n".join(lines)


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_random_choices_always_finish_and_keep_every_token(ruleset: str) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = build(random_body(rng, "piracy"), ruleset)
        play_randomly(state, rng, steps=200)
