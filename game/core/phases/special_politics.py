"""Politics (rules §8 #47, phase 10), one of two things: take up to 5 tokens from stock into
treasury, or annex all units in one land-adjacent area, paying 1 treasury per unit point into
the user's own stock. Barbarians, pirate cities and holders of Politics or Cultural Ascendancy
are immune.

decided: the rules say an annexation the user cannot pay for fails; since no option may fail
once offered, only areas the user can pay for (and has the cities in stock to annex) are offered.
One decision carries both choices: `number:N` takes N treasury, `area:X` annexes X.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import cities_in_stock, gain_treasury, pay_treasury
from ..state import GameState
from .special_common import AbilityProgress, AreaUnits, adjacent_targets, annex_units

KIND = "special:politics"
EFFECT = "special_treasury_or_annex"
IMMUNE = "immune_politics"
RULE = "rules:phase-10-politics"


def annex_price(state: GameState, units: AreaUnits) -> int:
    return units.unit_points * state.data.numbers["politics_annex_treasury_per_unit_point"]


def annex_targets(state: GameState, player: str) -> dict[str, AreaUnits]:
    """Areas the user can pay for. The price goes into the user's stock before the units are
    replaced, and it is at least the number of tokens, so stock never runs short; a city still
    needs one of the user's cities in stock."""
    treasury = state.players[player].treasury
    return {
        area: units
        for area, units in adjacent_targets(state, player, IMMUNE).items()
        if annex_price(state, units) <= treasury
        and not (units.city and cities_in_stock(state, player) <= 0)
    }


def treasury_choices(state: GameState, player: str) -> list[int]:
    most = min(state.data.numbers["politics_treasury"], state.players[player].stock)
    return list(range(1, most + 1))


def usable(state: GameState, player: str) -> bool:
    return bool(treasury_choices(state, player) or annex_targets(state, player))


@dataclass(kw_only=True)
class Politics(AbilityProgress):
    KIND = KIND


def _step(state: GameState, task: Politics, events: list[Event]) -> None:
    player = task.player
    options = [labels.make("number", n) for n in treasury_choices(state, player)]
    options += [labels.make("area", a) for a in annex_targets(state, player)]
    if task.stop or not options:
        done(state, task)
        return
    ask(state, player, "politics",
        "Politics: take N treasury from stock (number), or annex an area paying 1 treasury per "
        "unit point (area)", [*options, "done"], RULE)


def _choose(state: GameState, task: Politics, label: str, events: list[Event]) -> None:
    task.stop = True
    player = task.player
    kind = labels.kind_of(label)
    if kind == "number":
        gain_treasury(state, player, labels.number(label), events, RULE)
    elif kind == "area":
        area = labels.value(label)
        units = annex_targets(state, player)[area]
        pay_treasury(state, player, annex_price(state, units), events, RULE)
        annex_units(state, area, player, units, events, RULE)


register(Politics, _step, _choose)
