"""A client's seat tokens, kept on disk so a player whose client closed (or crashed) can come
back to their seat: `{code: {seat: token}}` in one small JSON file, newest games last; the
host's token is kept the same way under `HOST`, so a host whose client restarted can still
start the game and hand seats to bots. A file that cannot be read counts as empty; the tokens
are as secret as the seats they open."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from game.persist.atomic import write_atomic
from game.persist.strictjson import JsonError, read_json_file

KEEP_GAMES = 50
HOST = "*host"  # the host's token, beside the seats' (no seat is named so)
MAX_BYTES = 1_000_000
log = logging.getLogger(__name__)


def read_keys(path: Path) -> dict[str, dict[str, str]]:
    try:
        data = read_json_file(path, MAX_BYTES)
    except JsonError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(code): {str(s): str(t) for s, t in seats.items() if isinstance(t, str)}
            for code, seats in data.items() if isinstance(seats, dict)}


def keys_for(path: Path, code: str) -> dict[str, str]:
    """The seat tokens kept for the game `code`: seat -> token."""
    return {s: t for s, t in read_keys(path).get(code, {}).items() if s != HOST}


def host_key_for(path: Path, code: str) -> str:
    """The host's token kept for the game `code` ("" if this client does not host it)."""
    return read_keys(path).get(code, {}).get(HOST, "")


def keep_key(path: Path, code: str, seat: str, token: str) -> None:
    """Remember `seat`'s token for the game `code` (a failure to write is logged, not raised:
    the game goes on, only a later rejoin after a restart would need the token)."""
    keys = read_keys(path)
    seats = keys.pop(code, {})
    seats[seat] = token
    keys[code] = seats
    keys = dict(list(keys.items())[-KEEP_GAMES:])
    try:
        write_atomic(path, json.dumps(keys, indent=1).encode())
    except OSError as err:
        log.warning("the seat token was not kept: %s", err)
