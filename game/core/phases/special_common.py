"""What the special abilities of phase 10 share: who holds what, who is immune, which areas are
land-adjacent to a player's units, and destroying or annexing the units of one area.

decided (target areas): an area qualifies when it is land-adjacent to another area holding the
user's units (tokens or a city). The user's own units in the target stay where they are: an
ability that destroys or annexes "all units" there never turns on its own user.
decided (immune units): immune units (barbarians, pirate cities, holders of the named advances)
simply stay; the other units in the area are still affected. An area whose units are all immune
is no target.
Placing or annexing in this phase is never causing conflict (rules §4 phase 10), so nothing here
checks Diplomacy or Cultural Ascendancy, and no conflict follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..events import Event
from ..ops import (
    CITY_UNIT_POINTS,
    annex_city,
    cities_in_stock,
    destroy_city,
    place_tokens,
    remove_tokens,
)
from ..population import holds
from ..state import GameState, Progress

RULE_PHASE = "rules:phase-10"


@dataclass(frozen=True, kw_only=True)
class AbilityUsed(Event):
    player: str
    ability: str  # the advance whose special ability is used


@dataclass
class AreaUnits:
    """The units of one area an ability would hit: tokens by owner and the city's owner."""

    tokens: dict[str, int] = field(default_factory=dict)
    city: str = ""

    @property
    def token_count(self) -> int:
        return sum(self.tokens.values())

    @property
    def unit_points(self) -> int:
        return self.token_count + (CITY_UNIT_POINTS if self.city else 0)

    def __bool__(self) -> bool:
        return bool(self.tokens or self.city)


def unit_areas(state: GameState, player: str) -> set[str]:
    """Areas holding the player's tokens or city."""
    board = state.board
    areas = {a for a, here in board.tokens.items() if here.get(player)}
    return areas | set(board.cities_of(player))


def land_adjacent_areas(state: GameState, player: str) -> list[str]:
    """Areas land-adjacent to another area holding the player's units, sorted."""
    out: set[str] = set()
    for area in unit_areas(state, player):
        out.update(state.map.land.get(area, ()))
    return sorted(out)


def affected_units(state: GameState, area: str, user: str, immune_effect: str) -> AreaUnits:
    """Other players' units in the area that are not immune. Barbarians and pirate cities are
    immune to every ability that uses this (Fundamentalism, Monotheism, Politics)."""
    immune = {pid for pid in state.players if holds(state, pid, immune_effect)}
    hit = AreaUnits()
    for owner, n in state.board.tokens.get(area, {}).items():
        if owner in state.players and owner != user and owner not in immune:
            hit.tokens[owner] = n
    city = state.board.cities.get(area, "")
    if city in state.players and city != user and city not in immune:
        hit.city = city
    return hit


def adjacent_targets(state: GameState, user: str, immune_effect: str) -> dict[str, AreaUnits]:
    """Every land-adjacent area with units the ability could hit, with those units."""
    found = {a: affected_units(state, a, user, immune_effect)
             for a in land_adjacent_areas(state, user)}
    return {a: units for a, units in found.items() if units}


def can_annex(state: GameState, user: str, units: AreaUnits) -> bool:
    """Annexing needs a token in stock for every token and a city in stock for a city."""
    if units.city and cities_in_stock(state, user) <= 0:
        return False
    return state.players[user].stock >= units.token_count


def destroy_units(
    state: GameState, area: str, units: AreaUnits, events: list[Event], rule: str
) -> None:
    if units.city:
        destroy_city(state, area, events, rule)
    for owner, n in sorted(units.tokens.items()):
        remove_tokens(state, owner, area, n, events, rule)


def annex_units(
    state: GameState, area: str, user: str, units: AreaUnits, events: list[Event], rule: str
) -> None:
    """Replace the units with the user's own from stock (the caller checked `can_annex`)."""
    if units.city and not annex_city(state, area, user, events, rule):
        raise RuntimeError(f"{user} has no city in stock to annex {area}")
    for owner, n in sorted(units.tokens.items()):
        remove_tokens(state, owner, area, n, events, rule)
        if place_tokens(state, user, area, n, events, rule) != n:
            raise RuntimeError(f"{user} has too few tokens in stock to annex {area}")


@dataclass(kw_only=True)
class AbilityProgress(Progress):
    """What every special ability's task starts with: its user and the advance that gives it;
    `stop` once the user is done with it."""

    player: str
    advance: str = ""
    stop: bool = False

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        """Another player's units lost to the user's ability: `ability:USER:ADVANCE`."""
        return (f"ability:{self.player}:{self.advance}",) if player != self.player else ()
