"""Private events in hand: returned to the deck."""

from __future__ import annotations

from ...events import Event
from ...state import GameState
from ..cards import Effect
from ..dice import deck_of
from ..log import PrivateEventsReturned


def give_back(state: GameState, player: str, n: int, rule: str, events: list[Event]) -> int:
    """n private events drawn at random from the hand, shuffled back into the deck unseen."""
    deck = deck_of(state)
    hand = deck.hands.setdefault(player, [])
    n = min(n, len(hand))
    for _ in range(n):
        deck.deck.append(hand.pop(state.rng.below(len(hand))))
    if n:
        state.rng.shuffle(deck.deck)
        events.append(PrivateEventsReturned(player=player, count=n, rule=rule))
    return n


def return_private(state: GameState, player: str, effect: Effect, rule: str,
                   events: list[Event]) -> None:
    give_back(state, player, effect.get("count", 1), rule, events)


def pool(state: GameState, player: str, effect: Effect, rule: str,
         events: list[Event]) -> None:
    """Every player returns half their private events, rounded down. The discards stay out
    (decision in events.toml: a deck that refilled itself would never let its Age end)."""
    deck = deck_of(state)
    for pid in state.players:
        give_back(state, pid, len(deck.hands.get(pid, [])) // 2, rule, events)


EFFECTS = {"return_private": return_private, "pool": pool}
