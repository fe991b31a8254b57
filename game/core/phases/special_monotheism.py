"""Monotheism (rules §8 #45, phase 10): annex all units in one area land-adjacent to the user's
units. Barbarians, pirate cities and holders of Monotheism or Theology are immune, and the user
needs the stock to replace every unit: an area they cannot annex whole is not offered."""

from __future__ import annotations

from ..events import Event
from ..flow import ask, done, register_legacy
from ..state import GameState, Task
from .special_common import AreaUnits, adjacent_targets, annex_units, can_annex, label_id

KIND = "special:monotheism"
EFFECT = "special_annex_adjacent_area"
IMMUNE = "immune_monotheism"
RULE = "rules:phase-10-monotheism"


def targets(state: GameState, player: str) -> dict[str, AreaUnits]:
    found = adjacent_targets(state, player, IMMUNE)
    return {a: units for a, units in found.items() if can_annex(state, player, units)}


def usable(state: GameState, player: str) -> bool:
    return bool(targets(state, player))


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    player = task.data["player"]
    found = targets(state, player)
    if task.data.get("stop") or not found:
        done(state, task)
        return
    ask(state, player, "monotheism_area", "Monotheism: annex all units in which area?",
        [*(f"area:{a}" for a in found), "done"], RULE)


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    task.data["stop"] = True
    if label == "done":
        return
    area = label_id(label)
    player = task.data["player"]
    annex_units(state, area, player, targets(state, player)[area], events, RULE)


register_legacy(KIND, _step, _choose)
