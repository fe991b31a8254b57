"""Squandered Wealth (minor): the victim returns treasury to stock (001:29.2.3.1; 002 chart:
twenty, or all if fewer)."""

from __future__ import annotations

from ..events import Event
from ..flow import done, register_legacy
from ..ops import pay_treasury
from ..state import GameState, Task
from .common import calamity, modified

ID = "squandered_wealth"


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    victim = task.data["victim"]
    rule = calamity(state, ID).clauses[0]
    pay_treasury(state, victim, modified(state, ID, "treasury_loss", victim), events, rule)
    done(state, task)


register_legacy(f"calamity:{ID}", _step)
