"""The status of nations: seed 000's age track is the A.S.T. here (EVENTS.md §2). A nation
that ages moves its marker back, as the Regression calamity does; one that is rejuvenated moves
it forward, space by space, only while it meets the needs of the space it enters (as at A.S.T.
alteration). In Decline is a marker on the player; a second one is the doubled side."""

from __future__ import annotations

from ...calamities.regression import AstRegressedByCalamity
from ...events import Event
from ...phases.ast_alteration import AstAdvanced, missing_requirements, next_requirement
from ...state import BARBARIANS, GameState
from ..cards import Effect
from ..dice import d10, deck_of
from ..log import EventCheck
from ..model import Marker
from .losses import lose_random_tokens
from .markers import marked_areas, place

IN_DECLINE = "in_decline"
USURPED = "event_usurped"  # state.counters key (with ":player"): the turn of the last usurpation
STABLE_TURNS = 2  # "no usurpation in the last 2 turns (this turn and the one before)"
# 000:event:2, Age: the modified D10 (its 0 reads 0) -> A.S.T. steps (+ forward, - back).
AGE_TABLE = ((2, 2), (3, 0), (7, -1), (9, -2))  # up to the first number; 10 and more: -3
AGE_WORST = -3


def declining(state: GameState, player: str) -> int:
    """0 not in decline, 1 the single side, 2 the doubled side."""
    markers = deck_of(state).markers
    return min(sum(1 for m in markers if m.kind == IN_DECLINE and m.player == player), 2)


def decline(state: GameState, player: str, effect: Effect, rule: str,
            events: list[Event]) -> None:
    place(state, Marker(IN_DECLINE, effect.get("turns", 1), player=player, rule=rule), events)


def move_back(state: GameState, player: str, steps: int, rule: str, events: list[Event]) -> None:
    p = state.player_to_change(player)
    steps = min(steps, p.ast)
    if steps > 0:
        p.ast -= steps
        events.append(AstRegressedByCalamity(player=player, steps=steps, ast=p.ast, rule=rule))


def move_forward(state: GameState, player: str, steps: int, rule: str,
                 events: list[Event]) -> None:
    p = state.player_to_change(player)
    for _ in range(steps):
        req = next_requirement(state, player)
        if req is None or missing_requirements(state, player, req):
            return
        p.ast += 1
        events.append(AstAdvanced(player=player, space=p.ast, epoch=req.epoch, rule=rule))


def roll(state: GameState, player: str, who: str, rule: str, events: list[Event]) -> int:
    face = d10(state)
    events.append(EventCheck(player=player, die="d10", result=f"{who} {face}", rule=rule))
    return face


def age(state: GameState, player: str, effect: Effect, rule: str, events: list[Event]) -> None:
    """A D10 plus 1 in decline (2 on the doubled side): 0-2 forward 2 spaces, 3 no change,
    4-7 back 1, 8-9 back 2, 10 and more back 3."""
    result = roll(state, player, "age", rule, events) % 10 + declining(state, player)
    steps = next((s for top, s in AGE_TABLE if result <= top), AGE_WORST)
    if steps > 0:
        move_forward(state, player, steps, rule, events)
    else:
        move_back(state, player, -steps, rule, events)


def rejuvenate(state: GameState, player: str, effect: Effect, rule: str,
               events: list[Event]) -> None:
    """Forward up to `steps` spaces (the holder's choice of 1-3 is always the most: forward is
    never worse here)."""
    move_forward(state, player, effect.get("steps", 1), rule, events)


def pressure(state: GameState, player: str) -> int:
    """The usurper's modifiers from the nation's areas (its tokens or cities): 1 per revolt
    marker, 1 per heresy marker reaching them, and 1 per two areas holding barbarians."""
    board = state.board
    areas = {a for a, here in board.tokens.items() if here.get(player)}
    areas |= set(board.cities_of(player))
    revolts = heresies = 0
    for marker in deck_of(state).markers:
        if marker.kind in ("revolt", "heresy") and areas & set(marked_areas(state, marker)):
            revolts += marker.kind == "revolt"
            heresies += marker.kind == "heresy"
    hordes = sum(1 for a in areas if board.count(a, BARBARIANS))
    return revolts + heresies + hordes // 2


def usurper(state: GameState, player: str, effect: Effect, rule: str,
            events: list[Event]) -> None:
    """The roll-off between the legitimate ruler and a usurper (000:calamity:12). The ruler
    keeps the higher of 2 D10 when no usurpation struck in the last 2 turns, else rolls 1;
    the usurper rolls 1 D10 (+1, doubled +2) when the nation is in decline, else keeps the lower
    of 2, plus `pressure`. The ruler wins ties: the nation loses one token. The usurper wins:
    the nation declines (`turns`), ages one space and loses one token (its elite unit)."""
    side = declining(state, player)
    if effect.get("if_in_decline") and not side:
        return
    key = f"{USURPED}:{player}"
    stable = key not in state.counters or state.turn - state.counters[key] >= STABLE_TURNS
    rolls = [roll(state, player, "ruler", rule, events) for _ in range(2 if stable else 1)]
    ruler = max(rolls)
    rolls = [roll(state, player, "usurper", rule, events) for _ in range(1 if side else 2)]
    usurper_roll = min(rolls) + side + pressure(state, player)
    lose_random_tokens(state, player, 1, rule, events)
    if usurper_roll <= ruler:
        return
    state.counters[key] = state.turn
    place(state, Marker(IN_DECLINE, effect.get("turns", 1), player=player, rule=rule), events)
    move_back(state, player, 1, rule, events)


EFFECTS = {"decline": decline, "age": age, "rejuvenate": rejuvenate, "usurper": usurper}
