"""Banditry (minor, tradable).

Classic (001:29.9.3) and Double Empires (002 chart): the victim selects commodity cards worth at
least one face-value point per city they own and gives them to the player who traded them the
card; when nobody did, the cards are discarded. Classic: Theology and Law -5 points each
(29.9.3.3, the unnumbered last line); the chart names no modifiers.
Mega Empires (rules §6.1): the victim discards two commodity cards of their choice, each unless
they pay four treasury for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..events import Event
from ..flow import ask, done, push, register
from ..ops import pay_treasury
from ..state import GameState
from .common import calamity, modified, params
from .corruption import SelectCards, commodity_cards
from .outcome import CalamityProgress, trader

ID = "banditry"


@dataclass(kw_only=True)
class Banditry(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "picking"] = "start"  # picking: a card pick is under way
    settled: int = 0  # Mega Empires: cards paid for or discarded so far


def _step(state: GameState, d: Banditry, events: list[Event]) -> None:
    if "commodity_cards_discarded" in params(state, ID):
        _mega_empires_step(state, d, events)
        return
    if d.stage == "picking":
        done(state, d)
        return
    victim, to = d.victim, trader(state, d)
    p = params(state, ID)
    cities = len(state.board.cities_of(victim))
    target = modified(state, ID, "face_value", victim, base=cities * int(p["face_value_per_city"]))
    clauses = calamity(state, ID).clauses
    rule = clauses[0] if to or len(clauses) == 1 else clauses[1]
    d.stage = "picking"
    push(state, SelectCards(player=victim, target=target, to=to, rule=rule))


def _mega_empires_step(state: GameState, d: Banditry, events: list[Event]) -> None:
    """One card at a time: pay to keep it (`yes`) or discard one (`no`, then the pick)."""
    victim, p = d.victim, params(state, ID)
    left = int(p["commodity_cards_discarded"]) - d.settled
    if d.stage == "picking":
        d.stage = "start"
        d.settled += 1
        return
    price = int(p["avoid_treasury_per_card"])
    if left <= 0 or not commodity_cards(state, victim):
        done(state, d)
        return
    rule = calamity(state, ID).clauses[0]
    if state.players[victim].treasury >= price:
        ask(state, victim, "banditry_pay", f"Pay {price} treasury to keep a commodity card "
            f"({left} card(s) to lose)?", ["yes", "no"], rule)
        return
    _discard_one(state, d)


def _discard_one(state: GameState, d: Banditry) -> None:
    d.stage = "picking"
    push(state, SelectCards(player=d.victim, target=1, to="",
                            rule=calamity(state, ID).clauses[0]))


def _choose(state: GameState, d: Banditry, label: str, events: list[Event]) -> None:
    if label == "yes":
        p = params(state, ID)
        pay_treasury(state, d.victim, int(p["avoid_treasury_per_card"]), events,
                     calamity(state, ID).clauses[0])
        d.settled += 1
    else:
        _discard_one(state, d)


register(Banditry, _step, _choose)
