"""How fast a batch of bots' moves is shown. A person waits through every bot move between
two of their decisions, so what touches no person goes by quickly, and what happens out of
view or away from the person's lands hardly stops the game; what touches a person (their
units, their trades, a calamity) keeps a pace at which it can be followed.

    bot_hurry(events, humans, shown)   # the animation queue's hurry for the batch
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.core import (
    CalamitiesShown,
    CalamityAverted,
    CalamityDiscarded,
    CalamityNoEffect,
    CalamityResolved,
    CalamityRevealed,
    Event,
)

from ..anim import BOT_HURRY
from ..anim.queue import touched

BOT_NEAR = 2.5  # bots' moves that touch a person, and calamities
BOT_RUSH = 4.0  # bots' moves in view, next to a person's lands, that touch no person
BOT_UNSEEN = 12.0  # bots' moves out of view or away from every person's lands
BOT_DELAY = 0.04  # seconds between bot decisions at animation speed 1
# The calamity events: a calamity keeps the pace at which it can be followed.
CALAMITY_EVENTS = (CalamitiesShown, CalamityAverted, CalamityDiscarded, CalamityNoEffect,
                   CalamityResolved, CalamityRevealed)


def _names(event: Event) -> set[str]:
    found: set[str] = set()
    for value in event.to_dict().values():
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, tuple | list):
            found.update(v for v in value if isinstance(v, str))
    return found


def bot_hurry(events: Iterable[Event], humans: Iterable[str],
              shown: Callable[[str], bool]) -> float:
    """`shown(area)`: the area is in view and a person has units in it or next to it."""
    people = set(humans)
    batch = list(events)
    if not people:  # bots among themselves: the game is there to be watched
        return BOT_HURRY
    areas: list[str] = []
    for event in batch:
        if isinstance(event, CALAMITY_EVENTS) or _names(event) & people:
            return BOT_NEAR
        areas += touched(event)
    if areas and not any(shown(a) for a in areas):
        return BOT_UNSEEN
    return BOT_RUSH
