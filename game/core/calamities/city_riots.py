"""City Riots (minor): the victim reduces cities of their choice and pays treasury.

Classic (001:29.5.3.1-4): one city and five treasury; no secondary victims; with Law the city is
not reduced (the treasury is still lost). Mega Empires (rules §6.1): one city and five treasury.
Double Empires (002:City Riots): two cities and ten treasury (or all there is).
"""

from __future__ import annotations

from ..events import Event
from ..flow import done, push, register_legacy
from ..ops import pay_treasury
from ..state import GameState, Task
from .common import holds_any, params
from .losses import CalamityAverted

ID = "city_riots"

RULES = {
    "classic": {"reduce": "001:29.5.3.1", "treasury": "001:29.5.3.2", "law": "001:29.5.3.4"},
    "mega-empires": dict.fromkeys(("reduce", "treasury", "law"), "rules:6.1"),
    "double-empires": dict.fromkeys(("reduce", "treasury", "law"), "002:City Riots"),
}


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    victim = task.data["victim"]
    rules = RULES[state.config.ruleset]
    p = params(state, ID)
    done(state, task)  # the reduction pushed below still runs
    pay_treasury(state, victim, int(p["treasury_loss"]), events, rules["treasury"])
    if holds_any(state, victim, p.get("no_reduction_advances")):
        events.append(CalamityAverted(calamity=ID, victim=victim, reason="Law: no city reduced",
                                      rule=rules["law"]))
        return
    push(state, "damage:reduce_cities", player=victim, count=int(p["cities_reduced"]),
         rule=rules["reduce"])


register_legacy(f"calamity:{ID}", _step)
