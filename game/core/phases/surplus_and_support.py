"""Phase 11, remove surplus population and check city support (rules §4 phase 11): the same
procedure as steps 5b and 5c of city construction, run by game/core/population.py."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, push, register
from ..population import SupportAll
from ..state import GameState, Progress

RULE = "rules:phase-11"


@dataclass(kw_only=True)
class SurplusAndSupport(Progress):
    KIND = "phase:surplus_and_support"
    checked: bool = False


def _step(state: GameState, d: SurplusAndSupport, events: list[Event]) -> None:
    if d.checked:
        done(state, d)
        return
    d.checked = True
    push(state, SupportAll(surplus_rule=RULE, support_rule=RULE))


register(SurplusAndSupport, _step)
