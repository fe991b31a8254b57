"""What one player may see of the Events module: face-down cards, the deck's order and other
players' private events are hidden (a face-down card shows as "", a deck and a hand as sizes)."""

from __future__ import annotations

from dataclasses import dataclass

from ..plain import clone
from ..state import GameState
from .model import EventDeck, Marker


@dataclass(frozen=True)
class EventsView:
    age: int
    over: bool
    display: tuple[str, ...]  # left first; "" for a face-down card
    deck_size: int
    discards: tuple[str, ...]
    hand: tuple[str, ...]  # the viewer's own private events
    hand_sizes: tuple[tuple[str, int], ...]  # every player's count, in A.S.T. order
    markers: tuple[Marker, ...]
    # victory points events have won, per player (public: Monasteries, Golden Age...), in
    # A.S.T. order, players with none left out; part of each player's score (scoring.py)
    bonus_vp: tuple[tuple[str, int], ...] = ()


# What a view of the Events module is made from, as the state's order of players and the deck's
# facts any view reads: the deck's size, and copies of the display, the face-up flags, the
# discards, the hands, the markers and the victory points events won. Compared with the deck
# as it is now (lists and dicts at C speed), never rebuilt from them while they are alike.
Source = tuple[tuple[str, ...], int, bool, int, list[str], list[bool], list[str],
               dict[str, list[str]], list[Marker], dict[str, int]]


@dataclass(frozen=True, slots=True)
class KeptEvents:
    """The Events part of the views, kept by the state (`_kept_events`, never saved or hashed,
    shared by its copies) with the facts it was made from: while the deck's public facts are
    those, a view takes the part made for its viewer (each viewer's made once) and reads the
    deck and the hands no further, so its cost does not follow the number of players (issue
    40: every view rebuilt every player's hand size)."""

    source: Source
    views: dict[str | None, EventsView]  # viewer -> the part made for them, as asked


def _source(state: GameState, deck: EventDeck) -> Source:
    """The facts the views are made from, as they are now (the deck's own lists: to compare)."""
    return (tuple(state.players), deck.age, deck.over, len(deck.deck), deck.display, deck.shown,
            deck.discards, deck.hands, deck.markers, deck.bonus_vp)


def _copied(source: Source) -> Source:
    """`source` with copies of the deck's lists and dicts, to keep."""
    order, age, over, size, display, shown, discards, hands, markers, bonus = source
    return (order, age, over, size, display.copy(), shown.copy(), discards.copy(),
            {p: hand.copy() for p, hand in hands.items()}, [clone(m) for m in markers],
            bonus.copy())


def _made(source: Source, player: str | None) -> EventsView:
    """The Events part of `player`'s view, from the facts `source` holds."""
    order, age, over, size, display, shown, discards, hands, markers, bonus = source
    return EventsView(
        age=age,
        over=over,
        display=tuple(c if up else "" for c, up in zip(display, shown, strict=True)),
        deck_size=size,
        discards=tuple(discards),
        hand=tuple(hands.get(player, ())) if player is not None else (),
        hand_sizes=tuple((p, len(hands.get(p, ()))) for p in order),
        markers=tuple(clone(m) for m in markers),
        bonus_vp=tuple((p, bonus[p]) for p in order if bonus.get(p)),
    )


def scratch_events_view(state: GameState, player: str | None) -> EventsView | None:
    """The Events part of `player`'s view built from the state, whatever it keeps (the
    invariants and tests compare it with the kept one)."""
    deck = state.eventdeck
    return None if deck is None else _made(_source(state, deck), player)


def events_view(state: GameState, player: str | None) -> EventsView | None:
    deck = state.eventdeck
    if deck is None:
        return None
    kept = state._kept_events
    now = _source(state, deck)
    if kept is None or kept.source != now:
        kept = state._kept_events = KeptEvents(_copied(now), {})
    seen = kept.views.get(player)
    if seen is None:
        seen = kept.views[player] = _made(kept.source, player)
    return seen
