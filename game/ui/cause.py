"""Why a decision is asked and where it is on the map, read from the core's own data: the
pending decision's rule clause, its typed detail (the conflict's area, the two areas of a move)
and the task stack under it (the calamity being resolved and its primary victim, the phase) —
never from the prompt's words.

    cause_line(state, pending.player)   # "Assyria's famine is shared out: you lose your part"
    decision_places(state)              # areas, seas, volcanoes the decision is about
"""

from __future__ import annotations

from game.core import (
    AttackWait,
    CityPayment,
    ConflictLoss,
    Detail,
    GameState,
    MovementAction,
    Plunder,
    ShipUpkeep,
    Task,
    TokensToMove,
    load_game_data,
)

from .logtext import name
from .theme import PHASE_NAMES

_PLACE_PREFIXES = ("area", "sea", "volcano", "flood")
_PLACE_KEYS = ("area", "source", "target", "site", "quake_at", "sea", "plain")
_GAIN_KEYS = ("ben", "beneficiary", "taker")


def calamity_name(state: GameState, calamity: str) -> str:
    ruleset = load_game_data().rulesets.get(state.config.ruleset)
    found = ruleset.calamities.get(calamity) if ruleset else None
    return found.name if found else calamity.replace("_", " ").capitalize()


def _calamity_task(state: GameState) -> tuple[str, Task] | None:
    """The calamity being resolved (innermost on the task stack) and its task."""
    for task in reversed(state.tasks):
        if task.kind.startswith("calamity:"):
            card = str(task.get("card") or task.kind.rsplit(":", 1)[-1])
            return card, task
    return None


def _conflict_area(detail: Detail | None) -> str | None:
    """The area of a conflict decision (a loss to take, a plunder), from its detail."""
    if isinstance(detail, ConflictLoss | Plunder):
        return detail.area
    return None


def _detail_places(detail: Detail | None) -> list[str]:
    """The places a decision's detail names (the two areas of a number of tokens to move)."""
    match detail:
        case TokensToMove(source=source, target=target):
            return [source, target]
        case (ConflictLoss(area=area) | Plunder(area=area) | AttackWait(area=area)
              | MovementAction(area=area) | ShipUpkeep(area=area) | CityPayment(area=area)):
            return [area]
    return []


def _rule(rule: str) -> str:
    if rule.startswith("rules:"):  # the rules summary's sections: "rules: phase 5a"
        return f" (rules: {rule.split(':', 1)[1].replace('-', ' ')})"
    return f" (rule {rule})" if rule else ""


def cause_line(state: GameState, player: str) -> str:
    """One sentence: what brought this decision to `player` (and the rule it follows)."""
    pending = state.pending
    if pending is None:
        return ""
    rule = _rule(pending.rule)
    found = _calamity_task(state)
    if found is not None:
        card, data = found
        calamity = calamity_name(state, card)
        victim = str(data.get("victim", ""))
        if victim == player:
            by = str(data.get("traded_by") or "")
            traded = f", traded to you by {name(by)}" if by else ""
            return f"Why: {calamity} strikes you{traded}{rule}"
        owner = f"{name(victim)}'s {calamity.lower()}" if victim else calamity
        if any(data.get(k) == player for k in _GAIN_KEYS):
            return f"Why: you gain from {owner}{rule}"
        return f"Why: {owner} is shared out, and part of it falls on you{rule}"
    area = _conflict_area(pending.detail)
    if area is not None:
        where = state.map.areas[area].name if area in state.map.areas else area
        return f"Why: conflict in {where}{rule}"
    phase = PHASE_NAMES.get(state.phase, state.phase.replace("_", " "))
    return f"Why: {phase}{rule}" if phase else ""


def decision_places(state: GameState) -> list[str]:
    """What the pending decision is about on the map: the places its options name, else the
    places its detail names — a number of tokens to move names none, but its detail holds the
    two areas — else those its task (and the ones under it) name."""
    pending = state.pending
    if pending is None:
        return []
    places = [label.split(":", 1)[1] for label in pending.options
              if label.split(":", 1)[0] in _PLACE_PREFIXES]
    if places:
        return places
    places = _detail_places(pending.detail)
    if places:
        return places
    for task in reversed(state.tasks[-3:]):
        found = [str(task.get(k)) for k in _PLACE_KEYS if task.get(k)]
        if found:
            return found
    return []
