"""Reading a map from untrusted JSON values into typed ones, with a message naming the key.

A map reaches the program twice as JSON: the map file (game/maps/parse.py reads it) and the plain
form a save carries (`MapGraph.from_dict`). Both read through `MapReader`: each method takes a
value of unknown type (`object`), returns it typed when it is what the format says, and
otherwise records one line naming the key and what was wrong (strict: raises `MapError`) and
returns a fallback, so a broken map never surfaces as a KeyError or TypeError.

Pure: stdlib only, no I/O.
"""

from __future__ import annotations

import math
import re
from collections.abc import Container, Iterable, Mapping

ID_RE = re.compile(r"[a-z0-9_]+")  # a map id: lowercase letters, digits and _

Point = tuple[float, float]
Ring = list[Point]


class MapError(Exception):
    """A map that cannot be used; str(err) is one line naming the key and the problem."""


class MapReader:
    """Typed readers for JSON values; each records a problem (strict: raises) on a bad value."""

    def __init__(self, strict: bool, free_ids: bool = False) -> None:
        self.strict = strict  # raise on the first problem instead of collecting
        # A saved graph may come from a scenario, whose area ids are free strings (SCENARIOS.md).
        self.free_ids = free_ids
        self.problems: list[str] = []

    def fail(self, key: str, message: str) -> None:
        text = f"{key}: {message}"
        if self.strict:
            raise MapError(text)
        self.problems.append(text)

    def keys(
        self, obj: Mapping[str, object], path: str, required: Iterable[str],
        allowed: Iterable[str],
    ) -> None:
        allowed_set = set(allowed)
        for key in required:
            if key not in obj:
                self.fail(join(path, key), "missing")
        for key in obj:
            if key not in allowed_set:
                self.fail(join(path, key), "unknown key")

    def obj(self, value: object, path: str) -> Mapping[str, object] | None:
        if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
            return value
        self.fail(path, f"must be an object, got {describe(value)}")
        return None

    def seq(self, value: object, path: str) -> list[object]:
        if isinstance(value, list | tuple):
            return list(value)
        self.fail(path, f"must be a list, got {describe(value)}")
        return []

    def text(self, value: object, path: str, fallback: str) -> str:
        if isinstance(value, str):
            return value
        self.fail(path, f"must be a string, got {describe(value)}")
        return fallback

    def ident(self, value: object, path: str) -> str | None:
        if isinstance(value, str) and ID_RE.fullmatch(value):
            return value
        if self.free_ids and isinstance(value, str) and 0 < len(value) <= 64 and all(
                ch.isprintable() and not ch.isspace() for ch in value):
            return value
        self.fail(path, f"must be an id of lowercase letters, digits and _, got {describe(value)}")
        return None

    def flag(self, value: object, path: str) -> bool:
        if isinstance(value, bool):
            return value
        self.fail(path, f"must be true or false, got {describe(value)}")
        return False

    def choice(self, value: object, path: str, options: tuple[str | None, ...]) -> str | None:
        for option in options:
            if value == option and (value is None or isinstance(value, str)):
                return option
        names = ", ".join("null" if o is None else o for o in options)
        self.fail(path, f"must be one of {names}, got {describe(value)}")
        return options[0]

    def whole(self, value: object, path: str, low: int, high: int) -> int | None:
        """An integer from low to high (true and false are not numbers)."""
        if type(value) is int and low <= value <= high:
            return value
        self.fail(path, f"must be an integer {low}-{high}, got {describe(value)}")
        return None

    def number(self, value: object, path: str) -> float | None:
        if isinstance(value, int | float) and not isinstance(value, bool):
            try:
                number = float(value)
            except OverflowError:
                number = math.inf
            if math.isfinite(number):
                return number
        self.fail(path, f"must be a finite number, got {describe(value)}")
        return None

    def point(self, value: object, path: str) -> Point | None:
        if not isinstance(value, list | tuple) or len(value) != 2:
            self.fail(path, f"must be a point [x, y], got {describe(value)}")
            return None
        x = self.number(value[0], f"{path}[0]")
        y = self.number(value[1], f"{path}[1]")
        return None if x is None or y is None else (x, y)

    def points(self, value: object, path: str) -> list[Point]:
        """A list of points; the well-formed points of a list with bad ones."""
        fast = _well_formed_points(value)
        if fast is not None:
            return fast
        return [p for k, pt in enumerate(self.seq(value, path))
                if (p := self.point(pt, f"{path}[{k}]")) is not None]

    def rings(self, value: object, path: str) -> list[Ring]:
        return [self.points(raw, f"{path}[{j}]") for j, raw in enumerate(self.seq(value, path))]

    def ids(self, value: object, path: str) -> list[tuple[int, str]]:
        """A list of ids, each with its index (invalid entries dropped)."""
        out = []
        for j, raw in enumerate(self.seq(value, path)):
            got = self.ident(raw, f"{path}[{j}]")
            if got is not None:
                out.append((j, got))
        return out

    def pair(self, value: object, path: str) -> tuple[str, str] | None:
        if not isinstance(value, list | tuple) or len(value) != 2:
            self.fail(path, f"must be a pair [a, b], got {describe(value)}")
            return None
        a = self.ident(value[0], f"{path}[0]")
        b = self.ident(value[1], f"{path}[1]")
        if a is None or b is None:
            return None
        if a == b:
            self.fail(path, f"{a!r} cannot be paired with itself")
            return None
        return (a, b)

    def known(
        self, refs: list[tuple[int, str]], path: str, known: Container[str], what: str = "area"
    ) -> list[tuple[int, str]]:
        """The refs that name something in `known`; each other one is a problem."""
        out = []
        for j, ref in refs:
            if ref in known:
                out.append((j, ref))
            else:
                self.fail(f"{path}[{j}]", f"unknown {what} {ref!r}")
        return out


_NUMBER_TYPES = {int, float}
_POINT_TYPES = {list, tuple}


def _well_formed_points(value: object) -> list[Point] | None:
    """The points of a list in which every point is [x, y] of finite numbers, checked with
    whole-list operations (a board has some 50,000 points); None sends the list to the
    point-by-point reading, which names what is wrong."""
    if type(value) is not list or not value:
        return None
    if not set(map(type, value)) <= _POINT_TYPES or set(map(len, value)) != {2}:
        return None
    xs, ys = zip(*value, strict=True)
    if not set(map(type, xs)) | set(map(type, ys)) <= _NUMBER_TYPES:  # bool is not a number
        return None
    try:
        if not (all(map(math.isfinite, xs)) and all(map(math.isfinite, ys))):
            return None
    except OverflowError:  # an int too large for a float
        return None
    return list(zip(xs, ys, strict=True))


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def describe(value: object) -> str:
    """A short rendering of a bad value for a message (long strings and huge numbers cut)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 64:
            return "a very large number"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return repr(shown)
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    return f"a {type(value).__name__}"
