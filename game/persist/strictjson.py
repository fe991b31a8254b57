"""Reading JSON we did not write ourselves: strict, bounded, and failing with one clear line.

Plain `json.loads` accepts NaN and Infinity, numbers of any length and duplicate keys (the
last wins silently), and stops on deep nesting with a RecursionError. A save file may have been
damaged or crafted, so this reader refuses all of those with a `JsonError` naming the problem.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

MAX_DIGITS = 24  # the largest legitimate number is a 64-bit generator state (20 digits)


class JsonError(ValueError):
    """The text is not strict, bounded JSON; the message is one line."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 8:
        raise ValueError(f"a number with {len(text)} characters is too long")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:MAX_DIGITS]} is out of range")
    return value


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number with {len(text)} digits is too large")
    return int(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {key[:40]!r} in an object")
            seen.add(key)
    return out


def loads_strict(text: str) -> Any:
    try:
        return json.loads(
            text, parse_constant=_reject_constant, parse_float=_parse_float,
            parse_int=_parse_int, object_pairs_hook=_no_duplicates,
        )
    except RecursionError:
        raise JsonError("not valid JSON: nested too deeply") from None
    except ValueError as err:  # includes json.JSONDecodeError
        raise JsonError(f"not valid JSON: {one_line(str(err))}") from None


def read_json_file(path: Path, max_bytes: int) -> Any:
    """The parsed contents of `path`; JsonError (one line, no path) on any problem."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as err:
        raise JsonError(f"cannot read the file: {err.strerror or err}") from None
    if len(raw) > max_bytes:
        raise JsonError(f"the file is larger than {max_bytes // (1024 * 1024)} MB")
    if not raw.strip():
        raise JsonError("the file is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise JsonError(f"not UTF-8 text (byte {err.start})") from None
    return loads_strict(text)


def one_line(text: str, limit: int = 200) -> str:
    """`text` on one line, cut to `limit` characters: messages quote data we do not trust."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."
