"""Ships in phase 3 (rules §4 phase 3): building, upkeep, trips and the end-of-movement check.

Two sub-tasks, pushed by the movement phase for the player who is moving:
  movement:ship_build  {player, area, treasury}   build a ship in area, paying `treasury` from
                                                  treasury and the rest of the price in tokens
  movement:ship_trip   {player, area}             maintain a ship there if it needs it, then
                                                  sail it (or let it stay) with tokens aboard

Decided:
- Simplification: a ship takes its tokens aboard in the area it starts from and unloads them all
  where it ends; boarding or leaving at areas along the way is not offered.
- A ship moves once a turn; a kept ship its owner lets stay has had its move.
- Lapse and rebuild: a ship not yet kept this turn may lapse to be built again (elsewhere or in
  place) only when no ship piece is left in stock; the player picks which one if several could.
- Upkeep is paid one unit at a time: `number:1` for a treasury token or `area:` for a token
  destroyed there (anywhere on the board).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import labels
from ..conflict_rules import ShipsLost
from ..eventdeck import war
from ..events import Event, TokensMoved
from ..flow import ask, done, register
from ..ops import loss_causes, pay_treasury, remove_tokens
from ..state import Detail, GameState, Progress, detail_type
from ..words import ref, say
from .movement_reach import (
    TokensToMove,
    add_mark,
    after_removal,
    cargo_choices,
    mark,
    ship_destinations,
)

RULE_SHIPS = "rules:phase-3 ships"
SHIP_BUILD = "movement:ship_build"
SHIP_TRIP = "movement:ship_trip"


@dataclass(frozen=True, kw_only=True)
class ShipBuilt(Event):
    player: str
    area: str
    treasury: int  # paid from treasury
    tokens: int  # tokens destroyed to pay the rest


@dataclass(frozen=True, kw_only=True)
class ShipMaintained(Event):
    player: str
    area: str


@dataclass(frozen=True, kw_only=True)
class ShipSailed(Event):
    player: str
    source: str
    target: str
    carried: int


@dataclass(kw_only=True)
class ShipBuild(Progress):
    """`player` builds a ship in `area`, paying `treasury` from treasury and the rest of the
    price in tokens (`tokens_left` still to destroy, after the one from the area itself)."""

    KIND = SHIP_BUILD
    player: str
    area: str
    treasury: int
    stage: Literal["start", "paying"] = "start"
    tokens_left: int = 0
    asking: Literal["", "token", "lapse"] = ""


@dataclass(kw_only=True)
class ShipTrip(Progress):
    """`player` uses a ship in `area`: its upkeep if it needs it, then where it sails and with
    how many tokens aboard."""

    KIND = SHIP_TRIP
    player: str
    area: str
    stage: Literal["start", "upkeep", "where", "cargo"] = "start"
    upkeep_left: int = 0
    target: str = ""


@detail_type
@dataclass(frozen=True)
class ShipUpkeep(Detail):
    """The ship in `area` is kept for `left` more units: a treasury token or a token destroyed
    anywhere, one at a time."""

    area: str
    left: int


# --- what is possible ------------------------------------------------------------------------


def _numbers(state: GameState) -> tuple[int, int, int, int]:
    n = state.data.numbers
    return n["ship_cost_treasury"], n["ship_upkeep"], n["ships_per_player"], \
        n["ships_built_per_turn_max"]


def unkept_ships(state: GameState, player: str, area: str) -> int:
    return state.board.ships.get(area, {}).get(player, 0) - mark(state, player, f"kept:{area}")


def _lapsable_areas(state: GameState, player: str) -> list[str]:
    return sorted(a for a in state.board.ships if unkept_ships(state, player, a) > 0)


def build_payments(state: GameState, player: str, area: str) -> list[int]:
    """The treasury amounts a new ship in `area` may be paid with (the rest of the price in
    tokens, at least one of them from the area): 2 treasury, 1 + 1 token there, or 2 tokens."""
    price, _, pieces, per_turn = _numbers(state)
    board = state.board
    here = board.count(area, player)
    if not state.map.areas[area].coastal or here < 1:
        return []
    if mark(state, player, "built") >= per_turn:
        return []
    if board.ships_of(player) >= pieces and not _lapsable_areas(state, player):
        return []
    # the tokens the player has anywhere; those here are enough when they cover the price
    tokens = here if here >= price else board.tokens_of(player)
    treasury = state.players[player].treasury
    return [t for t in range(price, -1, -1)
            if t <= treasury and (t == price or tokens >= price - t)]


def _can_pay_upkeep(state: GameState, player: str) -> bool:
    _, upkeep, _, _ = _numbers(state)
    return state.players[player].treasury + state.board.tokens_of(player) >= upkeep


def _free_kept(state: GameState, player: str, area: str) -> int:
    """The kept ships in `area` still free to sail: never more than are there, since a ship
    kept before the movement phase (an event's free ship) may be lost before it (Lost at Sea)."""
    here = state.board.ships.get(area, {}).get(player, 0)
    return min(mark(state, player, f"kept:{area}"), here) - mark(state, player, f"used:{area}")


def ship_trip_possible(state: GameState, player: str, area: str) -> bool:
    """A ship here can still do something: a kept one can sail, or an old one can be kept."""
    if _free_kept(state, player, area) > 0 and ship_destinations(state, player, area):
        return True
    return unkept_ships(state, player, area) > 0 and _can_pay_upkeep(state, player)


def scrap_unkept_ships(state: GameState, player: str, events: list[Event]) -> None:
    """At the end of a player's movement every ship neither built nor maintained this turn is
    destroyed."""
    for area in _lapsable_areas(state, player):
        n = unkept_ships(state, player, area)
        state.board.add_ships(area, player, -n)
        events.append(ShipsLost(player=player, area=area, count=n, rule=RULE_SHIPS,
                                cause=loss_causes(state, player, "ship_upkeep")))


def _token_areas(state: GameState, player: str) -> list[str]:
    return sorted(a for a, here in state.board.tokens.items() if here.get(player, 0) > 0)


def _pay_token(state: GameState, player: str, area: str, events: list[Event]) -> None:
    remove_tokens(state, player, area, 1, events, RULE_SHIPS, cause="ship_payment")
    after_removal(state, player, area)


# --- building --------------------------------------------------------------------------------


def _build_step(state: GameState, d: ShipBuild, events: list[Event]) -> None:
    player, area = d.player, d.area
    price, _, pieces, _ = _numbers(state)
    if d.stage == "start":
        d.stage = "paying"
        pay_treasury(state, player, d.treasury, events, RULE_SHIPS)
        if d.treasury < price:
            _pay_token(state, player, area, events)  # one token from the ship's own area
        d.tokens_left = max(price - d.treasury - 1, 0)
    if d.tokens_left > 0:
        areas = _token_areas(state, player)
        if len(areas) > 1:
            d.asking = "token"
            ask(state, player, "ship_payment_token", "Destroy a token where, to pay for the ship?",
                [labels.make("area", a) for a in areas], RULE_SHIPS)
            return
        _pay_token(state, player, areas[0], events)
        d.tokens_left -= 1
        return
    if state.board.ships_of(player) >= pieces:
        lapsable = _lapsable_areas(state, player)
        if len(lapsable) > 1:
            d.asking = "lapse"
            ask(state, player, "ship_lapse", "Which unkept ship lapses to be built again here?",
                [labels.make("area", a) for a in lapsable], RULE_SHIPS)
            return
        _lapse(state, player, lapsable[0], events)
    state.board.add_ships(area, player, 1)
    add_mark(state, player, f"kept:{area}", 1)
    add_mark(state, player, "built", 1)
    events.append(ShipBuilt(player=player, area=area, treasury=d.treasury,
                            tokens=price - d.treasury, rule=RULE_SHIPS))
    done(state, d)


def _lapse(state: GameState, player: str, area: str, events: list[Event]) -> None:
    state.board.add_ships(area, player, -1)
    events.append(ShipsLost(player=player, area=area, count=1, rule=RULE_SHIPS,
                            cause=loss_causes(state, player, "ship_lapse")))


def _build_choose(state: GameState, d: ShipBuild, label: str, events: list[Event]) -> None:
    where = labels.value(label)
    asking, d.asking = d.asking, ""
    if asking == "token":
        _pay_token(state, d.player, where, events)
        d.tokens_left -= 1
    else:
        _lapse(state, d.player, where, events)


# --- upkeep and trips ------------------------------------------------------------------------


def _trip_step(state: GameState, d: ShipTrip, events: list[Event]) -> None:
    player, area = d.player, d.area
    if d.stage == "start":
        if _free_kept(state, player, area) > 0 and ship_destinations(state, player, area):
            d.stage = "where"
        else:
            d.stage, d.upkeep_left = "upkeep", _numbers(state)[1]
    if d.stage == "upkeep":
        if d.upkeep_left > 0:
            options = [labels.make("area", a) for a in _token_areas(state, player)]
            if state.players[player].treasury > 0:
                options.append(labels.make("number", 1))
            if len(options) > 1:
                ask(state, player, "ship_upkeep",
                    say("Upkeep for the ship in {area}: number:1 pays 1 treasury, an area "
                        "destroys a token there", area=ref("area", area)),
                    options, RULE_SHIPS, ShipUpkeep(area=area, left=d.upkeep_left))
                return
            _pay_upkeep(state, player, options[0], d, events)
            return
        add_mark(state, player, f"kept:{area}", 1)
        events.append(ShipMaintained(player=player, area=area, rule=RULE_SHIPS))
        d.stage = "where"
    if d.stage == "where":
        targets = ship_destinations(state, player, area)
        if not targets:
            add_mark(state, player, f"used:{area}", 1)  # kept, but nowhere to go: it stays
            done(state, d)
            return
        ask(state, player, "ship_destination",
            say("Sail the ship from {area} to where? (done: it stays)", area=ref("area", area)),
            [labels.make("area", a) for a in targets] + ["done"], RULE_SHIPS)
        return
    loads = cargo_choices(state, player, area, d.target)
    if len(loads) > 1:
        ask(state, player, "ship_cargo",
            say("How many tokens sail from {area} to {target}?", area=ref("area", area),
                target=ref("area", d.target)),
            [labels.make("number", n) for n in loads], RULE_SHIPS,
            TokensToMove(source=area, target=d.target))
        return
    _sail(state, player, area, d.target, loads[0], events)
    done(state, d)


def _pay_upkeep(state: GameState, player: str, label: str, d: ShipTrip,
                events: list[Event]) -> None:
    if labels.kind_of(label) == "number":
        pay_treasury(state, player, 1, events, RULE_SHIPS)
    else:
        _pay_token(state, player, labels.value(label), events)
    d.upkeep_left -= 1


def _sail(state: GameState, player: str, source: str, target: str, carried: int,
          events: list[Event]) -> None:
    board = state.board
    board.add_ships(source, player, -1)
    board.add_ships(target, player, 1)
    add_mark(state, player, f"kept:{source}", -1)
    add_mark(state, player, f"kept:{target}", 1)
    add_mark(state, player, f"used:{target}", 1)
    events.append(ShipSailed(player=player, source=source, target=target, carried=carried,
                             rule=RULE_SHIPS))
    if carried > 0:
        board.add(source, player, -carried)
        board.add(target, player, carried)
        add_mark(state, player, f"moved:{target}", carried)
        events.append(TokensMoved(player=player, source=source, target=target, count=carried,
                                  by_ship=True, rule=RULE_SHIPS))
        for loser in war.after_move(state, player, target, carried, events):  # Events cards
            after_removal(state, loser, target)


def _trip_choose(state: GameState, d: ShipTrip, label: str, events: list[Event]) -> None:
    player, area = d.player, d.area
    if d.stage == "upkeep":
        _pay_upkeep(state, player, label, d, events)
    elif d.stage == "where":
        if label == "done":
            add_mark(state, player, f"used:{area}", 1)
            done(state, d)
            return
        d.target, d.stage = labels.value(label), "cargo"
    else:
        _sail(state, player, area, d.target, labels.number(label), events)
        done(state, d)


register(ShipBuild, _build_step, _build_choose)
register(ShipTrip, _trip_step, _trip_choose)
