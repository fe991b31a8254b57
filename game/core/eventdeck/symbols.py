"""Secondary symbols along a card's foot (004:16.5), resolved left to right after its text,
and on the card left unpicked (004:16.4). This game resolves them all by the auto-resolution
rules, also for the taker (decision in events.toml): Lost at Sea's "you must choose ... 1 Ship
belonging to each Opponent" is left to its auto-resolution here, the first ship away from its
owner's cities (a choice between ships at sea that a later change may ask)."""

from __future__ import annotations

from collections.abc import Callable

from ..conflict_rules import ShipsLost
from ..events import Event
from ..population import reduce_city
from ..state import GameState
from .dice import d2, deck_of
from .log import EventCheck

RULE = "004:16.5"


def lost_at_sea(state: GameState, active: str, events: list[Event]) -> None:
    """Each player other than the active one loses one ship that is not in an area holding one
    of its own cities (the first such area in id order)."""
    for pid in state.players:
        if pid == active:
            continue
        cities = set(state.board.cities_of(pid))
        at_sea = sorted(a for a, here in state.board.ships.items()
                        if here.get(pid) and a not in cities)
        if at_sea:
            state.board.add_ships(at_sea[0], pid, -1)
            events.append(ShipsLost(player=pid, area=at_sea[0], count=1, rule=RULE))


def unrest(state: GameState, active: str, events: list[Event]) -> None:
    """Each city in an area under a revolt or heresy marker makes a D2 check; failed, it is
    reduced."""
    deck = deck_of(state)
    areas: set[str] = set()
    for marker in deck.markers:
        if marker.kind in ("revolt", "heresy"):
            areas.update([marker.area] if marker.area else deck.regions.areas(marker.region))
    for area in sorted(areas):
        owner = state.board.cities.get(area)
        if owner is None or owner not in state.players:
            continue
        passed = d2(state)
        events.append(EventCheck(player=owner, die="d2", result="pass" if passed else "fail",
                                 rule=RULE))
        if not passed:
            reduce_city(state, area, events, RULE)


SYMBOLS: dict[str, Callable[[GameState, str, list[Event]], None]] = {
    "lost_at_sea": lost_at_sea,
    "unrest": unrest,
}


def resolve(state: GameState, symbols: tuple[str, ...], active: str,
            events: list[Event]) -> None:
    """Resolve them now, or after the card's text when one of its effects waits for a
    decision (they queue behind it, effects/progress.py)."""
    from .effects.progress import SYMBOL, Queued, waiting

    task = waiting(state)
    for symbol in symbols:
        if task is not None:
            task.queue.append(Queued(active, SYMBOL + symbol))
        else:
            SYMBOLS[symbol](state, active, events)
