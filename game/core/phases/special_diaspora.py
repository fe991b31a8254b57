"""Diaspora (rules §8 #37, phase 10): move up to 5 of the user's tokens anywhere on the board,
within population limits, never into an area with a city except the user's own city when they
hold Public Works. Picked one move at a time: source area, target area, then how many.

decided: "within population limits" counts every owner's tokens in the target (tokens that
share an area within its limit co-exist, rules §4 phase 3); the limit for the mover is the one
population.population_limit gives (Agriculture's +1 where nobody else is, the Public Works token
in the mover's own city, nothing in any other city area).
Moving there is not causing conflict (rules §4 phase 10).
"""

from __future__ import annotations

from ..events import Event, TokensMoved
from ..flow import ask, done, register_legacy
from ..gamedata import load_game_data
from ..population import population_limit
from ..state import GameState, Task
from .special_common import label_id

KIND = "special:diaspora"
EFFECT = "special_move_tokens"
RULE = "rules:phase-10-diaspora"


def room(state: GameState, player: str, area: str) -> int:
    """How many more of the player's tokens Diaspora may bring into the area: its limit for the
    player less every token already there."""
    here = state.board.tokens.get(area, {})
    return max(population_limit(state, area, player) - sum(here.values()), 0)


def targets(state: GameState, player: str, source: str) -> list[str]:
    return [a for a in state.map.areas if a != source and room(state, player, a) > 0]


def sources(state: GameState, player: str) -> list[str]:
    """Areas with the player's tokens from which some other area can take one."""
    open_areas = [a for a in state.map.areas if room(state, player, a) > 0]
    return sorted(
        a for a, here in state.board.tokens.items()
        if here.get(player) and any(t != a for t in open_areas)
    )


def usable(state: GameState, player: str) -> bool:
    return bool(sources(state, player))


def _left(task: Task) -> int:
    return int(load_game_data().numbers["diaspora_tokens"]) - int(task.data.get("moved", 0))


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    player = d["player"]
    if d.get("stop") or _left(task) <= 0:
        done(state, task)
        return
    source, target = d.get("source", ""), d.get("target", "")
    if not source:
        found = sources(state, player)
        if not found:
            done(state, task)
            return
        ask(state, player, "diaspora_source",
            f"Diaspora: move tokens from which area? ({_left(task)} left)",
            [*(f"area:{a}" for a in found), "done"], RULE)
        return
    if not target:
        ask(state, player, "diaspora_target", f"Diaspora: move tokens from {source} to?",
            [*(f"area:{a}" for a in targets(state, player, source)), "done"], RULE)
        return
    most = min(_left(task), state.board.count(source, player), room(state, player, target))
    if most == 1:
        _move(state, task, 1, events)
        return
    ask(state, player, "diaspora_count", f"Diaspora: how many tokens from {source} to {target}?",
        [*(f"number:{n}" for n in range(1, most + 1)), "done"], RULE)


def _move(state: GameState, task: Task, n: int, events: list[Event]) -> None:
    d = task.data
    player, source, target = d["player"], d.pop("source"), d.pop("target")
    state.board.add(source, player, -n)
    state.board.add(target, player, n)
    d["moved"] = int(d.get("moved", 0)) + n
    events.append(TokensMoved(player=player, source=source, target=target, count=n, rule=RULE))


def _choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    if label == "done":
        d["stop"] = True
    elif label.startswith("number:"):
        _move(state, task, int(label_id(label)), events)
    elif not d.get("source"):
        d["source"] = label_id(label)
    else:
        d["target"] = label_id(label)


register_legacy(KIND, _step, _choose)
