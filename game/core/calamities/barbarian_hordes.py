"""Barbarian Hordes (tradable): a horde of barbarian tokens invades and marches on the victim.

Classic (001:29.5.2): the trader controls the horde (drawn, not traded: the player with fewest
cities, even the victim). 15 tokens (Politics, Provincial Empire +5 each, Monarchy -5) invade a
legal entry area holding a victim's city if possible, else the victim's tokens; conflict follows;
the tokens above the area's limit move on as one group to the adjacent area doing the victim the
greatest immediate damage (or, failing that, one step nearer the nearest such area), until none
are in excess. Double Empires (002:Barbarian Hordes): 30 tokens (+-10), and every further step
is a new invasion by the same entry rules. Mega Empires (003:BARBARIAN HORDES): the beneficiary
picks one of the victim's cities (a wilderness one if possible) for 15 tokens to attack, then
moves the excess into any adjacent area with the victim's units, into a city area only where the
attack would succeed.

Conflicts and city attacks are the phase-4 sub-tasks of conflict_rules, with the barbarians as
attacker: they hold no advances and draw no card or treasury (001:29.5.2.3.7-8).

decided: legal entry areas (001:29.5.2.3) are limit-0 areas, areas next to an empty limit-0
area, areas holding barbarian tokens, areas next to an area holding only barbarian tokens, and
areas on the map edge (the map marks edge areas; we read "adjacent to the map edge" as those);
Double Empires drops "empty" and "only": any area bordering a limit-0 area or barbarian tokens.
decided: a city is "preferred" (classic, Double Empires) only where the attack would succeed, as
a failed attack does the victim no harm (001:29.5.2.3.5 and the Mega Empires card say the same).
decided: "greatest immediate damage" is the victim's unit points the conflict on entering would
remove, worked out by playing the removal rounds without optional choices; ties go to the
controller (001:29.5.2.3.6).
decided (Mega Empires): a victim without cities suffers nothing (the card starts at a city).
decided: the march ends when the horde would return to a position it has already been in (same
area, size and victim units); the rules make each step cost someone units, so this never cuts a
legal march short but keeps every game finite.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..conflict_rules import (
    METALWORKING,
    CityAttack,
    TokenConflict,
    attack_numbers,
    holds,
)
from ..conflict_rules import side_of as conflict_side
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import CITY_UNIT_POINTS, cities_in_stock, remove_tokens, unit_points
from ..state import BARBARIANS, PIRATE, GameState
from ..words import Words, ref, say
from .common import beneficiary, modified, params
from .losses import CalamityAverted
from .outcome import CalamityProgress

ID = "barbarian_hordes"


@dataclass(kw_only=True)
class BarbarianHordes(CalamityProgress):
    KIND = f"calamity:{ID}"
    # start: nothing done; invading: the controller chooses where the horde enters; marching:
    # the horde stands in `at`
    stage: Literal["start", "invading", "marching"] = "start"
    controller: str = ""
    size: int = 0  # barbarian tokens in the horde
    at: str = ""  # where the horde stands
    # the positions the horde has been in: (area, tokens above its limit, victim's unit points)
    seen: list[tuple[str, int, int]] = field(default_factory=list)

RULES = {
    "classic": {"controller": "001:29.5.2.1", "size": "001:29.5.2.2", "invade": "001:29.5.2.3",
                "conflict": "001:29.5.2.3.1", "move": "001:29.5.2.3.2",
                "stop": "001:29.5.2.3.3"},
    "mega-empires": dict.fromkeys(
        ("controller", "size", "invade", "conflict", "move", "stop"), "003:BARBARIAN HORDES"),
    "double-empires": dict.fromkeys(
        ("controller", "size", "invade", "conflict", "move", "stop"), "002:Barbarian Hordes"),
}


@dataclass(frozen=True, kw_only=True)
class BarbariansPlaced(Event):
    area: str
    count: int
    controller: str


@dataclass(frozen=True, kw_only=True)
class BarbariansMoved(Event):
    source: str
    target: str
    count: int


@dataclass(frozen=True, kw_only=True)
class BarbariansDisbanded(Event):
    area: str
    count: int  # tokens above the limit with nowhere to go


def _rule(state: GameState, role: str) -> str:
    return RULES[state.config.ruleset][role]


# --- who controls the horde ----------------------------------------------------------------


def controller(state: GameState, victim: str, traded_by: str) -> str:
    p = params(state, ID)
    if p.get("controller") == "beneficiary":
        return beneficiary(state, str(p["beneficiary_rule"]), victim, traded_by) or victim
    if traded_by and traded_by != victim and traded_by in state.players:
        return traded_by
    # 29.5.2.1: fewest cities on the board, the victim included; ties by A.S.T. ranking.
    return max(state.players, key=lambda pid: cities_in_stock(state, pid))


# --- reading the board -----------------------------------------------------------------------


def _units_of(state: GameState, area: str, player: str) -> int:
    points = state.board.count(area, player)
    return points + (CITY_UNIT_POINTS if state.board.cities.get(area) == player else 0)


def _only_barbarians(state: GameState, area: str) -> bool:
    here = state.board.tokens.get(area, {})
    return bool(here) and set(here) == {BARBARIANS} and area not in state.board.cities


def _empty(state: GameState, area: str) -> bool:
    return not state.board.tokens.get(area) and area not in state.board.cities


def entry_areas(state: GameState) -> list[str]:
    """Where a horde may invade (see the decision in the module docstring). Double Empires
    words it more widely: any area bordering a limit-0 area or an area with barbarian tokens."""
    graph, board = state.map, state.board
    wide = state.config.ruleset == "double-empires"
    out = []
    for aid, area in graph.areas.items():
        near = graph.neighbours(aid)
        if (area.pop == 0 or area.edge or board.count(aid, BARBARIANS) > 0
                or any(graph.areas[z].pop == 0 and (wide or _empty(state, z)) for z in near)
                or any(board.count(z, BARBARIANS) > 0 if wide else _only_barbarians(state, z)
                       for z in near)):
            out.append(aid)
    return sorted(out)


def attack_succeeds(state: GameState, area: str, n: int) -> bool:
    """Whether n more barbarians entering the area would take its city (if it has one)."""
    owner = state.board.cities.get(area)
    if owner is None or conflict_side(owner) == BARBARIANS:
        return True
    have = state.board.count(area, BARBARIANS) + n
    return have >= attack_numbers(state, BARBARIANS, owner)[0]


def damage(state: GameState, victim: str, area: str, n: int) -> int:
    """The victim's unit points lost if n barbarians entered the area now: the city attack, then
    the rounds of removal (fewest first, Metalworking holders after), without optional choices."""
    board = state.board
    sides: dict[str, int] = {}
    for owner, k in board.tokens.get(area, {}).items():
        sides[conflict_side(owner)] = sides.get(conflict_side(owner), 0) + k
    before = sides.get(victim, 0) + (CITY_UNIT_POINTS if board.cities.get(area) == victim else 0)
    city = board.cities.get(area)
    if city is not None and conflict_side(city) != BARBARIANS:
        needed, replacement = attack_numbers(state, BARBARIANS, city)
        if sides.get(BARBARIANS, 0) + n < needed:
            return 0
        sides[city] = sides.get(city, 0) + min(replacement, state.players[city].stock)
        city = None
    sides[BARBARIANS] = sides.get(BARBARIANS, 0) + n
    limit = state.map.areas[area].pop

    def over() -> bool:
        alive = [s for s, k in sides.items() if k > 0]
        return len(alive) <= 1 or (city is None and sum(sides.values()) <= limit)

    while not over():
        keys = {s: (holds(state, s, METALWORKING), k) for s, k in sides.items() if k > 0}
        for key in sorted(set(keys.values())):
            for s in [s for s in keys if keys[s] == key]:
                sides[s] -= 1
            if over():
                break
    after = sides.get(victim, 0) + (CITY_UNIT_POINTS if city == victim else 0)
    return before - after


def _victim_only(state: GameState, area: str, victim: str) -> bool:
    """The area holds the victim's units and no other player's (barbarians aside)."""
    owners = {conflict_side(o) for o in state.board.tokens.get(area, {})} - {BARBARIANS}
    city = state.board.cities.get(area)
    if city is not None:
        owners.add(conflict_side(city))
    return owners == {victim}


# --- where the horde may go -----------------------------------------------------------------


def invasion_targets(state: GameState, victim: str, n: int, exclude: str = "") -> list[str]:
    """Entry areas with one of the victim's cities the horde would take, else with the
    victim's units (001:29.5.2.3; 002)."""
    entry = [a for a in entry_areas(state) if a != exclude]
    cities = [a for a in entry if state.board.cities.get(a) == victim
              and attack_succeeds(state, a, n)]
    if cities:
        return cities
    return [a for a in entry if state.board.count(a, victim) > 0]


def first_cities(state: GameState, victim: str) -> list[str]:
    """Mega Empires: the victim's wilderness cities if any, else all their cities."""
    cities = state.board.cities_of(victim)
    wild = [a for a in cities if state.map.areas[a].site == "none"]
    return wild or cities


def classic_moves(state: GameState, victim: str, here: str, n: int) -> list[str]:
    """001:29.5.2.3.5: the adjacent victim-only area(s) of greatest immediate damage; failing
    those, the first steps of a shortest way to the nearest area where damage can be done."""
    graph = state.map
    near = list(graph.neighbours(here))
    scored = {a: damage(state, victim, a, n) for a in near if _victim_only(state, a, victim)}
    scored = {a: d for a, d in scored.items() if d > 0}
    if scored:
        best = max(scored.values())
        return sorted(a for a, d in scored.items() if d == best)
    goals = {a for a in graph.areas if a != here and _units_of(state, a, victim) > 0
             and damage(state, victim, a, n) > 0}
    left = _steps_to(state, victim, goals, here)
    steps = {a: left[a] for a in near if a in left}
    if not steps:
        return []
    nearest = min(steps.values())
    return sorted(a for a, k in steps.items() if k == nearest)


def _steps_to(state: GameState, victim: str, goals: set[str], here: str) -> dict[str, int]:
    """Steps from each area to the nearest goal along the way the march may go: the victim's own
    areas are entered only to do damage (the goals), so any other victim-only area, a city the
    horde cannot take above all, is gone round (001:29.5.2.3.5)."""
    graph = state.map
    left = dict.fromkeys(goals, 0)
    queue = deque(sorted(goals))
    while queue:
        area = queue.popleft()
        for prev in graph.neighbours(area):
            if prev in left or prev == here or _victim_only(state, prev, victim):
                continue
            left[prev] = left[area] + 1
            queue.append(prev)
    return left


def mega_moves(state: GameState, victim: str, here: str, n: int) -> list[str]:
    """003: an adjacent area with the victim's units; a city area only if the attack succeeds."""
    out = []
    for a in state.map.neighbours(here):
        if _units_of(state, a, victim) <= 0:
            continue
        if state.board.cities.get(a) == victim and not attack_succeeds(state, a, n):
            continue
        out.append(a)
    return sorted(out)


def next_targets(state: GameState, victim: str, here: str, n: int) -> list[str]:
    ruleset = state.config.ruleset
    if ruleset == "mega-empires":
        return mega_moves(state, victim, here, n)
    if ruleset == "double-empires":
        return invasion_targets(state, victim, n, exclude=here)
    return classic_moves(state, victim, here, n)


# --- the procedure ---------------------------------------------------------------------------


def _step(state: GameState, d: BarbarianHordes, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        d.stage = "invading"
        d.controller = controller(state, victim, d.traded_by)
        d.size = modified(state, ID, "barbarian_tokens", victim)
        d.seen = []
        options = (first_cities(state, victim) if state.config.ruleset == "mega-empires"
                   else invasion_targets(state, victim, d.size))
        if not options or d.size <= 0:
            events.append(CalamityAverted(calamity=ID, victim=victim, rule=_rule(state, "invade"),
                                          reason="no area the horde can invade"))
            done(state, d)
            return
        _offer(state, d, options, "barbarian_invasion",
               "Choose the area the barbarian horde invades", _rule(state, "invade"), events)
        return
    here = d.at
    surplus = state.board.count(here, BARBARIANS) - state.map.areas[here].pop
    if surplus <= 0:
        done(state, d)
        return
    mark = (here, surplus, unit_points(state, victim))
    options = [] if mark in d.seen else next_targets(state, victim, here, surplus)
    d.seen.append(mark)
    if not options:
        remove_tokens(state, BARBARIANS, here, surplus, events, _rule(state, "stop"))
        events.append(BarbariansDisbanded(area=here, count=surplus, rule=_rule(state, "stop")))
        done(state, d)
        return
    _offer(state, d, options, "barbarian_move",
           say("Choose where the {surplus} barbarian tokens above the limit in {here} move",
               surplus=surplus, here=ref("area", here)),
           _rule(state, "move"), events)


def _offer(state: GameState, d: BarbarianHordes, options: list[str], kind: str, prompt: Words | str,
           rule: str, events: list[Event]) -> None:
    if len(options) == 1:
        _choose(state, d, labels.make("area", options[0]), events)
        return
    ask(state, d.controller, kind, prompt, [labels.make("area", a) for a in options], rule)


def _choose(state: GameState, d: BarbarianHordes, label: str, events: list[Event]) -> None:
    target = labels.value(label)
    if d.stage == "invading":
        n = d.size
        state.board.add(target, BARBARIANS, n)
        events.append(BarbariansPlaced(area=target, count=n, controller=d.controller,
                                       rule=_rule(state, "size")))
    else:
        here = d.at
        n = state.board.count(here, BARBARIANS) - state.map.areas[here].pop
        state.board.add(here, BARBARIANS, -n)
        state.board.add(target, BARBARIANS, n)
        events.append(BarbariansMoved(source=here, target=target, count=n,
                                      rule=_rule(state, "move")))
    d.stage, d.at = "marching", target
    owner = state.board.cities.get(target)
    rule = _rule(state, "conflict")
    if owner is not None and owner != PIRATE:
        push(state, CityAttack(area=target, attacker=BARBARIANS, rule=rule))
    else:
        push(state, TokenConflict(area=target, rule=rule))


register(BarbarianHordes, _step, _choose)
