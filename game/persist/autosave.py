"""Autosaves: one at every phase boundary and when the window closes, kept per game.

Each autosave is a complete save (see `saves`), written atomically, so a crash or a kill during
play loses at most the phase under way. Its file name carries the game it belongs to (the hash
of the game's starting state, which a loaded game keeps), so one game never evicts another's:
the game just saved keeps its newest KEEP autosaves, every other game its newest KEEP_OTHER,
and the newest GAMES games are kept (a hot-seat game played after a solo one leaves the solo
game's last autosaves in place). Files named before games were told apart (`auto-DATE-...`)
stay loadable; they count as one game of their own.

"Continue" opens the newest autosave. `newest_readable` says which newer files could not be
opened and why, so the player is told before an older one is opened instead; the files that
cannot be opened are left where they are.
"""

from __future__ import annotations

import contextlib
import itertools
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from game.core import GameState

from . import paths
from .atomic import is_temp_file
from .record import GameRecord
from .saves import SUFFIX, SavedGame, SaveError, read_save, write_save

KEEP = 10  # the newest autosaves of the game just saved
KEEP_OTHER = 3  # ... of each other game
GAMES = 12  # games whose autosaves are kept, newest first
PREFIX = "auto-"
GAME_MARK = "g"  # auto-gHHHHHHHHHH-...: the game's key; older names have a date there
_GAME = re.compile(rf"{PREFIX}{GAME_MARK}([0-9a-f]{{10}})-")

_serial = itertools.count()


def game_key(record: GameRecord) -> str:
    """Which game a record is: the hash of its starting state (the first turn hash), the same
    for every autosave of a game, loaded or not, and different for another game."""
    return record.hashes[0].hash[:10] if record.hashes else "0" * 10


def game_of(path: Path) -> str:
    """The game an autosave file belongs to, from its name; "" for the older names."""
    found = _GAME.match(path.name)
    return found.group(1) if found else ""


class Autosaver:
    """Writes autosaves into `folder` (default: the user's autosaves folder) and prunes them."""

    def __init__(self, folder: Path | None = None, keep: int = KEEP,
                 keep_other: int = KEEP_OTHER, games: int = GAMES) -> None:
        self.folder = folder
        self.keep = max(1, keep)
        self.keep_other = max(1, keep_other)
        self.games = max(1, games)

    def where(self) -> Path:
        return self.folder if self.folder is not None else paths.autosaves_dir()

    def maybe_save(self, record: GameRecord, state: GameState) -> Path | None:
        """Autosave if a phase boundary was crossed since the last autosave."""
        if not record.phase_changed:
            return None
        return self.save(record, state)

    def save(self, record: GameRecord, state: GameState) -> Path:
        """Autosave now (at a phase boundary, or when the window closes). SaveError if the
        folder cannot be written."""
        folder = self.where()
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        key = game_key(record)
        name = (f"{PREFIX}{GAME_MARK}{key}-{stamp}-{next(_serial) % 10_000:04d}"
                f"-t{state.turn:03d}{SUFFIX}")
        path = write_save(folder / name, record, state)
        record.phase_changed = False
        self.prune(key)
        return path

    def prune(self, current: str = "") -> None:
        """Remove the autosaves beyond what is kept (see the module docstring); `current` is
        the game just saved."""
        for old in surplus(autosaves(self.where()), current, self.keep, self.keep_other,
                           self.games):
            with contextlib.suppress(OSError):
                old.unlink()


def surplus(files: Iterable[Path], current: str, keep: int = KEEP,
            keep_other: int = KEEP_OTHER, games: int = GAMES) -> list[Path]:
    """Of `files` (newest first), those not kept: each game's newest `keep` (the current
    game's) or `keep_other` (another's), for the newest `games` games."""
    by_game: dict[str, list[Path]] = {}
    for path in files:  # newest first, so games come in the order of their newest autosave
        by_game.setdefault(game_of(path), []).append(path)
    out: list[Path] = []
    for rank, (key, kept) in enumerate(by_game.items()):
        if rank >= games and key != current:
            out += kept
        else:
            out += kept[keep if key == current else keep_other:]
    return out


def autosaves(folder: Path | None = None) -> list[Path]:
    """Autosave files, newest first (by modification time, then name)."""
    folder = folder if folder is not None else paths.autosaves_dir()
    try:
        found = [p for p in folder.iterdir()
                 if p.name.startswith(PREFIX) and p.suffix == SUFFIX and not is_temp_file(p)]
    except OSError:
        return []
    keyed = []
    for path in found:
        try:
            keyed.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    keyed.sort(reverse=True)
    return [path for _, _, path in keyed]


@dataclass(frozen=True)
class Unreadable:
    """An autosave that could not be opened, and why (one line for the player)."""

    path: Path
    reason: str


@dataclass
class Newest:
    """What Continue finds: the newest autosave that opens (None: none does), and the newer
    ones that could not be opened, newest first."""

    game: SavedGame | None
    skipped: list[Unreadable] = field(default_factory=list)


def newest_readable(folder: Path | None = None) -> Newest:
    """The newest autosave that can be read, and every newer one that cannot, with why."""
    skipped: list[Unreadable] = []
    for path in autosaves(folder):
        try:
            return Newest(read_save(path), skipped)
        except SaveError as err:
            reason = str(err)
            prefix = f"{path}: "
            skipped.append(Unreadable(path, reason[len(prefix):] if reason.startswith(prefix)
                                      else reason))
    return Newest(None, skipped)


def newest_autosave(folder: Path | None = None) -> SavedGame | None:
    """The newest autosave that can be read, or None when there is none (a server resuming
    its game; the client's Continue uses `newest_readable`, to tell what it skipped)."""
    return newest_readable(folder).game
