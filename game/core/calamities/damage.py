"""Shared sub-tasks of the calamities. Push them from a calamity's step; they run first.

- `damage:lose_points` — a player removes unit points (token 1, city 5) from their own units:
    player, points, rule; optional areas (list: only these areas; default all),
    keep_one (bool: leave one token in each area; cities are then reduced to one token instead of
    removed, 001:29.6.2.2), cities (bool, default true: cities may be taken).
  One pick per token (`area:X`); a token goes before a city in the same area; a city is offered
  only while at least its worth remains or nothing else is left (never fewer points than asked,
  more only when unavoidable). Ends with a UnitsLost event.
- `damage:pick_players` — a chooser names `count` distinct players among `among` (`player:X`
  picks); the list goes into the task below under `into`.
- `damage:reduce_cities` — `chooser` (default: the player) picks `count` of `player`'s cities in
  `areas` (default all) to reduce (`mode` "reduce") or destroy (`mode` "destroy"); automatic
  when there is no choice. Reducing is population.reduce_city (Public Works' extra token
  counts towards the limit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..flow import ask, done, register_legacy
from ..ops import destroy_city, remove_tokens, unit_points
from ..population import reduce_city
from ..state import GameState, Task

CITY_POINTS = 5


@dataclass(frozen=True, kw_only=True)
class UnitsLost(Event):
    player: str
    points: int
    areas: tuple[str, ...]


def _lose_options(state: GameState, d: dict[str, Any]) -> list[str]:
    player, left = d["player"], int(d["points"]) - int(d.get("lost", 0))
    if left <= 0:
        return []
    board = state.board
    allowed = d.get("areas")
    areas = allowed if allowed is not None else sorted(
        set(board.cities_of(player)) | {a for a, t in board.tokens.items() if player in t})
    keep_one = bool(d.get("keep_one"))
    tokens, cities = [], []
    for area in areas:
        n = board.count(area, player)
        if n > (1 if keep_one else 0):
            tokens.append(area)
        elif board.cities.get(area) == player and d.get("cities", True):
            cities.append(area)
    worth = CITY_POINTS - 1 if keep_one else CITY_POINTS
    if tokens:
        cities = [a for a in cities if left >= worth]
    return [f"area:{a}" for a in tokens + cities]


def _lose_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    options = _lose_options(state, d)
    if not options:
        events.append(UnitsLost(player=d["player"], points=int(d.get("lost", 0)),
                                areas=tuple(d.get("hit", [])), rule=d.get("rule", "")))
        done(state, task)
        return
    if len(options) == 1:
        _lose_choose(state, task, options[0], events)
        return
    left = int(d["points"]) - int(d.get("lost", 0))
    ask(state, d["player"], "lose_unit_points",
        f"Remove {left} more unit point(s): pick an area", options, d.get("rule", ""))


def _lose_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    player, area, rule = d["player"], label.split(":", 1)[1], d.get("rule", "")
    before = unit_points(state, player)
    if state.board.count(area, player) > (1 if d.get("keep_one") else 0):
        remove_tokens(state, player, area, 1, events, rule)
    elif d.get("keep_one"):
        reduce_city(state, area, events, rule, keep=1)
    else:
        destroy_city(state, area, events, rule)
    d["lost"] = int(d.get("lost", 0)) + before - unit_points(state, player)
    hit = d.setdefault("hit", [])
    if area not in hit:
        hit.append(area)


def _pick_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    picked: list[str] = d.setdefault("picked", [])
    options = [p for p in d["among"] if p not in picked]
    if len(picked) >= int(d["count"]) or not options:
        state.tasks[-2].data[d["into"]] = list(picked)
        done(state, task)
        return
    if len(options) <= int(d["count"]) - len(picked):
        picked.extend(options)
        return
    ask(state, d["chooser"], "name_player", d.get("prompt", "Name a player"),
        [f"player:{p}" for p in options], d.get("rule", ""))


def _pick_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    task.data["picked"].append(label.split(":", 1)[1])


def _reduce_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    player = d["player"]
    allowed = d.get("areas")
    cities = [a for a in state.board.cities_of(player) if allowed is None or a in allowed]
    left = int(d["count"]) - int(d.get("done", 0))
    if left <= 0 or not cities:
        done(state, task)
        return
    if len(cities) <= left:
        for area in cities:
            _reduce_choose(state, task, f"area:{area}", events)
        return
    verb = "destroy" if d.get("mode") == "destroy" else "reduce"
    ask(state, d.get("chooser") or player, "city_to_" + verb,
        f"Choose a city of {player} to {verb} ({left} left)",
        [f"area:{a}" for a in cities], d.get("rule", ""))


def _reduce_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    area = label.split(":", 1)[1]
    if d.get("mode") == "destroy":
        destroy_city(state, area, events, d.get("rule", ""))
    else:
        reduce_city(state, area, events, d.get("rule", ""))
    d["done"] = int(d.get("done", 0)) + 1


register_legacy("damage:lose_points", _lose_step, _lose_choose)
register_legacy("damage:pick_players", _pick_step, _pick_choose)
register_legacy("damage:reduce_cities", _reduce_step, _reduce_choose)
