"""Which games hold a place at the server's tables, and who may open more (issue 38 item 3).

The server's cap counts open games only: a finished game leaves the table list once nobody is
connected to it, and an abandoned one (nobody connected and nothing done for ABANDONED_AFTER)
leaves it too; their folders and saves stay on disk. A restarted server resumes neither.
Creating is limited per address: CREATES_PER_MINUTE a minute, and OPEN_PER_ADDRESS open
games at once (tests set their own).
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from pathlib import Path
from typing import Protocol

ABANDONED_AFTER = 24 * 3600.0  # seconds without an action or anyone connected: abandoned
CREATES_PER_MINUTE = 6  # games one address may create a minute
OPEN_PER_ADDRESS = 20  # open games one address may have created at once
WINDOW = 60.0  # seconds the creations per minute are counted over


INVITE_LENGTH = 10  # a seat code's characters (issue 38 item 6: the host reserves a seat)
INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # as join codes: no 0/O or 1/I


def new_invite() -> str:
    """A seat code: the host passes it on, and only it opens the seat it reserves."""
    return "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH))


class Table(Protocol):
    """What a game tells about its place (NetGame)."""

    creator: str
    active_at: float

    @property
    def finished(self) -> bool: ...

    @property
    def connected(self) -> bool: ...


def abandoned(game: Table, now: float) -> bool:
    """Nobody at the table and nothing done there for ABANDONED_AFTER (wall clock)."""
    return not game.connected and now - game.active_at >= ABANDONED_AFTER


def is_open(game: Table, now: float) -> bool:
    """Holds a place under the cap: neither finished nor abandoned."""
    return not game.finished and not abandoned(game, now)


def leaves(game: Table, now: float) -> bool:
    """Leaves the table list now: finished with nobody connected, or abandoned."""
    return (game.finished and not game.connected) or abandoned(game, now)


def last_active(folder: Path) -> float:
    """When a game on disk was last touched (its newest file's modification, wall clock)."""
    newest = 0.0
    for path in folder.iterdir():
        try:
            newest = max(newest, path.stat().st_mtime)
        except OSError:
            continue
    return newest


class Creations:
    """Games created per address over the last minute (monotonic clock)."""

    def __init__(self) -> None:
        self._at: dict[str, deque[float]] = {}

    def refusal(self, address: str, open_by_address: int, now: float | None = None) -> str:
        """Why `address` may not create a game now ("": it may); counts the creation if not
        refused."""
        now = time.monotonic() if now is None else now
        for key in [k for k, times in self._at.items() if times and now - times[-1] > WINDOW]:
            del self._at[key]  # forget addresses quiet for a minute: bounded by the active
        times = self._at.setdefault(address, deque())
        while times and now - times[0] > WINDOW:
            times.popleft()
        if open_by_address >= OPEN_PER_ADDRESS:
            return (f"you already have {open_by_address} open games on this server (at most "
                    f"{OPEN_PER_ADDRESS}): finish or leave one first")
        if len(times) >= CREATES_PER_MINUTE:
            wait = max(1, round(WINDOW - (now - times[0])))
            return (f"too many new games from your address (at most {CREATES_PER_MINUTE} a "
                    f"minute): try again in {wait} s")
        times.append(now)
        return ""
