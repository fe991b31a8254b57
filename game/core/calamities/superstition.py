"""Superstition (001:29.3.2; seed 002 chart row "Superstition"; rules §6.1 for Mega Empires):
the victim reduces cities of their choice, fewer for Mysticism, Deism and Enlightenment, more for
Universal Doctrine (the numbers are in the rule-set files)."""

from __future__ import annotations

from ..events import Event
from ..flow import done, push, register_legacy
from ..state import GameState, Task
from .common import modified
from .outcome import cite, no_effect

ID = "superstition"


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    if d.get("pushed"):
        done(state, task)
        return
    victim = d["victim"]
    count = modified(state, ID, "cities_reduced", victim)
    if not count or not state.board.cities_of(victim):
        reason = "advances spare every city" if not count else "the victim has no city"
        no_effect(state, task, reason, events, "29.3.2.2" if not count else "29.3.2.1")
        done(state, task)
        return
    d["pushed"] = True
    push(state, "damage:reduce_cities", player=victim, count=count,
         rule=cite(state, ID, "29.3.2.1"))


register_legacy(f"calamity:{ID}", _step)
