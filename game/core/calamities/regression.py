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

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..state import GameState
from .common import calamity, holds_any, modified, params
from .damage import ReduceCities
from .outcome import CalamityProgress

ID = "regression"


@dataclass(frozen=True, kw_only=True)
class AstRegressedByCalamity(Event):
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


@dataclass(kw_only=True)
class Regression(CalamityProgress):
    KIND = f"calamity:{ID}"
    # cancelling: Mega Empires' offers to cancel steps; moved: the marker has moved;
    # advance_settled: Double Empires' advance has been lost (or none qualified)
    stage: Literal["start", "cancelling", "moved", "advance_settled"] = "start"
    steps: int = 0  # steps back before any is cancelled
    asked: int = 0  # steps the victim has been offered to cancel
    cancelled: int = 0
    advance_options: list[str] = field(default_factory=list)  # tied advances to lose, if asked


def _rule(state: GameState, index: int) -> str:
    clauses = calamity(state, ID).clauses
    return clauses[min(index, len(clauses) - 1)]


def _step(state: GameState, d: Regression, events: list[Event]) -> None:
    victim = d.victim
    player = state.players[victim]
    if d.stage == "start":
        d.stage = "cancelling"
        d.steps = min(modified(state, ID, "ast_steps_back", victim), player.ast)
        d.asked = 0
        d.cancelled = 0
    if d.stage == "cancelling":
        if _may_cancel(state, d):
            ask(state, victim, "regression_cancel",
                f"Destroy {_cancel_cost(state)} of your cities to keep one A.S.T. step?",
                ["yes", "no"], _rule(state, 0))
            return
        d.stage = "moved"
        _move_marker(state, d, events)
    if "advance_lost_min_cost_per_ast_vp" in params(state, ID) and d.stage == "moved":
        _lose_advance(state, d, events)
        return
    done(state, d)


def _cancel_cost(state: GameState) -> int:
    return int(params(state, ID).get("cancel_step_cities_destroyed", 0))


def _may_cancel(state: GameState, d: Regression) -> bool:
    victim = d.victim
    p = params(state, ID)
    if d.asked >= d.steps:
        return False
    if not holds_any(state, victim, p.get("cancel_step_advances")):
        return False
    return len(state.board.cities_of(victim)) >= _cancel_cost(state) > 0


def _move_marker(state: GameState, d: Regression, events: list[Event]) -> None:
    victim = d.victim
    steps = d.steps - d.cancelled
    player = state.player_to_change(victim)
    if d.cancelled:
        events.append(RegressionCancelled(player=victim, steps=d.cancelled,
                                          rule=_rule(state, 0)))
    if steps <= 0:
        return
    player.ast -= steps
    rule = _rule(state, 0)
    owned = player.advances
    if "fundamentalism" in owned or "library" in owned:  # name the clause that set the number
        rule = _rule(state, 1 if "fundamentalism" in owned else 2)
    events.append(AstRegressedByCalamity(player=victim, steps=steps, ast=player.ast, rule=rule))


def _choose(state: GameState, d: Regression, label: str, events: list[Event]) -> None:
    if d.advance_options:
        _give_away(state, d, labels.value(label), events)
        return
    d.asked += 1
    if label != "yes":
        d.asked = d.steps  # declining one step declines the rest: nothing changed
        return
    d.cancelled += 1
    _destroy_for_step(state, d.victim)


def _destroy_for_step(state: GameState, victim: str) -> None:
    """Non-coastal cities first: push the coastal remainder first, so it runs last."""
    need = _cancel_cost(state)
    inland = [a for a in state.board.cities_of(victim) if not state.map.areas[a].coastal]
    rule = _rule(state, 0)
    first = min(need, len(inland))
    if need > first:
        push(state, ReduceCities(player=victim, count=need - first, mode="destroy",
             rule=rule))
    if first:
        push(state, ReduceCities(player=victim, count=first, areas=inland,
             mode="destroy", rule=rule))


def _lose_advance(state: GameState, d: Regression, events: list[Event]) -> None:
    victim = d.victim
    data = state.data
    player = state.players[victim]
    floor = (int(params(state, ID)["advance_lost_min_cost_per_ast_vp"])
             * data.ast_numbers["vp_per_step"] * player.ast)
    costs = {a: data.advances[a].cost for a in player.advances if data.advances[a].cost >= floor}
    if not costs:
        d.stage = "advance_settled"
        return
    cheapest = min(costs.values())
    tied = sorted(a for a, cost in costs.items() if cost == cheapest)
    if len(tied) == 1:
        _give_away(state, d, tied[0], events)
        return
    d.advance_options = tied
    ask(state, victim, "regression_advance", "Choose the advance you lose",
        [labels.make("advance", a) for a in tied], _rule(state, 0))


def _give_away(state: GameState, d: Regression, advance: str, events: list[Event]) -> None:
    victim = d.victim
    rule = _rule(state, 0)
    d.advance_options = []
    d.stage = "advance_settled"
    state.player_to_change(victim).advances.remove(advance)
    events.append(AdvanceLost(player=victim, advance=advance, rule=rule))
    for pid, other in state.players.items():
        if pid != victim and advance not in other.advances:
            state.player_to_change(pid).advances.append(advance)
            events.append(AdvanceReceived(player=pid, advance=advance, rule=rule))


register(Regression, _step, _choose)
