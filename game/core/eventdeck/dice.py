"""D2 checks and D10 region rolls (seed 000), from the game's seeded generator; a scenario may
force the next outcomes (`EventDeck.d2`, `EventDeck.d10`), used first and in order."""

from __future__ import annotations

from ..state import GameState
from .model import EventDeck


def deck_of(state: GameState) -> EventDeck:
    deck = state.eventdeck
    if deck is None:
        raise RuntimeError("the Events module is off")
    return deck


def d2(state: GameState) -> bool:
    """A D2 check: passed on a 50% draw."""
    forced = deck_of(state).d2
    if forced:
        return forced.pop(0)
    return state.rng.below(2) == 0


def d10(state: GameState) -> int:
    """A D10: 1-10 (the die's 0 is 10)."""
    forced = deck_of(state).d10
    if forced:
        return forced.pop(0)
    return state.rng.below(10) + 1


def region_roll(state: GameState) -> str:
    """Seed 000's revolt table: the D2 picks the half (passed: west), the D10 the region."""
    half = "west" if d2(state) else "east"
    return f"{half}:{d10(state)}"
