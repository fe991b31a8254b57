"""The status of nations: seed 000's age track is the A.S.T. here (EVENTS.md §2). A nation
that ages moves its marker back, as the Regression calamity does; one that is rejuvenated moves
it forward, space by space, only while it meets the needs of the space it enters (as at A.S.T.
alteration). In Decline is a marker on the player; a second one is the doubled side."""

from __future__ import annotations

from ... import labels
from ...calamities.regression import AstRegressedByCalamity
from ...events import Event
from ...flow import ask
from ...ops import remove_tokens
from ...phases.ast_alteration import AstAdvanced, missing_requirements, next_requirement
from ...state import BARBARIANS, GameState
from ...words import say
from ..cards import Effect
from ..dice import d10, deck_of
from ..log import EventCheck
from ..model import Marker
from .growth import title
from .losses import lose_random_tokens
from .markers import marked_areas, place
from .progress import EventEffects, EventStep, Interactive, Queued, fell_short

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


def reachable(state: GameState, player: str, steps: int) -> int:
    """How many of `steps` spaces forward the player can move, each space's needs met."""
    p = state.player_to_change(player)
    start, moved = p.ast, 0
    try:
        while moved < steps:
            req = next_requirement(state, player)
            if req is None or missing_requirements(state, player, req):
                break
            p.ast += 1
            moved += 1
    finally:
        p.ast = start
    return moved


def _rejuvenate_step(state: GameState, task: EventEffects, q: Queued,
                     events: list[Event]) -> bool:
    """Forward 1 to `steps` spaces, the holder's choice (000:event:50 "between 1 and 3 spaces,
    your choice"), each only when the needs of the space are met: asked when it can move more
    than one; when it cannot move them all, said."""
    if task.left == 0:  # moved
        return False
    steps = q.params.get("steps", 1)
    reach = reachable(state, q.player, steps)
    if reach < steps:
        fell_short(state, q.player, "spaces", reach, steps, "needs", q.rule, events, q.card)
    if reach <= 1:
        move_forward(state, q.player, reach, q.rule, events)
        return False
    ask(state, q.player, STEPS,
        say("{card}: how many spaces to move forward on the A.S.T. (1 to {reach})",
            card=title(q.card), reach=reach),
        [labels.make("number", n) for n in range(1, reach + 1)], q.rule,
        EventStep(card=q.card, effect=q.do, count=reach,
                  suggested=labels.make("number", reach)))
    return True


def _rejuvenate_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                       events: list[Event]) -> None:
    move_forward(state, q.player, labels.number(label), q.rule, events)
    task.left = 0


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


def _usurper_step(state: GameState, task: EventEffects, q: Queued,
                  events: list[Event]) -> bool:
    """The roll-off between the legitimate ruler and a usurper (000:calamity:12). The ruler
    keeps the higher of 2 D10 when no usurpation struck in the last 2 turns, else rolls 1;
    the usurper rolls 1 D10 (+1, doubled +2) when the nation is in decline, else keeps the lower
    of 2, plus `pressure`. The ruler wins ties: "eliminate one unit of the player's choice",
    the nation loses one token where it chooses (asked when its tokens are in several areas).
    The usurper wins: the nation loses one token (its elite unit, "randomly selected"),
    declines (`turns`) and ages one space."""
    player = q.player
    if task.stage == 1:  # the ruler won: the token to lose is chosen
        areas = sorted(a for a, here in state.board.tokens.items() if here.get(player))
        if not areas:
            fell_short(state, player, "tokens_lost", 0, 1, "board", q.rule, events, q.card)
            return False
        if len(areas) == 1:
            remove_tokens(state, player, areas[0], 1, events, q.rule)
            return False
        task.stage = 2
    if task.stage == 2:
        areas = sorted(a for a, here in state.board.tokens.items() if here.get(player))
        ask(state, player, LOSE,
            say("{card}: the usurper is defeated; choose the area where you lose one token",
                card=title(q.card)),
            [labels.make("area", a) for a in areas], q.rule,
            EventStep(card=q.card, effect=q.do))
        return True
    if task.stage == 3:  # lost
        return False
    rule = q.rule
    side = declining(state, player)
    if q.params.get("if_in_decline") and not side:
        return False
    key = f"{USURPED}:{player}"
    stable = key not in state.counters or state.turn - state.counters[key] >= STABLE_TURNS
    rolls = [roll(state, player, "ruler", rule, events) for _ in range(2 if stable else 1)]
    ruler = max(rolls)
    rolls = [roll(state, player, "usurper", rule, events) for _ in range(1 if side else 2)]
    usurper_roll = min(rolls) + side + pressure(state, player)
    if usurper_roll <= ruler:
        task.stage = 1
        return _usurper_step(state, task, q, events)
    if not lose_random_tokens(state, player, 1, rule, events):
        fell_short(state, player, "tokens_lost", 0, 1, "board", rule, events, q.card)
    state.counters[key] = state.turn
    place(state, Marker(IN_DECLINE, q.params.get("turns", 1), player=player, rule=rule), events)
    move_back(state, player, 1, rule, events)
    return False


def _usurper_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                    events: list[Event]) -> None:
    remove_tokens(state, q.player, labels.value(label), 1, events, q.rule)
    task.stage = 3


STEPS = "event_steps"  # how far Renaissance moves
LOSE = "event_lose"  # where the usurper's defeat costs a token
EFFECTS = {"decline": decline, "age": age}
INTERACTIVE = {"rejuvenate": Interactive(_rejuvenate_step, _rejuvenate_choose),
               "usurper": Interactive(_usurper_step, _usurper_choose)}
