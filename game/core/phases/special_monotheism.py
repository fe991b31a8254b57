"""Monotheism (rules §8 #45, phase 10): annex all units in one area land-adjacent to the user's
units. Barbarians, pirate cities and holders of Monotheism or Theology are immune, and the user
needs the stock to replace every unit: an area they cannot annex whole is not offered."""

from __future__ import annotations

from dataclasses import dataclass

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..state import GameState
from .special_common import AbilityProgress, AreaUnits, adjacent_targets, annex_units, can_annex

KIND = "special:monotheism"
EFFECT = "special_annex_adjacent_area"
IMMUNE = "immune_monotheism"
RULE = "rules:phase-10-monotheism"


def targets(state: GameState, player: str) -> dict[str, AreaUnits]:
    found = adjacent_targets(state, player, IMMUNE)
    return {a: units for a, units in found.items() if can_annex(state, player, units)}


def usable(state: GameState, player: str) -> bool:
    return bool(targets(state, player))


@dataclass(kw_only=True)
class Monotheism(AbilityProgress):
    KIND = KIND


def _step(state: GameState, task: Monotheism, events: list[Event]) -> None:
    player = task.player
    found = targets(state, player)
    if task.stop or not found:
        done(state, task)
        return
    ask(state, player, "monotheism_area", "Monotheism: annex all units in which area?",
        [*(labels.make("area", a) for a in found), "done"], RULE)


def _choose(state: GameState, task: Monotheism, label: str, events: list[Event]) -> None:
    task.stop = True
    if label == "done":
        return
    area = labels.value(label)
    player = task.player
    annex_units(state, area, player, targets(state, player)[area], events, RULE)


register(Monotheism, _step, _choose)
