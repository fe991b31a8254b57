"""Tyranny (non-tradable): a beneficiary annexes some of the victim's unit points, one area at a
time, replacing them with units from their own stock (tokens for tokens, a city for a city).

Classic (001:29.8.1): the beneficiary is, among the players whose units are adjacent by land to
the victim's (or share an area with them) and the players with no units on the board, the one
with most unit points in stock, ties by A.S.T. ranking; if nobody qualifies, players within
seven areas count instead (29.8.1.1). No effect when the victim has as many unit points in stock
as the beneficiary (29.8.1.2). The beneficiary annexes twice as many unit points as the victim
has cities (29.8.1.3; modifiers 29.8.1.4, .4b, .5, .6), area by area, from areas within or next
to their own units where possible (29.8.1.3), else anywhere (29.8.1.7); a whole area when the
points and their stock allow, else as much of it as they can, a city only whole (29.8.1.6b).
Mega Empires (rules §6.1): the beneficiary (most cities, then tokens, in stock) annexes 15 unit
points (modified), whole areas only, each next to an area already annexed where possible.
Double Empires (002 chart): the beneficiary is the land neighbour with most cities in stock
(the victim picks among ties; no land neighbour, no effect) and annexes 2 x the victim's cities
(modified) from areas next to their own units, one area at a time; cities only whole.
decided: in Double Empires, when no area next to the beneficiary's units can be annexed any
more the calamity ends (the chart allows adjacent areas only, unlike 001:29.8.1.7).
decided: "adjacent by land to the victim's civilization" also counts units sharing an area.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import CITY_UNIT_POINTS, annex_city, cities_in_stock, place_tokens, remove_tokens
from ..state import GameState
from ..words import ref, say
from .common import calamity, modified, params, unit_points_in_stock
from .outcome import CalamityProgress

ID = "tyranny"


@dataclass(kw_only=True)
class Tyranny(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["beneficiary", "annex"] = "beneficiary"
    tied: list[str] = field(default_factory=list)  # the players the victim chooses among
    beneficiary: str = ""  # "" at the annex stage: the calamity had no effect
    left: int = 0  # unit points still to annex
    annexed: list[str] = field(default_factory=list)  # areas annexed, in order

    def gaining(self) -> tuple[str, ...]:
        return (self.beneficiary,) if self.beneficiary else ()

# Per rule set: where the next area may lie ("beneficiary": within or next to the beneficiary's
# units; "chain": next to an area already annexed), whether an area may be taken in part when it
# cannot be taken whole, and whether any area may be taken when none lies where it should.
_STYLE: dict[str, tuple[str, bool, bool]] = {
    "classic": ("beneficiary", True, True),
    "mega-empires": ("chain", False, True),
    "double-empires": ("beneficiary", True, False),
}


@dataclass(frozen=True, kw_only=True)
class BeneficiaryChosen(Event):
    calamity: str
    player: str


@dataclass(frozen=True, kw_only=True)
class CalamityNoEffect(Event):
    calamity: str
    player: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class UnitsAnnexed(Event):
    player: str  # the new owner
    previous: str
    area: str
    tokens: int
    city: bool


def _rule(state: GameState, index: int) -> str:
    clauses = calamity(state, ID).clauses
    return clauses[min(index, len(clauses) - 1)]


def areas_of(state: GameState, player: str) -> set[str]:
    board = state.board
    return set(board.cities_of(player)) | {a for a, t in board.tokens.items() if player in t}


def land_neighbour(state: GameState, player: str, victim: str) -> bool:
    """Units of `player` in or next by land to an area holding the victim's units."""
    mine = areas_of(state, player)
    return any(a in mine or any(b in mine for b in state.map.land.get(a, ()))
               for a in areas_of(state, victim))


def _within(state: GameState, player: str, victim: str, areas_between: int) -> bool:
    theirs = areas_of(state, player)
    for a in areas_of(state, victim):
        for b in theirs:
            steps = state.map.distance(a, b)
            if steps is not None and steps <= areas_between + 1:
                return True
    return False


def candidates(state: GameState, victim: str) -> list[str]:
    """The players who may be the beneficiary, in A.S.T. ranking order."""
    p = params(state, ID)
    others = [pid for pid in state.players if pid != victim]
    if p.get("beneficiary_candidates") != "land_adjacent":
        return others
    free = bool(p.get("beneficiary_without_units_eligible"))
    near = [pid for pid in others
            if (free and not areas_of(state, pid)) or land_neighbour(state, pid, victim)]
    if near or "beneficiary_max_areas_between" not in p:
        return near
    limit = int(p["beneficiary_max_areas_between"])
    return [pid for pid in others if _within(state, pid, victim, limit)]


def _key(state: GameState, player: str) -> tuple[int, ...]:
    rule = str(params(state, ID)["beneficiary_rule"])
    if rule == "most_unit_points_in_stock":
        return (unit_points_in_stock(state, player),)
    if rule == "most_cities_in_stock":
        return (cities_in_stock(state, player),)
    return (cities_in_stock(state, player), state.players[player].stock)


def _step(state: GameState, d: Tyranny, events: list[Event]) -> None:
    if d.stage == "beneficiary":
        _find_beneficiary(state, d, events)
        return
    if not d.beneficiary:
        done(state, d)
        return
    options = annex_options(state, d)
    if not options:
        done(state, d)
        return
    if len(options) == 1:
        _annex(state, d, options[0], events)
        return
    ask(state, d.beneficiary, "tyranny_annex",
        say("Annex an area of {victim} ({left} unit points left)",
            victim=ref("player", d.victim), left=d.left),
        [labels.make("area", a) for a in options], _rule(state, 2))


def _find_beneficiary(state: GameState, d: Tyranny, events: list[Event]) -> None:
    victim, p = d.victim, params(state, ID)
    pool = candidates(state, victim)
    if not pool:
        _no_effect(state, d, "no player is eligible as beneficiary", events)
        return
    best = max(_key(state, pid) for pid in pool)
    if p.get("no_effect_if_victim_most_in_stock") and _key(state, victim) >= best:
        _no_effect(state, d, "the victim has the most in stock", events)
        return
    tied = [pid for pid in pool if _key(state, pid) == best]  # A.S.T. ranking order
    if len(tied) > 1 and p.get("beneficiary_tie") == "victim_chooses":
        d.tied = tied
        ask(state, victim, "tyranny_beneficiary", "Choose the beneficiary of Tyranny",
            [labels.make("player", pid) for pid in tied], _rule(state, 1))
        return
    _start(state, d, tied[0], events)


def _no_effect(state: GameState, d: Tyranny, reason: str, events: list[Event]) -> None:
    d.stage, d.beneficiary = "annex", ""
    events.append(CalamityNoEffect(calamity=ID, player=d.victim, reason=reason,
                                   rule=_rule(state, 1)))


def _start(state: GameState, d: Tyranny, beneficiary: str, events: list[Event]) -> None:
    victim, p = d.victim, params(state, ID)
    d.tied = []
    d.stage, d.beneficiary = "annex", beneficiary
    events.append(BeneficiaryChosen(calamity=ID, player=beneficiary, rule=_rule(state, 1)))
    if "annexed_unit_points" in p:
        base = int(p["annexed_unit_points"])
    else:
        cities = len(state.board.cities_of(victim))
        base = cities * int(p["annexed_unit_points_per_victim_city"])
    d.left = modified(state, ID, "annexed_unit_points", victim, base=base)
    d.annexed = []


def take(state: GameState, d: Tyranny, area: str) -> tuple[int, bool] | None:
    """(tokens, city) the beneficiary would annex in `area`, or None if nothing."""
    victim, ben = d.victim, d.beneficiary
    left = d.left
    board = state.board
    tokens = board.count(area, victim)
    city = board.cities.get(area) == victim
    stock, city_stock = state.players[ben].stock, cities_in_stock(state, ben)
    if tokens + CITY_UNIT_POINTS * city == 0:
        return None
    if tokens + CITY_UNIT_POINTS * city <= left and tokens <= stock and (not city or city_stock):
        return tokens, city
    if not _STYLE[state.config.ruleset][1]:
        return None
    with_city = city and city_stock > 0 and left >= CITY_UNIT_POINTS
    n = min(tokens, stock, left - CITY_UNIT_POINTS * with_city)
    return (n, with_city) if n > 0 or with_city else None


def annex_options(state: GameState, d: Tyranny) -> list[str]:
    """The areas the beneficiary may annex next (29.8.1.3 / 29.8.1.7 and their variants)."""
    if d.left <= 0:
        return []
    victim, ben = d.victim, d.beneficiary
    zone_kind, _, anywhere = _STYLE[state.config.ruleset]
    possible = sorted(a for a in areas_of(state, victim) if take(state, d, a) is not None)
    annexed = d.annexed
    if zone_kind == "chain":
        if not annexed:
            return possible
        anchors = set(annexed)
    else:
        anchors = areas_of(state, ben)
    zone = _around(state, anchors)
    near = [a for a in possible if a in zone]
    if near or not anywhere:
        return near
    return possible


def _annex(state: GameState, d: Tyranny, area: str, events: list[Event]) -> None:
    victim, ben = d.victim, d.beneficiary
    got = take(state, d, area)
    assert got is not None
    tokens, city = got
    far = area not in _around(state, areas_of(state, ben))  # 29.8.1.7 in classic
    rule = _rule(state, 8 if far and state.config.ruleset == "classic" else 2)
    if tokens:
        remove_tokens(state, victim, area, tokens, events, rule)
        place_tokens(state, ben, area, tokens, events, rule)
    if city:
        annex_city(state, area, ben, events, rule)
    d.left -= tokens + CITY_UNIT_POINTS * city
    d.annexed.append(area)
    events.append(UnitsAnnexed(player=ben, previous=victim, area=area, tokens=tokens, city=city,
                               rule=rule))


def _around(state: GameState, anchors: set[str]) -> set[str]:
    """The areas themselves and every area next to one of them, by land or by water."""
    return anchors | {n for a in anchors for n in state.map.neighbours(a)}


def _choose(state: GameState, d: Tyranny, label: str, events: list[Event]) -> None:
    if labels.kind_of(label) == "player":
        _start(state, d, labels.value(label), events)
    else:
        _annex(state, d, labels.value(label), events)


register(Tyranny, _step, _choose)
