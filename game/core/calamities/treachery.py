"""Treachery (001:29.2.2; seed 002 chart row "Treachery"; rules §6.1 for Mega Empires).

The player who traded the card picks the victim's cities and replaces each with one of their own
cities; one they cannot replace (no city left in stock) is destroyed. A card the victim drew
costs them reduced cities instead (classic, chart). In Mega Empires the beneficiary (the trader,
else the player with most cities in stock, then tokens) annexes, drawn or traded.

Decision: when nobody traded the card the seeds name no chooser for the reduction; the victim
picks, as with every other reduction of their own cities.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import annex_city, cities_in_stock, destroy_city
from ..state import GameState
from ..words import ref, say
from .common import beneficiary, modified, params
from .damage import ReduceCities
from .outcome import CalamityProgress, cite, no_effect, trader

ID = "treachery"


@dataclass(kw_only=True)
class Treachery(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "taking"] = "start"
    taker: str = ""  # who takes the cities ("" when the victim reduces them instead)
    left: int = 0  # cities still to take

    def gaining(self) -> tuple[str, ...]:
        return (self.taker,) if self.taker else ()


def _taker(state: GameState, d: Treachery) -> str:
    """Who takes the cities: the trader, or the Mega Empires beneficiary; "" if the victim only
    loses cities by reduction."""
    rule = params(state, ID).get("beneficiary_rule")
    if rule:
        return beneficiary(state, str(rule), d.victim, trader(state, d)) or ""
    return trader(state, d)


def _step(state: GameState, d: Treachery, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        if not state.board.cities_of(victim):
            no_effect(state, d, "the victim has no city", events, "29.2.2.1")
            done(state, d)
            return
        d.taker = _taker(state, d)
        if not d.taker and "beneficiary_rule" in params(state, ID):
            no_effect(state, d, "nobody can take the city", events)
            done(state, d)
            return
        d.stage = "taking"
        if not d.taker:
            count = modified(state, ID, "cities_reduced_if_not_traded", victim)
            push(state, ReduceCities(player=victim, count=count,
                 rule=cite(state, ID, "29.2.2.2")))
            d.left = 0
            return
        d.left = modified(state, ID, "cities_annexed", victim)
    cities = state.board.cities_of(victim)
    taker = d.taker
    if d.left <= 0 or not cities:
        done(state, d)
        return
    # No real choice when every city goes and the taker can replace them all.
    if len(cities) <= d.left and cities_in_stock(state, taker) >= len(cities):
        _take(state, d, cities[0], events)
        return
    ask(state, taker, "treachery_city",
        say("Choose a city of {victim} to take over", victim=ref("player", victim)),
        [labels.make("area", a) for a in cities], cite(state, ID, "29.2.2.1"))


def _take(state: GameState, d: Treachery, area: str, events: list[Event]) -> None:
    rule = cite(state, ID, "29.2.2.1")
    if not annex_city(state, area, d.taker, events, rule):
        destroy_city(state, area, events, rule)
    d.left -= 1


def _choose(state: GameState, d: Treachery, label: str, events: list[Event]) -> None:
    _take(state, d, labels.value(label), events)


register(Treachery, _step, _choose)
