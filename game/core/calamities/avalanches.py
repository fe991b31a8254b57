"""Avalanches (Double Empires, non-tradable; seed 002 chart row "Avalanches").

Avalanches strike in two places. At each, two adjacent cities of the victim are reduced; if no
two of the victim's cities are adjacent, only one city is reduced. The victim selects.

Decisions (unclear rules):
- "Adjacent" is the rules' plain adjacency (rules §2: sharing a border, by land or by water);
  the chart says "by land" where it means only land (Tribal Conflict).
- The victim picks a city that has a neighbouring city of theirs, then that neighbour; with no
  such pair they pick the one city. While a pair exists a pair must be taken.
- The second avalanche is a different place by construction: the cities of the first are no
  longer cities. A victim with no city left at the second avalanche suffers nothing more.
- Reductions mind Public Works and Agriculture as every reduction does
  (population.reduce_city).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..population import reduce_city
from ..state import GameState
from ..words import Words, ref, say
from .common import calamity, params
from .outcome import CalamityProgress, no_effect

ID = "avalanches"


@dataclass(frozen=True, kw_only=True)
class AvalancheStruck(Event):
    player: str
    areas: tuple[str, ...]  # the cities reduced


@dataclass(kw_only=True)
class Avalanches(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "striking"] = "start"
    left: int = 0  # avalanches still to strike
    first: str = ""  # the first city of a pair, once picked


def _rule(state: GameState) -> str:
    return calamity(state, ID).clauses[0]


def paired_cities(state: GameState, player: str) -> dict[str, list[str]]:
    """Each of the player's cities that borders another of theirs -> those neighbours."""
    mine = set(state.board.cities_of(player))
    pairs = {a: sorted(mine & set(state.map.neighbours(a))) for a in sorted(mine)}
    return {a: ns for a, ns in pairs.items() if ns}


def _step(state: GameState, d: Avalanches, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        d.stage = "striking"
        d.left = int(params(state, ID)["occurrences"])
        d.first = ""
        if not state.board.cities_of(victim):
            no_effect(state, d, "the victim has no city", events)
            d.left = 0
    cities = state.board.cities_of(victim)
    if d.left <= 0 or not cities:
        done(state, d)
        return
    pairs = paired_cities(state, victim)
    if d.first:
        options = pairs[d.first]
        prompt: Words | str = say("Choose the city next to {first} the avalanche also reduces",
                                   first=ref("area", d.first))
    elif pairs:
        options = list(pairs)
        prompt = "Choose a city the avalanche reduces (with a neighbouring city of yours)"
    else:
        options = cities
        prompt = "Choose the city the avalanche reduces"
    if len(options) == 1 or (len(pairs) == 2 and not d.first):
        _pick(state, d, options[0], events)
        return
    ask(state, victim, "avalanche_city", prompt, [labels.make("area", a) for a in options],
        _rule(state))


def _pick(state: GameState, d: Avalanches, area: str, events: list[Event]) -> None:
    pairs = paired_cities(state, d.victim)
    if d.first:
        _strike(state, d, [d.first, area], events)
    elif area in pairs:
        d.first = area
    else:
        _strike(state, d, [area], events)


def _strike(state: GameState, d: Avalanches, areas: list[str], events: list[Event]) -> None:
    rule = _rule(state)
    for area in areas:
        reduce_city(state, area, events, rule)
    events.append(AvalancheStruck(player=d.victim, areas=tuple(areas), rule=rule))
    d.first = ""
    d.left -= 1


def _choose(state: GameState, d: Avalanches, label: str, events: list[Event]) -> None:
    _pick(state, d, labels.value(label), events)


register(Avalanches, _step, _choose)
