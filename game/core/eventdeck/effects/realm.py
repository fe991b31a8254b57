"""Realm-flavoured gains of the realm-specific events (004:16.1, realm_events.toml): tokens
back into the homeland, a ship, credit points towards an advance group ("research an idea"
at a discount, 004:16.3)."""

from __future__ import annotations

from ... import labels
from ...events import Event
from ...flow import ask
from ...gamedata import GROUPS
from ...phases.advance_acquisition import CreditsPlaced
from ...phases.movement_reach import add_mark
from ...phases.movement_ships import ShipBuilt
from ...state import GameState
from ...words import say
from ..cards import Effect
from .growth import placing, title
from .progress import EventEffects, EventStep, Interactive, Queued, fell_short


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


def _ship_step(state: GameState, task: EventEffects, q: Queued, events: list[Event]) -> bool:
    """A ship piece from the player's supply, free, in a coastal area holding its tokens (the
    player chooses when there are several). It counts as built this turn: no upkeep, it may sail
    in this turn's movement. None, said, when every piece is on the board or no coastal area
    holds its tokens."""
    if task.left == 0:  # placed
        return False
    board = state.board
    if board.ships_of(q.player) >= state.data.numbers["ships_per_player"]:
        fell_short(state, q.player, "ship", 0, 1, "no_ship_piece", q.rule, events, q.card)
        return False
    coasts = sorted(a for a, here in board.tokens.items()
                    if here.get(q.player) and state.map.areas[a].coastal)
    if not coasts:
        fell_short(state, q.player, "ship", 0, 1, "coast", q.rule, events, q.card)
        return False
    if len(coasts) == 1:
        _launch(state, q, coasts[0], events)
        return False
    ask(state, q.player, SHIP,
        say("{card}: place a free ship in one of your coastal areas", card=title(q.card)),
        [labels.make("area", a) for a in coasts], q.rule,
        EventStep(card=q.card, effect=q.do, suggested=labels.make("area", min(
            coasts, key=lambda a: (-state.board.count(a, q.player), a)))))
    return True


def _ship_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                 events: list[Event]) -> None:
    _launch(state, q, labels.value(label), events)
    task.left = 0


def _launch(state: GameState, q: Queued, area: str, events: list[Event]) -> None:
    state.board.add_ships(area, q.player, 1)
    add_mark(state, q.player, f"kept:{area}", 1)
    events.append(ShipBuilt(player=q.player, area=area, treasury=0, tokens=0, rule=q.rule))


def advance_credit(state: GameState, player: str, effect: Effect, rule: str,
                   events: list[Event]) -> None:
    """Credit points in one advance group, kept like the starting credits: every later
    advance of that group costs that much less."""
    group = GROUPS[effect.get("group")]
    credits = state.player_to_change(player).credits
    credits[group] = credits.get(group, 0) + effect.get("amount")
    events.append(CreditsPlaced(player=player, group=group, points=effect.get("amount"),
                                rule=rule))


SHIP = "event_ship"  # where a free ship goes
EFFECTS = {"advance_credit": advance_credit}
INTERACTIVE = {"homeland_tokens": placing(homeland, "your homeland's areas"),
               "free_ship": Interactive(_ship_step, _ship_choose)}
