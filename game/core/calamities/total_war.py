"""Total War (Double Empires, non-tradable; seed 002 chart row "Total War").

The primary victim loses a unit point per city they own, then names a neighbour (by land or
water) who loses one point fewer, or as many as that neighbour has cities if that is less; the
neighbour names the next one, who loses two fewer than the primary victim (or their own city
count), and so on. Nobody is hit twice; the war ends when the named player has no unaffected
neighbour left or the loss has come down to zero. Every player picks their own losses (a city
is five unit points, taken through `damage:lose_points`).

Decisions (unclear rules):
- A neighbour is a player with units in an area the director's units occupy or border by land
  or water (the director: the last player hit), on the board as it stood when Total War began:
  a player's own losses never cut them off from the neighbour they must name.
- "The loss equals zero" is the chain's number (the primary loss minus one per step). A named
  neighbour without cities loses nothing but still carries the war on; naming a city-less
  player never stops it.
- Naming is a duty, not an option: the director must name one of their unaffected neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..state import GameState
from .common import calamity, params
from .damage import LosePoints
from .outcome import CalamityProgress, no_effect
from .tyranny import areas_of

ID = "total_war"


@dataclass(kw_only=True)
class TotalWar(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "chain"] = "start"
    initial: int = 0  # the primary victim's loss
    hit: list[str] = field(default_factory=list)  # the players struck, in order
    held: dict[str, list[str]] = field(default_factory=dict)  # each player's areas at the start


@dataclass(frozen=True, kw_only=True)
class WarSpread(Event):
    director: str  # who named the player ("" for the primary victim)
    player: str
    loss: int  # unit points the player must lose


def _rule(state: GameState) -> str:
    return calamity(state, ID).clauses[0]


def neighbours(state: GameState, player: str, held: dict[str, list[str]]) -> list[str]:
    """Other players with units in or next to (by land, or water when the chart allows) an area
    holding `player`'s units, in A.S.T. ranking order; `held`: each player's areas."""
    by_water = bool(params(state, ID).get("neighbour_by_water"))
    near = set(held[player])
    for area in held[player]:
        near.update(state.map.neighbours(area) if by_water else state.map.land.get(area, ()))
    return [pid for pid in state.players if pid != player and near & set(held[pid])]


def chain_loss(state: GameState, d: TotalWar) -> int:
    """The loss the next player in the chain faces before their own city cap."""
    step = int(params(state, ID)["chain_decrement"])
    return d.initial - step * len(d.hit)


def _step(state: GameState, d: TotalWar, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        d.stage = "chain"
        per_city = int(params(state, ID)["primary_loss_per_city"])
        d.initial = per_city * len(state.board.cities_of(victim))
        d.hit = []
        d.held = {pid: sorted(areas_of(state, pid)) for pid in state.players}
        if d.initial <= 0:
            no_effect(state, d, "the victim has no city", events)
            done(state, d)
            return
        _strike(state, d, "", victim, d.initial, events)
        return
    options = _options(state, d)
    if not options:
        done(state, d)
        return
    if len(options) == 1:
        _name(state, d, options[0], events)
        return
    ask(state, d.hit[-1], "total_war_neighbour",
        f"Name a neighbour to carry the Total War on (they lose up to {chain_loss(state, d)})",
        [labels.make("player", pid) for pid in options], _rule(state))


def _options(state: GameState, d: TotalWar) -> list[str]:
    if chain_loss(state, d) <= 0:
        return []
    return [pid for pid in neighbours(state, d.hit[-1], d.held) if pid not in d.hit]


def _name(state: GameState, d: TotalWar, target: str, events: list[Event]) -> None:
    loss = min(chain_loss(state, d), len(state.board.cities_of(target)))
    _strike(state, d, d.hit[-1], target, loss, events)


def _strike(state: GameState, d: TotalWar, director: str, target: str, loss: int,
            events: list[Event]) -> None:
    d.hit.append(target)
    events.append(WarSpread(director=director, player=target, loss=loss, rule=_rule(state)))
    if loss > 0:
        push(state, LosePoints(player=target, points=loss, rule=_rule(state)))


def _choose(state: GameState, d: TotalWar, label: str, events: list[Event]) -> None:
    _name(state, d, labels.value(label), events)


register(TotalWar, _step, _choose)
