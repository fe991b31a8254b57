"""City Riots (minor): the victim reduces cities of their choice and pays treasury.

Classic (001:29.5.3.1-4): one city and five treasury; no secondary victims; with Law the city is
not reduced (the treasury is still lost). Mega Empires (rules §6.1): one city and five treasury.
Double Empires (002:City Riots): two cities and ten treasury (or all there is).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, push, register
from ..ops import pay_treasury
from ..state import GameState
from .common import holds_any, params
from .damage import ReduceCities
from .losses import CalamityAverted
from .outcome import CalamityProgress

ID = "city_riots"

RULES = {
    "classic": {"reduce": "001:29.5.3.1", "treasury": "001:29.5.3.2", "law": "001:29.5.3.4"},
    "mega-empires": dict.fromkeys(("reduce", "treasury", "law"), "rules:6.1"),
    "double-empires": dict.fromkeys(("reduce", "treasury", "law"), "002:City Riots"),
}


@dataclass(kw_only=True)
class CityRiots(CalamityProgress):
    KIND = f"calamity:{ID}"


def _step(state: GameState, d: CityRiots, events: list[Event]) -> None:
    victim = d.victim
    rules = RULES[state.config.ruleset]
    p = params(state, ID)
    done(state, d)  # the reduction pushed below still runs
    pay_treasury(state, victim, int(p["treasury_loss"]), events, rules["treasury"])
    if holds_any(state, victim, p.get("no_reduction_advances")):
        events.append(CalamityAverted(calamity=ID, victim=victim, reason="Law: no city reduced",
                                      rule=rules["law"]))
        return
    push(state, ReduceCities(player=victim, count=int(p["cities_reduced"]),
                             rule=rules["reduce"]))


register(CityRiots, _step)
