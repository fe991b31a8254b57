"""The network table this client sat at last: its address, its join code, the seats played
here and whether this client ran its server, so that Join is filled in and Continue can take
the player back to it. One small JSON file in the data folder; the seats' tokens stay where the
network layer keeps them (`net-seats.json`). A file that cannot be read counts as none."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import write_atomic
from .paths import data_dir
from .strictjson import JsonError, read_json_file

FILE = "last-table.json"
MAX_BYTES = 100_000
log = logging.getLogger(__name__)


@dataclass
class LastTable:
    address: str  # as typed in Join ("192.168.1.20:7417"; "" for a table this client hosted)
    code: str
    seats: list[str] = field(default_factory=list)  # the seats played at this machine
    hosted: bool = False  # this client ran the table's server: Continue hosts it again
    when: float = 0.0  # seconds since the epoch, when this client last sat there


def last_table_path() -> Path:
    return data_dir() / FILE


def last_table(path: Path | None = None) -> LastTable | None:
    """The table remembered, or None (none, or a file that cannot be read)."""
    try:
        data = read_json_file(path or last_table_path(), MAX_BYTES)
    except JsonError:
        return None
    if not isinstance(data, dict):
        return None
    address, code, seats = data.get("address"), data.get("code"), data.get("seats", [])
    when = data.get("when", 0)
    if not isinstance(address, str) or not isinstance(code, str) or not code \
            or not isinstance(seats, list) or not all(isinstance(s, str) for s in seats) \
            or type(when) not in (int, float):
        return None
    return LastTable(address, code, list(seats), data.get("hosted") is True, float(when))


def remember_table(table: LastTable, path: Path | None = None) -> None:
    """Keep `table` as the last one (stamped now); a failure to write is logged, not raised."""
    table.when = table.when or time.time()
    try:
        write_atomic(path or last_table_path(), json.dumps(
            {"address": table.address, "code": table.code, "seats": table.seats,
             "hosted": table.hosted, "when": table.when}, indent=1).encode())
    except OSError as err:
        log.warning("the last table was not kept: %s", err)


def forget_table(code: str, path: Path | None = None) -> None:
    """Forget the last table if it is the game `code` (it has ended)."""
    target = path or last_table_path()
    known = last_table(target)
    if known is not None and known.code == code:
        try:
            target.unlink()
        except OSError as err:
            log.warning("the last table was not forgotten: %s", err)
