"""Tyranny: who benefits, which areas may be annexed next, and how much of each (001:29.8.1,
rules §6.1 for Mega Empires, the Double Empires chart)."""

from __future__ import annotations

import random

import pytest

from game.core.calamities.tyranny import UnitsAnnexed, candidates
from game.core.engine import advance
from game.core.invariants import card_census, violations
from game.core.state import GameState

from .helpers import build, pick, start

# Egypt has four cities: eight unit points are due.
LINE = """
[map]
land = [["C1", "E1"], ["E1", "E2"], ["E2", "E3"], ["E3", "E4"], ["C1", "E5"]]
[map.areas]
C1 = { pop = 3 }
E1 = { pop = 3 }
E2 = { pop = 3, site = "white" }
E3 = { pop = 3 }
E4 = { pop = 3, site = "white" }
E5 = { pop = 2 }
E6 = { pop = 3, site = "white" }
E7 = { pop = 3, site = "white" }

[players.carthage]
tokens = { C1 = 1 }

[players.egypt]
cities = ["E2", "E4", "E6", "E7"]
tokens = { E1 = 2, E3 = 3, E5 = 2 }
hand   = ["tyranny"]
"""


def test_only_areas_next_to_the_beneficiary_are_offered_and_annexed_areas_count_as_theirs() -> None:
    state = start(LINE)
    assert state.pending is not None
    assert state.pending.player == "carthage"
    assert state.pending.options == ["area:E1", "area:E5"]  # E2, E3 lie further off
    pick(state, "area:E1")
    assert state.pending is not None
    assert state.pending.options == ["area:E2", "area:E5"]  # E1 now Carthage's: E2 is next


def test_a_whole_area_is_annexed_when_the_points_allow_and_the_last_one_in_part() -> None:
    state = start(LINE)
    events = pick(state, "area:E1") + pick(state, "area:E2")  # 2 + 5 of the 8 points
    assert state.pending is not None
    assert state.pending.options == ["area:E3", "area:E5"]  # one point left for either
    events += pick(state, "area:E3")
    annexed = [(e.area, e.tokens, e.city) for e in events if isinstance(e, UnitsAnnexed)]
    assert annexed == [("E1", 2, False), ("E2", 0, True), ("E3", 1, False)]
    assert state.pending is None
    assert state.board.count("E3", "egypt") == 2
    assert state.board.cities_of("egypt") == ["E4", "E6", "E7"]


def test_a_city_is_never_annexed_without_a_city_in_the_beneficiarys_stock() -> None:
    nine = [f"C{i}" for i in range(1, 10)]
    body = LINE.replace("tokens = { C1 = 1 }", "cities = " + str(nine).replace("'", '"'))
    body = body.replace("[map.areas]", "[map.areas]\n" + "\n".join(
        f'{c} = {{ pop = 3, site = "white" }}' for c in nine[1:]))
    body = body.replace("C1 = { pop = 3 }", 'C1 = { pop = 3, site = "white" }')
    state = start(body.replace('hand   = ["tyranny"]', 'hand   = ["tyranny"]\nstock  = 0'))
    assert state.pending is not None
    assert state.pending.options == ["area:E1", "area:E5"]
    pick(state, "area:E1")  # E5 follows alone; E2 stays, though six points are left
    assert state.pending is None or "area:E2" not in state.pending.options
    assert state.board.cities.get("E2") == "egypt"


def test_land_neighbours_include_players_sharing_an_area_but_not_neighbours_by_water() -> None:
    state = start("""
[map]
land  = [["E1", "E2"]]
water = [["A1", "E1"]]
[map.areas]
A1 = { pop = 3, coast = true }
E1 = { pop = 3, coast = true }
E2 = { pop = 3, site = "white" }

[players.assyria]
tokens = { A1 = 1 }

[players.babylon]
tokens = { E2 = 1 }

[players.hatti]
tokens = { A1 = 1 }

[players.egypt]
cities = ["E2"]
tokens = { E1 = 2 }
""")
    assert candidates(state, "egypt") == ["babylon"]


MEGA = """
[map]
land = [["E1", "E2"], ["E2", "E3"], ["E3", "E4"]]
[map.areas]
E1 = { pop = 3, site = "white" }
E2 = { pop = 3 }
E3 = { pop = 3, site = "white" }
E4 = { pop = 5 }

[players.babylon]

[players.egypt]
cities = ["E1", "E3"]
tokens = { E2 = 3, E4 = 5 }
hand   = ["tyranny"]
"""


def test_mega_empires_takes_whole_areas_each_next_to_one_already_annexed() -> None:
    state = start(MEGA, "mega-empires")
    assert state.pending is not None
    assert state.pending.options == ["area:E1", "area:E2", "area:E3", "area:E4"]
    pick(state, "area:E4")  # 10 left: E3 is the one area next to E4, then E2 next to E3
    assert state.pending is None
    assert state.board.cities_of("babylon") == ["E3"]
    assert state.board.count("E2", "babylon") == 3
    assert state.board.cities_of("egypt") == ["E1"]  # two points left: no whole area fits


def test_mega_empires_never_takes_an_area_in_part() -> None:
    state = start(MEGA.replace('cities = ["E1", "E3"]', 'cities = ["E1", "E3"]\nadvances = '
                               '["sculpture", "law"]'), "mega-empires")
    # Five points: E4 (five tokens) or a city fit; E2 (three) fits too; nothing is split.
    assert state.pending is not None
    assert state.pending.options == ["area:E1", "area:E2", "area:E3", "area:E4"]
    pick(state, "area:E2")
    assert state.pending is None  # two points left: no whole area fits
    assert state.board.count("E4", "egypt") == 5


def test_double_empires_victim_picks_among_tied_neighbours_only() -> None:
    state = start("""
[map]
land = [["H1", "E1"], ["B1", "E1"], ["R1", "E1"], ["E1", "E2"]]
[map.areas]
H1 = { pop = 3 }
B1 = { pop = 3 }
R1 = { pop = 3, site = "white" }
E1 = { pop = 3 }
E2 = { pop = 3, site = "white" }

[players.babylon]
tokens = { B1 = 1 }

[players.hatti]
tokens = { H1 = 3 }

[players.rome]
cities = ["R1"]

[players.egypt]
cities = ["E2"]
tokens = { E1 = 2 }
hand   = ["tyranny"]
""", "double-empires")
    assert state.pending is not None
    assert state.pending.player == "egypt"
    assert state.pending.options == ["player:babylon", "player:hatti"]


def test_a_game_saved_in_the_middle_of_tyranny_resumes_exactly() -> None:
    state = start(LINE.replace("C1", "c1").replace("E", "e"))
    copy = GameState.from_json(state.to_json())
    for s in (state, copy):
        pick(s, "area:e1")
        pick(s, "area:e2")
    assert copy.state_hash() == state.state_hash()
    assert copy.board.cities["e2"] == "carthage"


# --- Random play: every choice is legal, the calamity ends, no token is lost ----------------


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(10)]
    lines = ["[map]"]
    pairs = [[areas[i], areas[i + 1]] for i in range(9)]
    pairs += [[rng.choice(areas), rng.choice(areas)] for _ in range(4)]
    pairs = [p for p in pairs if p[0] != p[1]]
    lines.append("land = " + str(pairs).replace("'", '"'))
    lines.append("[map.areas]")
    for a in areas:
        lines.append(f'{a} = {{ pop = {rng.randint(1, 4)}, site = "white" }}')
    players = ["minoa", "babylon", "hatti", "egypt"]
    owner = {a: rng.choice(players + [""]) for a in areas}
    advances = ["sculpture", "monarchy", "theocracy", "democracy", "military", "law"]
    for pid in players:
        lines.append(f"[players.{pid}]")
        cities = [a for a in areas if owner[a] == pid and rng.random() < 0.5]
        tokens = {a: rng.randint(1, 4) for a in areas if owner[a] == pid and a not in cities}
        lines.append("cities = " + str(cities).replace("'", '"'))
        lines.append("tokens = {" + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + "}")
        lines.append("advances = " + str(rng.sample(advances, 2)).replace("'", '"'))
        lines.append(f"stock = {rng.randint(0, 55 - sum(tokens.values()))}")
        if pid == "egypt":
            lines.append('hand = ["tyranny"]')
    return "\n".join(lines)


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_random_choices_always_finish_and_keep_every_token(ruleset: str) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = build(random_body(rng), ruleset)
        cards = card_census(state)
        advance(state)
        for _ in range(200):
            assert not violations(state)
            if state.pending is None:
                break
            pick(state, rng.choice(state.pending.options))
        assert state.pending is None and not state.tasks
        assert not violations(state, cards)  # the calamity card is back in a discard pile
