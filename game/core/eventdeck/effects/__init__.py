"""Effect primitives, one module per family; `run` carries out one effect on one player."""

from __future__ import annotations

from collections.abc import Callable

from ...events import Event
from ...state import GameState
from ..cards import PRIMITIVES, Effect
from . import church, conflict, decline, economy, growth, hands, losses, markers, treasury
from . import realm as realm_effects

EffectFn = Callable[[GameState, str, Effect, str, list[Event]], None]

EFFECTS: dict[str, EffectFn] = {**treasury.EFFECTS, **losses.EFFECTS, **hands.EFFECTS,
                                 **markers.EFFECTS, **growth.EFFECTS, **economy.EFFECTS,
                                 **church.EFFECTS, **decline.EFFECTS, **conflict.EFFECTS}
EFFECTS.update(realm_effects.EFFECTS)

missing = sorted(set(PRIMITIVES) - set(EFFECTS))
if missing:  # a primitive the data may name must have its procedure
    raise ImportError(f"effect primitives without a procedure: {', '.join(missing)}")


def run(state: GameState, player: str, effect: Effect, rule: str, events: list[Event]) -> None:
    EFFECTS[effect.do](state, player, effect, rule, events)
