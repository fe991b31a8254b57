"""Phase 2, population expansion and census (rules §4 phase 2).

Every area holding a player's tokens grows by 1 (exactly 1 token there) or 2 (2 or more),
city areas included; barbarians never grow. A player whose stock cannot cover every area
places what the stock holds, one token at a time, in areas that still have growth due: all of
the stock must go, so `done` is never offered. Then each player's census is set to their tokens
on the board. Players act one after another in A.S.T. ranking order; they do not interact.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import place_tokens
from ..state import Detail, GameState, Progress, detail_type

RULE_EXPANSION = "rules:phase-2a"
RULE_CENSUS = "rules:phase-2b"


@dataclass(frozen=True, kw_only=True)
class CensusTaken(Event):
    player: str
    census: int


@dataclass(kw_only=True)
class PopulationExpansion(Progress):
    KIND = "phase:population_expansion"
    next: int = 0  # the index in the ranking of the player growing now
    due: dict[str, int] | None = None  # their growth still due per area (None: not yet worked out)


@detail_type
@dataclass(frozen=True)
class ExpansionShort(Detail):
    """The player's stock (`stock` tokens) cannot fill every area: `due` is the growth still
    owed per area, (area, tokens), in area order."""

    stock: int
    due: tuple[tuple[str, int], ...]


def growth_due(state: GameState, player: str) -> dict[str, int]:
    """Tokens each of the player's areas should gain: 1 where they have 1, 2 where 2 or more."""
    numbers = state.data.numbers
    due: dict[str, int] = {}
    for area in sorted(state.board.tokens):
        here = state.board.count(area, player)
        if here == 1:
            due[area] = numbers["expansion_from_one_token"]
        elif here >= 2:
            due[area] = numbers["expansion_from_two_or_more"]
    return due


def _step(state: GameState, d: PopulationExpansion, events: list[Event]) -> None:
    order = list(state.players)
    while d.next < len(order):
        pid = order[d.next]
        if d.due is None:
            d.due = growth_due(state, pid)
        due = {a: n for a, n in d.due.items() if n > 0}
        stock = state.players[pid].stock
        if stock > 0 and sum(due.values()) > stock and len(due) > 1:
            ask(state, pid, "expansion_area",
                f"Your stock cannot fill every area ({stock} token{'s' * (stock != 1)} left): "
                "choose where the next token goes",
                [labels.make("area", a) for a in due], RULE_EXPANSION,
                ExpansionShort(stock=stock, due=tuple(due.items())))
            return
        # Enough stock for all (or one area left, or none in stock): no choice to make.
        for area, n in due.items():
            place_tokens(state, pid, area, n, events, RULE_EXPANSION)
        d.due = None
        d.next += 1
    for pid in order:
        player = state.player_to_change(pid)
        player.census = state.board.tokens_of(pid)
        events.append(CensusTaken(player=pid, census=player.census, rule=RULE_CENSUS))
    done(state, d)


def _choose(state: GameState, d: PopulationExpansion, label: str, events: list[Event]) -> None:
    area = labels.value(label)
    pid = list(state.players)[d.next]
    place_tokens(state, pid, area, 1, events, RULE_EXPANSION)
    assert d.due is not None  # asked only once the growth due is worked out
    d.due[area] -= 1


register(PopulationExpansion, _step, _choose)
