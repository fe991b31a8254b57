"""Revival of Past Empire (Double Empires chart row "Revival of Past Empire"): the beneficiary,
how many areas, which areas may be taken and in what order."""

from __future__ import annotations

import random

from game.core.calamities.revival_of_past_empire import areas_due, groups, takeable
from game.core.calamities.tyranny import UnitsAnnexed
from game.core.engine import advance
from game.core.invariants import card_census, violations
from game.core.state import GameState

from . import helpers
from .helpers import pick


def build(body: str) -> GameState:
    return helpers.build(body, "double-empires")


def start(body: str) -> GameState:
    return helpers.start(body, "double-empires")


# Egypt: cities E1 and E3, tokens in E2 (4) and E4 (2), E1-E2-E3 in a row, E4 by water from E3,
# and E7 (a city) apart. Babylon, with no city, is the beneficiary.
EMPIRE = """
[map]
land  = [["E1", "E2"], ["E2", "E3"]]
water = [["E3", "E4"]]
[map.areas]
E1 = { pop = 3, site = "white" }
E2 = { pop = 4 }
E3 = { pop = 3, site = "white", coast = true }
E4 = { pop = 3, coast = true }
E7 = { pop = 3, site = "white" }
H1 = { pop = 3, site = "white" }

[players.egypt]
cities = ["E1", "E3", "E7"]
tokens = { E2 = 4, E4 = 2 }
hand   = ["revival_of_past_empire"]

[players.babylon]

[players.hatti]
cities = ["H1"]
"""


def test_the_chart_table_gives_the_areas_due() -> None:
    state = build(EMPIRE)
    counts = {}
    for n in range(10):
        state.board.cities = {f"C{i}": "egypt" for i in range(n)}
        counts[n] = areas_due(state, "egypt")
    assert counts == {0: 2, 1: 2, 7: 2, 8: 3, 9: 3} | {n: 2 for n in range(2, 7)}


def test_only_areas_the_beneficiary_can_replace_whole_are_offered() -> None:
    state = build(EMPIRE.replace("[players.babylon]", "[players.babylon]\nstock = 3"))
    assert takeable(state, "egypt", "babylon") == ["E1", "E3", "E4", "E7"]  # E2 needs 4 tokens
    nine = ", ".join(f'"H{i}"' for i in range(2, 11))
    state = build(EMPIRE.replace("[players.babylon]", f"[players.babylon]\ncities = [{nine}]")
                  .replace('H1 = { pop = 3, site = "white" }', "\n".join(
                      f'H{i} = {{ pop = 3, site = "white" }}' for i in range(1, 11))))
    assert takeable(state, "egypt", "babylon") == ["E2", "E4"]  # no city left in stock


def test_the_first_area_lies_in_a_group_big_enough_and_the_next_touches_it() -> None:
    state = build(EMPIRE)
    assert groups(state, ["E1", "E2", "E3", "E4", "E7"]) == [["E1", "E2", "E3", "E4"], ["E7"]]
    advance(state)
    assert state.pending is not None
    assert state.pending.player == "babylon"
    assert state.pending.options == ["area:E1", "area:E2", "area:E3", "area:E4"]  # not E7
    pick(state, "area:E3")
    assert state.pending is not None
    assert state.pending.options == ["area:E2", "area:E4"]  # by land or by water
    events = pick(state, "area:E4")
    annexed = [(e.area, e.tokens, e.city) for e in events if isinstance(e, UnitsAnnexed)]
    assert annexed == [("E4", 2, False)]
    assert state.pending is None
    assert state.board.cities_of("babylon") == ["E3"]
    assert state.board.count("E4", "babylon") == 2
    assert state.board.cities_of("egypt") == ["E1", "E7"]


def test_a_revival_saved_at_a_pick_resumes_the_same() -> None:
    state = start(EMPIRE)
    copy = GameState.from_json(state.to_json())
    for s in (state, copy):
        pick(s, "area:E2")
        pick(s, "area:E1")
    assert copy.state_hash() == state.state_hash()


def random_body(rng: random.Random) -> str:
    areas = [f"X{i}" for i in range(14)]
    pairs = [[rng.choice(areas), rng.choice(areas)] for _ in range(14)]
    lines = ["[map]", "land = " + str([p for p in pairs if p[0] != p[1]]).replace("'", '"'),
             "[map.areas]"]
    lines += [f'{a} = {{ pop = 3, site = "white" }}' for a in areas]
    owner = {a: rng.choice(["minoa", "babylon", "egypt", "egypt"]) for a in areas}
    for pid in ("minoa", "babylon", "egypt"):
        cities = [a for a in areas if owner[a] == pid and rng.random() < 0.6][:9]
        tokens = {a: rng.randint(1, 3) for a in areas if owner[a] == pid and a not in cities}
        lines += [f"[players.{pid}]", "cities = " + str(cities).replace("'", '"'),
                  "tokens = {" + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + "}",
                  f"stock = {rng.randint(0, 55 - sum(tokens.values()))}"]
        if pid == "egypt":
            lines.append('hand = ["revival_of_past_empire"]')
    return "\n".join(lines)


def test_random_choices_always_finish_and_keep_every_token() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = build(random_body(rng))
        cards = card_census(state)
        due = areas_due(state, "egypt")
        events: list[object] = list(advance(state))
        for _ in range(50):
            assert not violations(state)
            if state.pending is None:
                break
            events += pick(state, rng.choice(state.pending.options))
        assert state.pending is None and not state.tasks
        assert not violations(state, cards)
        taken = [e.area for e in events if isinstance(e, UnitsAnnexed)]
        assert len(taken) <= due
        assert len(groups(state, taken)) <= 1  # all in contact
