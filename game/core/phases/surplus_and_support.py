"""Phase 11, remove surplus population and check city support (rules §4 phase 11): the same
procedure as steps 5b and 5c of city construction, run by game/core/population.py."""

from __future__ import annotations

from ..events import Event
from ..flow import done, push, register_legacy
from ..state import GameState, Task

RULE = "rules:phase-11"


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    if task.data.get("checked"):
        done(state, task)
        return
    task.data["checked"] = True
    push(state, "support:all", surplus_rule=RULE, support_rule=RULE)


register_legacy("phase:surplus_and_support", _step)
