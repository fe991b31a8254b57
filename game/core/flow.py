"""The flow: a stack of tasks in the state, each advanced by its registered procedure.

A procedure's `step` runs until it needs a decision (it sets `state.pending` with `ask`) or has
finished (`done`, or `finish` with a result for the task below); it may push sub-tasks, which
run first. `choose` receives the label picked for the decision its task asked. All progress
lives in the task, never in Python frames, so a state can be saved and loaded at any decision.

Each procedure keeps its progress in its own small dataclass, a `Progress` subclass naming its
task kind in `KIND`; `push(state, Famine(victim=...))` starts it, and the procedure's functions
receive that object. A sub-task hands its result back with `finish(state, progress, result)`:
the flow passes the result (a `Result`) to the `receive` function of the procedure below.
Only where the procedure to start is itself data (the phase a turn is at, the calamity a card
names) is it found by its kind name, with `progress_of`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, TypeVar, cast

from .errors import PhaseNotImplemented
from .events import Event
from .labels import sort_key
from .state import PROGRESS_TYPES, Detail, GameState, Pending, Progress, Task
from .words import Words, say

StepFn = Callable[[GameState, Task, list[Event]], None]
ChooseFn = Callable[[GameState, Task, str, list[Event]], None]
ReceiveFn = Callable[[GameState, Task, "Result"], None]

P = TypeVar("P", bound=Progress)


@dataclass(frozen=True)
class Result:
    """What a finished sub-task hands to the task below it (subclassed per kind of result)."""

    KIND: ClassVar[str] = ""


@dataclass(frozen=True)
class Procedure:
    step: StepFn
    choose: ChooseFn | None = None
    receive: ReceiveFn | None = None


PROCEDURES: dict[str, Procedure] = {}


def register(
    progress: type[P],
    step: Callable[[GameState, P, list[Event]], None],
    choose: Callable[[GameState, P, str, list[Event]], None] | None = None,
    receive: Callable[[GameState, P, Result], None] | None = None,
) -> None:
    """Register the procedure whose progress is `progress` (its task kind is `progress.KIND`)."""
    kind = progress.KIND
    if kind in PROCEDURES:
        raise RuntimeError(f"two procedures for task kind {kind}")
    PROGRESS_TYPES[kind] = progress

    # A task of this kind holds a `progress` (Task's reader sees to it): the casts only tell
    # the type checker so. `own` makes a progress lent by `apply` the procedure's to change.
    def typed_step(state: GameState, task: Task, events: list[Event]) -> None:
        step(state, cast(P, task.own()), events)

    typed_choose: ChooseFn | None = None
    if choose is not None:
        def typed_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
            choose(state, cast(P, task.own()), label, events)

    typed_receive: ReceiveFn | None = None
    if receive is not None:
        def typed_receive(state: GameState, task: Task, result: Result) -> None:
            receive(state, cast(P, task.own()), result)

    PROCEDURES[kind] = Procedure(typed_step, typed_choose, typed_receive)


def progress_of(kind: str, **fields: str) -> Progress:
    """A new progress of the procedure registered as `kind`, for a procedure named by data
    (a phase of the turn, a calamity card); PhaseNotImplemented when there is none."""
    progress = PROGRESS_TYPES.get(kind)
    if progress is None:
        raise PhaseNotImplemented(kind)
    return progress(**fields)


def label_key(label: str) -> tuple[int, int, str]:
    """The canonical order of option labels (labels.sort_key)."""
    return sort_key(label)


def ask(
    state: GameState,
    player: str,
    kind: str,
    prompt: Words | str,
    options: Iterable[str],
    rule: str = "",
    detail: Detail | None = None,
) -> None:
    """Ask `player` to decide: the prompt is for people (`Words` keep the names it holds apart,
    for the client to name them), `detail` (typed) for bots and the client."""
    labels = sorted(set(options), key=sort_key)
    if not labels:
        raise RuntimeError(f"a decision without options: {kind} for {player}")
    words = prompt if isinstance(prompt, Words) else say(prompt)
    state.pending = Pending(player, kind, words.render(), labels, rule, detail, words)


def push(state: GameState, progress: Progress) -> Task:
    """Start a sub-task: `push(state, Famine(card=..., victim=...))`; it runs first."""
    task = Task(progress.KIND, progress)
    state.tasks.append(task)
    return task


def done(state: GameState, task: Task | Progress) -> None:
    """The task on top of the stack (given as itself or as its progress) has finished."""
    top = state.tasks[-1] if state.tasks else None
    if top is None or (top is not task and top.data is not task):
        name = task.kind if isinstance(task, Task) else task.KIND
        raise RuntimeError(f"task {name} finished while not on top of the stack")
    state.tasks.pop()


def finish(state: GameState, progress: Progress, result: Result) -> None:
    """The sub-task on top has finished with `result`: the task below receives it."""
    done(state, progress)
    below = state.tasks[-1] if state.tasks else None
    receive = PROCEDURES[below.kind].receive if below is not None else None
    if below is None or receive is None:
        raise RuntimeError(f"task {progress.KIND} finished with a result nobody receives")
    receive(state, below, result)


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
