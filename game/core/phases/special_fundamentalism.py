"""Fundamentalism (rules §8 #28, phase 10): destroy all units in one area land-adjacent to the
user's units. Barbarians, pirate cities and holders of Fundamentalism or Philosophy are immune."""

from __future__ import annotations

from ..events import Event
from ..flow import ask, done, register_legacy
from ..state import GameState, Task
from .special_common import adjacent_targets, destroy_units, label_id

KIND = "special:fundamentalism"
EFFECT = "special_destroy_adjacent_area"
IMMUNE = "immune_fundamentalism"
RULE = "rules:phase-10-fundamentalism"


def usable(state: GameState, player: str) -> bool:
    return bool(adjacent_targets(state, player, IMMUNE))


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    player = task.data["player"]
    targets = adjacent_targets(state, player, IMMUNE)
    if task.data.get("stop") or not targets:
        done(state, task)
        return
    ask(state, player, "fundamentalism_area", "Fundamentalism: destroy all units in which area?",
        [*(f"area:{a}" for a in targets), "done"], RULE)


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    task.data["stop"] = True
    if label == "done":
        return
    area = label_id(label)
    units = adjacent_targets(state, task.data["player"], IMMUNE)[area]
    destroy_units(state, area, units, events, RULE)


register_legacy(KIND, _step, _choose)
