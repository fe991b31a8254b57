"""Squandered Wealth (minor): the victim returns treasury to stock (001:29.2.3.1; 002 chart:
twenty, or all if fewer)."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, register
from ..ops import pay_treasury
from ..state import GameState
from .common import calamity, modified
from .outcome import CalamityProgress

ID = "squandered_wealth"


@dataclass(kw_only=True)
class SquanderedWealth(CalamityProgress):
    KIND = f"calamity:{ID}"


def _step(state: GameState, d: SquanderedWealth, events: list[Event]) -> None:
    victim = d.victim
    rule = calamity(state, ID).clauses[0]
    pay_treasury(state, victim, modified(state, ID, "treasury_loss", victim), events, rule)
    done(state, d)


register(SquanderedWealth, _step)
