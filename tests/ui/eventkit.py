"""Event classes for the client's coverage tests: each one as an instance with plain values,
so a test can ask every consumer (log, animations, sounds, board mirror) what it does with it."""

from __future__ import annotations

import dataclasses
import typing

from game.core import Event


def sample(cls: type[Event]) -> Event:
    """An instance of `cls` with plain values for every field."""
    values: dict[str, object] = {}
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        if f.name == "rule":
            continue
        hint = hints[f.name]
        values[f.name] = (() if typing.get_origin(hint) is tuple else False if hint is bool
                          else 1 if hint is int else "x")
    return cls(**values)  # type: ignore[arg-type]

def named(classes: typing.Iterable[type[Event]]) -> list[str]:
    return sorted(f"{c.__module__}.{c.__qualname__}" for c in classes)
