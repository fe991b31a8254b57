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

from dataclasses import dataclass
from typing import Any

from ..conflict_rules import holds
from ..events import Event, TokensMoved
from ..flow import ask, done, push, register_legacy
from ..state import GameState, Task
from .movement_reach import add_mark, land_targets
from .movement_ships import (
    SHIP_BUILD,
    SHIP_TRIP,
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


def movement_order(state: GameState) -> list[str]:
    """Highest census first, ties by A.S.T. ranking; Military holders after all others."""
    rank = {pid: i for i, pid in enumerate(state.players)}
    return sorted(state.players, key=lambda p: (
        holds(state, p, MILITARY), -state.players[p].census, rank[p]))


def area_actions(state: GameState, player: str, area: str) -> list[str]:
    """Every legal action of the player in one area, as option labels."""
    options = [f"area:{t}" for t in land_targets(state, player, area)]
    options += [f"number:{t}" for t in build_payments(state, player, area)]
    if ship_trip_possible(state, player, area):
        options.append("yes")
    return options


def active_areas(state: GameState, player: str) -> list[str]:
    board = state.board
    mine = {a for a, here in board.tokens.items() if here.get(player, 0)}
    mine |= {a for a, here in board.ships.items() if here.get(player, 0)}
    return [a for a in sorted(mine) if area_actions(state, player, a)]


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    data = task.data
    if "order" not in data:
        data["order"], data["index"] = movement_order(state), 0
    order: list[str] = data["order"]
    while int(data["index"]) < len(order):
        player = order[int(data["index"])]
        if not data.get("announced"):
            data["announced"] = True
            events.append(MovementTurn(player=player, rule=RULE_MOVE))
        area = data.get("area")
        if area is not None:
            options = area_actions(state, player, str(area))
            if not options:  # cannot happen: only areas with an action are offered
                data.pop("area")
                continue
            if len(options) == 1:
                _start(state, data, player, options[0])
                return
            data["asking"] = "action"
            ask(state, player, "movement_action",
                f"In {area}: area = move tokens there by land, number = build a ship paying that "
                "much treasury (the rest in tokens), yes = use a ship here", options, RULE_MOVE)
            return
        areas = active_areas(state, player)
        if areas:
            data["asking"] = "area"
            ask(state, player, "movement_area", "Act in which area? (done: end your movement)",
                [f"area:{a}" for a in areas] + ["done"], RULE_MOVE)
            return
        _finish_mover(state, data, player, events)
    done(state, task)


def _finish_mover(state: GameState, data: dict[str, Any], player: str,
                  events: list[Event]) -> None:
    scrap_unkept_ships(state, player, events)
    data["index"] = int(data["index"]) + 1
    data["announced"] = False


def _start(state: GameState, data: dict[str, Any], player: str, label: str) -> None:
    """Push the sub-task for the action picked in the chosen area."""
    area = str(data.pop("area"))
    kind, _, value = label.partition(":")
    if kind == "area":
        push(state, LAND_MOVE, player=player, source=area, target=value)
    elif kind == "number":
        push(state, SHIP_BUILD, player=player, area=area, treasury=int(value))
    else:
        push(state, SHIP_TRIP, player=player, area=area)


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    data = task.data
    player = data["order"][int(data["index"])]
    if data.pop("asking") == "area":
        if label == "done":
            _finish_mover(state, data, player, events)
        else:
            data["area"] = label.split(":", 1)[1]
        return
    _start(state, data, player, label)


def _land_step(state: GameState, task: Task, events: list[Event]) -> None:
    data = task.data
    player, source, target = str(data["player"]), str(data["source"]), str(data["target"])
    counts = land_targets(state, player, source).get(target, [])
    if len(counts) > 1:
        ask(state, player, "movement_tokens", f"How many tokens move from {source} to {target}?",
            [f"number:{n}" for n in counts], RULE_MOVE)
        return
    if counts:
        _move(state, player, source, target, counts[0], events)
    done(state, task)


def _land_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    data = task.data
    _move(state, str(data["player"]), str(data["source"]), str(data["target"]),
          int(label.split(":", 1)[1]), events)
    done(state, task)


def _move(state: GameState, player: str, source: str, target: str, n: int,
          events: list[Event]) -> None:
    state.board.add(source, player, -n)
    state.board.add(target, player, n)
    add_mark(state, player, f"moved:{target}", n)
    events.append(TokensMoved(player=player, source=source, target=target, count=n,
                              rule=RULE_MOVE))


register_legacy("phase:movement", _step, _choose)
register_legacy(LAND_MOVE, _land_step, _land_choose)
