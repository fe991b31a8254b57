"""Coastal Migration (minor): the coast empties.

Classic (001:29.6.3.1-4): the victim loses 5 unit points from coastal areas and all their ships;
no effect on a Diaspora holder; no secondary victims. Double Empires (002:Coastal Migration): 10
unit points (or all there are) and all ships. Mega Empires (rules §6.1): one coastal city of the
victim's choice is destroyed and the victim loses five treasury.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, push, register
from ..ops import pay_treasury
from ..state import GameState
from .common import holds_any, params
from .damage import LosePoints, ReduceCities
from .losses import CalamityAverted, coastal_areas, return_ships
from .outcome import CalamityProgress

ID = "coastal_migration"

RULES = {
    "classic": {"loss": "001:29.6.3.1", "ships": "001:29.6.3.2", "immune": "001:29.6.3.3"},
    "mega-empires": dict.fromkeys(("loss", "ships", "immune"), "rules:6.1"),
    "double-empires": dict.fromkeys(("loss", "ships", "immune"), "002:Coastal Migration"),
}


@dataclass(kw_only=True)
class CoastalMigration(CalamityProgress):
    KIND = f"calamity:{ID}"


def _step(state: GameState, d: CoastalMigration, events: list[Event]) -> None:
    victim = d.victim
    rules = RULES[state.config.ruleset]
    p = params(state, ID)
    done(state, d)  # everything below is pushed after, so it still runs
    if holds_any(state, victim, p.get("immune_advances")):
        events.append(CalamityAverted(calamity=ID, victim=victim, reason="Diaspora",
                                      rule=rules["immune"]))
        return
    if p.get("ships_lost_all"):
        return_ships(state, victim, None, 0, events, rules["ships"])
    if "treasury_loss" in p:
        pay_treasury(state, victim, int(p["treasury_loss"]), events, rules["loss"])
    areas = coastal_areas(state, victim)
    if "coastal_cities_destroyed" in p:
        cities = [a for a in areas if state.board.cities.get(a) == victim]
        if cities:
            push(state, ReduceCities(player=victim, mode="destroy", areas=cities,
                                     count=int(p["coastal_cities_destroyed"]),
                                     rule=rules["loss"]))
        return
    if areas:
        push(state, LosePoints(player=victim, points=int(p["coastal_loss"]), areas=areas,
                               rule=rules["loss"]))


register(CoastalMigration, _step)
