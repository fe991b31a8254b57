"""Private events in hand: returned to the deck."""

from __future__ import annotations

from ...events import Event
from ...state import GameState
from ..cards import Effect
from ..dice import deck_of
from ..log import PrivateEventsReturned
from .progress import fell_short


def give_back(state: GameState, player: str, n: int, rule: str, events: list[Event],
              shuffle: bool = True) -> int:
    """n private events drawn at random from the hand, shuffled back into the deck unseen."""
    deck = deck_of(state)
    hand = deck.hands.setdefault(player, [])
    n = min(n, len(hand))
    for _ in range(n):
        deck.deck.append(hand.pop(state.rng.below(len(hand))))
    if n:
        if shuffle:
            state.rng.shuffle(deck.deck)
        events.append(PrivateEventsReturned(player=player, count=n, rule=rule))
    return n


def return_private(state: GameState, player: str, effect: Effect, rule: str,
                   events: list[Event]) -> None:
    asked = effect.get("count", 1)
    returned = give_back(state, player, asked, rule, events)
    if returned < asked:
        fell_short(state, player, "private", returned, asked, "hand", rule, events)


def pool(state: GameState, player: str, effect: Effect, rule: str,
         events: list[Event]) -> None:
    """000:event:47: every player loses half their private events, rounded down, drawn at
    random; they are shuffled back into the deck unseen "along with all the discards". The
    cards drawn this turn ("set aside"), the display and those already taken from it, stay
    out. The deck then keeps the
    size it had, the rest discarded unseen, as an Age deck is cut when it is built (deck.py):
    the Age lasts as long as it would have (decision in events.toml)."""
    deck = deck_of(state)
    size = len(deck.deck)
    for pid in state.players:
        give_back(state, pid, len(deck.hands.get(pid, [])) // 2, rule, events, shuffle=False)
    older = len(deck.discards) if deck.older_discards is None else deck.older_discards
    deck.deck += deck.discards[:older]
    state.rng.shuffle(deck.deck)
    deck.deck, cut = deck.deck[:size], deck.deck[size:]
    deck.discards = cut + deck.discards[older:]
    deck.older_discards = len(cut)


EFFECTS = {"return_private": return_private, "pool": pool}
