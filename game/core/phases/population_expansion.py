"""Phase 2, population expansion and census (rules §4 phase 2).

Every area holding a player's tokens grows by 1 (exactly 1 token there) or 2 (2 or more),
city areas included; barbarians never grow. A player whose stock cannot cover every area
places what the stock holds, one token at a time, in areas that still have growth due: all of
the stock must go, so `done` is never offered. Then each player's census is set to their tokens
on the board. Players act one after another in A.S.T. ranking order; they do not interact.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import ask, done, register_legacy
from ..ops import place_tokens
from ..state import GameState, Task

RULE_EXPANSION = "rules:phase-2a"
RULE_CENSUS = "rules:phase-2b"


@dataclass(frozen=True, kw_only=True)
class CensusTaken(Event):
    player: str
    census: int


def growth_due(state: GameState, player: str) -> dict[str, int]:
    """Tokens each of the player's areas should gain: 1 where they have 1, 2 where 2 or more."""
    numbers = state.data.numbers
    due: dict[str, int] = {}
    for area in sorted(state.board.tokens):
        here = state.board.count(area, player)
        if here == 1:
            due[area] = numbers["expansion_from_one_token"]
        elif here >= 2:
            due[area] = numbers["expansion_from_two_or_more"]
    return due


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    data = task.data
    order = list(state.players)
    while int(data.get("next", 0)) < len(order):
        pid = order[int(data.get("next", 0))]
        if "due" not in data:
            data["due"] = growth_due(state, pid)
        due: dict[str, int] = {a: int(n) for a, n in data["due"].items() if int(n) > 0}
        stock = state.players[pid].stock
        if stock > 0 and sum(due.values()) > stock and len(due) > 1:
            ask(state, pid, "expansion_area",
                f"Your stock cannot fill every area ({stock} tokens left): "
                "choose where the next token goes",
                [f"area:{a}" for a in due], RULE_EXPANSION)
            return
        # Enough stock for all (or one area left, or none in stock): no choice to make.
        for area, n in due.items():
            place_tokens(state, pid, area, n, events, RULE_EXPANSION)
        data.pop("due")
        data["next"] = int(data.get("next", 0)) + 1
    for pid in order:
        player = state.players[pid]
        player.census = state.board.tokens_of(pid)
        events.append(CensusTaken(player=pid, census=player.census, rule=RULE_CENSUS))
    done(state, task)


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    area = label.split(":", 1)[1]
    pid = list(state.players)[int(task.data.get("next", 0))]
    place_tokens(state, pid, area, 1, events, RULE_EXPANSION)
    task.data["due"][area] = int(task.data["due"][area]) - 1


register_legacy("phase:population_expansion", _step, _choose)
