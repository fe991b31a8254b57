"""Phase 4, conflict (rules §4 phase 4, §10): 4a every token conflict, then 4b city attacks.

The resolution itself is in game/core/conflict_rules.py (shared with Barbarian Hordes); this
module only finds what must be resolved and in which order.

Decided: token conflicts run one area at a time in area order, the "simultaneous" of the rules;
an Advanced Military holder always uses its right to wait, so areas where such a holder fights
come last, the holder lowest in A.S.T. ranking (highest civ number) waiting longest.
Decided: attacks on pirate cities go in area order. A defender who uses its one wait has all its
own pending attacks resolved next (by their defenders' ranking), then the waiting city's.
"""

from __future__ import annotations

from typing import Any

from ..conflict_rules import (
    CITY_ATTACK,
    RULE_ATTACK,
    RULE_TOKENS,
    TOKEN_CONFLICT,
    attack_numbers,
    attack_would_succeed,
    holds,
    side_of,
    token_conflict_pending,
    token_sides,
)
from ..events import Event
from ..flow import ask, done, push, register_legacy
from ..state import PIRATE, GameState, Task

MAY_WAIT = "conflict_may_wait"


def token_conflict_areas(state: GameState) -> list[str]:
    rank = {pid: i for i, pid in enumerate(state.players)}

    def waits(area: str) -> int:
        holders = [rank[s] for s in token_sides(state, area) if holds(state, s, MAY_WAIT)]
        return max(holders, default=-1)

    areas = [a for a in state.board.tokens if token_conflict_pending(state, a)]
    return sorted(areas, key=lambda a: (waits(a), a))


def pending_attacks(state: GameState) -> list[tuple[str, str, str]]:
    """(area, attacker, defender) for each city whose area holds only another side's tokens."""
    out = []
    for area, owner in sorted(state.board.cities.items()):
        sides = list(token_sides(state, area))
        if len(sides) == 1 and sides[0] != side_of(owner):
            out.append((area, sides[0], owner))
    return out


def _next_attack(state: GameState, data: dict[str, Any],
                 attacks: list[tuple[str, str, str]]) -> tuple[str, str, str] | None:
    """Pirate cities first, then by the defenders' A.S.T. ranking; None when the defender must
    first say which of their cities is attacked next (the question is then pending)."""
    rank = {pid: i for i, pid in enumerate(state.players)}
    priority: list[str] = data.setdefault("priority", [])
    while priority:  # a defender who chose to wait: their own attacks come first
        mine = [a for a in attacks if a[1] == priority[-1]]
        if mine:
            return min(mine, key=lambda a: (rank.get(a[2], -1), a[0]))
        priority.pop()
    pirates = [a for a in attacks if a[2] == PIRATE]
    if pirates:
        return pirates[0]
    chosen = data.get("next")
    for attack in attacks:
        if attack[0] == chosen:
            return attack
    defender = min((a[2] for a in attacks), key=lambda d: rank[d])
    theirs = [a for a in attacks if a[2] == defender]
    if len(theirs) == 1:
        return theirs[0]
    data["asking"] = "order"
    ask(state, defender, "attack_order", "Which of your attacked cities is resolved next?",
        [f"area:{a[0]}" for a in theirs], RULE_ATTACK)
    return None


def _may_wait(state: GameState, data: dict[str, Any], attack: tuple[str, str, str],
              attacks: list[tuple[str, str, str]]) -> bool:
    """A defender short of tokens for a lost city who attacks elsewhere may, once, have that
    attack resolved first (rules §4 phase 4b)."""
    area, attacker, defender = attack
    player = state.players.get(defender)
    if player is None or defender in data.setdefault("waited", []):
        return False
    if area in data.setdefault("wait_asked", []):
        return False
    if not attack_would_succeed(state, area, attacker):
        return False
    if player.stock >= attack_numbers(state, attacker, defender)[1]:
        return False
    return any(a[1] == defender for a in attacks)


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    data = task.data
    if data.get("stage") != "cities":
        areas = token_conflict_areas(state)
        if areas:
            push(state, TOKEN_CONFLICT, area=areas[0], rule=RULE_TOKENS)
            return
        data["stage"] = "cities"
    attacks = pending_attacks(state)
    if not attacks:
        done(state, task)
        return
    attack = _next_attack(state, data, attacks)
    if attack is None:
        return
    if _may_wait(state, data, attack, attacks):
        data["asking"], data["wait_for"] = "wait", attack[0]
        ask(state, attack[2], "attack_wait",
            f"Your city in {attack[0]} falls and your stock is short: wait for your own attack "
            "elsewhere first?", ["yes", "no"], RULE_ATTACK)
        return
    data.pop("next", None)
    push(state, CITY_ATTACK, area=attack[0], attacker=attack[1], rule=RULE_ATTACK)


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    data = task.data
    if data.pop("asking") == "order":
        data["next"] = label.split(":", 1)[1]
        return
    area = str(data.pop("wait_for"))
    data["wait_asked"].append(area)
    if label == "yes":
        defender = state.board.cities[area]
        data["waited"].append(defender)
        data["priority"].append(defender)


register_legacy("phase:conflict", _step, _choose)
