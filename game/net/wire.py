"""Views as sent over the wire: the `PlayerView` as plain JSON data without the map (the map
never changes and is sent once, at join), and back."""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Any

from game.core import GameState, PlayerView, view
from game.core.mapgraph import MapGraph
from game.core.plain import from_plain, to_plain


def wire_view(state: GameState, seat: str | None) -> dict[str, Any]:
    """What `seat` (None: a spectator) is sent of `state`: its view, less the map."""
    plain: dict[str, Any] = to_plain(view(state, seat))
    del plain["map"]
    return plain


@cache
def _view_fields() -> dict[str, Any]:
    hints = typing.get_type_hints(PlayerView)
    return {f.name: hints[f.name] for f in dataclasses.fields(PlayerView) if f.name != "map"}


def read_view(data: Any, graph: MapGraph) -> PlayerView:
    """The `PlayerView` from a wire view and the game's map; StateError if it is malformed."""
    from game.core.errors import StateError

    if not isinstance(data, dict) or set(data) != set(_view_fields()):
        raise StateError("view: not a view of this version")
    values = {name: from_plain(tp, data[name], f"view.{name}")
              for name, tp in _view_fields().items()}
    return PlayerView(map=graph, **values)


def read_map(data: Any) -> MapGraph:
    return from_plain(MapGraph, data, "map")
