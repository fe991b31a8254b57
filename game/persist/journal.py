"""The journal of a hosted game: every applied action, on disk before anyone hears of it.

A server saves a game at phase ends (its autosaves); between two saves each applied action is
appended to `journal.jsonl` beside them, flushed and synced to the disk before its result is
sent, so a stop of any kind (a kill, a power cut) loses no action that anyone saw. A restart
loads the newest save and replays the journal's actions after it through the core's door
(`replay`): each must be legal where it stands, and the state after it must have the hash the
journal wrote. Writing a save compacts the journal to its header (`Journal.compact`).

One JSON object a line, nothing else (no code is ever run from it):

    {"journal": 1, "game": "3fa2c01b9e", "base": 120}    the header: the game, the save's actions
    {"at": 121, "player": "egypt", "label": "...", "hash": "..."}   action 121 and the hash after it
    {"back": 120}                                        the game was taken back to 120 actions

Reading stops at the first line that is not one of these, or does not follow on (an action out
of turn, a take-back before the start); `read_journal` says where and why, in one line, and
keeps every action before it. A half-written last line (a stop while writing) is the usual
case: it is cut, and the game resumes at the action before it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from game.core import Action, GameState

from .atomic import write_atomic

JOURNAL = "journal.jsonl"
VERSION = 1
MAX_LINE = 64 * 1024  # the longest line read: an action's label is far shorter
MAX_TEXT = 16 * 1024  # the longest player name or label
_HASH = re.compile(r"[0-9a-f]{8,128}")
_KEY = re.compile(r"[0-9A-Za-z_-]{1,64}")


class JournalError(Exception):
    """The journal cannot be used at all (not a journal, another game's): one line."""


@dataclass(frozen=True)
class Entry:
    """Action number `at` (counted from the game's start), and the state hash after it ("":
    none written)."""

    at: int
    action: Action
    hash: str = ""


@dataclass
class JournalRead:
    """What a journal holds: its game, the save it follows (`base` actions), the actions after
    it in order (take-backs already folded in), and why reading stopped early ("": it did
    not; `cut`: only a half-written last line was dropped)."""

    game: str
    base: int
    entries: list[Entry] = field(default_factory=list)
    problem: str = ""
    cut: bool = False

    @property
    def at(self) -> int:
        """The actions the journal brings the game to."""
        return self.entries[-1].at if self.entries else self.base


def _line(raw: str, number: int) -> dict[str, Any]:
    """One line as a JSON object; ValueError (one line) when it is not one."""

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a number")

    try:
        data = json.loads(raw, parse_constant=no_constant)
    except (ValueError, RecursionError) as err:
        raise ValueError(f"line {number} is not JSON ({str(err)[:80]})") from None
    if not isinstance(data, dict):
        raise ValueError(f"line {number} is not a JSON object")
    return data


def _count(data: dict[str, Any], key: str, number: int) -> int:
    value = data.get(key)
    if type(value) is not int or not 0 <= value < 2**40:
        raise ValueError(f"line {number}: {key!r} is not a count")
    return value


def _text(data: dict[str, Any], key: str, number: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
        raise ValueError(f"line {number}: {key!r} is not a text")
    return value


def _header(data: dict[str, Any]) -> tuple[str, int]:
    if set(data) != {"journal", "game", "base"} or data["journal"] != VERSION:
        raise JournalError(f"not a journal of version {VERSION}")
    game = data["game"]
    if not isinstance(game, str) or not _KEY.fullmatch(game):
        raise JournalError("the journal does not name its game")
    return game, _count(data, "base", 1)


def read_journal(path: Path) -> JournalRead | None:
    """The journal at `path` (None: there is none). JournalError when its first line is not a
    journal's header; any later problem stops the reading there (see `JournalRead.problem`)."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        return None
    except OSError as err:
        raise JournalError(f"the journal cannot be read: {err.strerror or err}") from None
    with handle:
        return _read(handle)


def _read(handle: IO[bytes]) -> JournalRead:
    first = handle.readline(MAX_LINE + 1)
    if not first.endswith(b"\n"):
        raise JournalError("the journal has no complete header")
    try:
        game, base = _header(_line(first.decode("utf-8"), 1))
    except (ValueError, UnicodeDecodeError) as err:
        raise JournalError(f"the journal's header cannot be read: {err}") from None
    read = JournalRead(game, base)
    number = 1
    while raw := handle.readline(MAX_LINE + 1):
        number += 1
        if not raw.endswith(b"\n"):  # the last line, half-written (or one far too long)
            if len(raw) <= MAX_LINE and not handle.read(1):
                read.problem = f"line {number} was half-written: cut"
                read.cut = True
            else:
                read.problem = f"line {number} is longer than {MAX_LINE} bytes"
            break
        try:
            _take(read, _line(raw.decode("utf-8"), number), number)
        except (ValueError, UnicodeDecodeError) as err:
            reason = str(err)
            read.problem = reason if reason.startswith("line") else f"line {number}: {reason}"
            break
    return read


def _take(read: JournalRead, data: dict[str, Any], number: int) -> None:
    """Fold one line into `read`; ValueError (one line) when it does not follow on."""
    if set(data) == {"back"}:
        back = _count(data, "back", number)
        if not read.base <= back <= read.at:
            raise ValueError(f"line {number}: a take-back to action {back}, outside "
                             f"{read.base}..{read.at}")
        while read.entries and read.entries[-1].at > back:
            read.entries.pop()
        return
    if not {"at", "player", "label"} <= set(data) <= {"at", "player", "label", "hash"}:
        raise ValueError(f"line {number} is neither an action nor a take-back")
    at = _count(data, "at", number)
    if at != read.at + 1:
        raise ValueError(f"line {number}: action {at} does not follow action {read.at}")
    digest = data.get("hash", "")
    if not isinstance(digest, str) or (digest and not _HASH.fullmatch(digest)):
        raise ValueError(f"line {number}: 'hash' is not a state hash")
    action = Action(_text(data, "player", number), _text(data, "label", number))
    read.entries.append(Entry(at, action, digest))


@dataclass(frozen=True)
class Replayed:
    """How far `replay` went: `applied` entries applied; `problem` ("" if none) says why it
    stopped before the end; `diverged`: an entry left another state than the journal's, so
    `state` must be rebuilt with the first `applied` entries only (those up to the last hash
    that matched: the ones after it are not known to be good)."""

    applied: int
    problem: str = ""
    diverged: bool = False


def replay(state: GameState, entries: list[Entry], step: Callable[[Action], object],
           check: bool = True) -> Replayed:
    """Apply `entries` to `state` in order through `step` (the core's `apply`, or a record's,
    bound to `state`), stopping at the first that is not legal there (`state` unchanged by
    it) or, with `check`, whose hash differs from the state's after it."""
    good = 0  # entries up to the last hash that matched (or the save's)
    for done, entry in enumerate(entries):
        try:
            step(entry.action)
        except Exception as err:  # noqa: BLE001 - the core refused it; state unchanged
            return Replayed(done, f"action {entry.at} ({entry.action.player}) is not "
                                  f"allowed: {str(err)[:160]}")
        if check and entry.hash:
            if state.state_hash() != entry.hash:
                return Replayed(good, f"after action {entry.at} the game differs from the "
                                      "journal's", diverged=True)
            good = done + 1
    return Replayed(len(entries))


class Journal:
    """The journal file of one game, written as the game is played. Each write is flushed
    and synced before it returns; OSError when it cannot be written."""

    def __init__(self, path: Path, game: str, at: int) -> None:
        """`at`: the actions the file already holds (its game stands there)."""
        self.path = path
        self.game = game
        self.at = at
        self._file: IO[bytes] | None = None

    @staticmethod
    def fresh(path: Path, game: str, base: int) -> Journal:
        """A new journal after a save of `base` actions (replacing any file there)."""
        journal = Journal(path, game, base)
        journal.compact(base)
        return journal

    def compact(self, base: int) -> None:
        """A save of `base` actions was written: the journal becomes its header alone (written
        atomically: a stop part-way leaves the old journal, whose actions the save holds)."""
        self.close()
        header = {"journal": VERSION, "game": self.game, "base": base}
        write_atomic(self.path, (json.dumps(header) + "\n").encode())
        self.at = base

    def append(self, at: int, action: Action, digest: str = "", sync: bool = True) -> None:
        """Action number `at` was applied (the state's hash after it: `digest`). Without
        `sync` the line is handed to the system (it outlives any stop of this process) but
        not waited for on the disk."""
        entry: dict[str, Any] = {"at": at, "player": action.player, "label": action.label}
        if digest:
            entry["hash"] = digest
        self._write(entry, sync)
        self.at = at

    def back(self, at: int) -> None:
        """The game was taken back to `at` actions."""
        self._write({"back": at}, True)
        self.at = at

    def _write(self, entry: dict[str, Any], sync: bool) -> None:
        if self._file is None:
            self._file = self.path.open("ab")
        self._file.write((json.dumps(entry, separators=(",", ":")) + "\n").encode())
        self._file.flush()
        if sync:
            _sync(self._file.fileno())

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None


def _sync(fd: int) -> None:
    """The bytes on the disk (`fdatasync` where there is one: the size, not the times)."""
    sync = getattr(os, "fdatasync", os.fsync)
    sync(fd)
