"""Why a decision is asked and where it is on the map, read from the core's own data: the
pending decision's rule clause, its typed detail (the conflict's area, the two areas of a move),
the things its words name, and the calamity under way (`calamity_in_play`: its card, victim
and who gains) — never by reading the prompt's sentence.

    cause_line(state, pending.player)   # "the losses of Assyria's famine are shared out ..."
    decision_places(state)              # areas, seas, volcanoes the decision is about
"""

from __future__ import annotations

from game.core import (
    AttackWait,
    CalamityUnderWay,
    CityPayment,
    ConflictLoss,
    Detail,
    GameState,
    MovementAction,
    Plunder,
    ShipUpkeep,
    TokensToMove,
    calamity_in_play,
    label_kind,
    label_value,
    load_game_data,
)

from ..theme import PHASE_NAMES
from .log import name

_PLACE_PREFIXES = ("area", "sea", "volcano", "flood")


def calamity_name(state: GameState, calamity: str) -> str:
    ruleset = load_game_data().rulesets.get(state.config.ruleset)
    found = ruleset.calamities.get(calamity) if ruleset else None
    return found.name if found else calamity.replace("_", " ").capitalize()


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
    found: CalamityUnderWay | None = calamity_in_play(state)
    if found is not None:
        calamity = calamity_name(state, found.card)
        victim = found.victim
        if victim == player:
            by = found.traded_by
            traded = f", traded to you by {name(by)}" if by else ""
            return f"Why: {calamity} strikes you{traded}{rule}"
        owner = f"{name(victim)}'s {calamity.lower()}" if victim else calamity
        if player in found.gaining:
            return f"Why: you gain from {owner}{rule}"
        return f"Why: the losses of {owner} are shared out, and part falls on you{rule}"
    area = _conflict_area(pending.detail)
    if area is not None:
        where = state.map.areas[area].name if area in state.map.areas else area
        return f"Why: conflict in {where}{rule}"
    phase = PHASE_NAMES.get(state.phase, state.phase.replace("_", " "))
    return f"Why: {phase}{rule}" if phase else ""


def decision_places(state: GameState) -> list[str]:
    """What the pending decision is about on the map: the places its options name, else the
    places its detail names — a number of tokens to move names none, but its detail holds the
    two areas — else those its words name ("Choose the city next to Knossos ...")."""
    pending = state.pending
    if pending is None:
        return []
    places = _places(pending.options)
    if places:
        return places
    places = _detail_places(pending.detail)
    if places:
        return places
    return _places(pending.words.names) if pending.words is not None else []


def _places(found: list[str] | tuple[str, ...]) -> list[str]:
    return [label_value(label) for label in found if label_kind(label) in _PLACE_PREFIXES]
