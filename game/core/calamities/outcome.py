"""Small pieces the calamity modules share: which clause an effect cites in the current rule set,
who traded the card, and the report of a calamity that changes nothing."""

from __future__ import annotations

from ..events import Event
from ..state import GameState, Task
from .common import calamity
from .losses import CalamityAverted


def cite(state: GameState, cid: str, clause: str = "") -> str:
    """The rule an effect names: the seed-001 clause in the classic rules, else the calamity's
    own first clause in its rule set (a seed-002 chart row, a seed-003 card, rules §6.1)."""
    if clause and state.config.ruleset == "classic":
        return f"001:{clause}"
    return calamity(state, cid).clauses[0]


def trader(state: GameState, task: Task) -> str:
    """The player who traded the card to the victim, or "" when it was drawn (or cannot be
    traced to a player in the game)."""
    by = str(task.data.get("traded_by", ""))
    return by if by in state.players and by != task.data["victim"] else ""


def no_effect(state: GameState, task: Task, reason: str, events: list[Event],
              clause: str = "") -> None:
    cid = task.data["card"]
    events.append(CalamityAverted(calamity=cid, victim=task.data["victim"], reason=reason,
                           rule=cite(state, cid, clause)))
