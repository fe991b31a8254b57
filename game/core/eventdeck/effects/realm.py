"""Realm-flavoured gains of the realm-specific events (004:16.1, realm_events.toml): tokens
back into the homeland, a ship, credit points towards an advance group ("research an idea"
at a discount, 004:16.3)."""

from __future__ import annotations

from ...events import Event
from ...gamedata import GROUPS
from ...phases.advance_acquisition import CreditsPlaced
from ...phases.movement_reach import add_mark
from ...phases.movement_ships import ShipBuilt
from ...state import GameState
from ..cards import Effect
from .growth import grow


def homeland(state: GameState, player: str) -> list[str]:
    """The civilization's start area on this map and its land neighbours, where tokens can go
    without a conflict (004:16.3): no city, no one else's tokens. Empty areas count."""
    start = state.map.start_areas.get(player)
    if start is None or start not in state.map.areas:
        return []
    areas = {start, *state.map.land.get(start, ())}
    board = state.board
    return sorted(a for a in areas if a in state.map.areas and a not in board.cities
                  and set(board.tokens.get(a, {})) <= {player})


def homeland_tokens(state: GameState, player: str, effect: Effect, rule: str,
                    events: list[Event]) -> None:
    grow(state, player, effect.get("count"), homeland(state, player), rule, events)


def free_ship(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
    """A ship piece from the player's supply, free, in the coastal area holding most of its
    tokens (then the first by id). It counts as built this turn: no upkeep, it may sail in this
    turn's movement. None when every piece is on the board or no coastal area has its tokens."""
    board = state.board
    if board.ships_of(player) >= state.data.numbers["ships_per_player"]:
        return
    coasts = [a for a, here in board.tokens.items()
              if here.get(player) and state.map.areas[a].coastal]
    if not coasts:
        return
    area = min(coasts, key=lambda a: (-board.count(a, player), a))
    board.add_ships(area, player, 1)
    add_mark(state, player, f"kept:{area}", 1)
    events.append(ShipBuilt(player=player, area=area, treasury=0, tokens=0, rule=rule))


def advance_credit(state: GameState, player: str, effect: Effect, rule: str,
                   events: list[Event]) -> None:
    """Credit points in one advance group, kept like the starting credits: every later
    advance of that group costs that much less."""
    group = GROUPS[effect.get("group")]
    credits = state.player_to_change(player).credits
    credits[group] = credits.get(group, 0) + effect.get("amount")
    events.append(CreditsPlaced(player=player, group=group, points=effect.get("amount"),
                                rule=rule))


EFFECTS = {"homeland_tokens": homeland_tokens, "free_ship": free_ship,
           "advance_credit": advance_credit}
