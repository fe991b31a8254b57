"""Epidemic: the loss formula with the Double Empires minimum, what a player can lose when one
token must stay in every area, and who may be named (001:29.6.2, 003:EPIDEMIC, 002:Epidemic)."""

from __future__ import annotations

from game.core.calamities.epidemic import losable, loss
from game.core.engine import Action, apply

from .helpers import start

BOARD = """
[map]
land = [["a", "b"], ["b", "c"], ["c", "d"]]
[map.areas]
a = { pop = 5 }
b = { pop = 3, site = "white" }
c = { pop = 5 }
d = { pop = 5 }

[players.egypt]
advances = ["medicine"]
cities   = ["b"]
tokens   = { a = 3, c = 1 }

[players.babylon]
advances = ["medicine", "roadbuilding"]
tokens   = { d = 30 }

[players.assyria]
tokens = { c = 2 }
"""


def test_medicine_never_brings_a_double_empires_loss_below_three_nor_above_the_share() -> None:
    state = start(BOARD, "double-empires")
    assert loss(state, "primary_loss", "egypt", 32) == 16
    assert loss(state, "secondary_loss", "egypt", 20) == 10
    assert loss(state, "secondary_loss", "egypt", 12) == 3
    assert loss(state, "secondary_loss", "egypt", 2) == 2       # never more than assigned
    assert loss(state, "secondary_loss", "babylon", 2) == 3     # Roadbuilding's +10 allows 3
    assert loss(state, "secondary_loss", "assyria", 2) == 2


def test_classic_losses_have_no_minimum() -> None:
    state = start(BOARD, "classic")
    assert loss(state, "secondary_loss", "egypt", 4) == 0
    assert loss(state, "primary_loss", "egypt", 16) == 8


def test_keeping_one_token_per_area_leaves_all_but_one_unit_point_per_area() -> None:
    state = start(BOARD, "classic")
    assert losable(state, "egypt", keep_one=True) == 2 + 4 + 0
    assert losable(state, "egypt", keep_one=False) == 3 + 5 + 1


def test_classic_shares_are_capped_by_what_each_player_can_lose() -> None:
    body = BOARD.replace('advances = ["medicine"]\n', "") + "\n" + """
[players.hatti]
tokens = { a = 12 }
"""
    body = body.replace("tokens   = { a = 3, c = 1 }", "tokens   = { a = 30 }")
    body = body.replace('[players.egypt]', '[players.egypt]\nhand = ["epidemic<babylon"]')
    state = start(body, "classic")
    while state.pending is not None and state.pending.kind == "lose_unit_points":
        apply(state, Action("egypt", state.pending.options[0]))
    # babylon traded the card; assyria can lose 1 (keeps one token); hatti at most 10
    assert state.pending is None
    assert state.board.count("c", "assyria") == 1
    assert state.board.count("a", "hatti") == 2
    assert state.board.count("d", "babylon") == 30


def test_mega_empires_names_only_players_with_units_and_never_the_beneficiary() -> None:
    body = """
[map]
land = [["a", "b"]]
[map.areas]
a = { pop = 5 }
b = { pop = 5 }

[players.egypt]
tokens = { a = 20 }
hand   = ["epidemic<babylon"]

[players.babylon]
tokens = { b = 5 }

[players.assyria]
tokens = { b = 5 }

[players.hatti]

[players.rome]
tokens = { b = 5 }
"""
    state = start(body, "mega-empires")
    while state.pending is not None and state.pending.kind == "lose_unit_points":
        apply(state, Action("egypt", state.pending.options[0]))
    assert state.pending is None  # assyria and rome are the only ones left to name
    assert state.board.count("b", "assyria") == 0 and state.board.count("b", "rome") == 0
    assert state.board.count("b", "babylon") == 5
