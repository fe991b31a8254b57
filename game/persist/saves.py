"""Save files: versioned JSON, written atomically, read back with one clear line on any problem.

A save holds the format and game versions, the rule set, the map's id and hash, the starting
configuration and seed, where the log starts (null: `new_game` from that configuration; else a
start snapshot), the action log, a state hash at each turn boundary, and a snapshot of the
current state (its own map graph included, so a save opens even when its map is not
installed), and who sits in each seat (a person, or a bot of some level). Loading uses the
snapshot; `game.persist.replay` re-applies the log.

Nothing here executes what a file says: JSON only, every value checked for type and range, the
snapshot's hash and the core's invariants checked before a state is handed out.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core import STATE_FORMAT_VERSION as STATE_VERSION
from game.core import Action, GameConfig, GameState, StateError, from_plain, map_digest, to_plain
from game.core import state_problems as playable

from . import paths
from .atomic import is_temp_file, write_atomic
from .migrations import CURRENT, FORMAT_NAME, MigrationError, looks_like_bare_state, upgrade
from .record import GameRecord, TurnHash
from .strictjson import JsonError, one_line, read_json_file

MAX_SAVE_BYTES = 64 * 1024 * 1024
MAX_LABEL = 200  # longer player ids or option labels are not ours
SUFFIX = ".json"
_HASH = re.compile(r"[0-9a-f]{16}")
_SEAT_KIND = re.compile(r"[a-z][a-z0-9_-]{0,23}")  # "human" or a bot level's name


class SaveError(Exception):
    """A save that cannot be written or read. `str(err)` is one line for the player."""


@dataclass
class SavedGame:
    state: GameState  # the snapshot: where play continues
    record: GameRecord  # the log, ready to carry on recording
    format_version: int  # of the file as it was on disk (older ones were upgraded)
    game_version: str
    saved_at: str
    path: Path | None = None

    @property
    def map_id(self) -> str:
        return self.state.map.id

    @property
    def map_hash(self) -> str:
        return map_digest(self.state.map)


@cache
def game_version() -> str:
    """This program's version, from the installed package metadata."""
    from importlib import metadata

    try:
        return metadata.version("calamitas")
    except metadata.PackageNotFoundError:  # e.g. a frozen build without the metadata
        return "unknown"


# --- writing ----------------------------------------------------------------------------------


def save_document(record: GameRecord, state: GameState) -> dict[str, Any]:
    """The save as plain JSON data (see the module docstring)."""
    return {
        "format": FORMAT_NAME,
        "format_version": CURRENT,
        "game_version": game_version(),
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "ruleset": record.config.ruleset,
        "map": {"id": state.map.id, "hash": map_digest(state.map)},
        "config": to_plain(record.config),
        "seed": record.config.seed,
        "start": None if record.start is None else to_plain(record.start),
        "actions": [{"player": a.player, "label": a.label} for a in record.actions],
        "hashes": [{"action": h.action, "turn": h.turn, "hash": h.hash} for h in record.hashes],
        "seats": {pid: record.seats.get(pid, "human") for pid in state.players},
        "state_hash": state.state_hash(),
        "state": to_plain(state),
    }


def encode_save(record: GameRecord, state: GameState) -> bytes:
    return json.dumps(save_document(record, state), separators=(",", ":")).encode()


def write_save(path: str | Path, record: GameRecord, state: GameState) -> Path:
    """Write the save atomically (the previous file stays whole until the new one is complete).
    SaveError with one line if the file cannot be written."""
    target = Path(path)
    data = encode_save(record, state)
    try:
        write_atomic(target, data)
    except OSError as err:
        raise SaveError(f"{target}: cannot write the save: {err.strerror or err}") from None
    return target


# --- reading ----------------------------------------------------------------------------------


def read_save(path: str | Path) -> SavedGame:
    """Read and check a save file (the file is only read). SaveError naming the file and the
    first problem, on one line, for anything unreadable, damaged, hostile or too new."""
    source = Path(path)
    try:
        data = read_json_file(source, MAX_SAVE_BYTES)
        game = decode_save(data)
    except (JsonError, SaveError) as err:
        raise SaveError(one_line(f"{source}: {err}", 400)) from None
    game.path = source
    return game


def decode_save(data: Any) -> SavedGame:
    """A SavedGame from parsed JSON data; SaveError (one line, no file name) on any problem."""
    try:
        return _decode(data)
    except SaveError as err:
        raise SaveError(one_line(str(err))) from None
    except (StateError, MigrationError) as err:
        raise SaveError(one_line(str(err))) from None
    except RecursionError:
        raise SaveError("nested too deeply") from None


def _decode(data: Any) -> SavedGame:
    if not isinstance(data, dict):
        raise SaveError("not a Calamitas save (the top level is not a JSON object)")
    version = _format_version(data)
    original = version
    if version > CURRENT:
        raise SaveError(
            f"made by a newer Calamitas (save format {version}, game version "
            f"{_text(data.get('game_version'))}); this is {game_version()}, which reads save "
            f"formats up to {CURRENT}: please update"
        )
    if version < CURRENT:
        data = upgrade(data, version)
    state = _state(data.get("state"), "state")
    config = _read(GameConfig, data.get("config"), "config")
    start = None if data.get("start") is None else _state(data.get("start"), "start")
    actions = _actions(data.get("actions"))
    hashes = _hashes(data.get("hashes"), len(actions))
    seats = _seats(data.get("seats"), state)
    _check_envelope(data, state, config)
    record = GameRecord(config=config, start=start, actions=actions, hashes=hashes, seats=seats)
    record.resume(state)
    return SavedGame(
        state=state, record=record, format_version=original,
        game_version=_text(data.get("game_version")), saved_at=_text(data.get("saved_at")),
    )


def _format_version(data: dict[str, Any]) -> int:
    if looks_like_bare_state(data):
        return 0
    if data.get("format") != FORMAT_NAME:
        raise SaveError("not a Calamitas save (no \"format\": \"calamitas-save\")")
    version = data.get("format_version")
    if type(version) is not int or version < 0:
        raise SaveError(f"format_version: expected a whole number, got {_describe(version)}")
    return version


def _state(value: Any, where: str) -> GameState:
    if not isinstance(value, dict):
        raise SaveError(f"{where}: expected the game state (an object), got {_describe(value)}")
    found = value.get("version")
    if type(found) is int and found > STATE_VERSION:
        raise SaveError(f"{where}: made by a newer Calamitas (state format {found}); please update")
    state: GameState = _read(GameState, value, where)
    problems = playable(state)  # the core's own check: ids, tasks, the pending decision
    if problems:
        raise SaveError(f"{where}: the game state is inconsistent: {problems[0]}")
    return state


def _read(cls: type[Any], value: Any, where: str) -> Any:
    try:
        return from_plain(cls, value, where)
    except StateError as err:
        raise SaveError(str(err)) from None


def _actions(value: Any) -> list[Action]:
    if not isinstance(value, list):
        raise SaveError(f"actions: expected a list, got {_describe(value)}")
    fast = _actions_fast(value)
    if fast is not None:
        return fast
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict) or set(item) != {"player", "label"}:
            raise SaveError(f"actions[{i}]: expected {{\"player\": ..., \"label\": ...}}")
        player, label = item["player"], item["label"]
        if not isinstance(player, str) or not isinstance(label, str):
            raise SaveError(f"actions[{i}]: player and label must be text")
        if not player or len(player) > MAX_LABEL or len(label) > MAX_LABEL:
            raise SaveError(f"actions[{i}]: player or label is empty or too long")
        if not (player.isprintable() and label.isprintable()):  # no terminal escapes
            raise SaveError(f"actions[{i}]: player or label holds control characters")
        out.append(Action(player, label))
    return out


def _actions_fast(value: list[Any]) -> list[Action] | None:
    """The log when every entry is sound, checked in bulk (logs run to thousands of actions);
    None to let the item-by-item check find and name the problem."""
    if not all(type(item) is dict and len(item) == 2 for item in value):
        return None
    try:
        pairs = [(item["player"], item["label"]) for item in value]
    except KeyError:
        return None
    texts = [text for pair in pairs for text in pair]
    if not all(type(text) is str for text in texts):
        return None
    if not all(0 < len(p) <= MAX_LABEL and len(label) <= MAX_LABEL for p, label in pairs):
        return None
    if not "".join(texts).isprintable():
        return None
    return [Action(p, label) for p, label in pairs]


def _hashes(value: Any, actions: int) -> list[TurnHash]:
    if not isinstance(value, list) or not value:
        raise SaveError(f"hashes: expected a non-empty list, got {_describe(value)}")
    out: list[TurnHash] = []
    for i, item in enumerate(value):
        where = f"hashes[{i}]"
        if not isinstance(item, dict) or set(item) != {"action", "turn", "hash"}:
            raise SaveError(f"{where}: expected {{\"action\": ..., \"turn\": ..., \"hash\": ...}}")
        at, turn, digest = item["action"], item["turn"], item["hash"]
        if type(at) is not int or not 0 <= at <= actions:
            raise SaveError(f"{where}.action: expected 0-{actions}, got {_describe(at)}")
        if out and at <= out[-1].action:
            raise SaveError(f"{where}.action: hashes must follow the log in order")
        if i == 0 and at != 0:
            raise SaveError("hashes[0]: the first hash must be of the start (action 0)")
        if type(turn) is not int or not 0 <= turn <= 10_000:
            raise SaveError(f"{where}.turn: expected a turn number, got {_describe(turn)}")
        if not isinstance(digest, str) or not _HASH.fullmatch(digest):
            raise SaveError(f"{where}.hash: expected 16 hex digits, got {_describe(digest)}")
        out.append(TurnHash(at, turn, digest))
    return out


def _seats(value: Any, state: GameState) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(state.players):
        raise SaveError("seats: expected who sits in each of the game's seats")
    for pid, kind in value.items():
        if not isinstance(kind, str) or not _SEAT_KIND.fullmatch(kind):
            raise SaveError(f"seats.{one_line(pid, 40)}: expected \"human\" or a bot level, "
                            f"got {_describe(kind)}")
    return {pid: value[pid] for pid in state.players}


def _check_envelope(data: dict[str, Any], state: GameState, config: GameConfig) -> None:
    ruleset = data.get("ruleset")
    if ruleset != config.ruleset or ruleset != state.config.ruleset:
        raise SaveError(f"ruleset: {_describe(ruleset)} does not match the game's configuration")
    seed = data.get("seed")
    if type(seed) is not int or seed != config.seed:
        raise SaveError(f"seed: {_describe(seed)} does not match the game's configuration")
    info = data.get("map")
    if not isinstance(info, dict) or set(info) != {"id", "hash"}:
        raise SaveError("map: expected {\"id\": ..., \"hash\": ...}")
    if info["id"] != state.map.id:
        raise SaveError(f"map.id: {_describe(info['id'])} is not the saved game's map")
    if info["hash"] != map_digest(state.map):
        raise SaveError("map.hash: the embedded map does not match its recorded hash")
    for key in ("game_version", "saved_at"):
        if not isinstance(data.get(key, ""), str):
            raise SaveError(f"{key}: expected text, got {_describe(data.get(key))}")
    recorded = data.get("state_hash")
    if not isinstance(recorded, str) or recorded != state.state_hash():
        raise SaveError("state: the snapshot is damaged (its hash does not match)")


def _text(value: Any) -> str:
    return one_line(value, 40) if isinstance(value, str) else "?"


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 24 else text[:21] + "..."
    if isinstance(value, str):
        return repr(one_line(value, 40))
    return "a list" if isinstance(value, list) else "an object"


# --- the map a save needs ---------------------------------------------------------------------

_MAP_DIGESTS: dict[tuple[Path, int, int, str], str] = {}


def installed_map(game: SavedGame, folder: Path | None = None) -> Path | None:
    """The installed map file (in `folder`, default the shipped maps) whose rules are exactly
    the saved game's, or None. The rules travel inside the save, so a game plays and replays
    without it; only drawing the board needs the file."""
    from game.core import MapError, in_play
    from game.maps.files import find_maps, load_map_file

    path = find_maps(folder).get(game.map_id)
    if path is None:
        return None
    setup = game.state.config.map_setup
    try:
        info = path.stat()
        key = (path, info.st_mtime_ns, info.st_size, setup)
        digest = _MAP_DIGESTS.get(key)
        if digest is None:  # the game holds its set-up's map: the file's areas in play
            graph = load_map_file(path)[0]
            digest = _MAP_DIGESTS[key] = map_digest(in_play(graph, setup) if setup else graph)
    except (OSError, MapError):
        return None
    return path if digest == game.map_hash else None


def missing_map_message(game: SavedGame) -> str:
    """One line for a save whose map is not installed (or has changed since it was saved)."""
    return (f"this game is played on map {one_line(game.map_id, 40)!r} "
            f"(hash {game.map_hash}), which is not installed in this version; it can be "
            "replayed and verified, but its board cannot be drawn")


# --- save folders -----------------------------------------------------------------------------

_UNSAFE = re.compile(r"[^\w\- ]+")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
             *(f"lpt{i}" for i in range(1, 10))}


def safe_name(name: str) -> str:
    """A file name from what a player typed: letters, digits, spaces, '-' and '_' only, at most
    60 characters, never empty, never a device name Windows reserves."""
    cleaned = _UNSAFE.sub("_", name).strip(" ._")[:60].strip(" ._")
    if not cleaned or cleaned.lower() in _RESERVED:
        cleaned = f"save_{cleaned}" if cleaned else time.strftime("save-%Y%m%d-%H%M%S")
    return cleaned


def save_game(name: str, record: GameRecord, state: GameState, folder: Path | None = None) -> Path:
    """Save under the name a player typed, in the saves folder (made safe; replaces a save of
    the same name). SaveError if it cannot be written."""
    folder = folder if folder is not None else paths.saves_dir()
    return write_save(folder / f"{safe_name(name)}{SUFFIX}", record, state)


def save_replay(record: GameRecord, state: GameState, folder: Path | None = None) -> Path:
    """Keep a game (usually a finished one) in the replays folder for the replay viewer."""
    folder = folder if folder is not None else paths.replays_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    name = f"{stamp}-{state.config.ruleset}-{len(state.players)}p-t{state.turn}"
    return write_save(folder / f"{safe_name(name)}{SUFFIX}", record, state)


@dataclass(frozen=True)
class SaveInfo:
    """One row of a load screen: a readable save, or the reason it cannot be opened."""

    path: Path
    modified: float
    turn: int = 0
    phase: str = ""
    ruleset: str = ""
    players: tuple[str, ...] = ()
    saved_at: str = ""
    error: str = ""


def list_saves(folder: Path) -> list[SaveInfo]:
    """Every save in `folder`, newest first; unreadable ones carry their error."""
    try:
        files = [p for p in folder.iterdir() if p.suffix == SUFFIX and not is_temp_file(p)]
    except OSError:
        return []
    rows = []
    for path in files:
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            game = read_save(path)
        except SaveError as err:
            rows.append(SaveInfo(path, modified, error=str(err)))
            continue
        s = game.state
        rows.append(SaveInfo(path, modified, s.turn, s.phase, s.config.ruleset,
                             tuple(s.players), game.saved_at))
    rows.sort(key=lambda r: (r.modified, r.path.name), reverse=True)
    return rows
