"""Atomic file writes: a reader sees the old file or the new one, never half of either.

The bytes go to a temporary file in the same folder, are flushed and fsynced, then renamed over
the target (`os.replace`, atomic on POSIX and on NTFS); the folder is fsynced too where the
system allows it, so the rename itself survives a power cut. A process killed part-way leaves
only a stray temporary file, which the next write to the same target removes.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from functools import cache
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def write_atomic(path: str | Path, data: bytes) -> None:
    """Replace `path` with `data` atomically, creating its folder if needed. OSError on failure,
    in which case the previous file (if any) is untouched."""
    target = Path(path)
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    _remove_stale_temps(target)
    fd, temp_name = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            _set_mode(handle.fileno(), target)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(folder)


def _set_mode(fd: int, target: Path) -> None:
    """The mode a plain `open` would give (mkstemp makes files private), or the old file's."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    with contextlib.suppress(OSError, NotImplementedError, AttributeError):
        os.fchmod(fd, mode)


@cache
def _umask() -> int:
    mask = os.umask(0o22)  # the only way to read it is to set it; put it straight back
    os.umask(mask)
    return mask


def _fsync_folder(folder: Path) -> None:
    # Not possible on Windows (a folder cannot be opened); the rename is still atomic there.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_stale_temps(target: Path) -> None:
    """Leftovers of earlier writes to `target` that were killed before their rename."""
    prefix = _temp_prefix(target)
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(prefix) and entry.name.endswith(TEMP_SUFFIX):
            with contextlib.suppress(OSError):
                entry.unlink()


def is_temp_file(path: Path) -> bool:
    """True for a temporary file of `write_atomic` (listings skip these)."""
    return path.name.startswith(".") and path.name.endswith(TEMP_SUFFIX)
