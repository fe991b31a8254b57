"""The flow: a stack of tasks in the state, each advanced by its registered procedure.

A procedure's `step` runs until it needs a decision (it sets `state.pending` with `ask`) or has
finished (it pops itself with `done`); it may push sub-tasks, which run first. `choose` receives
the label picked for the decision its task asked. All progress lives in `Task.data`, never in
Python frames, so a state can be saved and loaded at any decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .errors import PhaseNotImplemented
from .events import Event
from .state import GameState, Pending, Task

StepFn = Callable[[GameState, Task, list[Event]], None]
ChooseFn = Callable[[GameState, Task, str, list[Event]], None]


@dataclass(frozen=True)
class Procedure:
    step: StepFn
    choose: ChooseFn | None = None


PROCEDURES: dict[str, Procedure] = {}

_LABEL_ORDER = {
    p: i
    for i, p in enumerate(
        ("area", "sea", "volcano", "flood", "player", "card", "advance", "number", "yes", "no")
    )
}


def register(kind: str, step: StepFn, choose: ChooseFn | None = None) -> None:
    PROCEDURES[kind] = Procedure(step, choose)


def label_key(label: str) -> tuple[int, int, str]:
    """The canonical order of option labels: by kind, numbers numerically, then by id;
    `done` always last."""
    prefix, _, rest = label.partition(":")
    if label == "done":
        return (99, 0, "")
    rank = _LABEL_ORDER.get(prefix, 50)
    if prefix == "number":
        try:
            return (rank, int(rest), "")
        except ValueError:
            pass
    return (rank, 0, rest or prefix)


def ask(
    state: GameState,
    player: str,
    kind: str,
    prompt: str,
    options: Iterable[str],
    rule: str = "",
) -> None:
    labels = sorted(set(options), key=label_key)
    if not labels:
        raise RuntimeError(f"a decision without options: {kind} for {player}")
    state.pending = Pending(player=player, kind=kind, prompt=prompt, options=labels, rule=rule)


def push(state: GameState, kind: str, **data: Any) -> Task:
    task = Task(kind=kind, data=dict(data))
    state.tasks.append(task)
    return task


def done(state: GameState, task: Task) -> None:
    if not state.tasks or state.tasks[-1] is not task:
        raise RuntimeError(f"task {task.kind} finished while not on top of the stack")
    state.tasks.pop()


def run(state: GameState, events: list[Event], limit: int = 1_000_000) -> None:
    """Advance automatic steps until a decision is pending, the flow is empty or the game ends."""
    for _ in range(limit):
        if state.pending is not None or state.game_over or not state.tasks:
            return
        task = state.tasks[-1]
        procedure = PROCEDURES.get(task.kind)
        if procedure is None:
            raise PhaseNotImplemented(task.kind)
        procedure.step(state, task, events)
    raise RuntimeError("the flow made no progress")
