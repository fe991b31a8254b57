"""City in Flames (minor; 001:29.4.3; seed 002 chart row "City in Flames"; rules §6.1 for Mega
Empires): a city of the victim's choice burns down (the classic rules reduce it instead for a
holder of Masonry or Engineering), unless the victim pays ten treasury tokens for it. The chart
burns two cities, each bought off separately. There are no secondary victims."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..events import Event
from ..flow import ask, done, push, register
from ..ops import pay_treasury
from ..state import GameState
from .common import holds_any, params
from .damage import ReduceCities
from .outcome import CalamityProgress, cite, no_effect

ID = "city_in_flames"


@dataclass(kw_only=True)
class CityInFlames(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "burning"] = "start"
    left: int = 0  # cities still to burn or buy off


def _price(state: GameState) -> int:
    p = params(state, ID)
    return int(p.get("avoid_treasury", p.get("avoid_treasury_per_city", 0)))


def _step(state: GameState, d: CityInFlames, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        d.stage = "burning"
        d.left = int(params(state, ID)["cities_destroyed"])
        if not state.board.cities_of(victim):
            no_effect(state, d, "the victim has no city", events, "29.4.3.1")
            d.left = 0
    if d.left <= 0 or not state.board.cities_of(victim):
        done(state, d)
        return
    if state.players[victim].treasury >= _price(state):
        ask(state, victim, "city_in_flames_pay",
            f"Pay {_price(state)} treasury to save a city from the flames?", ["yes", "no"],
            cite(state, ID, "29.4.3.2c"))
        return
    _burn(state, d)


def _burn(state: GameState, d: CityInFlames) -> None:
    d.left -= 1
    if holds_any(state, d.victim, params(state, ID).get("reduce_instead_advances")):
        push(state, ReduceCities(player=d.victim, count=1,
             rule=cite(state, ID, "29.4.3.2b")))
    else:
        push(state, ReduceCities(player=d.victim, count=1, mode="destroy",
             rule=cite(state, ID, "29.4.3.1")))


def _choose(state: GameState, d: CityInFlames, label: str, events: list[Event]) -> None:
    if label == "yes":
        pay_treasury(state, d.victim, _price(state), events, cite(state, ID, "29.4.3.2c"))
        d.left -= 1
    else:
        _burn(state, d)


register(CityInFlames, _step, _choose)
