"""Secondary symbols along a card's foot (004:16.5), resolved left to right after its text,
and on the card left unpicked (004:16.4). Unrest has nothing to choose. Lost at Sea does: "you
must choose and remove 1 Ship belonging to each Opponent ... Auto-resolution: each player
chooses for themselves": the taker chooses each other player's lost ship, and on the card left
unpicked (no active player) each player chooses its own; asked only where a player has ships
in more than one area away from its cities (effects/losses.py, run in an EventEffects task)."""

from __future__ import annotations

from collections.abc import Callable

from ..conflict_rules import ShipsLost
from ..events import Event
from ..ops import loss_causes
from ..population import reduce_city
from ..state import GameState
from .dice import d2, deck_of
from .log import EventCheck

RULE = "004:16.5"


def at_sea(state: GameState, pid: str) -> list[str]:
    """The areas holding the player's ships away from its own cities (Lost at Sea's "not
    adjacent to one of their Friendly Ports")."""
    cities = set(state.board.cities_of(pid))
    return sorted(a for a, here in state.board.ships.items() if here.get(pid) and a not in cities)


def lose_ship(state: GameState, pid: str, area: str, events: list[Event]) -> None:
    state.board.add_ships(area, pid, -1)
    events.append(ShipsLost(player=pid, area=area, count=1, rule=RULE,
                            cause=loss_causes(state, pid, "symbol:lost_at_sea")))


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
            reduce_city(state, area, events, RULE, cause="symbol:unrest")


SYMBOLS: dict[str, Callable[[GameState, str, list[Event]], None]] = {"unrest": unrest}
ASKING = frozenset({"lost_at_sea"})  # run in an EventEffects task (effects/losses.py)


def resolve(state: GameState, symbols: tuple[str, ...], active: str,
            events: list[Event]) -> None:
    """Resolve them now, or after the card's text when one of its effects waits for a
    decision (they queue behind it, effects/progress.py)."""
    from ..flow import push
    from .effects.progress import SYMBOL, EventEffects, Queued, waiting

    task = waiting(state)
    for symbol in symbols:
        if task is None and symbol in ASKING:
            task = EventEffects()
            push(state, task)
        if task is not None:
            task.queue.append(Queued(active, SYMBOL + symbol, rule=RULE))
        else:
            SYMBOLS[symbol](state, active, events)
