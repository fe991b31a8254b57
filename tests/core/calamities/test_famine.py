"""Famine: who may be named, what each named player loses, and Agriculture's three fates
(001:29.3.1, rules §6.1, the Double Empires chart)."""

from __future__ import annotations

from game.core.engine import Action, apply
from game.core.population import FLAG_AGRICULTURE_SUSPENDED, population_limit

from .helpers import start

BOARD = """
[map]
land = [["A", "B"], ["B", "C"], ["C", "D"], ["D", "E"]]
[map.areas]
A = { pop = 2 }
B = { pop = 5 }
C = { pop = 5 }
D = { pop = 5 }
E = { pop = 5 }

[players.egypt]
advances = ADV
tokens = { A = 3, B = 20 }
hand = ["famine"]

[players.babylon]
tokens = { C = 10 }

[players.assyria]
advances = ["irrigation"]
tokens = { D = 10 }

[players.hatti]
tokens = { E = 10 }

[players.rome]
"""


def test_the_classic_victim_shares_only_among_players_with_units_and_without_irrigation() -> None:
    state = start(BOARD.replace("ADV", "[]"))
    while state.pending is not None and state.pending.player == "egypt":
        apply(state, Action("egypt", state.pending.options[-1]))
    # Babylon and Hatti can take 8 each, no more: 16 of the 20, with no choice to make.
    assert state.pending is None
    assert state.board.tokens_of("babylon") == 2 and state.board.tokens_of("hatti") == 2
    assert state.board.tokens_of("assyria") == 10


def test_the_double_empires_victim_with_agriculture_loses_its_effect_for_the_turn() -> None:
    state = start(BOARD.replace("ADV", '["agriculture"]'), "double-empires")
    egypt = state.players["egypt"]
    assert egypt.flags.get(FLAG_AGRICULTURE_SUSPENDED) == 1
    assert population_limit(state, "A", "egypt") == 2  # 3 with Agriculture working


def test_a_classic_victim_with_agriculture_keeps_it_after_the_one_time_check() -> None:
    state = start(BOARD.replace("ADV", '["agriculture"]'))
    assert not state.players["egypt"].flags.get(FLAG_AGRICULTURE_SUSPENDED)


def test_the_mega_empires_victim_names_three_players_among_those_with_units() -> None:
    state = start(BOARD.replace("ADV", "[]"), "mega-empires")
    while state.pending is not None and state.pending.kind == "lose_unit_points":
        apply(state, Action(state.pending.player, state.pending.options[0]))
    # Babylon, Assyria and Hatti have units (Irrigation means nothing here); Rome has none.
    assert state.pending is None
    for pid in ("babylon", "assyria", "hatti"):
        assert state.board.tokens_of(pid) == 5
