"""Phase 3, movement with ship building and upkeep (rules §4 phase 3, §8, §11).

Players move one after another: highest census first, ties by A.S.T. ranking, every Military
holder after all players without it. The mover picks an area where they can act (or `done`),
then one action there:
  area:Y     move unmoved tokens by land to Y (then `number:` how many)
  number:N   build a ship here paying N treasury and the rest in tokens
  yes        use a ship here: maintain it if it is old, then sail it (or let it stay)
An area is offered only when some action there is legal, and every action makes progress (a
token moves once a turn, a ship moves once and at most 4 are built), so movement always ends.
When the mover declares `done`, their ships neither built nor maintained this turn are lost.

Decided:
- Moves are final once made (the rules let a player take moves back until they declare the end
  of their movement; with one pick at a time, each pick is final).
- Roadbuilding's first step is judged with the whole group that moves: a group that would cause
  (or stand in) a conflict in the middle area may not go on, a smaller one may.
- Tokens paid for ships during movement come from those that already moved first (the player's
  best choice: they could not move again anyway), so no pick is needed for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..conflict_rules import holds
from ..eventdeck import war
from ..events import Event, TokensMoved
from ..flow import ask, done, push, register
from ..state import Detail, GameState, Progress, detail_type
from ..words import ref, say
from .movement_reach import (
    TokensToMove,
    add_mark,
    after_removal,
    can_move_by_land,
    entries_open,
    land_targets,
)
from .movement_ships import (
    ShipBuild,
    ShipTrip,
    build_payments,
    scrap_unkept_ships,
    ship_trip_possible,
)

RULE_MOVE = "rules:phase-3"
LAND_MOVE = "movement:land"
MILITARY = "moves_after_others"


@dataclass(frozen=True, kw_only=True)
class MovementTurn(Event):
    player: str


@dataclass(kw_only=True)
class Movement(Progress):
    KIND = "phase:movement"
    stage: Literal["start", "moving"] = "start"
    order: list[str] = field(default_factory=list)  # the movers, in movement order
    index: int = 0  # of the mover now
    announced: bool = False  # their turn to move has been told
    area: str = ""  # the area they chose to act in ("" none yet)
    asking: Literal["", "area", "action"] = ""


@dataclass(kw_only=True)
class LandMove(Progress):
    """`player` moves unmoved tokens by land from `source` to `target` (how many, if asked)."""

    KIND = LAND_MOVE
    player: str
    source: str
    target: str


@detail_type
@dataclass(frozen=True)
class MovementAction(Detail):
    """What the mover does in `area`: move tokens by land, build a ship, or use one."""

    area: str


def movement_order(state: GameState) -> list[str]:
    """Highest census first, ties by A.S.T. ranking; Military holders after all others."""
    rank = {pid: i for i, pid in enumerate(state.players)}
    return sorted(state.players, key=lambda p: (
        holds(state, p, MILITARY), -state.players[p].census, rank[p]))


def area_actions(state: GameState, player: str, area: str) -> list[str]:
    """Every legal action of the player in one area, as option labels."""
    options = [labels.make("area", t) for t in land_targets(state, player, area)]
    options += [labels.make("number", t) for t in build_payments(state, player, area)]
    if ship_trip_possible(state, player, area):
        options.append("yes")
    return options


def active_areas(state: GameState, player: str) -> list[str]:
    board = state.board
    mine = {a for a, here in board.tokens.items() if here.get(player, 0)}
    mine |= {a for a, here in board.ships.items() if here.get(player, 0)}
    open_ = entries_open(state, player)
    return [a for a in sorted(mine) if _has_action(state, player, a, open_)]


def _has_action(state: GameState, player: str, area: str, open_: bool) -> bool:
    """Whether `area_actions` has any action, found without listing them all."""
    return bool(can_move_by_land(state, player, area, open_)
                or build_payments(state, player, area) or ship_trip_possible(state, player, area))


def _step(state: GameState, d: Movement, events: list[Event]) -> None:
    if d.stage == "start":
        d.stage, d.order, d.index = "moving", movement_order(state), 0
    while d.index < len(d.order):
        player = d.order[d.index]
        if not d.announced:
            d.announced = True
            events.append(MovementTurn(player=player, rule=RULE_MOVE))
        if d.area:
            options = area_actions(state, player, d.area)
            if not options:  # cannot happen: only areas with an action are offered
                d.area = ""
                continue
            if len(options) == 1:
                _start(state, d, player, options[0])
                return
            d.asking = "action"
            ask(state, player, "movement_action",
                say("In {area}: area = move tokens there by land, number = build a ship "
                    "paying that much treasury (the rest in tokens), yes = use a ship here",
                    area=ref("area", d.area)), options,
                RULE_MOVE, MovementAction(area=d.area))
            return
        areas = active_areas(state, player)
        if areas:
            d.asking = "area"
            ask(state, player, "movement_area", "Act in which area? (done: end your movement)",
                [labels.make("area", a) for a in areas] + ["done"], RULE_MOVE)
            return
        _finish_mover(state, d, player, events)
    done(state, d)


def _finish_mover(state: GameState, d: Movement, player: str, events: list[Event]) -> None:
    scrap_unkept_ships(state, player, events)
    d.index += 1
    d.announced = False


def _start(state: GameState, d: Movement, player: str, label: str) -> None:
    """Push the sub-task for the action picked in the chosen area."""
    area, d.area = d.area, ""
    kind = labels.kind_of(label)
    if kind == "area":
        push(state, LandMove(player=player, source=area, target=labels.value(label)))
    elif kind == "number":
        push(state, ShipBuild(player=player, area=area, treasury=labels.number(label)))
    else:
        push(state, ShipTrip(player=player, area=area))


def _choose(state: GameState, d: Movement, label: str, events: list[Event]) -> None:
    player = d.order[d.index]
    asking, d.asking = d.asking, ""
    if asking == "area":
        if label == "done":
            _finish_mover(state, d, player, events)
        else:
            d.area = labels.value(label)
        return
    _start(state, d, player, label)


def _land_step(state: GameState, d: LandMove, events: list[Event]) -> None:
    player, source, target = d.player, d.source, d.target
    counts = land_targets(state, player, source).get(target, [])
    if len(counts) > 1:
        ask(state, player, "movement_tokens",
            say("How many tokens move from {source} to {target}?",
                source=ref("area", source), target=ref("area", target)),
            [labels.make("number", n) for n in counts], RULE_MOVE,
            TokensToMove(source=source, target=target))
        return
    if counts:
        _move(state, player, source, target, counts[0], events)
    done(state, d)


def _land_choose(state: GameState, d: LandMove, label: str, events: list[Event]) -> None:
    _move(state, d.player, d.source, d.target, labels.number(label), events)
    done(state, d)


def _move(state: GameState, player: str, source: str, target: str, n: int,
          events: list[Event]) -> None:
    state.board.add(source, player, -n)
    state.board.add(target, player, n)
    add_mark(state, player, f"moved:{target}", n)
    events.append(TokensMoved(player=player, source=source, target=target, count=n,
                              rule=RULE_MOVE))
    for loser in war.after_move(state, player, target, n, events):  # the Events module's cards
        after_removal(state, loser, target)


register(Movement, _step, _choose)
register(LandMove, _land_step, _land_choose)
