"""Every upgrade of an older save format, in one place.

`MIGRATIONS[v]` turns a save of format v into format v + 1, as plain JSON data; `upgrade` chains
them up to `CURRENT`. To change the format: bump `CURRENT`, write the step from the old number
here (rename keys, fill new ones with what the old file implies), keep a file of the old format
under tests/persist/ and test that it still loads. A step raises `MigrationError` with one line
when the old file cannot be upgraded. Never delete a step: old files live for years.

Format history:
  0  a bare game state as written by `GameState.to_json` (debug dumps, scenario states)
  1  the save envelope: versions, rule set, map id and hash, configuration, seed, start,
     action log, turn hashes, state hash and the state snapshot
  2  "seats": who sits in each seat, player -> "human" or a bot level (names are in the
     configuration). Older files did not say: every seat is taken to be human.
  3  "map_setup" in the configuration (of the save, its state and its start): the map set-up
     whose areas are in play (game/core/mapsetup.py). Older files were played on the whole
     board, whatever their map's set-ups say, so they get "whole-board".
  4  the core keeps each procedure's progress in its own typed form, which changes the plain
     form of the task stack, and so every state hash, but no rule. An older file's log is
     played again from its start to write the snapshot and the turn hashes anew; the log must
     reach the old snapshot's position (board, hands, decks, scores, generator) exactly.
  5  a decision keeps the names its prompt holds apart from its words (`Pending.words`), which
     changes every state hash with a decision pending, but no rule: played again as for 4.

The turn order is `config.players` (a list, in every state hash); a state's `players` are keyed
in that order when it is read, whatever the file's key order. Saves always kept that order, so
no step was needed and their hashes still verify; bare states written with sorted keys (format
0) now play in the right order too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core import (
    WHOLE_BOARD,
    Action,
    GameConfig,
    GameState,
    IllegalAction,
    MapGraph,
    SetupError,
    StateError,
    from_plain,
    map_digest,
    new_game,
    to_plain,
)

from .record import GameRecord

FORMAT_NAME = "calamitas-save"
CURRENT = 5

Data = dict[str, Any]
Migration = Callable[[Data], Data]


class MigrationError(ValueError):
    """An old file that cannot be brought up to date; the message is one line."""


def looks_like_bare_state(data: Mapping[str, Any]) -> bool:
    return "format" not in data and {"version", "config", "board", "players"} <= set(data)


def _bare_state_to_1(data: Data) -> Data:
    """A state on its own becomes a save whose log starts (and ends) at that state."""
    try:
        state = from_plain(GameState, data)
    except StateError as err:
        raise MigrationError(f"the game state cannot be read: {err}") from None
    plain = to_plain(state)
    digest = state.state_hash()
    return {
        "format": FORMAT_NAME,
        "format_version": 1,
        "game_version": "",
        "saved_at": "",
        "ruleset": state.config.ruleset,
        "map": {"id": state.map.id, "hash": map_digest(state.map)},
        "config": plain["config"],
        "seed": state.config.seed,
        "start": plain,
        "actions": [],
        "hashes": [{"action": 0, "turn": state.turn, "hash": digest}],
        "state_hash": digest,
        "state": plain,
    }


def _seats_2(data: Data) -> Data:
    """Format 1 did not record who sat where: every seat becomes human (a person can still
    play every seat; nothing plays itself unasked)."""
    state = data.get("state")
    players = state.get("players") if isinstance(state, dict) else None
    seats = {pid: "human" for pid in players} if isinstance(players, dict) else {}
    return {**data, "seats": seats}


def _whole_board_3(data: Data) -> Data:
    """Before format 3 every game was played with every area of its map in play, also on maps
    whose set-ups put areas out of play: its log is only valid on the whole board, so that is
    the set-up it gets, named explicitly (an empty one would pick the map's set-up for the
    player count at a replay's new game, and the log would no longer fit). The state hash
    leaves the map set-up out, so the recorded hashes still hold."""
    out = dict(data)
    for key in ("config", "state", "start"):
        part = out.get(key)
        if not isinstance(part, dict):
            continue
        config = part if key == "config" else part.get("config")
        if isinstance(config, dict) and "map_setup" not in config:
            config = {**config, "map_setup": WHOLE_BOARD}
            out[key] = config if key == "config" else {**part, "config": config}
    return out


def _replayed(data: Data) -> Data:
    """The log played again from its start with today's core: a new snapshot, start and turn
    hashes, checked against everything the old snapshot says but what the new form adds."""
    old = data.get("state")
    log = data.get("actions")
    if not isinstance(old, dict) or not isinstance(log, list):
        raise MigrationError("an older save without its game state or its action log")
    try:
        graph = from_plain(MapGraph, old.get("map"), "state.map")
        config = from_plain(GameConfig, data.get("config"), "config")
        start = data.get("start")
        state = (new_game(config, graph) if start is None
                 else from_plain(GameState, start, "start"))
    except (StateError, SetupError) as err:
        raise MigrationError(f"an older save whose start cannot be read again: {err}") from None
    record = GameRecord.begin(state, from_new_game=start is None)
    for i, item in enumerate(log):
        if not isinstance(item, dict) or not all(
                isinstance(item.get(k), str) for k in ("player", "label")):
            raise MigrationError(f"actions[{i}]: expected {{\"player\": ..., \"label\": ...}}")
        try:
            record.apply(state, Action(item["player"], item["label"]))
        except IllegalAction as err:
            raise MigrationError(f"an older save whose log no longer plays: action {i}: "
                                 f"{err.reason}") from None
    new = to_plain(state)
    # The task stack (format 4), and the typed details and words decisions now carry (4, 5).
    was = {**old, "pending": _without_detail(old.get("pending"))}
    now = {**new, "pending": _without_detail(new.get("pending"))}
    differs = sorted(k for k in set(was) | set(now) if k != "tasks" and was.get(k) != now.get(k))
    if differs:
        raise MigrationError(f"an older save whose log no longer reaches its snapshot "
                             f"({differs[0]} differs)")
    return {
        **data,
        "start": None if record.start is None else to_plain(record.start),
        "hashes": [{"action": h.action, "turn": h.turn, "hash": h.hash} for h in record.hashes],
        "state_hash": state.state_hash(),
        "state": new,
    }


def _without_detail(pending: Any) -> Any:
    if isinstance(pending, dict):
        return {k: v for k, v in pending.items() if k not in ("detail", "words")}
    return pending


MIGRATIONS: dict[int, Migration] = {
    0: _bare_state_to_1,
    1: _seats_2,
    2: _whole_board_3,
    3: _replayed,
    4: _replayed,
}


def upgrade(
    data: Data, version: int, migrations: Mapping[int, Migration] = MIGRATIONS,
    current: int = CURRENT,
) -> Data:
    """`data` of format `version`, brought up to `current` one step at a time."""
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise MigrationError(f"save format {version} is too old to read")
        data = step(data)
        version += 1
        data["format_version"] = version
    return data
