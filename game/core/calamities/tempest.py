"""Tempest (minor; 001:29.3.3; seed 002 chart row "Tempest"; rules §6.1 for Mega Empires).

Classic and the chart: the victim returns all their ships and some treasury to stock;
Astronavigation and Cartography each let them keep two ships of their choice, Masonry and
Engineering lessen the treasury loss (classic only). Mega Empires: two unit points of damage from
coastal areas of the victim's choice, and five treasury.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import pay_treasury
from ..state import GameState
from .common import modified, params
from .damage import LosePoints
from .losses import return_ships
from .outcome import CalamityProgress, cite

ID = "tempest"


@dataclass(kw_only=True)
class Tempest(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "ships", "treasury"] = "start"
    kept: dict[str, int] = field(default_factory=dict)  # ships kept, by area
    may_keep: int = 0


def _ships_left(state: GameState, victim: str, kept: dict[str, int]) -> dict[str, int]:
    return {a: here[victim] - kept.get(a, 0) for a, here in sorted(state.board.ships.items())
            if here.get(victim, 0) > kept.get(a, 0)}


def _step(state: GameState, d: Tempest, events: list[Event]) -> None:
    victim = d.victim
    p = params(state, ID)
    if d.stage == "start":
        d.stage = "ships"
        d.may_keep = modified(state, ID, "ships_kept", victim) if "ships_kept" in p else 0
        if "coastal_loss" in p:
            coast = sorted(a for a in state.map.areas if state.map.areas[a].coastal)
            push(state, LosePoints(player=victim, areas=coast,
                 points=modified(state, ID, "coastal_loss", victim), rule=cite(state, ID)))
            return
    if p.get("ships_lost_all") and d.stage == "ships":
        left = _ships_left(state, victim, d.kept)
        if left and sum(d.kept.values()) < d.may_keep < state.board.ships_of(victim):
            ask(state, victim, "tempest_keep_ship", "Choose a ship to keep (done: lose the rest)",
                [*(labels.make("area", a) for a in left), "done"], cite(state, ID, "29.3.3.3"))
            return
        if d.may_keep < state.board.ships_of(victim):
            _sink(state, victim, d.kept, events)
        d.stage = "treasury"
    pay_treasury(state, victim, modified(state, ID, "treasury_loss", victim), events,
                 cite(state, ID, "29.3.3.2"))
    done(state, d)


def _sink(state: GameState, victim: str, kept: dict[str, int], events: list[Event]) -> None:
    for area in _ships_left(state, victim, kept):
        return_ships(state, victim, [area], kept.get(area, 0), events,
                     cite(state, ID, "29.3.3.1"))


def _choose(state: GameState, d: Tempest, label: str, events: list[Event]) -> None:
    if label == "done":
        _sink(state, d.victim, d.kept, events)
        d.stage = "treasury"
        return
    area = labels.value(label)
    d.kept[area] = d.kept.get(area, 0) + 1


register(Tempest, _step, _choose)
