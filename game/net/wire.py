"""Views as sent over the wire: the `PlayerView` as plain JSON data without the map (the map
never changes and is sent once, at join), and back."""

from __future__ import annotations

import dataclasses
import json
import typing
from functools import cache
from typing import Any

from game.core import GameState, MapGraph, PlayerView, from_plain, to_plain, view

HIDDEN_SEED = 0  # the seed as a client is sent it, until the record at the end


def wire_view(state: GameState, seat: str | None) -> dict[str, Any]:
    """What `seat` (None: a spectator) is sent of `state`: its view, less the map and the
    seed (with the seed and the map, anyone can deal the decks as the game dealt them)."""
    seen = view(state, seat)
    bare = object.__new__(PlayerView)  # without the map (turning it into data costs most)
    bare.__dict__.update(seen.__dict__, map=None)
    plain: dict[str, Any] = to_plain(bare)
    del plain["map"]
    plain["config"]["seed"] = HIDDEN_SEED
    return plain


def as_sent(seen: PlayerView) -> PlayerView:
    """`seen` as a client rebuilds it from the wire: the seed hidden."""
    config = dataclasses.replace(seen.config, seed=HIDDEN_SEED)
    return dataclasses.replace(seen, config=config)


# The only fields in which one seat's view differs from the public (spectator's) view (the
# Events module's holds the seat's own private events).
PER_SEAT = ("viewer", "hand", "pending", "events")


def wire_views_text(state: GameState, seats: list[str | None]) -> dict[str | None, str]:
    """`wire_view` for each of `seats` as JSON text, the public part built and encoded once
    (every seat's view shares all of it but `PER_SEAT`)."""
    public = wire_view(state, None)
    shared = json.dumps({k: v for k, v in public.items() if k not in PER_SEAT},
                        separators=(",", ":"))
    out = {}
    for seat in seats:
        own = view_of_seat(state, seat) if seat is not None else public
        tail = json.dumps({k: own[k] for k in PER_SEAT}, separators=(",", ":"))
        out[seat] = f"{shared[:-1]},{tail[1:]}"
    return out


def wire_views(state: GameState, seats: list[str | None]
               ) -> dict[str | None, tuple[dict[str, Any], str]]:
    """`wire_view` for each of `seats`, as data and as JSON text, the public part built and
    encoded once and shared (never to be changed in place: the server keeps views sent to
    patch the next ones against)."""
    public = wire_view(state, None)
    shared_part = {k: v for k, v in public.items() if k not in PER_SEAT}
    shared = json.dumps(shared_part, separators=(",", ":"))
    out = {}
    for seat in seats:
        own = view_of_seat(state, seat) if seat is not None else public
        mine = {k: own[k] for k in PER_SEAT}
        tail = json.dumps(mine, separators=(",", ":"))
        out[seat] = ({**shared_part, **mine}, f"{shared[:-1]},{tail[1:]}")
    return out


def view_of_seat(state: GameState, seat: str) -> dict[str, Any]:
    """The `PER_SEAT` fields of `wire_view(state, seat)`, without encoding the rest."""
    own = view(state, seat)
    return {name: to_plain(getattr(own, name)) for name in PER_SEAT}


@cache
def _view_fields() -> dict[str, Any]:
    hints = typing.get_type_hints(PlayerView)
    return {f.name: hints[f.name] for f in dataclasses.fields(PlayerView) if f.name != "map"}


def read_view(data: Any, graph: MapGraph) -> PlayerView:
    """The `PlayerView` from a wire view and the game's map; StateError if it is malformed."""
    from game.core import StateError

    if not isinstance(data, dict) or set(data) != set(_view_fields()):
        raise StateError("view: not a view of this version")
    values = {name: from_plain(tp, data[name], f"view.{name}")
              for name, tp in _view_fields().items()}
    return PlayerView(map=graph, **values)


def read_map(data: Any) -> MapGraph:
    return from_plain(MapGraph, data, "map")


class MapKeeper:
    """The maps one connection was sent, by digest (protocol 4): a `joined` that names its
    map by `map_digest` only (the connection was sent it before) gets it back here."""

    def __init__(self) -> None:
        self.maps: dict[str, Any] = {}

    def take(self, msg: dict[str, Any]) -> dict[str, Any]:
        """`msg`, a `joined` with its map; ProtocolError for a map this connection was not
        sent."""
        if msg.get("type") != "joined":
            return msg
        digest = msg.get("map_digest")
        if "map" in msg:
            if isinstance(digest, str):
                self.maps[digest] = msg["map"]
            return msg
        held = self.maps.get(digest) if isinstance(digest, str) else None
        if held is None:
            from .protocol import ProtocolError

            raise ProtocolError("the server named a map it did not send")
        return {**msg, "map": held}
