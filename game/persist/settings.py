"""settings.toml in the user config folder: UI scale, animation speed, fullscreen or the window's
size, sound, the Events module's windows not to be asked about, and the last new-game choices.
A missing file means defaults; a broken file or an invalid value falls back to the default with
a warning, never an error.
"""

from __future__ import annotations

import logging
import re
import tomllib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import tomli_w

from . import paths
from .atomic import write_atomic
from .strictjson import one_line

log = logging.getLogger(__name__)

MAX_SETTINGS_BYTES = 1024 * 1024
RULESETS = ("classic", "mega-empires", "double-empires")
# The Events module at new game (seed 004 §16): off, on, or on with optional rules 6 and 7
# and/or random B-events; the new-game screen names each in words.
NEW_GAME_EVENTS = ("off", "on", "random-b", "rules-6-7", "all")
_SEAT = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_MAP_ID = re.compile(r"[\w.-]{0,100}")
_WINDOW = re.compile(r"[a-z][a-z_]{0,39}")
ALL_WINDOWS = "all"  # in `quiet_event_windows`: no window asks


@dataclass
class NewGameChoices:
    players: int = 5
    ruleset: str = "classic"
    map: str = ""  # a map id; "" for the first installed map
    ast: str = "basic"
    seats: list[str] = field(default_factory=list)  # per seat: "human" or a bot level
    events: str = "off"  # one of NEW_GAME_EVENTS


@dataclass
class Settings:
    ui_scale: float = 1.0
    animation_speed: float = 1.0  # 1 = normal; bigger is faster
    reduce_motion: bool = False  # animations become short fades: no shaking, flying or swirling
    fullscreen: bool = False
    window_width: int = 1366  # the window's size when not fullscreen, as it was last left
    window_height: int = 768
    sound: bool = True
    volume: float = 0.8
    # The Events module's timing windows ("taxation", ...; "all") in which the client does not
    # offer the private events held: it answers "not now" for the player.
    quiet_event_windows: list[str] = field(default_factory=list)
    new_game: NewGameChoices = field(default_factory=NewGameChoices)


# name -> (low, high) for numbers; checked by `_number`.
_RANGES: dict[str, tuple[float, float]] = {
    "ui_scale": (0.5, 3.0),
    "animation_speed": (0.25, 8.0),
    "volume": (0.0, 1.0),
    "players": (2, 18),
    "window_width": (640, 16384),
    "window_height": (480, 16384),
}


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings and a warning for each value that was ignored. Never raises."""
    path = path if path is not None else paths.settings_path()
    warnings: list[str] = []
    settings = Settings()
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return settings, warnings
    except OSError as err:
        warnings.append(f"{path}: cannot read it ({err.strerror or err}); using defaults")
        return settings, _logged(warnings)
    if len(raw) > MAX_SETTINGS_BYTES:
        return settings, _logged([f"{path}: larger than 1 MB; using defaults"
                                  + _backup(path, raw[:MAX_SETTINGS_BYTES])])
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError) as err:
        return settings, _logged([f"{path}: not valid TOML ({one_line(str(err))}); "
                                  "using defaults" + _backup(path, raw)])
    _apply(settings, doc, warnings, "")
    choices = doc.get("new_game")
    if choices is not None:
        if isinstance(choices, dict):
            _apply(settings.new_game, choices, warnings, "new_game.")
        else:
            warnings.append("new_game: expected a table; using the defaults")
    if warnings:  # the next save writes the defaults over what was ignored
        warnings[-1] += _backup(path, raw)
    return settings, _logged(warnings)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bad")


def _backup(path: Path, raw: bytes) -> str:
    """A copy of a settings file that was not (all) used, kept before a save writes over it;
    what to add to the warning."""
    copy = backup_path(path)
    try:
        write_atomic(copy, raw)
    except OSError as err:
        return f" (no copy could be kept: {err.strerror or err})"
    return f"; the file as it was is kept as {copy}"


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write the settings atomically; OSError if the folder cannot be written."""
    path = path if path is not None else paths.settings_path()
    write_atomic(path, tomli_w.dumps(asdict(settings)).encode())
    return path


def _apply(target: Any, doc: dict[str, Any], warnings: list[str], prefix: str) -> None:
    defaults = type(target)()
    known = {f.name for f in fields(target)}
    for key, value in doc.items():
        name = f"{prefix}{key}"
        if key not in known:
            warnings.append(f"{one_line(name, 60)}: unknown setting, ignored")
            continue
        if key == "new_game" and not prefix:
            continue  # a table of its own, read by the caller
        default = getattr(defaults, key)
        problem = _problem(key, value, default)
        if problem:
            shown = one_line(repr(value), 40)
            warnings.append(f"{name} = {shown}: {problem}; using {default!r}")
        else:
            setattr(target, key, float(value) if isinstance(default, float) else value)


def _problem(key: str, value: Any, default: Any) -> str:
    """Why `value` cannot be used for setting `key`; "" when it can."""
    if isinstance(default, bool):
        return "" if isinstance(value, bool) else "expected true or false"
    if isinstance(default, int | float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return "expected a number"
        if isinstance(default, int) and not isinstance(value, int):
            return "expected a whole number"
        low, high = _RANGES[key]
        return "" if low <= value <= high else f"out of range {low:g}-{high:g}"
    if key == "ruleset":
        return "" if value in RULESETS else f"expected one of {', '.join(RULESETS)}"
    if key == "ast":
        return "" if value in ("basic", "expert") else "expected basic or expert"
    if key == "events":
        return "" if value in NEW_GAME_EVENTS else f"expected one of {', '.join(NEW_GAME_EVENTS)}"
    if key == "map":
        ok = isinstance(value, str) and _MAP_ID.fullmatch(value) is not None
        return "" if ok else "expected a map id"
    if key == "quiet_event_windows":
        fine = (isinstance(value, list) and len(value) <= 32
                and all(isinstance(w, str) and _WINDOW.fullmatch(w) for w in value))
        return "" if fine else "expected a list of event windows (e.g. taxation, or all)"
    if key == "seats":
        fine = (isinstance(value, list) and len(value) <= 18
              and all(isinstance(s, str) and _SEAT.fullmatch(s) for s in value))
        return "" if fine else "expected a list of seat kinds (human or a bot level)"
    return "unexpected value"


def _logged(warnings: list[str]) -> list[str]:
    for warning in warnings:
        log.warning("settings: %s", warning)
    return warnings
