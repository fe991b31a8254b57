"""Phase 10, special abilities (rules §4 phase 10, §8): each holder of Diaspora, Fundamentalism,
Monotheism, Politics, Provincial Empire, Trade Routes or Universal Doctrine may use each of those
abilities once this turn, in an order of their choosing, or stop with `done`.

decided (order, rules §15.10): players act one after another in A.S.T. ranking order. The one
source says "AST progress order", and rules §2 gives "A.S.T.-order" as the other name of the
ranking; the house plays every "simultaneous" step in ranking order too, and a fixed order lets
every player know in advance who acts before them.
Only abilities that can do something now are offered; each ability's own task asks its picks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..events import Event
from ..flow import ask, done, push, register_legacy
from ..state import GameState, Task
from . import (
    special_diaspora,
    special_fundamentalism,
    special_monotheism,
    special_politics,
    special_provincial_empire,
    special_trade_routes,
    special_universal_doctrine,
)
from .special_common import RULE_PHASE, AbilityUsed, label_id


@dataclass(frozen=True)
class Ability:
    kind: str  # the registered task that carries the ability out
    usable: Callable[[GameState, str], bool]


# Effect id (advances.toml [effects]) -> the ability it gives.
ABILITIES: dict[str, Ability] = {
    m.EFFECT: Ability(m.KIND, m.usable)
    for m in (
        special_diaspora,
        special_fundamentalism,
        special_monotheism,
        special_politics,
        special_provincial_empire,
        special_trade_routes,
        special_universal_doctrine,
    )
}


def abilities_of(state: GameState, player: str) -> dict[str, Ability]:
    """The player's special abilities, keyed by the advance that gives each, in card order."""
    data = state.data
    held = set(state.players[player].advances)
    return {
        aid: ABILITIES[effect]
        for aid, advance in data.advances.items() if aid in held
        for effect in advance.effects if effect in ABILITIES
    }


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    order = list(state.players)
    index = int(task.data.get("index", 0))
    used: list[str] = task.data.setdefault("used", [])
    while index < len(order):
        player = order[index]
        options = [
            f"advance:{aid}" for aid, ability in abilities_of(state, player).items()
            if aid not in used and ability.usable(state, player)
        ]
        if options:
            task.data["index"] = index
            ask(state, player, "special_ability", "Use a special ability (or done)",
                [*options, "done"], RULE_PHASE)
            return
        index += 1
        used.clear()
    done(state, task)


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    player = list(state.players)[int(task.data.get("index", 0))]
    if label == "done":
        task.data["index"] = int(task.data.get("index", 0)) + 1
        task.data["used"] = []
        return
    advance = label_id(label)
    task.data["used"].append(advance)
    events.append(AbilityUsed(player=player, ability=advance, rule=RULE_PHASE))
    push(state, abilities_of(state, player)[advance].kind, player=player, advance=advance)


register_legacy("phase:special_abilities", _step, _choose)
