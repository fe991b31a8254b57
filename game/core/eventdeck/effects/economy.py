"""The economy: money from a caravan or from commerce, extra trade cards, pirates raiding a
sea's coasts. Seed 000's talents are treasury tokens, its income is taxation, its
administration cards are trade cards (EVENTS.md §2)."""

from __future__ import annotations

from ... import labels
from ...events import Event
from ...flow import ask
from ...phases.trade_card_acquisition import WATER, TradeCardDrawn, take_from_stack
from ...state import GameState
from ...words import say
from ..cards import Effect
from ..model import Marker
from .growth import title
from .losses import check
from .markers import place, tax_cut
from .progress import EventEffects, EventStep, Interactive, Queued, fell_short
from .treasury import gain_up_to


def treasury_check(state: GameState, player: str, effect: Effect, rule: str,
                   events: list[Event]) -> None:
    """A D2 check: `pass` treasury tokens from stock when passed, `fail` when failed."""
    amount = effect.get("pass") if check(state, player, rule, events) else effect.get("fail")
    gain_up_to(state, player, amount, rule, events)


def extra_tax(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
    """Income doubled for the turn: at once, from stock, what the player's cities pay in tax
    at the base rate under the markers now on the map (no tax revolt: nothing is due)."""
    rate = state.data.numbers["tax_rate"]
    due = rate * len(state.board.cities_of(player)) - tax_cut(state, player, rate)
    gain_up_to(state, player, due, rule, events)


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


def raided_sea(state: GameState, player: str, seas: list[str] | None = None) -> str:
    """The open sea the pirates infest when no one chooses (the Pirates symbol's
    auto-resolution, 004:16.5): the one whose coasts hold the most cities of other players
    (then the first by id); "" without a sea."""
    best, most = "", -1
    for sea_id in sorted(state.map.seas) if seas is None else seas:
        owners = [state.board.cities.get(a, "") for a in state.map.seas[sea_id].borders]
        cities = sum(1 for owner in owners if owner in state.players and owner != player)
        if cities > most:
            best, most = sea_id, cities
    return best


def coastal_cities(state: GameState, sea: str) -> int:
    return sum(1 for a in state.map.seas[sea].borders if state.board.cities.get(a) in state.players)


def _piracy_step(state: GameState, task: EventEffects, q: Queued, events: list[Event]) -> bool:
    """000:event:45 "the target sea zone": the taker chooses it among the seas with a city on
    their coasts (asked when there are several); none, said, when no sea has one."""
    if task.left == 0:  # raided
        return False
    seas = sorted(s for s in state.map.seas if coastal_cities(state, s))
    if not seas:
        fell_short(state, q.player, "sea", 0, 1, "cities", q.rule, events, q.card)
        return False
    if len(seas) == 1:
        raid(state, q.player, seas[0], q.params.get("turns", 1), q.rule, events)
        return False
    ask(state, q.player, SEA,
        say("{card}: choose the sea the pirates raid (each city on its coasts: D2 or "
            "pillaged)", card=title(q.card)),
        [labels.make("sea", s) for s in seas], q.rule,
        EventStep(card=q.card, effect=q.do,
                  suggested=labels.make("sea", raided_sea(state, q.player))))
    return True


def _piracy_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                   events: list[Event]) -> None:
    raid(state, q.player, labels.value(label), q.params.get("turns", 1), q.rule, events)
    task.left = 0


def raid(state: GameState, player: str, sea: str, turns: int, rule: str,
         events: list[Event]) -> None:
    """Each city on the sea's coasts is looted on a failed D2 check; on two failed checks when
    its owner has ships on that sea's coasts. Looted: a pillage marker (no tax)."""
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
            place(state, Marker("pillage", turns, area=area, rule=rule), events)


SEA = "event_sea"
EFFECTS = {"treasury_check": treasury_check, "extra_tax": extra_tax, "trade_card": trade_card}
INTERACTIVE = {"piracy": Interactive(_piracy_step, _piracy_choose)}
