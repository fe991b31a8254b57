"""Banditry (minor, tradable).

Classic (001:29.9.3) and Double Empires (002 chart): the victim selects commodity cards worth at
least one face-value point per city they own and gives them to the player who traded them the
card; when nobody did, the cards are discarded. Classic: Theology and Law -5 points each
(29.9.3.3, the unnumbered last line); the chart names no modifiers.
Mega Empires (rules §6.1): the victim discards two commodity cards of their choice, each unless
they pay four treasury for it.
"""

from __future__ import annotations

from ..events import Event
from ..flow import ask, done, push, register_legacy
from ..ops import pay_treasury
from ..state import GameState, Task
from .common import calamity, modified, params
from .corruption import commodity_cards

ID = "banditry"


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    if "commodity_cards_discarded" in params(state, ID):
        _mega_empires_step(state, task, events)
        return
    if d.get("pushed"):
        done(state, task)
        return
    victim, trader = d["victim"], d.get("traded_by", "")
    p = params(state, ID)
    cities = len(state.board.cities_of(victim))
    target = modified(state, ID, "face_value", victim, base=cities * int(p["face_value_per_city"]))
    clauses = calamity(state, ID).clauses
    to = trader if trader in state.players and trader != victim else ""
    rule = clauses[0] if to or len(clauses) == 1 else clauses[1]
    d["pushed"] = True
    push(state, "corruption:select_cards", player=victim, target=target, to=to, rule=rule)


def _mega_empires_step(state: GameState, task: Task, events: list[Event]) -> None:
    """One card at a time: pay to keep it (`yes`) or discard one (`no`, then the pick)."""
    d = task.data
    victim, p = d["victim"], params(state, ID)
    left = int(p["commodity_cards_discarded"]) - int(d.get("settled", 0))
    if d.get("discarding"):
        d.pop("discarding")
        d["settled"] = int(d.get("settled", 0)) + 1
        return
    price = int(p["avoid_treasury_per_card"])
    if left <= 0 or not commodity_cards(state, victim):
        done(state, task)
        return
    rule = calamity(state, ID).clauses[0]
    if state.players[victim].treasury >= price:
        ask(state, victim, "banditry_pay", f"Pay {price} treasury to keep a commodity card "
            f"({left} card(s) to lose)?", ["yes", "no"], rule)
        return
    _discard_one(state, task)


def _discard_one(state: GameState, task: Task) -> None:
    d = task.data
    d["discarding"] = True
    push(state, "corruption:select_cards", player=d["victim"], target=1, to="",
         rule=calamity(state, ID).clauses[0])


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    if label == "yes":
        p = params(state, ID)
        pay_treasury(state, d["victim"], int(p["avoid_treasury_per_card"]), events,
                     calamity(state, ID).clauses[0])
        d["settled"] = int(d.get("settled", 0)) + 1
    else:
        _discard_one(state, task)


register_legacy(f"calamity:{ID}", _step, _choose)
