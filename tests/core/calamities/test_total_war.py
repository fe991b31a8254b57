"""Total War (Double Empires chart row "Total War"): who may be named next, how much each player
loses, and when the war stops."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.calamities.total_war import WarSpread, neighbours
from game.core.engine import advance
from game.core.state import GameState

from . import helpers
from .helpers import pick, play_randomly


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


def start(body: str) -> GameState:
    return helpers.start(body, "double-empires")


def spread(events: Sequence[object]) -> list[tuple[str, str, int]]:
    return [(e.director, e.player, e.loss) for e in events if isinstance(e, WarSpread)]


# Egypt (3 cities) touches Babylon by land and Hatti by water; Babylon touches Hatti; Minoa
# touches only Hatti; Assyria shares Egypt's area E4.
STAR = """
[map]
land  = [["E1", "E2"], ["E2", "E3"], ["E3", "E4"], ["E4", "B1"], ["B1", "H1"], ["H1", "M1"]]
water = [["E4", "H1"]]
[map.areas]
E1 = { pop = 3, site = "white" }
E2 = { pop = 3, site = "white" }
E3 = { pop = 3, site = "white" }
E4 = { pop = 5, coast = true }
B1 = { pop = 5, site = "white" }
H1 = { pop = 5, site = "white", coast = true }
M1 = { pop = 5 }

[players.egypt]
cities = ["E1", "E2", "E3"]
tokens = { E4 = 3 }
hand   = ["total_war"]

[players.babylon]
cities = ["B1"]

[players.hatti]
cities = ["H1"]

[players.minoa]
tokens = { M1 = 4 }

[players.assyria]
tokens = { E4 = 1 }
"""


def test_neighbours_share_an_area_or_border_it_by_land_or_water() -> None:
    state = build(STAR)
    held = {pid: sorted(a for a in state.map.areas if state.board.count(a, pid)
                        or state.board.cities.get(a) == pid) for pid in state.players}
    assert neighbours(state, "egypt", held) == ["assyria", "babylon", "hatti"]
    assert neighbours(state, "minoa", held) == ["hatti"]


def test_the_victim_loses_first_then_names_one_of_their_neighbours() -> None:
    state = build(STAR)
    events = list(advance(state))
    assert spread(events) == [("", "egypt", 3)]
    assert state.board.count("E4", "egypt") == 0  # the three tokens went, with no question
    assert state.pending is not None
    assert state.pending.player == "egypt"
    assert state.pending.kind == "total_war_neighbour"
    assert state.pending.options == ["player:assyria", "player:babylon", "player:hatti"]


def test_a_named_player_loses_the_chain_loss_or_their_city_count_and_names_the_next() -> None:
    state = start(STAR)
    events = pick(state, "player:hatti")  # min(3 - 1, 1 city) = 1
    assert spread(events)[0] == ("egypt", "hatti", 1)
    assert state.pending is not None
    assert state.pending.player == "hatti"  # Egypt is hit already; Assyria is across the water
    assert state.pending.options == ["player:assyria", "player:babylon", "player:minoa"]
    events = pick(state, "player:minoa")  # min(3 - 2, no city) = 0, and the war goes on
    assert spread(events)[0] == ("hatti", "minoa", 0)
    assert state.pending is None  # the chain's loss is 0 now: nobody else is named
    assert state.board.count("M1", "minoa") == 4


def test_neighbours_are_those_of_the_board_when_the_war_began() -> None:
    # Egypt's one link to Babylon is the token area E4, which Egypt's own loss empties.
    state = start(STAR.replace('water = [["E4", "H1"]]', "water = []").replace(
        "[players.assyria]\ntokens = { E4 = 1 }", "[players.assyria]"))
    assert state.board.count("E4", "egypt") == 0
    assert state.pending is None  # Babylon was named without a question and lost its city...
    assert state.board.cities_of("babylon") == []  # ...2 points due, only a city to take


def test_a_war_saved_at_a_naming_resumes_the_same() -> None:
    state = start(STAR)
    copy = GameState.from_json(state.to_json())
    for s in (state, copy):
        pick(s, "player:babylon")
    assert copy.state_hash() == state.state_hash()


# --- Random play: every choice is legal, the war ends, no token is lost -------------------


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(12)]
    land = [[areas[i], areas[i + 1]] for i in range(11)]
    water = [[rng.choice(areas), rng.choice(areas)] for _ in range(4)]
    lines = ["[map]", "land = " + str(land).replace("'", '"'),
             "water = " + str([w for w in water if w[0] != w[1]]).replace("'", '"'),
             "[map.areas]"]
    lines += [f'{a} = {{ pop = {rng.randint(1, 4)}, site = "white" }}' for a in areas]
    players = ["minoa", "assyria", "babylon", "hatti", "egypt"]
    owner = {a: rng.choice(players) for a in areas}
    for pid in players:
        cities = [a for a in areas if owner[a] == pid and rng.random() < 0.5]
        tokens = {a: rng.randint(1, 3) for a in areas if owner[a] == pid and a not in cities}
        lines += [f"[players.{pid}]", "cities = " + str(cities).replace("'", '"'),
                  "tokens = {" + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + "}"]
        if pid == "egypt":
            lines.append('hand = ["total_war"]')
    return "\n".join(lines)


def test_random_choices_always_finish_and_keep_every_token() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = build(random_body(rng))
        play_randomly(state, rng)
