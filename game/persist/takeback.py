"""Which picks a player may take back: the table's rule, the same for a local game and a
hosted one. A pick may be taken back while it stays within the player's own step: no die
rolled and no deck shuffled (the generator moved), nothing drawn, revealed or offered to
another player, the same turn and phase, and the decision still the same player's."""

from __future__ import annotations

import copy

from game.core import (
    CalamitiesShown,
    CalamityRevealed,
    CardPlundered,
    Event,
    GameState,
    TradeAccepted,
    TradeCardBought,
    TradeCardDrawn,
    TradeOffered,
)

from .record import GameRecord

# Events after which a take-back would let a player try again for a different outcome or
# unsee something: cards drawn, calamities revealed, trades offered (dice: the generator check).
NO_TAKEBACK_EVENTS = (
    TradeCardDrawn, TradeCardBought, CalamityRevealed, CalamitiesShown, TradeAccepted,
    TradeOffered, CardPlundered,
)
MAX_TAKEBACKS = 64  # picks kept to take back, per player's step


def may_take_back(before: GameState, after: GameState, events: list[Event]) -> bool:
    """Whether the pick that turned `before` into `after` (reporting `events`) may be taken
    back."""
    if before.rng != after.rng:  # a die was rolled or a deck shuffled
        return False
    if any(isinstance(e, NO_TAKEBACK_EVENTS) for e in events):
        return False
    if before.phase != after.phase or before.turn != after.turn:
        return False
    if before.pending is None or after.pending is None:
        return False
    return after.pending.player == before.pending.player  # never across a hand-over


def record_copy(record: GameRecord) -> GameRecord:
    """A copy of `record` that later picks do not change (its lists copied)."""
    saved = copy.copy(record)
    saved.actions = list(record.actions)
    saved.hashes = list(record.hashes)
    return saved
