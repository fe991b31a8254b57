"""Effect primitives, one module per family; `run` carries out one effect on one player.

Primitives that may ask (`INTERACTIVE`: where to place, how much to spend, ...) run in an
`EventEffects` task (progress.py), and so does every effect of the same resolution after them,
so a card resolves in the order of its text and a save at the decision loads."""

from __future__ import annotations

from collections.abc import Callable

from ...events import Event
from ...flow import done, push, register
from ...state import GameState
from .. import symbols
from ..cards import PRIMITIVES, Effect
from . import church, conflict, decline, economy, growth, hands, losses, markers, treasury
from . import realm as realm_effects
from .progress import SYMBOL, EventEffects, Interactive, Queued, card_now, waiting

EffectFn = Callable[[GameState, str, Effect, str, list[Event]], None]

EFFECTS: dict[str, EffectFn] = {**treasury.EFFECTS, **losses.EFFECTS, **hands.EFFECTS,
                                 **markers.EFFECTS, **growth.EFFECTS, **economy.EFFECTS,
                                 **church.EFFECTS, **decline.EFFECTS, **conflict.EFFECTS}
EFFECTS.update(realm_effects.EFFECTS)
INTERACTIVE: dict[str, Interactive] = {**growth.INTERACTIVE, **realm_effects.INTERACTIVE,
                                       **church.INTERACTIVE, **decline.INTERACTIVE,
                                       **economy.INTERACTIVE, **conflict.INTERACTIVE,
                                       **markers.INTERACTIVE, **losses.INTERACTIVE}

missing = sorted(set(PRIMITIVES) - set(EFFECTS) - set(INTERACTIVE))
if missing:  # a primitive the data may name must have its procedure
    raise ImportError(f"effect primitives without a procedure: {', '.join(missing)}")


def run(state: GameState, player: str, effect: Effect, rule: str, events: list[Event]) -> None:
    """Carry out the effect now, or, when it may ask or an earlier effect of this resolution
    is waiting to ask, queue it in the EventEffects task the flow runs next."""
    task = waiting(state)
    if task is None and effect.do not in INTERACTIVE:
        EFFECTS[effect.do](state, player, effect, rule, events)
        return
    queued = Queued(player, effect.do, dict(effect.params), rule, card_now(state, rule))
    if task is None:
        push(state, EventEffects(queue=[queued]))
    else:
        task.queue.append(queued)


def _step(state: GameState, task: EventEffects, events: list[Event]) -> None:
    task.begun = True
    while task.queue:
        q = task.queue[0]
        handler = INTERACTIVE.get(q.do)
        if handler is not None and handler.step(state, task, q, events):
            return  # it asked
        if handler is None and q.do.startswith(SYMBOL):
            symbols.SYMBOLS[q.do.removeprefix(SYMBOL)](state, q.player, events)
        elif handler is None:
            EFFECTS[q.do](state, q.player, q.effect(), q.rule, events)
        task.queue.pop(0)
        task.left, task.done, task.stage = -1, 0, 0
    done(state, task)


def _choose(state: GameState, task: EventEffects, label: str, events: list[Event]) -> None:
    q = task.queue[0]
    INTERACTIVE[q.do].choose(state, task, q, label, events)


register(EventEffects, _step, _choose)
