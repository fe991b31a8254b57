"""Phase 8, calamity selection (rules §4 phase 8). Automatic: nobody chooses anything.

After selection a player holds at most 3 calamities: at most 2 majors (tradable or not), the
rest minors, and no two alike. Each player shows how many they hold; a duplicate is discarded at
random; then, while over a limit, calamities are discarded at random: majors first down to 2,
then all of them down to 3. Discarded calamities go to the discard pile of their stack.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, register
from ..ops import card_stack
from ..state import GameState, Progress

RULE = "rules:phase-8"


@dataclass(frozen=True, kw_only=True)
class CalamitiesShown(Event):
    """Step 1: the player lays their calamities face down; the count is public."""

    player: str
    count: int


@dataclass(frozen=True, kw_only=True)
class CalamityDiscarded(Event):
    """A calamity discarded at random; `reason` is "duplicate", "majors" or "total"."""

    player: str
    card: str
    stack: int
    reason: str


def _calamity_kinds(state: GameState) -> dict[str, str]:
    calamities = state.ruleset.calamities
    return {cid: c.kind for cid, c in calamities.items()}


def _held(state: GameState, pid: str, kinds: dict[str, str], majors_only: bool) -> list[int]:
    """Hand positions of the player's calamities (majors only when asked)."""
    return [
        i for i, h in enumerate(state.players[pid].hand)
        if h.card in kinds and not (majors_only and kinds[h.card] == "minor")
    ]


def _discard_at(state: GameState, pid: str, index: int, reason: str,
                events: list[Event]) -> None:
    """Discard one particular held copy (copies differ in who traded them) to its pile."""
    player = state.player_to_change(pid)
    card = player.hand.pop(index).card
    stack = card_stack(state, card)
    block = player.block or next(iter(state.discards))
    state.pile("discards", block, stack - 1).append(card)
    events.append(CalamityDiscarded(player=pid, card=card, stack=stack, reason=reason,
                                    rule=RULE))


def select_calamities(state: GameState, pid: str, events: list[Event]) -> None:
    """Bring one player's calamities within the limits, every draw from state.rng."""
    numbers = state.data.numbers
    kinds = _calamity_kinds(state)
    hand = state.players[pid].hand
    held = _held(state, pid, kinds, majors_only=False)
    if not held:
        return
    events.append(CalamitiesShown(player=pid, count=len(held), rule=RULE))
    for card in sorted({hand[i].card for i in held}):
        while True:
            copies = [i for i, h in enumerate(hand) if h.card == card]
            if len(copies) < 2:
                break
            _discard_at(state, pid, state.rng.choice(copies), "duplicate", events)
    for majors_only, limit, reason in (
        (True, numbers["max_major_calamities_held"], "majors"),
        (False, numbers["max_calamities_held"], "total"),
    ):
        while True:
            held = _held(state, pid, kinds, majors_only)
            if len(held) <= limit:
                break
            _discard_at(state, pid, state.rng.choice(held), reason, events)


@dataclass(kw_only=True)
class CalamitySelection(Progress):
    KIND = "phase:calamity_selection"


def _step(state: GameState, task: CalamitySelection, events: list[Event]) -> None:
    for pid in state.players:  # no choices, so A.S.T. order only fixes the random draws
        select_calamities(state, pid, events)
    done(state, task)


register(CalamitySelection, _step)
