"""Which maps the client offers, and loading one with a message instead of a traceback."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from game.core import MapError, MapGraph
from game.maps.files import MapGeometry, find_maps, load_map_file
from game.resources import resource_path


def available_maps() -> dict[str, Path]:
    """Shipped maps; in a source checkout without any, the test maps so the client still runs."""
    maps = find_maps()
    if maps:
        return maps
    tests = resource_path("tests", "maps")
    return {k: v for k, v in find_maps(tests).items() if k in ("arena", "tiny")}


def map_titles() -> dict[str, str]:
    """Each offered map's id -> its name as a player reads it ("Oikoumene", from the map's
    "Oikoumene: Iberia to the Ganges"); its id when the map cannot be read."""
    titles: dict[str, str] = {}
    for map_id, path in available_maps().items():
        try:
            name = load_map(path)[0].name
        except MapError:
            name = ""
        titles[map_id] = map_title(name, map_id)
    return titles


def map_title(name: str, map_id: str) -> str:
    """A map's name as a player reads it: "Oikoumene" from "Oikoumene: Iberia to the Ganges";
    its id when it has no name."""
    return name.split(":", 1)[0].strip() or map_id


@lru_cache(maxsize=4)
def load_map(path: Path) -> tuple[MapGraph, MapGeometry]:
    """MapError (one line naming the file) when the map cannot be used."""
    return load_map_file(path)


def map_for(map_id: str) -> tuple[MapGraph, MapGeometry] | None:
    """A map by id, for a loaded game; None if it is not installed."""
    path = available_maps().get(map_id)
    if path is None:
        return None
    try:
        return load_map(path)
    except MapError:
        return None
