"""What one player may see of the Events module: face-down cards, the deck's order and other
players' private events are hidden (a face-down card shows as "", a deck and a hand as sizes)."""

from __future__ import annotations

from dataclasses import dataclass

from ..plain import clone
from ..state import GameState
from .model import Marker


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


def events_view(state: GameState, player: str | None) -> EventsView | None:
    deck = state.eventdeck
    if deck is None:
        return None
    return EventsView(
        age=deck.age,
        over=deck.over,
        display=tuple(c if up else "" for c, up in zip(deck.display, deck.shown, strict=True)),
        deck_size=len(deck.deck),
        discards=tuple(deck.discards),
        hand=tuple(deck.hands.get(player, ())) if player is not None else (),
        hand_sizes=tuple((p, len(deck.hands.get(p, ()))) for p in state.players),
        markers=tuple(clone(m) for m in deck.markers),
    )
