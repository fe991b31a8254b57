"""Tsunamis (Double Empires, non-tradable; seed 002 chart row "Tsunamis").

Tsunamis strike in two places. At each, one coastal city of the victim is eliminated, and in
the two areas around it (by land or water) cities are reduced and tokens eliminated. Where
there is a choice the victim must pick what does the most damage. A victim without coastal
cities suffers nothing.

Decisions (unclear rules):
- "The most damage" is the unit points every player loses together (as for Volcanic Eruption's
  "greatest total damage", 001:29.2.1.1): the site city's five plus what the two areas lose. The
  victim first picks the site among those doing most damage, then, only when a tie remains at
  the cut, the areas; areas where nobody would lose anything are never asked for.
- In a surrounding area every other player's tokens are eliminated first, then the city (if
  any) is reduced: reducing first would wipe the city out, which the chart calls elimination.
  The city owner's tokens standing there (Public Works) count towards the reduced city's
  tokens, as in every reduction (population.reduce_city).
  Barbarian tokens and pirate cities are left alone: they are never secondary victims
  (001:29.5.2.3.9, 001:29.9.2.5).
- "Two places": the second tsunami strikes another coastal city and none of the areas the
  first one struck.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import CITY_UNIT_POINTS, destroy_city, remove_tokens, unit_points
from ..population import reduce_city, reduction_loss
from ..state import GameState
from ..words import ref, say
from .common import calamity, params
from .outcome import CalamityProgress, no_effect
from .piracy import coastal_cities

ID = "tsunamis"


@dataclass(frozen=True, kw_only=True)
class TsunamiStruck(Event):
    area: str  # the coastal city eliminated
    areas: tuple[str, ...]  # the areas around it
    losses: tuple[tuple[str, int], ...]  # (player, unit points lost), victim first


@dataclass(kw_only=True)
class Tsunamis(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "striking"] = "start"
    left: int = 0  # tsunamis still to strike
    struck: list[str] = field(default_factory=list)  # areas struck so far (never struck again)
    site: str = ""  # the coastal city of the tsunami under way ("" until picked)
    areas: list[str] = field(default_factory=list)  # the areas around it picked so far


def _rule(state: GameState) -> str:
    return calamity(state, ID).clauses[0]


def area_damage(state: GameState, area: str) -> int:
    """Unit points all players lose when a tsunami sweeps `area`."""
    board = state.board
    owner = board.cities.get(area)
    swept = _swept(state, area)
    lost = sum(board.count(area, p) for p in swept)
    if owner in state.players:
        lost += reduction_loss(state, area)
    return lost


def _swept(state: GameState, area: str) -> list[str]:
    """Players whose tokens in `area` are eliminated: all but the city owner's, which count
    towards the reduced city."""
    owner = state.board.cities.get(area)
    return sorted(o for o in state.board.tokens.get(area, {})
                  if o in state.players and o != owner)


def _around(state: GameState, d: Tsunamis, site: str) -> dict[str, int]:
    """Areas next to `site` not struck yet, with the damage a sweep would do (only > 0)."""
    found = {a: area_damage(state, a) for a in state.map.neighbours(site)
             if a not in d.struck}
    return {a: n for a, n in found.items() if n > 0}


def _best_total(state: GameState, d: Tsunamis, site: str) -> int:
    wanted = int(params(state, ID)["surrounding_areas"])
    top = sorted(_around(state, d, site).values(), reverse=True)[:wanted]
    return CITY_UNIT_POINTS + sum(top)


def _sites(state: GameState, d: Tsunamis) -> list[str]:
    """The victim's coastal cities where a tsunami would do the most damage."""
    cities = [a for a in coastal_cities(state, d.victim) if a not in d.struck]
    totals = {a: _best_total(state, d, a) for a in cities}
    best = max(totals.values(), default=0)
    return [a for a in cities if totals[a] == best]


def _step(state: GameState, d: Tsunamis, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        d.stage = "striking"
        d.left, d.struck, d.site, d.areas = int(params(state, ID)["occurrences"]), [], "", []
        if not coastal_cities(state, victim):
            no_effect(state, d, "the victim has no coastal city", events)
            d.left = 0
    if d.left <= 0:
        done(state, d)
        return
    if not d.site:
        sites = _sites(state, d)
        if not sites:
            done(state, d)
            return
        if len(sites) > 1:
            ask(state, victim, "tsunami_site", "Choose the coastal city the tsunami strikes",
                [labels.make("area", a) for a in sites], _rule(state))
            return
        d.site = sites[0]
    tied = _areas_to_pick(state, d)
    if tied:
        ask(state, victim, "tsunami_area",
            say("Choose an area around {site} the tsunami sweeps", site=ref("area", d.site)),
            [labels.make("area", a) for a in tied], _rule(state))
        return
    _strike(state, d, events)


def _areas_to_pick(state: GameState, d: Tsunamis) -> list[str]:
    """Add the areas that must be swept to `areas`; return the tied ones to choose among (empty
    when the choice is complete)."""
    wanted = int(params(state, ID)["surrounding_areas"])
    damage = {a: n for a, n in _around(state, d, d.site).items() if a not in d.areas}
    while len(d.areas) < wanted and damage:
        best = max(damage.values())
        tied = sorted(a for a, n in damage.items() if n == best)
        if len(tied) > wanted - len(d.areas):
            return tied
        d.areas.extend(tied)
        for a in tied:
            del damage[a]
    return []


def _strike(state: GameState, d: Tsunamis, events: list[Event]) -> None:
    rule, board = _rule(state), state.board
    site, areas = d.site, sorted(d.areas)
    before = {pid: unit_points(state, pid) for pid in state.players}
    destroy_city(state, site, events, rule)
    for area in areas:
        for owner in _swept(state, area):
            remove_tokens(state, owner, area, board.count(area, owner), events, rule)
        if board.cities.get(area) in state.players:
            reduce_city(state, area, events, rule)
    order = [d.victim, *[p for p in state.players if p != d.victim]]
    losses = tuple((p, before[p] - unit_points(state, p)) for p in order
                   if before[p] != unit_points(state, p))
    events.append(TsunamiStruck(area=site, areas=tuple(areas), losses=losses, rule=rule))
    d.struck.extend([site, *areas])
    d.left, d.site, d.areas = d.left - 1, "", []


def _choose(state: GameState, d: Tsunamis, label: str, events: list[Event]) -> None:
    area = labels.value(label)
    if not d.site:
        d.site = area
    else:
        d.areas.append(area)


register(Tsunamis, _step, _choose)
