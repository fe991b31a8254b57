"""Raiders (Double Empires, non-tradable; seed 002 chart row "Raiders").

The victim bribes the raiders: three treasury tokens back to stock for every city they have on
the board. What the treasury cannot cover, the raiders take from the board instead: the victim's
units are removed and replaced by barbarian tokens, which stay. A city is worth five units, and
more than half of the unit points removed must be tokens (population). Raider tokens above an
area's population limit are then removed. The bribe is paid from treasury only (Trade Empire,
or any other means, cannot buy treasury for it). Agriculture gives no bonus where a raider
token stands, as it never does where barbarians are (population.population_limit).

Decisions (unclear rules):
- One unit point is taken per treasury token left unpaid (the rule-set file says so).
- The chart names no selector: the victim picks the units, one at a time (tokens before a city
  in the same area). The raiders take as many of the unpaid points as they can without going
  over and with tokens making up more than half of what they take; a pick is offered only when
  that most can still be taken after it (so no order of picks lets the victim pay less). A
  victim with too few tokens loses less: the half rule caps the cities that may go.
- Each unit point taken becomes one barbarian token in its area (a city five); the surplus over
  the area's population limit (as barbarians alone count it) is then removed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import CITY_UNIT_POINTS, destroy_city, pay_treasury, place_tokens, remove_tokens
from ..population import population_limit
from ..state import BARBARIANS, GameState
from .barbarian_hordes import BarbariansDisbanded, BarbariansPlaced
from .common import calamity, params
from .damage import LossesOwed
from .outcome import CalamityProgress, no_effect

ID = "raiders"


@dataclass(frozen=True, kw_only=True)
class RaidersStruck(Event):
    player: str
    due: int  # treasury the bribe costs
    paid: int
    unpaid_loss: int  # unit points the raiders take instead


@dataclass(kw_only=True)
class Raiders(CalamityProgress):
    """The client's loss plan reads `left` (the unit points still owed) at `raiders_unit`."""

    KIND = f"calamity:{ID}"
    stage: Literal["bribe", "taking"] = "bribe"
    left: int = 0  # unit points the raiders still take
    tokens: int = 0  # tokens taken so far
    cities: int = 0  # cities taken so far
    hit: list[str] = field(default_factory=list)  # areas where raider tokens were placed


def _rule(state: GameState) -> str:
    return calamity(state, ID).clauses[0]


def _step(state: GameState, d: Raiders, events: list[Event]) -> None:
    if d.stage == "bribe":
        _bribe(state, d, events)
        return
    found = unit_options(state, d)
    if not found:
        _disband(state, d, events)
        done(state, d)
        return
    victim = d.victim
    tokens = sum(state.board.count(a, victim) for a in found)
    all_tokens = all(state.board.count(a, victim) for a in found)
    if len(found) == 1 or (all_tokens and tokens == _most(state, d)):
        _take(state, d, found[0], events)  # no choice: everything offered goes
        return
    ask(state, victim, "raiders_unit", f"The raiders take {d.left} more unit point(s): "
        "pick an area", [labels.make("area", a) for a in found], _rule(state),
        LossesOwed(points=d.left, areas=tuple(found), calamity=d.card, rule=_rule(state)))


def _bribe(state: GameState, d: Raiders, events: list[Event]) -> None:
    p = params(state, ID)
    victim, rule = d.victim, _rule(state)
    d.stage = "taking"
    d.tokens, d.cities, d.hit = 0, 0, []
    due = int(p["treasury_per_city"]) * len(state.board.cities_of(victim))
    if due <= 0:
        no_effect(state, d, "the victim has no city on the board", events)
        d.left = 0
        return
    paid = pay_treasury(state, victim, due, events, rule)
    loss = (due - paid) * int(p["unpaid_loss_per_treasury"])
    d.left = loss
    events.append(RaidersStruck(player=victim, due=due, paid=paid, unpaid_loss=loss, rule=rule))


def reach(taken: tuple[int, int], tokens: int, cities: int, left: int) -> int:
    """The most unit points still to take, at most `left`, from `tokens` tokens and `cities`
    cities, with tokens more than half of all taken (`taken`: tokens and cities so far);
    far below zero when no way of going on keeps tokens above half."""
    best = -(10**9)
    for more in range(min(cities, left // CITY_UNIT_POINTS) + 1):
        t = min(tokens, left - CITY_UNIT_POINTS * more)
        all_tokens, all_cities = taken[0] + t, taken[1] + more
        if all_cities == 0 or all_tokens > CITY_UNIT_POINTS * all_cities:
            best = max(best, t + CITY_UNIT_POINTS * more)
    return best


def _most(state: GameState, d: Raiders) -> int:
    board, victim = state.board, d.victim
    return reach((d.tokens, d.cities), board.tokens_of(victim),
                 len(board.cities_of(victim)), d.left)


def unit_options(state: GameState, d: Raiders) -> list[str]:
    """Areas where the raiders may take one of the victim's units next (see the docstring)."""
    victim, left = d.victim, d.left
    board = state.board
    most = _most(state, d)
    if most <= 0:
        return []
    taken = (d.tokens, d.cities)
    tokens, cities = board.tokens_of(victim), len(board.cities_of(victim))
    found = []
    if tokens and 1 + reach((taken[0] + 1, taken[1]), tokens - 1, cities, left - 1) == most:
        found = sorted(a for a, here in board.tokens.items() if here.get(victim))
    if cities and left >= CITY_UNIT_POINTS and CITY_UNIT_POINTS + reach(
            (taken[0], taken[1] + 1), tokens, cities - 1, left - CITY_UNIT_POINTS) == most:
        found += [a for a in board.cities_of(victim) if not board.count(a, victim)]
    return sorted(found)


def _take(state: GameState, d: Raiders, area: str, events: list[Event]) -> None:
    victim, rule = d.victim, _rule(state)
    if state.board.count(area, victim):
        remove_tokens(state, victim, area, 1, events, rule)
        points = 1
        d.tokens += 1
    else:
        destroy_city(state, area, events, rule)
        points = CITY_UNIT_POINTS
        d.cities += 1
    place_tokens(state, BARBARIANS, area, points, [], rule)
    events.append(BarbariansPlaced(area=area, count=points, controller="", rule=rule))
    d.left -= points
    if area not in d.hit:
        d.hit.append(area)


def _disband(state: GameState, d: Raiders, events: list[Event]) -> None:
    """Remove the raider tokens above each struck area's limit."""
    for area in d.hit:
        limit = population_limit(state, area, BARBARIANS, ignore_agriculture=True)
        excess = state.board.count(area, BARBARIANS) - limit
        if excess > 0:
            remove_tokens(state, BARBARIANS, area, excess, [], _rule(state))
            events.append(BarbariansDisbanded(area=area, count=excess, rule=_rule(state)))


def _choose(state: GameState, d: Raiders, label: str, events: list[Event]) -> None:
    _take(state, d, labels.value(label), events)


register(Raiders, _step, _choose)
