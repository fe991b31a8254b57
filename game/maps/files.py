"""Map files on disk: read one into the rules graph plus the geometry the client draws.

The file format is described by ``maps/schema.json``, read by game/maps/parse.py and checked by
game/maps/checks.py; this module adds the file handling (size limit, strict JSON, errors that
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
from typing import NoReturn

from game.core.mapgraph import MapError, MapGraph
from game.core.mapread import Ring as PlainRing
from game.maps.checks import checked_graph, checked_map, map_summary
from game.maps.parse import ParsedMap, build_graph, read_map
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


def read_map_data(path: str | Path) -> dict[str, object]:
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


def _reject_constant(name: str) -> NoReturn:
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


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
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
            parsed, _ = read_map(data, strict=True, require_geometry=True)
        else:
            parsed, problems = checked_map(data)
            if parsed is None:  # the file's shape is wrong: name the first thing, as unchecked
                raise MapError(problems[0])
            if problems:
                more = len(problems) - 1
                extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
                raise MapError(problems[0] + extra)
    except MapError as err:
        raise MapError(f"{path}: {err}") from None
    assert parsed is not None  # a strict reading raised otherwise
    return build_graph(parsed), _geometry(parsed)


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


# Geometry: from a clean reading with the geometry required, so every required key is there.


def _rings(rings: list[PlainRing] | None) -> tuple[Ring, ...]:
    # whole numbers stay ints (they compare and compute as the floats they stand for)
    return tuple(tuple(ring) for ring in rings or ())


def _shape(name: str, polygons: list[PlainRing] | None, label: Point | None,
           water: list[PlainRing] | None = None, site: Point | None = None) -> Shape:
    return Shape(name=name, polygons=_rings(polygons), label=label, water=_rings(water), site=site)


def _geometry(p: ParsedMap) -> MapGeometry:
    assert p.bounds is not None  # required
    return MapGeometry(
        bounds=p.bounds,
        areas={aid: _shape(a.name, a.polygons, a.label, a.water_polygons, a.site_point)
               for aid, a in sorted(p.areas.items())},
        seas={sid: _shape(s.name, s.polygons, s.label) for sid, s in p.seas.items()},
        volcanoes={vid: v.point for vid, v in p.volcanoes.items() if v.point is not None},
        rivers=tuple(
            River(id=r.id, name=r.name, points=tuple((float(x), float(y)) for x, y in r.points))
            for r in p.rivers.values() if r.points is not None
        ),
        lakes={lid: _shape(lake.name, lake.polygons, lake.label) for lid, lake in p.lakes.items()},
        flood_plains={fid: _rings(f.polygons) for fid, f in p.flood_plains.items()},
        off_board=_rings(p.off_board),
    )
