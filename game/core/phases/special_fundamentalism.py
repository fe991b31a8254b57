"""Fundamentalism (rules §8 #28, phase 10): destroy all units in one area land-adjacent to the
user's units. Barbarians, pirate cities and holders of Fundamentalism or Philosophy are immune."""

from __future__ import annotations

from dataclasses import dataclass

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..state import GameState
from .special_common import AbilityProgress, adjacent_targets, destroy_units

KIND = "special:fundamentalism"
EFFECT = "special_destroy_adjacent_area"
IMMUNE = "immune_fundamentalism"
RULE = "rules:phase-10-fundamentalism"


def usable(state: GameState, player: str) -> bool:
    return bool(adjacent_targets(state, player, IMMUNE))


@dataclass(kw_only=True)
class Fundamentalism(AbilityProgress):
    KIND = KIND


def _step(state: GameState, task: Fundamentalism, events: list[Event]) -> None:
    player = task.player
    targets = adjacent_targets(state, player, IMMUNE)
    if task.stop or not targets:
        done(state, task)
        return
    ask(state, player, "fundamentalism_area", "Fundamentalism: destroy all units in which area?",
        [*(labels.make("area", a) for a in targets), "done"], RULE)


def _choose(state: GameState, task: Fundamentalism, label: str, events: list[Event]) -> None:
    task.stop = True
    if label == "done":
        return
    area = labels.value(label)
    units = adjacent_targets(state, task.player, IMMUNE)[area]
    destroy_units(state, area, units, events, RULE)


register(Fundamentalism, _step, _choose)
