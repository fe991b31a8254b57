"""Drought (Double Empires, non-tradable; seed 002 chart row "Drought").

Every area holding the victim's units, except areas on a flood plain, supports one token less
than its printed number (never below zero) for the rest of the turn; a Public Works token
standing with a city is not affected. The victim's mainland neighbours lose Agriculture's effect
for the turn. A victim with five or fewer cities before the calamity phase suffers nothing, and
neither do their neighbours.

Nothing is removed at once: the lower limits are what the next surplus check sees (phase 11,
through population.population_limit; also phase 10's Diaspora).

Decisions (unclear rules):
- The struck areas are those holding the victim's units (tokens or a city) when Drought is
  resolved; the cut is the area's number, so it holds for every player with tokens there.
- Mainland neighbours are the players with units in or next by land to an area of the victim's
  (water borders do not make a mainland neighbour).
- "Cities before the calamity phase" is the count recorded when phase 9 began, when the phase
  keeps one (`cities_before` in its task data); otherwise the count on the board now, which is
  the same unless an earlier calamity of the phase took cities.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, register
from ..phases.calamity_resolution import CalamityResolution
from ..population import FLAG_AGRICULTURE_SUSPENDED, cut_limit_this_turn
from ..state import GameState
from .common import calamity, params
from .outcome import CalamityProgress, no_effect
from .tyranny import areas_of, land_neighbour

ID = "drought"


@dataclass(frozen=True, kw_only=True)
class DroughtStruck(Event):
    players: tuple[str, ...]  # whose areas are struck
    areas: tuple[str, ...]  # areas supporting fewer tokens this turn
    agriculture_withdrawn: tuple[str, ...]  # players whose Agriculture is off this turn


def cities_before_calamities(state: GameState, player: str) -> int:
    """The player's cities on the board when the calamity phase began."""
    for task in state.tasks:
        if isinstance(task.data, CalamityResolution):
            before = task.data.cities_before
            if before is not None and player in before:
                return before[player]
    return len(state.board.cities_of(player))


def struck_areas(state: GameState, players: list[str], plains_exempt: bool) -> list[str]:
    found: set[str] = set()
    for pid in players:
        found |= areas_of(state, pid)
    return sorted(a for a in found if not (plains_exempt and state.map.areas[a].flood_plain))


def strike(state: GameState, holder: str, areas: list[str], cut: int, city_token_too: bool,
           agriculture_off: list[str]) -> None:
    """Lower the areas' limits and withdraw Agriculture, both until the end of the turn."""
    for area in areas:
        cut_limit_this_turn(state, holder, area, cut, city_token_too=city_token_too)
    for pid in agriculture_off:
        state.player_to_change(pid).flags[FLAG_AGRICULTURE_SUSPENDED] = 1


@dataclass(kw_only=True)
class Drought(CalamityProgress):
    KIND = f"calamity:{ID}"


def _step(state: GameState, d: Drought, events: list[Event]) -> None:
    victim, p = d.victim, params(state, ID)
    rule = calamity(state, ID).clauses[0]
    if cities_before_calamities(state, victim) <= int(p["no_effect_max_cities"]):
        no_effect(state, d, "the victim had too few cities before the calamity phase", events)
        done(state, d)
        return
    areas = struck_areas(state, [victim], bool(p["flood_plains_exempt"]))
    neighbours = [pid for pid in state.players
                  if pid != victim and land_neighbour(state, pid, victim)]
    if not p.get("neighbours_agriculture_suspended"):
        neighbours = []
    strike(state, victim, areas, -int(p["population_limit_change"]),
           not p["public_works_tokens_exempt"], neighbours)
    events.append(DroughtStruck(players=(victim,), areas=tuple(areas),
                                agriculture_withdrawn=tuple(neighbours), rule=rule))
    done(state, d)


register(Drought, _step)
