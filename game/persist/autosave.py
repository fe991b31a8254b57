"""Autosaves: one at every phase boundary and when the window closes, the newest 10 kept.

Each autosave is a complete save (see `saves`), written atomically, so a crash or a kill during
play loses at most the phase under way. "Continue" opens `newest_autosave()`, which skips
files that cannot be read and falls back to the next newest.
"""

from __future__ import annotations

import contextlib
import itertools
import time
from pathlib import Path

from game.core import GameState

from . import paths
from .atomic import is_temp_file
from .record import GameRecord
from .saves import SUFFIX, SavedGame, SaveError, read_save, write_save

KEEP = 10
PREFIX = "auto-"

_serial = itertools.count()


class Autosaver:
    """Writes autosaves into `folder` (default: the user's autosaves folder) and prunes them."""

    def __init__(self, folder: Path | None = None, keep: int = KEEP) -> None:
        self.folder = folder
        self.keep = max(1, keep)

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
        name = f"{PREFIX}{stamp}-{next(_serial) % 10_000:04d}-t{state.turn:03d}{SUFFIX}"
        path = write_save(folder / name, record, state)
        record.phase_changed = False
        self.prune()
        return path

    def prune(self) -> None:
        for old in autosaves(self.where())[self.keep:]:
            with contextlib.suppress(OSError):
                old.unlink()


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


def newest_autosave(folder: Path | None = None) -> SavedGame | None:
    """The newest autosave that can be read, or None when there is none."""
    for path in autosaves(folder):
        try:
            return read_save(path)
        except SaveError:
            continue
    return None
