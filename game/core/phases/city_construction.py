"""Phase 5, city construction (rules §4 phase 5): 5a build cities, 5b remove surplus
population, 5c check city support (5b and 5c live in game/core/population.py, shared with
phase 11 and the calamities).

5a: players build in A.S.T. ranking order, each until they pick `done` (or nothing more can be
built): pick `area:X` to build there. A city needs 6 of the builder's tokens in an area with a
city site, 12 without one (a wilderness city); never in a population-limit-0 area, never where
a city stands, never a 10th city. Once per turn Architecture pays up to half of what a city
needs from treasury, and Urbanism brings up to 4 tokens for a wilderness city from land-adjacent
areas. Building returns every token in the area to its owner's stock (barbarians leave the
board); with Public Works, 1 of the builder's tokens stays when more stood there than the city
needed.

Decisions while paying, asked only when they make a difference: with both advances,
`number:N` = tokens paid from treasury (the rest of the shortfall comes from adjacent areas);
then `area:Y` = the land-adjacent area the next Urbanism token comes from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import labels
from ..events import CityBuilt, Event, TokensMoved
from ..flow import ask, done, push, register
from ..ops import pay_treasury, remove_tokens
from ..population import EFFECT_PUBLIC_WORKS, SupportAll, holds, mark_city_built
from ..state import Detail, GameState, Progress, detail_type

RULE_BUILD = "rules:phase-5a"
RULE_SURPLUS = "rules:phase-5b"
RULE_SUPPORT = "rules:phase-5c"
RULE_ARCHITECTURE = "rules:8-architecture"
RULE_URBANISM = "rules:8-urbanism"

EFFECT_ARCHITECTURE = "city_tokens_from_treasury"
EFFECT_URBANISM = "wilderness_city_adjacent_tokens"

FLAG_ARCHITECTURE_USED = "architecture_used"
FLAG_URBANISM_USED = "urbanism_used"


@dataclass(kw_only=True)
class CityConstruction(Progress):
    KIND = "phase:city_construction"
    next: int = 0  # the index in the ranking of the player building now
    checked: bool = False  # surplus and support (5b, 5c) have been pushed


@dataclass(kw_only=True)
class BuildCity(Progress):
    """Paying for one city: `treasury` tokens' worth from treasury (Architecture), then
    `adjacent_left` tokens from land-adjacent areas one by one (Urbanism)."""

    KIND = "city_construction:build"
    player: str
    area: str
    shortfall: int  # tokens the city needs beyond the builder's own there
    treasury_min: int
    treasury_max: int
    stage: Literal["treasury", "adjacent"] = "treasury"
    treasury: int = 0
    adjacent_left: int = 0


@detail_type
@dataclass(frozen=True)
class CityPayment(Detail):
    """Paying for the city in `area`: `left` tokens of what it needs are still to pay (from
    treasury with Architecture, then from land-adjacent areas with Urbanism)."""

    area: str
    left: int


def tokens_needed(state: GameState, area: str) -> int:
    numbers = state.data.numbers
    if state.map.areas[area].site != "none":
        return numbers["city_tokens_on_site"]
    return numbers["city_tokens_wilderness"]


def treasury_allowance(state: GameState, player: str, area: str) -> int:
    """Architecture, unused this turn: up to half the city's tokens, as far as treasury goes."""
    p = state.players[player]
    if p.flags.get(FLAG_ARCHITECTURE_USED) or not holds(state, player, EFFECT_ARCHITECTURE):
        return 0
    share = tokens_needed(state, area) // state.data.numbers[
        "architecture_treasury_share_divisor"]
    return min(share, p.treasury)


def adjacent_sources(state: GameState, player: str, area: str) -> dict[str, int]:
    """The player's tokens in areas land-adjacent to `area`."""
    out = {}
    for near in state.map.land.get(area, ()):
        n = state.board.count(near, player)
        if n:
            out[near] = n
    return out


def adjacent_allowance(state: GameState, player: str, area: str) -> int:
    """Urbanism, unused this turn, for a wilderness city: up to 4 tokens from land-adjacent
    areas, as far as the player has tokens there."""
    if state.map.areas[area].site != "none":
        return 0
    if state.players[player].flags.get(FLAG_URBANISM_USED):
        return 0
    if not holds(state, player, EFFECT_URBANISM):
        return 0
    cap = state.data.numbers["urbanism_adjacent_tokens"]
    return min(cap, sum(adjacent_sources(state, player, area).values()))


def _at_city_limit(state: GameState, player: str) -> bool:
    cities = list(state.board.cities.values()).count(player)
    return cities >= state.data.numbers["max_cities_in_play"]


def can_build(state: GameState, player: str, area: str) -> bool:
    """Whether the player may build a city in the area, short of the limit on cities in play
    (which `buildable_areas` checks once for all areas)."""
    if area in state.board.cities or state.map.areas[area].pop <= 0:
        return False
    have = (
        state.board.count(area, player)
        + treasury_allowance(state, player, area)
        + adjacent_allowance(state, player, area)
    )
    return have >= tokens_needed(state, area)


def buildable_areas(state: GameState, player: str) -> list[str]:
    # Even with both advances a city needs some of the builder's tokens in its area.
    if _at_city_limit(state, player):  # once, not for every area
        return []
    # The builder's own areas first, then in order (the board holds every player's: at 18
    # players, reading each area's count for each builder grew with the players, issue 40).
    tokens = state.board.tokens
    return [
        area for area in sorted([a for a, here in tokens.items() if here.get(player)])
        if can_build(state, player, area)
    ]


def _step(state: GameState, d: CityConstruction, events: list[Event]) -> None:
    order = list(state.players)
    while d.next < len(order):
        pid = order[d.next]
        areas = buildable_areas(state, pid)
        if areas:
            ask(state, pid, "build_city", "Choose an area to build a city in, or done",
                [*(labels.make("area", a) for a in areas), "done"], RULE_BUILD)
            return
        d.next += 1
    if not d.checked:
        d.checked = True
        push(state, SupportAll(surplus_rule=RULE_SURPLUS, support_rule=RULE_SUPPORT))
        return
    done(state, d)


def _choose(state: GameState, d: CityConstruction, label: str, events: list[Event]) -> None:
    if label == "done":
        d.next += 1
        return
    pid = list(state.players)[d.next]
    area = labels.value(label)
    shortfall = max(tokens_needed(state, area) - state.board.count(area, pid), 0)
    treasury_max = min(treasury_allowance(state, pid, area), shortfall)
    treasury_min = max(shortfall - adjacent_allowance(state, pid, area), 0)
    push(state, BuildCity(player=pid, area=area, shortfall=shortfall,
                          treasury_min=treasury_min, treasury_max=treasury_max))


def _pay_treasury_part(d: BuildCity, treasury: int) -> None:
    d.stage, d.treasury = "adjacent", treasury
    d.adjacent_left = d.shortfall - treasury


def _build_step(state: GameState, d: BuildCity, events: list[Event]) -> None:
    """Pay for one city (treasury amount, then adjacent tokens one by one), then build it."""
    pid, area = d.player, d.area
    if d.stage == "treasury":
        low, high = d.treasury_min, d.treasury_max
        if low < high:
            ask(state, pid, "city_treasury_tokens",
                "How many of the city's tokens to pay from treasury (Architecture)?",
                [labels.make("number", n) for n in range(low, high + 1)], RULE_ARCHITECTURE,
                CityPayment(area=area, left=d.shortfall))
            return
        _pay_treasury_part(d, low)
    left = d.adjacent_left
    if left > 0:
        sources = adjacent_sources(state, pid, area)
        if len(sources) > 1 and sum(sources.values()) > left:
            ask(state, pid, "city_adjacent_tokens",
                f"Urbanism: choose an area to bring the next token from ({left} to go)",
                [labels.make("area", a) for a in sources], RULE_URBANISM,
                CityPayment(area=area, left=left))
            return
        for near, n in sources.items():
            moved = min(n, left)
            _bring(state, pid, near, area, moved, events)
            left -= moved
        d.adjacent_left = left
    urbanism = d.shortfall > d.treasury
    _build(state, pid, area, d.treasury, urbanism, events)
    done(state, d)


def _build_choose(state: GameState, d: BuildCity, label: str, events: list[Event]) -> None:
    if d.stage == "treasury":
        _pay_treasury_part(d, labels.number(label))
        return
    _bring(state, d.player, labels.value(label), d.area, 1, events)
    d.adjacent_left -= 1


def _bring(
    state: GameState, player: str, source: str, area: str, n: int, events: list[Event]
) -> None:
    if n <= 0:
        return
    state.board.add(source, player, -n)
    state.board.add(area, player, n)
    events.append(TokensMoved(player=player, source=source, target=area, count=n,
                              rule=RULE_URBANISM))


def _build(
    state: GameState, player: str, area: str, treasury: int, urbanism: bool,
    events: list[Event],
) -> None:
    flags = state.player_to_change(player).flags
    if treasury > 0:
        pay_treasury(state, player, treasury, events, RULE_ARCHITECTURE)
        flags[FLAG_ARCHITECTURE_USED] = 1
    if urbanism:
        flags[FLAG_URBANISM_USED] = 1
    own = state.board.count(area, player)
    # Public Works: one token may stay when more stood there than the city needed.
    keep = 0
    if holds(state, player, EFFECT_PUBLIC_WORKS) and own + treasury > tokens_needed(state, area):
        keep = state.data.numbers["public_works_tokens_per_city"]
    for owner in sorted(state.board.tokens.get(area, {})):
        stay = keep if owner == player else 0
        remove_tokens(state, owner, area, state.board.count(area, owner) - stay, events,
                      RULE_BUILD, cause="city_built")
    state.board.cities[area] = player
    mark_city_built(state, player, area)
    events.append(CityBuilt(player=player, area=area, rule=RULE_BUILD))


register(CityConstruction, _step, _choose)
register(BuildCity, _build_step, _build_choose)
