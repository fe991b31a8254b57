"""Map files on disk: read one into the rules graph plus the geometry the client draws.

The file format is described by ``maps/schema.json``, read by game/mapparse.py and checked by
game/mapchecks.py; this module adds the file handling (size limit, strict JSON, errors that
name the file and never a traceback), the geometry, the report behind
``python -m game validate-map FILE``, and the list of maps shipped in ``maps/``.
"""

from __future__ import annotations

import gc
import json
import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.mapgraph import MapError, MapGraph
from game.mapchecks import checked_graph, map_summary
from game.mapparse import graph_from_map_dict
from game.resources import resource_path

MAX_MAP_BYTES = 20 * 1024 * 1024
_MAX_NUMBER_DIGITS = 30
_DIGITS_TO_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)

Point = tuple[float, float]
Ring = tuple[Point, ...]


@dataclass(frozen=True)
class Shape:
    """Something drawn from polygons: a land area, an open sea or a lake."""

    name: str
    polygons: tuple[Ring, ...]
    label: Point | None = None
    water: tuple[Ring, ...] = ()  # land areas: their coastal water, if the file has it
    site: Point | None = None  # land areas: where the city site is drawn, if the file says


@dataclass(frozen=True)
class River:
    id: str
    name: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class MapGeometry:
    """What the client needs to draw a map; coordinates in map units, y growing north."""

    bounds: tuple[float, float, float, float]  # minx, miny, maxx, maxy
    areas: Mapping[str, Shape]
    seas: Mapping[str, Shape]
    volcanoes: Mapping[str, Point]
    rivers: tuple[River, ...]
    lakes: Mapping[str, Shape] = field(default_factory=dict)
    flood_plains: Mapping[str, tuple[Ring, ...]] = field(default_factory=dict)  # plain -> band
    off_board: tuple[Ring, ...] = ()  # land that is no area's: deserts, far lands (not played)


def read_map_data(path: str | Path) -> dict[str, Any]:
    """The file's JSON object. MapError naming the file if it is unreadable, too large (over
    20 MB), not strict JSON (NaN, huge numbers, duplicate keys, nesting too deep) or not an
    object."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_MAP_BYTES + 1)
    except OSError as err:
        raise MapError(f"{path}: cannot read the file: {err.strerror or err}") from None
    if len(raw) > MAX_MAP_BYTES:
        raise MapError(f"{path}: the file is larger than {MAX_MAP_BYTES // (1024 * 1024)} MB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise MapError(f"{path}: not UTF-8 text (byte {err.start})") from None
    # Checking every int costs more than the parse itself; only a file with a run of more
    # than _MAX_NUMBER_DIGITS digits somewhere (even inside a string) can hold a long one.
    long_run = b"0" * (_MAX_NUMBER_DIGITS + 1) in raw.translate(_DIGITS_TO_ZERO)
    try:
        data = json.loads(
            text, parse_constant=_reject_constant, parse_float=_parse_float,
            parse_int=_parse_int if long_run else None, object_pairs_hook=_no_duplicate_keys,
        )
    except RecursionError:
        raise MapError(f"{path}: not valid JSON: nested too deeply") from None
    except ValueError as err:  # includes json.JSONDecodeError
        raise MapError(f"{path}: not valid JSON: {err}") from None
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else "a single value"
        raise MapError(f"{path}: the top level must be a JSON object, got {kind}")
    return data


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:_MAX_NUMBER_DIGITS]} is out of range")
    return value


def _parse_int(text: str) -> int:
    if len(text) > _MAX_NUMBER_DIGITS:
        raise ValueError(f"a number with {len(text)} digits is too large")
    return int(text)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r} in an object")
        out[key] = value
    return out


def load_map_file(path: str | Path, *, check: bool = True) -> tuple[MapGraph, MapGeometry]:
    """Read, validate and convert a map file. MapError (naming the file) on any problem.

    With `check` (the default) the map must also pass `check_map`; the error then names the
    first problem and how many there are. `validate_map_file` reports them all.
    """
    with _collector_paused():
        return _load(path, check)


def _load(path: str | Path, check: bool) -> tuple[MapGraph, MapGeometry]:
    data = read_map_data(path)
    try:
        if not check:
            graph = graph_from_map_dict(data, require_geometry=True)
        else:
            found, problems = checked_graph(data)
            if found is None:  # the file's shape is wrong: name the first thing, as unchecked
                raise MapError(problems[0])
            if problems:
                more = len(problems) - 1
                extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
                raise MapError(problems[0] + extra)
            graph = found
    except MapError as err:
        raise MapError(f"{path}: {err}") from None
    return graph, _geometry(data)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """A board is some 100,000 new lists and tuples, none in a reference cycle; the cyclic
    garbage collector, woken again and again while they are made, walks the growing heap each
    time: measured, 90-190 ms of a 260-360 ms load of the shipped board."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def validate_map_file(path: str | Path) -> tuple[bool, str]:
    """(ok, report): the map's summary, one line per problem, then `OK` or `N problems`."""
    try:
        data = read_map_data(path)
    except MapError as err:
        return False, f"{err}\n1 problem"
    graph, problems = checked_graph(data, outlines=True)
    lines = [map_summary(graph) if graph is not None else f"{path}: the map cannot be loaded"]
    lines += problems
    count = len(problems)
    lines.append("OK" if not count else f"{count} problem{'s' if count > 1 else ''}")
    return not problems, "\n".join(lines)


def maps_dir() -> Path:
    """The folder of maps shipped with the game (inside the bundle when frozen)."""
    return resource_path("maps")


def find_maps(directory: str | Path | None = None) -> dict[str, Path]:
    """Map files in `directory` (default: the shipped maps folder), by file stem, sorted.

    Only lists files (schema.json excluded); reading and checking them is `load_map_file`'s job.
    """
    folder = Path(directory) if directory is not None else maps_dir()
    if not folder.is_dir():
        return {}
    return {
        p.stem: p for p in sorted(folder.glob("*.json"))
        if p.name != "schema.json" and p.is_file()
    }


# Geometry: the structure was validated by graph_from_map_dict(require_geometry=True).


def _point(value: Any) -> Point:
    return (float(value[0]), float(value[1]))


def _rings(value: Any) -> tuple[Ring, ...]:
    # whole numbers stay ints (they compare and compute as the floats they stand for)
    return tuple(tuple(map(tuple, ring)) for ring in value or ())


def _shape(obj: Mapping[str, Any]) -> Shape:
    return Shape(
        name=str(obj.get("name", obj["id"])),
        polygons=_rings(obj.get("polygons")),
        label=_point(obj["label"]) if "label" in obj else None,
        water=_rings(obj.get("water_polygons")),
        site=_point(obj["site_point"]) if "site_point" in obj else None,
    )


def _geometry(data: Mapping[str, Any]) -> MapGeometry:
    x0, y0, x1, y1 = (float(v) for v in data["bounds"])
    return MapGeometry(
        bounds=(x0, y0, x1, y1),
        areas={a["id"]: _shape(a) for a in sorted(data["areas"], key=lambda a: str(a["id"]))},
        seas={s["id"]: _shape(s) for s in data["seas"]},
        volcanoes={v["id"]: _point(v["point"]) for v in data["volcanoes"]},
        rivers=tuple(
            River(id=r["id"], name=r["name"], points=tuple(_point(p) for p in r["points"]))
            for r in data["rivers"]
        ),
        lakes={lake["id"]: _shape(lake) for lake in data.get("lakes", ())},
        flood_plains={f["id"]: _rings(f.get("polygons")) for f in data["flood_plains"]},
        off_board=_rings(data.get("off_board")),
    )
