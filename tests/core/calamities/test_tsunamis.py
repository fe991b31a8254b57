"""Tsunamis (Double Empires chart row "Tsunamis"): the site and the areas of most damage, what a
sweep does, and the two places."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.calamities.tsunamis import TsunamiStruck, area_damage
from game.core.engine import advance
from game.core.state import BARBARIANS, PIRATE, GameState

from . import helpers
from .helpers import pick, play_randomly


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


def start(body: str) -> GameState:
    return helpers.start(body, "double-empires")


def struck(events: Sequence[object]) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.area, e.areas) for e in events if isinstance(e, TsunamiStruck)]


# Two coastal cities C1 and C2 of Egypt share the neighbour N (Babylon's 4 tokens); C1 also
# borders P (a pirate city and barbarians) and Q (Hatti's city, short of stock); C2 borders R.
COAST = """
[map]
land  = [["C1", "N"], ["C2", "N"], ["C1", "P"], ["C2", "R"]]
water = [["C1", "Q"]]
[map.areas]
C1 = { pop = 3, site = "white", coast = true }
C2 = { pop = 3, site = "white", coast = true }
N  = { pop = 4 }
P  = { pop = 3, site = "white", coast = true }
Q  = { pop = 3, site = "white", coast = true }
R  = { pop = 2 }

[players.egypt]
cities = ["C1", "C2"]
tokens = { R = 2 }
hand   = ["tsunamis"]

[players.babylon]
tokens = { N = 4 }

[players.hatti]
cities = ["Q"]
stock  = 1

[barbarians]
tokens = { P = 2 }
pirate_cities = []
"""


def test_damage_counts_every_players_tokens_and_what_a_reduction_costs() -> None:
    state = build(COAST)
    assert area_damage(state, "N") == 4
    assert area_damage(state, "Q") == 4  # Hatti can put back only one token: 5 - 1
    assert area_damage(state, "P") == 0  # barbarians are never secondary victims
    assert area_damage(state, "R") == 2


def test_the_first_tsunami_strikes_where_damage_is_greatest_and_the_second_elsewhere() -> None:
    state = build(COAST)
    events = list(advance(state))
    # C1: 5 + N 4 + Q 4 = 13; C2: 5 + N 4 + R 2 = 11. Then C2 may not sweep N again: R only.
    assert struck(events) == [("C1", ("N", "Q")), ("C2", ("R",))]
    assert state.pending is None
    assert state.board.cities_of("egypt") == []
    assert state.board.count("N", "babylon") == 0
    assert state.board.cities.get("Q") is None and state.board.count("Q", "hatti") == 1
    assert state.board.count("P", BARBARIANS) == 2


def test_a_pirate_city_around_the_site_is_left_alone() -> None:
    state = build(COAST.replace("pirate_cities = []", 'pirate_cities = ["P"]'))
    advance(state)
    assert state.board.cities["P"] == PIRATE


TWO = """
[map]
land  = [["C1", "N1"], ["C2", "N2"], ["C2", "A"], ["C2", "B"]]
[map.areas]
C1 = { pop = 3, site = "white", coast = true }
C2 = { pop = 3, site = "white", coast = true }
N1 = { pop = 4 }
N2 = { pop = 4 }
A  = { pop = 4 }
B  = { pop = 4 }

[players.egypt]
cities = ["C1", "C2"]
hand   = ["tsunamis"]

[players.babylon]
tokens = { N1 = 3, N2 = 1, A = 1, B = 1 }
"""


def test_equal_sites_and_equal_areas_are_the_victims_pick() -> None:
    state = start(TWO)  # C1: 5 + 3 = 8; C2: 5 + two of N2, A, B (1 each) = 7
    assert state.pending is not None  # C1 struck without a question; at C2 three areas tie
    assert state.pending.kind == "tsunami_area"
    assert state.board.cities_of("egypt") == ["C2"]
    state = start(TWO.replace("N1 = 3", "N1 = 2"))  # C1: 7 = C2: 7
    assert state.pending is not None
    assert state.pending.kind == "tsunami_site"
    assert state.pending.options == ["area:C1", "area:C2"]
    pick(state, "area:C2")
    assert state.pending is not None
    assert state.pending.kind == "tsunami_area"
    assert state.pending.options == ["area:A", "area:B", "area:N2"]
    pick(state, "area:N2")
    assert state.pending is not None
    assert state.pending.options == ["area:A", "area:B"]  # one more of the tied two
    events = pick(state, "area:B")
    assert struck(events) == [("C2", ("B", "N2")), ("C1", ("N1",))]
    assert state.board.count("A", "babylon") == 1


def test_a_tsunami_saved_at_its_area_pick_resumes_the_same() -> None:
    state = start(TWO.replace("N1 = 3", "N1 = 2"))
    pick(state, "area:C2")
    copy = GameState.from_json(state.to_json())
    for s in (state, copy):
        pick(s, "area:A")
        pick(s, "area:N2")
    assert copy.state_hash() == state.state_hash()
    assert state.pending is None


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(12)]
    pairs = [[rng.choice(areas), rng.choice(areas)] for _ in range(14)]
    lines = ["[map]", "land = " + str([p for p in pairs if p[0] != p[1]]).replace("'", '"'),
             "[map.areas]"]
    lines += [f'{a} = {{ pop = {rng.randint(1, 4)}, site = "white", '
              f'coast = {str(rng.random() < 0.6).lower()} }}' for a in areas]
    owner = {a: rng.choice(["minoa", "babylon", "egypt", ""]) for a in areas}
    for pid in ("minoa", "babylon", "egypt"):
        cities = [a for a in areas if owner[a] == pid and rng.random() < 0.5]
        tokens = {a: rng.randint(1, 3) for a in areas if owner[a] == pid and a not in cities}
        lines += [f"[players.{pid}]", "cities = " + str(cities).replace("'", '"'),
                  "tokens = {" + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + "}",
                  f"stock = {rng.randint(0, 55 - sum(tokens.values()))}"]
        if pid == "egypt":
            lines.append('hand = ["tsunamis"]')
    return "\n".join(lines)


def test_random_choices_always_finish_and_keep_every_token() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = build(random_body(rng))
        play_randomly(state, rng, steps=50)
