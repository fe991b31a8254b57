"""General Drought (Double Empires, non-tradable; seed 002 chart row "General Drought").

Every player with more than seven cities before the calamity phase is a victim: each area
holding any victim's units, flood plains included, supports one token less than its printed
number for the rest of the turn, and unlike Drought a Public Works token with a city in an area
printed 1 must go too. Players with six or seven cities lose Agriculture's effect for the turn;
players with five or fewer are not affected. Nobody chooses anything.

Nothing is removed at once: the next surplus check (phase 11) sees the lower limits through
population.population_limit.

Decisions (unclear rules):
- A primary victim (the card's holder) with five or fewer cities before the calamity phase
  cancels the whole calamity ("Effects lessened by" speaks of the holder), so nobody suffers.
- The primary victim is affected like anyone else by their own city count: with six or seven
  cities they only lose Agriculture.
- "Cities before the calamity phase": see drought.cities_before_calamities.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, register
from ..state import GameState
from .common import calamity, params
from .drought import cities_before_calamities, strike, struck_areas
from .outcome import CalamityProgress, no_effect

ID = "general_drought"


@dataclass(frozen=True, kw_only=True)
class GeneralDroughtStruck(Event):
    players: tuple[str, ...]  # the victims: more than seven cities
    areas: tuple[str, ...]  # areas supporting fewer tokens this turn
    agriculture_withdrawn: tuple[str, ...]  # six or seven cities


@dataclass(kw_only=True)
class GeneralDrought(CalamityProgress):
    KIND = f"calamity:{ID}"


def _step(state: GameState, d: GeneralDrought, events: list[Event]) -> None:
    victim, p = d.victim, params(state, ID)
    rule = calamity(state, ID).clauses[0]
    before = {pid: cities_before_calamities(state, pid) for pid in state.players}
    if before[victim] <= int(p["no_effect_max_cities"]):
        no_effect(state, d, "the victim had too few cities before the calamity phase", events)
        done(state, d)
        return
    victims = [pid for pid in state.players if before[pid] >= int(p["affected_min_cities"])]
    dry = [pid for pid in state.players if pid not in victims
           and before[pid] >= int(p["agriculture_suspended_min_cities"])]
    areas = struck_areas(state, victims, bool(p["flood_plains_exempt"]))
    strike(state, victim, areas, -int(p["population_limit_change"]),
           not p["public_works_tokens_exempt"], dry)
    events.append(GeneralDroughtStruck(players=tuple(victims), areas=tuple(areas),
                                       agriculture_withdrawn=tuple(dry), rule=rule))
    done(state, d)


register(GeneralDrought, _step)
