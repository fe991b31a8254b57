"""Minor Uprising (minor, tradable).

Classic (001:29.8.3.1): the victim returns one treasury token or one token from the board to
stock per city in play; Military and Advanced Military take 5 off that payment each (29.8.3.2).
The victim first says how many are paid from treasury (`number:N`), then picks the areas of the
board tokens. A victim short of both pays all they have.
Mega Empires (rules §6.1): one of the victim's cities is destroyed (the victim chooses which).
Double Empires (002 chart): the victim loses one unit point per city owned, each of which may be
bought off with two treasury (`number:N` unit points bought off, then the losses).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import pay_treasury
from ..state import GameState
from .common import calamity, modified, params
from .damage import LosePoints, ReduceCities
from .outcome import CalamityProgress

ID = "minor_uprising"


@dataclass(kw_only=True)
class MinorUprising(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "settled"] = "start"  # settled: paid, the losses pushed
    due: int = 0  # payments (classic) or unit points (Double Empires) owed


def _step(state: GameState, d: MinorUprising, events: list[Event]) -> None:
    if d.stage == "settled":
        done(state, d)
        return
    victim, p = d.victim, params(state, ID)
    rule = calamity(state, ID).clauses[0]
    cities = len(state.board.cities_of(victim))
    if "cities_destroyed" in p:
        d.stage = "settled"
        push(state, ReduceCities(player=victim, count=int(p["cities_destroyed"]),
             mode="destroy", rule=rule))
        return
    low, high = _treasury_range(state, d, cities)
    if low == high:
        _settle(state, d, low, events)
        return
    unit = "unit point(s) bought off at " if _buy_off(state) else "paid from treasury, at "
    ask(state, victim, "uprising_treasury",
        f"How many of the {d.due} {unit}{_price(state)} treasury each?",
        [labels.make("number", n) for n in range(low, high + 1)], rule)


def _buy_off(state: GameState) -> bool:
    return "avoid_treasury_per_unit_point" in params(state, ID)


def _price(state: GameState) -> int:
    return int(params(state, ID).get("avoid_treasury_per_unit_point", 1))


def _treasury_range(state: GameState, d: MinorUprising, cities: int) -> tuple[int, int]:
    """The numbers of payments the victim may make from treasury (the rest comes off the board).
    Classic: tokens only, so at least what the board cannot cover; Double Empires: any
    number of unit points bought off, two treasury each."""
    victim, p = d.victim, params(state, ID)
    treasury = state.players[victim].treasury
    if _buy_off(state):
        due = cities * int(p["loss_per_city"])
        d.due = due
        return 0, min(due, treasury // _price(state))
    due = modified(state, ID, "payment", victim, base=cities * int(p["payment_per_city"]))
    tokens = state.board.tokens_of(victim)
    due = min(due, treasury + tokens)
    d.due = due
    return max(due - tokens, 0), min(due, treasury)


def _settle(state: GameState, d: MinorUprising, from_treasury: int, events: list[Event]) -> None:
    victim, rule = d.victim, calamity(state, ID).clauses[0]
    pay_treasury(state, victim, from_treasury * _price(state), events, rule)
    d.stage = "settled"
    left = d.due - from_treasury
    if left > 0:
        push(state, LosePoints(player=victim, points=left,
             cities=_buy_off(state), rule=rule))


def _choose(state: GameState, d: MinorUprising, label: str, events: list[Event]) -> None:
    _settle(state, d, labels.number(label), events)


register(MinorUprising, _step, _choose)
