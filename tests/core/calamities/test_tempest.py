"""Tempest: which ships a victim may keep, and when nobody needs to be asked (001:29.3.3)."""

from __future__ import annotations

from game.core.calamities.losses import ShipsLost
from game.core.engine import Action, apply

from .helpers import start


def board(advances: str, ships: str) -> str:
    return f"""
[map]
land = [["A", "B"]]
[map.areas]
A = {{ pop = 3, coast = true }}
B = {{ pop = 3, coast = true }}

[players.egypt]
advances = {advances}
tokens = {{ A = 1, B = 1 }}
ships = {ships}
treasury = 6
hand = ["tempest"]
"""


def test_a_holder_of_astronavigation_picks_ships_to_keep_and_may_stop_early() -> None:
    state = start(board('["astronavigation"]', "{ A = 2, B = 1 }"))
    assert state.pending is not None and state.pending.kind == "tempest_keep_ship"
    assert state.pending.options == ["area:A", "area:B", "done"]
    apply(state, Action("egypt", "area:A"))
    assert state.pending is not None and state.pending.options == ["area:A", "area:B", "done"]
    events = apply(state, Action("egypt", "done"))
    assert state.board.ships == {"A": {"egypt": 1}}
    assert [(e.area, e.count) for e in events if isinstance(e, ShipsLost)] == [("A", 1), ("B", 1)]
    assert state.players["egypt"].treasury == 1


def test_astronavigation_and_cartography_together_keep_up_to_four_ships() -> None:
    state = start(board('["astronavigation", "cartography"]', "{ A = 2, B = 2 }"))
    assert state.pending is None  # four ships, four may stay: nothing to choose
    assert state.board.ships_of("egypt") == 4


def test_a_victim_without_those_advances_is_never_asked() -> None:
    state = start(board("[]", "{ A = 2, B = 1 }"))
    assert state.pending is None and state.board.ships_of("egypt") == 0
