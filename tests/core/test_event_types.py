"""Every event class the core can report is exported from `game.core` (issue 17), so the
client and bots dispatch on types, never on class names."""

from __future__ import annotations

import importlib
import pkgutil

import game.core
from game.core import ALL_EVENT_TYPES, EVENT_TYPES, Event, event_types


def every_event_class() -> list[type[Event]]:
    """Every subclass of Event defined anywhere in the core, however deep."""
    for info in pkgutil.walk_packages(game.core.__path__, "game.core."):
        importlib.import_module(info.name)
    found: list[type[Event]] = []
    todo = list(Event.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo += cls.__subclasses__()
    return found


def test_every_event_class_in_the_core_is_exported_from_game_core() -> None:
    exported = {value for name in game.core.__all__
                if isinstance(value := getattr(game.core, name, None), type)}
    missing = sorted(f"{c.__module__}.{c.__qualname__}" for c in every_event_class()
                     if c not in exported or c not in ALL_EVENT_TYPES)
    assert not missing, f"event classes not exported from game.core: {missing}"


def test_the_exported_event_list_names_each_class_once_and_nothing_else() -> None:
    assert len(set(ALL_EVENT_TYPES)) == len(ALL_EVENT_TYPES)
    assert all(issubclass(cls, Event) and cls is not Event for cls in ALL_EVENT_TYPES)
    by_name = {name: getattr(event_types, name) for name in event_types.__all__
               if name not in ("ALL_EVENT_TYPES", "EVENT_TYPES")}
    assert set(by_name.values()) == set(ALL_EVENT_TYPES)


def test_each_event_class_has_a_name_of_its_own_so_its_plain_form_reads_back() -> None:
    """An event's plain form names its class in "type" (the network sends it so)."""
    names = [cls.__name__ for cls in every_event_class()]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
    assert all(EVENT_TYPES[cls.__name__] is cls for cls in ALL_EVENT_TYPES)
