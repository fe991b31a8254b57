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

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..conflict_rules import (
    RULE_ATTACK,
    RULE_TOKENS,
    CityAttack,
    TokenConflict,
    attack_numbers,
    attack_would_succeed,
    holds,
    side_of,
    token_conflict_pending,
    token_sides,
)
from ..events import Event
from ..flow import ask, done, push, register
from ..state import PIRATE, Detail, GameState, Progress, detail_type
from ..words import ref, say

MAY_WAIT = "conflict_may_wait"

Attack = tuple[str, str, str]  # (area, attacker, defender)


@dataclass(kw_only=True)
class ConflictPhase(Progress):
    KIND = "phase:conflict"
    stage: Literal["tokens", "cities"] = "tokens"
    asking: Literal["", "order", "wait"] = ""
    next: str = ""  # the attacked city its defender chose to resolve next ("" none)
    wait_for: str = ""  # the area of the city whose defender is asked whether to wait
    priority: list[str] = field(default_factory=list)  # defenders who wait, innermost last
    waited: list[str] = field(default_factory=list)  # defenders who used their one wait
    wait_asked: list[str] = field(default_factory=list)  # areas whose defender was asked


@detail_type
@dataclass(frozen=True)
class AttackWait(Detail):
    """The defender's city in `area` falls to `attacker` and their stock is short: they may
    first have their own attack elsewhere resolved."""

    area: str
    attacker: str


def token_conflict_areas(state: GameState) -> list[str]:
    rank = {pid: i for i, pid in enumerate(state.players)}

    def waits(area: str) -> int:
        holders = [rank[s] for s in token_sides(state, area) if holds(state, s, MAY_WAIT)]
        return max(holders, default=-1)

    areas = [a for a in state.board.tokens if token_conflict_pending(state, a)]
    return sorted(areas, key=lambda a: (waits(a), a))


def pending_attacks(state: GameState) -> list[Attack]:
    """(area, attacker, defender) for each city whose area holds only another side's tokens."""
    out = []
    for area, owner in sorted(state.board.cities.items()):
        sides = list(token_sides(state, area))
        if len(sides) == 1 and sides[0] != side_of(owner):
            out.append((area, sides[0], owner))
    return out


def _next_attack(state: GameState, d: ConflictPhase, attacks: list[Attack]) -> Attack | None:
    """Pirate cities first, then by the defenders' A.S.T. ranking; None when the defender must
    first say which of their cities is attacked next (the question is then pending)."""
    rank = {pid: i for i, pid in enumerate(state.players)}
    priority = d.priority
    while priority:  # a defender who chose to wait: their own attacks come first
        mine = [a for a in attacks if a[1] == priority[-1]]
        if mine:
            return min(mine, key=lambda a: (rank.get(a[2], -1), a[0]))
        priority.pop()
    pirates = [a for a in attacks if a[2] == PIRATE]
    if pirates:
        return pirates[0]
    for attack in attacks:
        if attack[0] == d.next:
            return attack
    defender = min((a[2] for a in attacks), key=lambda d: rank[d])
    theirs = [a for a in attacks if a[2] == defender]
    if len(theirs) == 1:
        return theirs[0]
    d.asking = "order"
    ask(state, defender, "attack_order", "Which of your attacked cities is resolved next?",
        [labels.make("area", a[0]) for a in theirs], RULE_ATTACK)
    return None


def _may_wait(state: GameState, d: ConflictPhase, attack: Attack,
              attacks: list[Attack]) -> bool:
    """A defender short of tokens for a lost city who attacks elsewhere may, once, have that
    attack resolved first (rules §4 phase 4b)."""
    area, attacker, defender = attack
    player = state.players.get(defender)
    if player is None or defender in d.waited:
        return False
    if area in d.wait_asked:
        return False
    if not attack_would_succeed(state, area, attacker):
        return False
    if player.stock >= attack_numbers(state, attacker, defender)[1]:
        return False
    return any(a[1] == defender for a in attacks)


def _step(state: GameState, d: ConflictPhase, events: list[Event]) -> None:
    if d.stage != "cities":
        areas = token_conflict_areas(state)
        if areas:
            push(state, TokenConflict(area=areas[0], rule=RULE_TOKENS))
            return
        d.stage = "cities"
    attacks = pending_attacks(state)
    if not attacks:
        done(state, d)
        return
    attack = _next_attack(state, d, attacks)
    if attack is None:
        return
    if _may_wait(state, d, attack, attacks):
        d.asking, d.wait_for = "wait", attack[0]
        ask(state, attack[2], "attack_wait",
            say("Your city in {area} falls and your stock is short: wait for your own attack "
                "elsewhere first?", area=ref("area", attack[0])), ["yes", "no"], RULE_ATTACK,
            AttackWait(area=attack[0], attacker=attack[1]))
        return
    d.next = ""
    push(state, CityAttack(area=attack[0], attacker=attack[1], rule=RULE_ATTACK))


def _choose(state: GameState, d: ConflictPhase, label: str, events: list[Event]) -> None:
    asking, d.asking = d.asking, ""
    if asking == "order":
        d.next = labels.value(label)
        return
    area, d.wait_for = d.wait_for, ""
    d.wait_asked.append(area)
    if label == "yes":
        defender = state.board.cities[area]
        d.waited.append(defender)
        d.priority.append(defender)


register(ConflictPhase, _step, _choose)
