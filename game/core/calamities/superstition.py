"""Superstition (001:29.3.2; seed 002 chart row "Superstition"; rules §6.1 for Mega Empires):
the victim reduces cities of their choice, fewer for Mysticism, Deism and Enlightenment, more for
Universal Doctrine (the numbers are in the rule-set files)."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, push, register
from ..state import GameState
from .common import modified
from .damage import ReduceCities
from .outcome import CalamityProgress, cite, no_effect

ID = "superstition"


@dataclass(kw_only=True)
class Superstition(CalamityProgress):
    KIND = f"calamity:{ID}"
    pushed: bool = False  # the reduction is pushed: the calamity ends when it is back on top


def _step(state: GameState, d: Superstition, events: list[Event]) -> None:
    if d.pushed:
        done(state, d)
        return
    victim = d.victim
    count = modified(state, ID, "cities_reduced", victim)
    if not count or not state.board.cities_of(victim):
        reason = "advances spare every city" if not count else "the victim has no city"
        no_effect(state, d, reason, events, "29.3.2.2" if not count else "29.3.2.1")
        done(state, d)
        return
    d.pushed = True
    push(state, ReduceCities(player=victim, count=count, rule=cite(state, ID, "29.3.2.1")))


register(Superstition, _step)
