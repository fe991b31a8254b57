"""Sub-tasks and helpers for calamities whose losses are bounded by where units stand (flood
plains, coastal areas, one token kept per area). They complement `damage`:

- `losses:lose` — `player` removes `points` unit points: tokens from the areas in `tokens_in`,
  cities from the areas in `cities_in` (a token before a city in the same area). With `cap`
  the loss never goes above `points` (a seed's "a maximum of"); without it a city may overshoot
  when nothing smaller is left, as in `damage:lose_points`. Ends with a UnitsLost event.
- `losses:share` — `chooser` shares `total` points among the players in `caps`
  ({player: most they can be given}), `player:X` then `number:N`; automatic when everyone can
  simply take their cap. The result goes into the task below under `into`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..conflict_rules import ShipsLost
from ..events import Event
from ..flow import ask, done, register_legacy
from ..ops import destroy_city, remove_tokens, unit_points
from ..state import GameState, Task
from .damage import UnitsLost

CITY_POINTS = 5


@dataclass(frozen=True, kw_only=True)
class CalamityAverted(Event):
    """A calamity that does nothing to its victim, and why."""

    calamity: str
    victim: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class LossesAssigned(Event):
    chooser: str
    shares: tuple[tuple[str, int], ...]


def coastal_areas(state: GameState, player: str) -> list[str]:
    """Coastal areas holding the player's tokens or city, sorted."""
    board = state.board
    held = set(board.cities_of(player)) | {a for a, t in board.tokens.items() if player in t}
    return sorted(a for a in held if state.map.areas[a].coastal)


def return_ships(
    state: GameState, player: str, areas: list[str] | None, keep: int, events: list[Event],
    rule: str,
) -> int:
    """Return the player's ships in `areas` (None: everywhere) to stock, keeping `keep` of them
    (the first in area order); returns how many went."""
    lost = 0
    for area in sorted(state.board.ships):
        if areas is not None and area not in areas:
            continue
        here = state.board.ships[area].get(player, 0)
        kept = min(keep, here)
        keep -= kept
        if here - kept > 0:
            state.board.add_ships(area, player, -(here - kept))
            events.append(ShipsLost(player=player, area=area, count=here - kept, rule=rule))
            lost += here - kept
    return lost


def share_caps(state: GameState, players: Iterable[str], max_each: int) -> dict[str, int]:
    """`losses:share` caps: for each of `players` (in their order), at most `max_each` and no
    more than the unit points they have; those with nothing to lose are left out."""
    caps = {pid: min(max_each, unit_points(state, pid)) for pid in players}
    return {pid: cap for pid, cap in caps.items() if cap > 0}


def _lose_options(state: GameState, d: dict[str, Any]) -> list[str]:
    player, left = d["player"], int(d["points"]) - int(d.get("lost", 0))
    if left <= 0:
        return []
    board = state.board
    tokens = [a for a in d["tokens_in"] if board.count(a, player) > 0]
    cities = [a for a in d["cities_in"]
              if board.cities.get(a) == player and a not in tokens]
    if tokens or d.get("cap"):
        cities = [a for a in cities if left >= CITY_POINTS]
    return [f"area:{a}" for a in sorted(set(tokens) | set(cities))]


def _within_reach(state: GameState, d: dict[str, Any]) -> int:
    """All the unit points the loss could take."""
    board, player = state.board, d["player"]
    tokens = sum(board.count(a, player) for a in d["tokens_in"])
    return tokens + CITY_POINTS * sum(1 for a in d["cities_in"] if board.cities.get(a) == player)


def _lose_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    options = _lose_options(state, d)
    if not options:
        events.append(UnitsLost(player=d["player"], points=int(d.get("lost", 0)),
                                areas=tuple(d.get("hit", [])), rule=d.get("rule", "")))
        done(state, task)
        return
    left = int(d["points"]) - int(d.get("lost", 0))
    if len(options) == 1 or _within_reach(state, d) <= left:  # no choice: everything goes
        _lose_choose(state, task, options[0], events)
        return
    ask(state, d["player"], "lose_unit_points",
        f"Remove {left} more unit point(s): pick an area", options, d.get("rule", ""))


def _lose_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    player, area, rule = d["player"], label.split(":", 1)[1], d.get("rule", "")
    before = unit_points(state, player)
    if area in d["tokens_in"] and state.board.count(area, player) > 0:
        remove_tokens(state, player, area, 1, events, rule)
    else:
        destroy_city(state, area, events, rule)
    d["lost"] = int(d.get("lost", 0)) + before - unit_points(state, player)
    hit = d.setdefault("hit", [])
    if area not in hit:
        hit.append(area)


def _share_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    given: dict[str, int] = d.setdefault("given", {})
    left = int(d["total"]) - sum(given.values())
    room = {p: int(c) - given.get(p, 0) for p, c in d["caps"].items()}
    room = {p: r for p, r in room.items() if r > 0}
    if left <= 0 or not room:
        state.tasks[-2].data[d["into"]] = dict(given)
        events.append(LossesAssigned(chooser=d["chooser"], shares=tuple(sorted(given.items())),
                                     rule=d.get("rule", "")))
        done(state, task)
        return
    if "naming" in d:
        who = d["naming"]
        top = min(room[who], left)
        ask(state, d["chooser"], "share_amount", f"How many unit points does {who} lose?",
            [f"number:{n}" for n in range(1, top + 1)], d.get("rule", ""))
        return
    if len(room) == 1 or sum(room.values()) <= left:
        for pid in d["caps"]:  # no real choice: everyone takes what they can, in ranking order
            take = min(room.get(pid, 0), left)
            if take > 0:
                given[pid] = given.get(pid, 0) + take
                left -= take
        return
    ask(state, d["chooser"], "share_player",
        f"Name a player to lose some of the {left} unit points left",
        [f"player:{p}" for p in room], d.get("rule", ""))


def _share_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    kind, _, value = label.partition(":")
    if kind == "player":
        d["naming"] = value
    else:
        who = d.pop("naming")
        d["given"][who] = d["given"].get(who, 0) + int(value)


def _legacy_share_step(state: GameState, task: Task, events: list[Event]) -> None:
    """`damage:share` in a state saved while one was under way: its caps (at most `max_each`
    and what a player has; never the chooser nor those in `exclude`) worked out, then carried
    on as the `losses:share` it is now."""
    d = task.data
    d["caps"] = share_caps(state, [pid for pid in state.players if pid != d["chooser"]
                                   and pid not in d.get("exclude", [])], int(d["max_each"]))
    task.kind = "losses:share"


register_legacy("losses:lose", _lose_step, _lose_choose)
register_legacy("losses:share", _share_step, _share_choose)
register_legacy("damage:share", _legacy_share_step, _share_choose)
