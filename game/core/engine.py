"""The one door: `legal_actions` lists what the pending player may do, `apply` does it."""

from __future__ import annotations

from dataclasses import dataclass

from . import procedures as _procedures  # noqa: F401  (registers every procedure)
from .errors import IllegalAction, PhaseNotImplemented, Refusal
from .events import Event
from .flow import PROCEDURES, run
from .labels import well_formed
from .state import GameState


@dataclass(frozen=True, order=True)
class Action:
    player: str
    label: str

    def to_dict(self) -> dict[str, str]:
        return {"player": self.player, "label": self.label}


def legal_actions(state: GameState) -> list[Action]:
    pending = state.pending
    if pending is None or state.game_over:
        return []
    return [Action(pending.player, label) for label in pending.options]


def apply(state: GameState, action: Action) -> list[Event]:
    """Carry out `action` and advance to the next decision; return what happened.

    Raises IllegalAction, leaving `state` exactly as it was, when the action is not legal now.
    The work is done on a copy that replaces the state's contents only on success, so even an
    unexpected failure inside a procedure cannot leave a half-changed state behind. (The
    copy's tasks share their progress until the flow hands one to its procedure.)
    """
    pending = state.pending
    if state.game_over:
        raise IllegalAction("the game is over", Refusal.GAME_OVER)
    if pending is None:
        raise IllegalAction("no decision is pending", Refusal.NO_DECISION)
    if action.player != pending.player:
        raise IllegalAction(
            f"it is {pending.player}'s decision ({pending.kind}), not {action.player}'s",
            Refusal.NOT_YOUR_DECISION,
        )
    if not well_formed(action.label):
        raise IllegalAction(f"{action.label[:40]!r} is not a well-formed option label",
                            Refusal.MALFORMED_LABEL)
    if action.label not in pending.options:
        shown = ", ".join(pending.options[:12]) + (" ..." if len(pending.options) > 12 else "")
        raise IllegalAction(
            f"{action.label!r} is not an option for {pending.kind}; options: {shown}",
            Refusal.NOT_AN_OPTION,
        )
    work = state.working_copy()  # with no decision pending
    task = work.tasks[-1]
    procedure = PROCEDURES.get(task.kind)
    if procedure is None or procedure.choose is None:
        raise PhaseNotImplemented(task.kind)
    events: list[Event] = []
    procedure.choose(work, task, action.label, events)
    run(work, events)
    state.take_over(work)
    return events


def advance(state: GameState) -> list[Event]:
    """Run automatic steps from a freshly built state up to its first decision."""
    events: list[Event] = []
    run(state, events)
    return events


__all__ = ["Action", "IllegalAction", "PhaseNotImplemented", "advance", "apply", "legal_actions"]
