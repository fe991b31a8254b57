"""Option labels (the SCENARIOS.md grammar: `area:X`, `player:X`, `number:N`, `card:X`, `done`,
...): made, read and ordered in one place, so no procedure splits strings by hand."""

from __future__ import annotations

import re
from functools import lru_cache

# A label is a kind, optionally followed by ":" and a value; ids are lower-case words with
# digits, "_" and "-", values may hold further ":"-separated parts (e.g. `offer:a:b`).
_WELL_FORMED = re.compile(r"[a-z][a-z0-9_]*(:[A-Za-z0-9_.:+-]+)?")
MAX_LENGTH = 200

_ORDER = {
    p: i
    for i, p in enumerate(
        ("area", "sea", "volcano", "flood", "player", "card", "advance", "number", "yes", "no")
    )
}


def make(kind: str, value: str | int) -> str:
    """The label of kind `kind` for `value`: make("area", "crete") == "area:crete"."""
    return f"{kind}:{value}"


def kind_of(label: str) -> str:
    """The part before the first ":" ("area" of "area:crete"; the whole of "done")."""
    return label.partition(":")[0]


def value(label: str) -> str:
    """The part after the first ":" ("crete" of "area:crete"); "" when there is none."""
    return label.partition(":")[2]


def number(label: str) -> int:
    """The integer value of a label such as "number:3" or "stack:2"."""
    return int(value(label))


def well_formed(label: str) -> bool:
    return len(label) <= MAX_LENGTH and _matches(label)


@lru_cache(maxsize=4096)  # every action's label is checked, and labels recur all game
def _matches(label: str) -> bool:
    return _WELL_FORMED.fullmatch(label) is not None


@lru_cache(maxsize=8192)  # every decision sorts its options, and labels recur all game
def sort_key(label: str) -> tuple[int, int, str]:
    """The canonical order of option labels: by kind, numbers numerically, then by id;
    `done` always last."""
    prefix, _, rest = label.partition(":")
    if label == "done":
        return (99, 0, "")
    rank = _ORDER.get(prefix, 50)
    if prefix == "number":
        try:
            return (rank, int(rest), "")
        except ValueError:
            pass
    return (rank, 0, rest or prefix)
