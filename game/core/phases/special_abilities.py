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
from dataclasses import dataclass, field

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..state import GameState, Progress
from . import (
    special_diaspora,
    special_fundamentalism,
    special_monotheism,
    special_politics,
    special_provincial_empire,
    special_trade_routes,
    special_universal_doctrine,
)
from .special_common import RULE_PHASE, AbilityProgress, AbilityUsed


@dataclass(frozen=True)
class Ability:
    progress: type[AbilityProgress]  # the procedure that carries the ability out
    usable: Callable[[GameState, str], bool]


# Effect id (advances.toml [effects]) -> the ability it gives.
ABILITIES: dict[str, Ability] = {
    special_diaspora.EFFECT: Ability(special_diaspora.Diaspora, special_diaspora.usable),
    special_fundamentalism.EFFECT: Ability(special_fundamentalism.Fundamentalism,
                                           special_fundamentalism.usable),
    special_monotheism.EFFECT: Ability(special_monotheism.Monotheism, special_monotheism.usable),
    special_politics.EFFECT: Ability(special_politics.Politics, special_politics.usable),
    special_provincial_empire.EFFECT: Ability(special_provincial_empire.ProvincialEmpire,
                                              special_provincial_empire.usable),
    special_trade_routes.EFFECT: Ability(special_trade_routes.TradeRoutes,
                                         special_trade_routes.usable),
    special_universal_doctrine.EFFECT: Ability(special_universal_doctrine.UniversalDoctrine,
                                               special_universal_doctrine.usable),
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


@dataclass(kw_only=True)
class SpecialAbilities(Progress):
    KIND = "phase:special_abilities"
    index: int = 0  # the player acting, in ranking order
    used: list[str] = field(default_factory=list)  # their abilities used this turn


def _step(state: GameState, task: SpecialAbilities, events: list[Event]) -> None:
    order = list(state.players)
    index = task.index
    used = task.used
    while index < len(order):
        player = order[index]
        options = [
            labels.make("advance", aid) for aid, ability in abilities_of(state, player).items()
            if aid not in used and ability.usable(state, player)
        ]
        if options:
            task.index = index
            ask(state, player, "special_ability", "Use a special ability (or done)",
                [*options, "done"], RULE_PHASE)
            return
        index += 1
        used.clear()
    done(state, task)


def _choose(state: GameState, task: SpecialAbilities, label: str, events: list[Event]) -> None:
    player = list(state.players)[task.index]
    if label == "done":
        task.index += 1
        task.used = []
        return
    advance = labels.value(label)
    task.used.append(advance)
    events.append(AbilityUsed(player=player, ability=advance, rule=RULE_PHASE))
    push(state, abilities_of(state, player)[advance].progress(player=player, advance=advance))


register(SpecialAbilities, _step, _choose)
