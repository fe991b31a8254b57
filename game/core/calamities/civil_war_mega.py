"""Civil War on the Mega Empires card (003:CIVIL WAR): the victim selects all but 35 of their unit
points (Music, Drama and Poetry and Democracy select fewer; Philosophy and Military more), whole
areas adjacent to each other, and the beneficiary (most cities in stock, then most tokens, never
the victim) annexes them. Nothing happens when there is nothing to select.

The selection must be exactly the number and something the beneficiary can annex with what they
have in stock. When no selection fits, the card lets its rules break in order: first "whole
areas", then "adjacent", then "exactly the number", last "the beneficiary can annex it all".
This module looks for the first of these levels at which a selection exists and then lets the
victim build one, area by area, offering only areas that still lead to a complete selection:

  1. whole areas, adjacent to each other, exact, annexable;
  2. as 1, but the last area picked may be taken in part (tokens before its city);
  3. as 2, without adjacency;
  4. as 3, taking the fewest points above the number that can be taken;
  then 1-4 again without "annexable".

A beneficiary short of units annexes what they choose, area by area, and the rest of the
selection becomes barbarian tokens and pirate cities.

Decisions (unclear rules): "adjacent to each other" means the selected areas form one connected
group; an area taken in part is always the last pick; the search for a selection stops after
SEARCH_BUDGET steps per question (a house limit on computing, never reached on the real map's
numbers in our tests) and then treats that branch as impossible.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import (
    CITY_UNIT_POINTS,
    annex_city,
    cities_in_stock,
    place_tokens,
    remove_tokens,
    unit_points,
)
from ..state import BARBARIANS, PIRATE, GameState
from .civil_war import CivilWarSelection
from .common import beneficiary, modified, params
from .outcome import CalamityProgress, cite, no_effect
from .piracy import PirateCityCreated
from .tyranny import UnitsAnnexed, areas_of

ID = "civil_war"
SEARCH_BUDGET = 20_000
# (whole areas only, adjacent to each other, exact number) for each level of rule-breaking.
LEVELS = ((True, True, True), (False, True, True), (False, False, True), (False, False, False))

Units = dict[str, list[int]]  # area -> [tokens, city (0 or 1)]


@dataclass(kw_only=True)
class CivilWarMega(CalamityProgress):
    KIND = f"calamity:mega-empires:{ID}"
    stage: Literal["start", "select", "annex"] = "start"
    ben: str = ""  # the beneficiary
    level: int = 0  # the level of rule-breaking (index into LEVELS)
    annexable: bool = False  # whether the selection must be one the beneficiary can annex
    left: int = 0  # unit points still to select
    sel: Units = field(default_factory=dict)  # the selection so far
    todo: Units = field(default_factory=dict)  # the selection not yet annexed

    def gaining(self) -> tuple[str, ...]:
        return (self.ben,) if self.ben else ()


@dataclass(frozen=True, kw_only=True)
class CivilWarSelected(Event):
    victim: str
    beneficiary: str
    areas: tuple[str, ...]
    points: int


def _value(u: list[int]) -> int:
    return u[0] + CITY_UNIT_POINTS * u[1]


class _Search:
    """Whether a selection can still be completed, for one level of rule-breaking."""

    def __init__(self, state: GameState, units: Units, caps: tuple[int, int] | None,
                 level: tuple[bool, bool, bool]) -> None:
        self.state, self.units, self.caps = state, units, caps
        self.whole, self.adjacent, _ = level
        self.memo: dict[tuple[frozenset[str], int], bool] = {}
        self.budget = SEARCH_BUDGET

    def fits(self, cities: int, tokens: int) -> bool:
        return self.caps is None or (cities <= self.caps[0] and tokens <= self.caps[1])

    def part(self, area: str, r: int, cities: int, tokens: int) -> list[int] | None:
        """[tokens, city] taking exactly r < the area's worth from it, tokens before the city."""
        t, c = self.units[area]
        for city in range(c + 1):
            n = r - CITY_UNIT_POINTS * city
            if 0 <= n <= t and self.fits(cities + city, tokens + n):
                return [n, city]
        return None

    def counts(self, sel: Units) -> tuple[int, int]:
        return sum(u[1] for u in sel.values()), sum(u[0] for u in sel.values())

    def options(self, sel: Units, r: int) -> dict[str, list[int]]:
        """The next picks that still lead to a complete selection: area -> what it takes."""
        cities, tokens = self.counts(sel)
        out: dict[str, list[int]] = {}
        for area in self._frontier(sel):
            u = self.units[area]
            v = _value(u)
            if v <= r:
                if self.fits(cities + u[1], tokens + u[0]) and self._completes(
                        {**sel, area: u}, r - v):
                    out[area] = list(u)
            elif not self.whole:
                got = self.part(area, r, cities, tokens)
                if got is not None:
                    out[area] = got
        return out

    def possible(self, r: int) -> bool:
        return r == 0 or self._completes({}, r)

    def _frontier(self, sel: Units) -> list[str]:
        free = [a for a in sorted(self.units) if a not in sel]
        if not self.adjacent or not sel:
            return free
        near = {n for a in sel for n in self.state.map.neighbours(a)}
        return [a for a in free if a in near]

    def _completes(self, sel: Units, r: int) -> bool:
        if r == 0:
            return True
        if not self.adjacent:
            return self._knapsack(sel, r)
        key = (frozenset(sel), r)
        if key in self.memo:
            return self.memo[key]
        self.budget -= 1
        if self.budget < 0:
            return False
        found = bool(self._first_option(sel, r))
        self.memo[key] = found
        return found

    def _first_option(self, sel: Units, r: int) -> str:
        cities, tokens = self.counts(sel)
        for area in self._frontier(sel):
            u = self.units[area]
            v = _value(u)
            if v <= r:
                if self.fits(cities + u[1], tokens + u[0]) and self._completes(
                        {**sel, area: u}, r - v):
                    return area
            elif not self.whole and self.part(area, r, cities, tokens) is not None:
                return area
        return ""

    def _knapsack(self, sel: Units, r: int) -> bool:
        """Areas taken in any order: (points, cities, part used) reachable from those left."""
        cities0, tokens0 = self.counts(sel)
        reach = {(0, 0, False)}
        for area in sorted(a for a in self.units if a not in sel):
            t, c = self.units[area]
            grown = set(reach)
            for s, k, used in reach:
                grown.add((s + t + CITY_UNIT_POINTS * c, k + c, used))
                if not self.whole and not used:
                    for city in range(c + 1):
                        for n in range(t + 1):
                            if 0 < n + CITY_UNIT_POINTS * city < t + CITY_UNIT_POINTS * c:
                                grown.add((s + n + CITY_UNIT_POINTS * city, k + city, True))
            reach = {(s, k, used) for s, k, used in grown
                     if s <= r and self.fits(cities0 + k, tokens0 + s - CITY_UNIT_POINTS * k)}
            if any(s == r for s, _, _ in reach):
                return True
        return False


def _units(state: GameState, victim: str) -> Units:
    board = state.board
    return {a: [board.count(a, victim), int(board.cities.get(a) == victim)]
            for a in sorted(areas_of(state, victim))}


def _caps(state: GameState, ben: str) -> tuple[int, int]:
    return cities_in_stock(state, ben), state.players[ben].stock


def _plan(state: GameState, units: Units, ben: str, wanted: int) -> tuple[int, bool, int] | None:
    """The first level (index into LEVELS), whether it keeps "annexable", and the number of unit
    points to select, at which a selection exists."""
    caps = _caps(state, ben)
    total = sum(_value(u) for u in units.values())
    annexable = [True, False] if CITY_UNIT_POINTS * caps[0] + caps[1] >= wanted else [False]
    for keep in annexable:
        for index, level in enumerate(LEVELS):
            search = _Search(state, units, caps if keep else None, level)
            targets = [wanted] if level[2] else range(wanted + 1, total + 1)
            for target in targets:
                if search.possible(target):
                    return index, keep, target
    return None


def _step(state: GameState, d: CivilWarMega, events: list[Event]) -> None:
    victim = d.victim
    rule = cite(state, ID)
    if d.stage == "start":
        above = unit_points(state, victim) - int(params(state, ID)["selected_unit_points_above"])
        wanted = modified(state, ID, "selected_unit_points", victim, base=above)
        ben = beneficiary(state, str(params(state, ID)["beneficiary_rule"]), victim)
        units = _units(state, victim)
        plan = _plan(state, units, ben, wanted) if ben and wanted > 0 else None
        if ben is None or plan is None:
            no_effect(state, d, "no unit points above the limit", events)
            done(state, d)
            return
        d.stage = "select"
        d.ben, d.sel, d.level, d.annexable, d.left = ben, {}, plan[0], plan[1], plan[2]
    if d.left > 0:
        options = _search(state, d).options(d.sel, d.left)
        if len(options) > 1:
            picks = [labels.make("area", a) for a in options]
            detail = CivilWarSelection.of(victim, d.left, picks)
            ask(state, victim, "civil_war_select", f"Select {detail.points} more unit points "
                "(whole areas, adjacent to each other)", picks, rule, detail)
            return
        if options:
            _pick(d, *next(iter(options.items())))
            return
        d.left = 0  # cannot happen unless the search budget ran out: stop where we are
    if d.stage != "annex":
        d.stage = "annex"
        d.todo = {a: list(u) for a, u in sorted(d.sel.items())}
        events.append(CivilWarSelected(victim=victim, beneficiary=d.ben,
                                       areas=tuple(sorted(d.sel)),
                                       points=sum(_value(u) for u in d.sel.values()),
                                       rule=rule))
    _annex_step(state, d, events)


def _search(state: GameState, d: CivilWarMega) -> _Search:
    units = _units(state, d.victim)
    caps = _caps(state, d.ben) if d.annexable else None
    return _Search(state, units, caps, LEVELS[d.level])


def _pick(d: CivilWarMega, area: str, took: list[int]) -> None:
    d.sel[area] = took
    d.left -= _value(took)


def _annexable_here(state: GameState, d: CivilWarMega, area: str) -> bool:
    t, c = d.todo[area]
    cities, tokens = _caps(state, d.ben)
    return bool((c and cities) or (t and tokens))


def _annex_step(state: GameState, d: CivilWarMega, events: list[Event]) -> None:
    todo = d.todo
    cities, tokens = _caps(state, d.ben)
    fits_all = (sum(u[1] for u in todo.values()) <= cities
                and sum(u[0] for u in todo.values()) <= tokens)
    open_areas = [a for a in todo if _annexable_here(state, d, a)]
    if open_areas and not fits_all and len(open_areas) > 1:
        ask(state, d.ben, "civil_war_annex", "Choose an area of the selection to annex "
            "(what you cannot annex becomes barbarians)",
            [labels.make("area", a) for a in open_areas], cite(state, ID))
        return
    for area in open_areas:
        _annex(state, d, area, events)
    _barbarise(state, d, events)
    done(state, d)


def _annex(state: GameState, d: CivilWarMega, area: str, events: list[Event]) -> None:
    victim, ben = d.victim, d.ben
    rule = cite(state, ID)
    t, c = d.todo.pop(area)
    got_city = bool(c) and annex_city(state, area, ben, events, rule)
    moved = min(t, state.players[ben].stock)
    if moved:
        remove_tokens(state, victim, area, moved, events, rule)
        place_tokens(state, ben, area, moved, events, rule)
    events.append(UnitsAnnexed(player=ben, previous=victim, area=area, tokens=moved,
                               city=got_city, rule=rule))
    if t - moved or (c and not got_city):
        d.todo[area] = [t - moved, int(c and not got_city)]


def _barbarise(state: GameState, d: CivilWarMega, events: list[Event]) -> None:
    """What the beneficiary could not annex becomes barbarian tokens and pirate cities."""
    victim = d.victim
    rule = cite(state, ID)
    todo, d.todo = d.todo, {}
    for area, (t, c) in sorted(todo.items()):
        if c:
            state.board.cities[area] = PIRATE
            events.append(PirateCityCreated(player=victim, area=area, rule=rule))
        if t:
            remove_tokens(state, victim, area, t, events, rule)
            place_tokens(state, BARBARIANS, area, t, events, rule)


def _choose(state: GameState, d: CivilWarMega, label: str, events: list[Event]) -> None:
    area = labels.value(label)
    if d.stage == "annex":
        _annex(state, d, area, events)
        return
    _pick(d, area, _search(state, d).options(d.sel, d.left)[area])


register(CivilWarMega, _step, _choose)
