"""Regression (non-tradable): the victim's A.S.T. marker moves back (001:29.9.1.1), one more
step with Fundamentalism (29.9.1.2), one fewer with Library (29.9.1.3); never below the start.

Mega Empires (rules §6.1): a holder of Enlightenment may cancel each step by destroying two of
their own cities, non-coastal ones if possible (`yes`/`no` per step, then the cities).
decided: only steps that would really move the marker may be cancelled, and only by a victim
with two cities to destroy.
Double Empires (002 chart): after the marker moves, the victim also loses an advance worth at
least twice their A.S.T. victory points; every player without that advance receives it.
decided: "worth" is the printed cost and the A.S.T. victory points are counted after the
marker moved. The advance lost is the cheapest one that qualifies (the chart's "tie" is between
qualifying advances of equal cost, and the victim picks among those); with no advance that
qualifies nothing is lost. Receiving an advance this way is not a purchase, so no on-purchase
effect (extra credits, a free Science advance) applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..flow import ask, done, push, register_legacy
from ..state import GameState, Task
from .common import calamity, holds_any, modified, params

ID = "regression"


@dataclass(frozen=True, kw_only=True)
class AstRegressed(Event):
    player: str
    steps: int
    ast: int  # the marker's space afterwards


@dataclass(frozen=True, kw_only=True)
class RegressionCancelled(Event):
    player: str
    steps: int


@dataclass(frozen=True, kw_only=True)
class AdvanceLost(Event):
    player: str
    advance: str


@dataclass(frozen=True, kw_only=True)
class AdvanceReceived(Event):
    player: str
    advance: str


def _rule(state: GameState, index: int) -> str:
    clauses = calamity(state, ID).clauses
    return clauses[min(index, len(clauses) - 1)]


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    victim = d["victim"]
    player = state.players[victim]
    if "steps" not in d:
        d["steps"] = min(modified(state, ID, "ast_steps_back", victim), player.ast)
        d["asked"] = 0
        d["cancelled"] = 0
    if _may_cancel(state, d):
        ask(state, victim, "regression_cancel",
            f"Destroy {_cancel_cost(state)} of your cities to keep one A.S.T. step?",
            ["yes", "no"], _rule(state, 0))
        return
    if not d.get("moved"):
        d["moved"] = True
        _move_marker(state, d, events)
    if "advance_lost_min_cost_per_ast_vp" in params(state, ID) and not d.get("advance_done"):
        _lose_advance(state, task, events)
        return
    done(state, task)


def _cancel_cost(state: GameState) -> int:
    return int(params(state, ID).get("cancel_step_cities_destroyed", 0))


def _may_cancel(state: GameState, d: dict[str, Any]) -> bool:
    victim = d["victim"]
    p = params(state, ID)
    if int(d["asked"]) >= int(d["steps"]):
        return False
    if not holds_any(state, victim, p.get("cancel_step_advances")):
        return False
    return len(state.board.cities_of(victim)) >= _cancel_cost(state) > 0


def _move_marker(state: GameState, d: dict[str, Any], events: list[Event]) -> None:
    victim = d["victim"]
    steps = int(d["steps"]) - int(d["cancelled"])
    player = state.players[victim]
    if int(d["cancelled"]):
        events.append(RegressionCancelled(player=victim, steps=int(d["cancelled"]),
                                          rule=_rule(state, 0)))
    if steps <= 0:
        return
    player.ast -= steps
    rule = _rule(state, 0)
    owned = player.advances
    if "fundamentalism" in owned or "library" in owned:  # name the clause that set the number
        rule = _rule(state, 1 if "fundamentalism" in owned else 2)
    events.append(AstRegressed(player=victim, steps=steps, ast=player.ast, rule=rule))


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    if d.get("advance_options"):
        _give_away(state, d, label.split(":", 1)[1], events)
        return
    d["asked"] = int(d["asked"]) + 1
    if label != "yes":
        d["asked"] = int(d["steps"])  # declining one step declines the rest: nothing changed
        return
    d["cancelled"] = int(d["cancelled"]) + 1
    _destroy_for_step(state, d["victim"])


def _destroy_for_step(state: GameState, victim: str) -> None:
    """Non-coastal cities first: push the coastal remainder first, so it runs last."""
    need = _cancel_cost(state)
    inland = [a for a in state.board.cities_of(victim) if not state.map.areas[a].coastal]
    rule = _rule(state, 0)
    first = min(need, len(inland))
    if need > first:
        push(state, "damage:reduce_cities", player=victim, count=need - first, mode="destroy",
             rule=rule)
    if first:
        push(state, "damage:reduce_cities", player=victim, count=first, areas=inland,
             mode="destroy", rule=rule)


def _lose_advance(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    victim = d["victim"]
    data = state.data
    player = state.players[victim]
    floor = (int(params(state, ID)["advance_lost_min_cost_per_ast_vp"])
             * data.ast_numbers["vp_per_step"] * player.ast)
    costs = {a: data.advances[a].cost for a in player.advances if data.advances[a].cost >= floor}
    if not costs:
        d["advance_done"] = True
        return
    cheapest = min(costs.values())
    tied = sorted(a for a, cost in costs.items() if cost == cheapest)
    if len(tied) == 1:
        _give_away(state, d, tied[0], events)
        return
    d["advance_options"] = tied
    ask(state, victim, "regression_advance", "Choose the advance you lose",
        [f"advance:{a}" for a in tied], _rule(state, 0))


def _give_away(state: GameState, d: dict[str, Any], advance: str, events: list[Event]) -> None:
    victim = d["victim"]
    rule = _rule(state, 0)
    d.pop("advance_options", None)
    d["advance_done"] = True
    state.players[victim].advances.remove(advance)
    events.append(AdvanceLost(player=victim, advance=advance, rule=rule))
    for pid, other in state.players.items():
        if pid != victim and advance not in other.advances:
            other.advances.append(advance)
            events.append(AdvanceReceived(player=pid, advance=advance, rule=rule))


register_legacy(f"calamity:{ID}", _step, _choose)
