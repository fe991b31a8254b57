"""Rebels (Double Empires chart row "Rebels"): which cities the victim may hand to the rebels, of
their own and of other players, and when nobody is asked."""

from __future__ import annotations

import random

from game.core.calamities.piracy import PirateCityCreated
from game.core.engine import advance
from game.core.state import PIRATE, GameState

from . import helpers
from .helpers import pick, play_randomly


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


def start(body: str) -> GameState:
    return helpers.start(body, "double-empires")


LAND = """
[map]
[map.areas]
E1 = { pop = 3, site = "white" }
E2 = { pop = 3, site = "white" }
E3 = { pop = 3, site = "white" }
E4 = { pop = 3, site = "white", coast = true }
E5 = { pop = 3, site = "white", coast = true }
B1 = { pop = 3, site = "white" }
B2 = { pop = 3, site = "white" }
B3 = { pop = 3, site = "white" }
B4 = { pop = 3, site = "white", coast = true }
H1 = { pop = 3, site = "white" }
A1 = { pop = 3, site = "white" }
A2 = { pop = 3, site = "white" }

[players.egypt]
cities = ["E1", "E2", "E3", "E4", "E5"]
hand   = ["rebels"]

[players.babylon]
cities = ["B1", "B2", "B3", "B4"]

[players.hatti]
cities = ["H1"]

[players.assyria]
cities = ["A1", "A2"]
"""


def test_the_victims_inland_cities_all_go_and_the_victim_picks_the_coastal_one_to_add() -> None:
    state = build(LAND)
    events = list(advance(state))
    created = [e.area for e in events if isinstance(e, PirateCityCreated)]
    assert created == ["E1", "E2", "E3"]  # no choice: all three inland cities go
    assert state.pending is not None
    assert state.pending.player == "egypt"
    assert state.pending.options == ["area:E4", "area:E5"]


def test_other_players_lose_inland_cities_only_and_at_most_two_each() -> None:
    state = start(LAND)
    pick(state, "area:E4")
    assert state.pending is not None
    assert state.pending.kind == "rebel_player"
    assert state.pending.options == ["player:assyria", "player:babylon", "player:hatti"]
    pick(state, "player:babylon")
    assert state.pending is not None
    assert state.pending.options == ["area:B1", "area:B2", "area:B3"]  # B4 is on the coast
    pick(state, "area:B2")
    pick(state, "player:babylon")
    assert state.pending is not None
    assert state.pending.options == ["area:B1", "area:B3"]
    pick(state, "area:B3")
    assert state.pending is not None  # Babylon has given two: never named again
    assert state.pending.options == ["player:assyria", "player:hatti"]
    pick(state, "player:hatti")  # Hatti's one inland city goes without a question
    assert state.pending is not None  # one left: Assyria must give it, but which city?
    assert state.pending.options == ["area:A1", "area:A2"]
    pick(state, "area:A2")
    assert state.pending is None
    assert state.board.cities_of("babylon") == ["B1", "B4"]
    assert state.board.cities_of("hatti") == []
    assert state.board.cities_of("assyria") == ["A1"]
    assert sorted(state.board.cities_of(PIRATE)) == ["A2", "B2", "B3", "E1", "E2", "E3", "E4",
                                                     "H1"]


def test_nobody_is_named_when_every_city_within_reach_must_go() -> None:
    state = start(LAND.replace('cities = ["A1", "A2"]', 'cities = ["A1"]'))
    pick(state, "area:E4")  # room: Babylon 2, Hatti 1, Assyria 1 = the 4 due
    assert state.pending is not None
    assert state.pending.kind == "rebel_city"  # only which two of Babylon's three
    assert state.pending.options == ["area:B1", "area:B2", "area:B3"]


def test_a_city_taken_by_rebels_returns_to_its_owners_stock() -> None:
    state = start(LAND)
    pick(state, "area:E5")
    assert len(state.board.cities_of("egypt")) == 1  # 8 of Egypt's cities are in stock again


def test_rebels_saved_at_a_pick_resume_the_same() -> None:
    state = start(LAND)
    pick(state, "area:E4")
    copy = GameState.from_json(state.to_json())
    for s in (state, copy):
        pick(s, "player:assyria")
        pick(s, "area:A1")
        pick(s, "player:hatti")
    assert copy.state_hash() == state.state_hash()


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(16)]
    lines = ["[map]", "[map.areas]"]
    lines += [f'{a} = {{ pop = 3, site = "white", coast = {str(rng.random() < 0.4).lower()} }}'
              for a in areas]
    owner = {a: rng.choice(["minoa", "babylon", "hatti", "egypt"]) for a in areas}
    for pid in ("minoa", "babylon", "hatti", "egypt"):
        cities = [a for a in areas if owner[a] == pid and rng.random() < 0.7]
        lines += [f"[players.{pid}]", "cities = " + str(cities[:9]).replace("'", '"')]
        if pid == "egypt":
            lines.append('hand = ["rebels"]')
    return "\n".join(lines)


def test_random_choices_always_finish_within_the_numbers() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = build(random_body(rng))
        before = {pid: len(state.board.cities_of(pid)) for pid in state.players}
        play_randomly(state, rng, steps=50)
        lost = {pid: before[pid] - len(state.board.cities_of(pid)) for pid in state.players}
        assert lost["egypt"] == min(before["egypt"], 4)
        assert all(n <= 2 for pid, n in lost.items() if pid != "egypt")
        assert sum(n for pid, n in lost.items() if pid != "egypt") <= 4
