"""Running one event effect on a state by hand, its decisions included (effects that ask run
in an EventEffects task, game/core/eventdeck/effects/progress.py)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Event, GameState
from game.core.eventdeck.cards import Effect
from game.core.eventdeck.effects import run
from game.core.flow import PROCEDURES


def resolve(state: GameState, player: str, effect: Effect, rule: str = "test",
            picks: Sequence[str] = ()) -> list[Event]:
    """Run `effect` for `player` now, answering its decisions with `picks` in order, then with
    the first option; the decision pending before (if any) is kept."""
    pending, state.pending = state.pending, None
    depth = len(state.tasks)
    events: list[Event] = []
    answers = list(picks)
    run(state, player, effect, rule, events)
    while len(state.tasks) > depth:
        task = state.tasks[-1]
        procedure = PROCEDURES[task.kind]
        if state.pending is None:
            procedure.step(state, task, events)
            continue
        label = answers.pop(0) if answers else state.pending.options[0]
        assert label in state.pending.options, (label, state.pending.options)
        state.pending = None
        assert procedure.choose is not None
        procedure.choose(state, task, label, events)
    assert state.pending is None and not answers
    state.pending = pending
    return events
