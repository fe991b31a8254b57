"""The economy: money from a caravan or from commerce, extra trade cards, pirates raiding a
sea's coasts. Seed 000's talents are treasury tokens, its income is taxation, its
administration cards are trade cards (EVENTS.md §2)."""

from __future__ import annotations

from ...events import Event
from ...ops import gain_treasury
from ...phases.trade_card_acquisition import WATER, TradeCardDrawn, take_from_stack
from ...state import GameState
from ..cards import Effect
from ..model import Marker
from .losses import check
from .markers import place, tax_cut


def treasury_check(state: GameState, player: str, effect: Effect, rule: str,
                   events: list[Event]) -> None:
    """A D2 check: `pass` treasury tokens from stock when passed, `fail` when failed."""
    amount = effect.get("pass") if check(state, player, rule, events) else effect.get("fail")
    gain_treasury(state, player, amount, events, rule)


def extra_tax(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
    """Income doubled for the turn: at once, from stock, what the player's cities pay in tax
    at the base rate under the markers now on the map (no tax revolt: nothing is due)."""
    rate = state.data.numbers["tax_rate"]
    due = rate * len(state.board.cities_of(player)) - tax_cut(state, player, rate)
    gain_treasury(state, player, due, events, rule)


def trade_card(state: GameState, player: str, effect: Effect, rule: str,
               events: list[Event]) -> None:
    """`count` extra trade cards, one from each stack above the player's city count (the
    stacks it does not draw from), the highest stack again when none is left above."""
    block = state.players[player].block or next(iter(state.stacks))
    stacks = len(state.stacks[block])
    first = len(state.board.cities_of(player)) + 1
    for i in range(effect.get("count", 1)):
        stack = min(first + i, stacks)
        card = take_from_stack(state, player, stack)
        events.append(TradeCardDrawn(player=player, stack=stack, water=card == WATER, rule=rule))


def raided_sea(state: GameState, player: str) -> str:
    """The open sea the pirates infest, chosen for the taker: the one whose coasts hold the
    most cities of other players (then the first by id); "" without a sea."""
    best, most = "", -1
    for sea_id in sorted(state.map.seas):
        owners = [state.board.cities.get(a, "") for a in state.map.seas[sea_id].borders]
        cities = sum(1 for owner in owners if owner in state.players and owner != player)
        if cities > most:
            best, most = sea_id, cities
    return best


def piracy(state: GameState, player: str, effect: Effect, rule: str,
           events: list[Event]) -> None:
    """Each city on the raided sea's coasts is looted on a failed D2 check; on two failed
    checks when its owner has ships on that sea's coasts. Looted: a pillage marker (no tax)."""
    sea = raided_sea(state, player)
    if not sea:
        return
    coasts = state.map.seas[sea].borders
    for area in sorted(coasts):
        owner = state.board.cities.get(area)
        if owner not in state.players:
            continue
        fleet = any(state.board.ships.get(a, {}).get(owner) for a in coasts)
        looted = not check(state, owner, rule, events)
        if looted and fleet:
            looted = not check(state, owner, rule, events)
        if looted:
            place(state, Marker("pillage", effect.get("turns", 1), area=area, rule=rule), events)


EFFECTS = {"treasury_check": treasury_check, "extra_tax": extra_tax, "trade_card": trade_card,
           "piracy": piracy}
