"""Which picks a player may take back: the table's rule, the same for a local game and a
hosted one (issue 34, Board Game Arena's rule). A pick may be taken back while it stays within
the player's own step: no die rolled and no deck shuffled (the generator moved), nothing drawn,
revealed or offered to another player (a trade card drawn, a calamity revealed, an event card
laid out, taken or played), the same turn and phase, and the decision still the same player's.
A pick that breaks the rule is the floor: nothing before it can be taken back either."""

from __future__ import annotations

import copy

from game.core import (
    CalamitiesShown,
    CalamityRevealed,
    CardPlundered,
    Event,
    EventCardTaken,
    EventCardUnpicked,
    EventDisplayLaid,
    GameState,
    TradeAccepted,
    TradeCardBought,
    TradeCardDrawn,
    TradeOffered,
)

from .record import GameRecord

# Events after which a take-back would let a player try again for a different outcome or
# unsee something, with the reason a player reads (dice: the generator check).
NO_TAKEBACK_EVENTS: dict[type[Event], str] = {
    TradeCardDrawn: "a trade card was drawn",
    TradeCardBought: "a trade card was drawn",
    CalamityRevealed: "a calamity was revealed",
    CalamitiesShown: "calamities were revealed",
    TradeAccepted: "a trade was agreed with another player",
    TradeOffered: "an offer was made to another player",
    CardPlundered: "a card was taken from another player",
    EventCardTaken: "an event card was taken or played",
    EventDisplayLaid: "event cards were laid out",
    EventCardUnpicked: "an event card was revealed",
}
MAX_TAKEBACKS = 64  # picks kept to take back, per player's step
ANOTHER_PLAYER = "another player has acted since"
NOTHING = "there is nothing of yours to take back in this step"


def _events_secrets(state: GameState) -> tuple[object, ...]:
    """What the Events module hides, as far as a take-back must not undo it: the deck's size,
    the face-down cards of the display and every private hand."""
    deck = state.eventdeck
    if deck is None:
        return ()
    hidden = tuple(card for card, up in zip(deck.display, deck.shown, strict=True) if not up)
    return (len(deck.deck), hidden, tuple((p, tuple(h)) for p, h in sorted(deck.hands.items())))


def take_back_refusal(before: GameState, after: GameState, events: list[Event]) -> str:
    """Why the pick that turned `before` into `after` (reporting `events`) may not be taken
    back, in a player's words; "" when it may."""
    if before.rng != after.rng:
        return "dice were rolled or cards shuffled"
    for event in events:
        reason = NO_TAKEBACK_EVENTS.get(type(event))
        if reason:
            return reason
    if _events_secrets(before) != _events_secrets(after):
        return "a hidden event card was revealed or moved"
    if before.phase != after.phase or before.turn != after.turn:
        return "a new phase has begun"
    if before.pending is None or after.pending is None:
        return "the game has moved on"
    if after.pending.player != before.pending.player:  # never across a hand-over
        return "the decision has passed to another player"
    return ""


def may_take_back(before: GameState, after: GameState, events: list[Event]) -> bool:
    """Whether the pick that turned `before` into `after` (reporting `events`) may be taken
    back."""
    return not take_back_refusal(before, after, events)


def record_copy(record: GameRecord) -> GameRecord:
    """A copy of `record` that later picks do not change (its lists copied)."""
    saved = copy.copy(record)
    saved.actions = list(record.actions)
    saved.hashes = list(record.hashes)
    return saved
