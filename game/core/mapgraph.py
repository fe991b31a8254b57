"""The board map as the rules see it: areas, their attributes and who neighbours whom.

Three things live here, all pure (no file I/O, stdlib only):

* `MapGraph` and its parts (`Area`, `Sea`, `Volcano`): the immutable rules model that a game
  state holds by reference and that clones share.
* `graph_from_map_dict`: the map *file* format (see ``maps/schema.json``) -> `MapGraph`. It
  checks shape, types, value ranges and that every referenced id exists, and raises `MapError`
  with one line naming the key (never KeyError or TypeError).
* `check_map`: every problem in a map file dict, one message per problem, including the deeper
  rules checks (coastal consistency, connectivity, start areas, volcanoes, flood plains, geometry).
  `checked_graph` does both jobs in one reading, for loading a file that must pass the checks.

Rules definitions (rules reference §2): an open sea is all water; a coastal area has land and
water connected to an open sea, directly or through other areas' water; a volcano on the border
of two areas is in both; an area touched by a flood plain is on it.
"""

from __future__ import annotations

import copy
import math
import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .rings import self_crossing

FORMAT_VERSION = 1
SITES = ("none", "white", "black")
BLOCKS = ("west", "east")
POP_MAX = 5
MAX_COORDINATE = 10_000_000.0  # map units; past it the client's scaling loses all precision
# The 18 civilizations, in A.S.T. ranking order.
CIVILIZATIONS = (
    "minoa", "saba", "assyria", "maurya", "celt", "babylon", "carthage", "dravidia", "hatti",
    "kushan", "rome", "persia", "iberia", "nubia", "hellas", "indus", "egypt", "parthia",
)
ID_PATTERN = r"^[a-z0-9_]+$"
_ID_RE = re.compile(r"[a-z0-9_]+")

Point = tuple[float, float]
Ring = list[Point]


class MapError(Exception):
    """A map that cannot be used; str(err) is one line naming the key and the problem."""


@dataclass(frozen=True)
class Area:
    """A land area. `pop` is its population limit, `site` its city site colour ("none" if none)."""

    id: str
    name: str
    pop: int
    site: str
    coastal: bool
    flood_plain: str | None
    block: str | None
    edge: bool


@dataclass(frozen=True)
class Sea:
    """An open sea and the land areas whose water borders it."""

    id: str
    name: str
    borders: tuple[str, ...]


@dataclass(frozen=True)
class Volcano:
    """A volcano and the areas it counts as being in (both sides of the border it sits on)."""

    id: str
    name: str
    areas: tuple[str, ...]


@dataclass(frozen=True)
class MapGraph:
    """The rules' map. Immutable and shared: copying returns the same object.

    `land` holds land neighbours including across straits; `water` holds land areas adjacent
    across coastal water. Both are symmetric, sorted and have an entry for every area.
    `sea_links` (open sea -> open seas sharing a border), `name` and `setups` (free-form, from the
    map file) are extras beyond the original brief, with defaults so they may be omitted.
    """

    id: str
    areas: Mapping[str, Area]
    land: Mapping[str, tuple[str, ...]]
    water: Mapping[str, tuple[str, ...]]
    seas: Mapping[str, Sea]
    volcanoes: Mapping[str, Volcano]
    flood_plains: Mapping[str, tuple[str, ...]]
    straits: tuple[tuple[str, str], ...]
    start_areas: Mapping[str, str]
    name: str = ""
    sea_links: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    setups: Mapping[str, Any] = field(default_factory=dict)
    _cache: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __copy__(self) -> MapGraph:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> MapGraph:
        return self

    def neighbours(self, area: str) -> tuple[str, ...]:
        """Areas adjacent by land (or strait) or by water: sorted, no duplicates."""
        table: dict[str, tuple[str, ...]] = self._cache.setdefault("neighbours", {})
        hit = table.get(area)
        if hit is None:
            if area not in self.areas:
                raise KeyError(f"unknown area {area!r}")
            hit = tuple(sorted(set(self.land.get(area, ())) | set(self.water.get(area, ()))))
            table[area] = hit
        return hit

    def seas_of(self, area: str) -> tuple[str, ...]:
        """The open seas the area borders, sorted."""
        table: dict[str, tuple[str, ...]] | None = self._cache.get("seas_of")
        if table is None:
            found: dict[str, list[str]] = {a: [] for a in self.areas}
            for sea in self.seas.values():
                for a in sea.borders:
                    found.setdefault(a, []).append(sea.id)
            table = {a: tuple(sorted(s)) for a, s in found.items()}
            self._cache["seas_of"] = table
        if area not in table:
            raise KeyError(f"unknown area {area!r}")
        return table[area]

    def distance(self, a: str, b: str) -> int | None:
        """Steps from a to b over `neighbours` (land, strait or water); None if unreachable."""
        if b not in self.areas:
            raise KeyError(f"unknown area {b!r}")
        rows: dict[str, dict[str, int]] = self._cache.setdefault("distance", {})
        row = rows.get(a)
        if row is None:
            if a not in self.areas:
                raise KeyError(f"unknown area {a!r}")
            row = {a: 0}
            queue = deque([a])
            while queue:
                here = queue.popleft()
                for nxt in self.neighbours(here):
                    if nxt not in row:
                        row[nxt] = row[here] + 1
                        queue.append(nxt)
            rows[a] = row
        return row.get(b)

    def to_dict(self) -> dict[str, Any]:
        """The rules part (no geometry) as plain JSON types; `from_dict` is its inverse."""
        return {
            "format": FORMAT_VERSION,
            "id": self.id,
            "name": self.name,
            "areas": [
                {
                    "id": a.id, "name": a.name, "pop": a.pop, "site": a.site,
                    "coastal": a.coastal, "flood_plain": a.flood_plain, "block": a.block,
                    "edge": a.edge,
                }
                for a in self.areas.values()
            ],
            "land": {k: list(v) for k, v in self.land.items()},
            "water": {k: list(v) for k, v in self.water.items()},
            "seas": [
                {"id": s.id, "name": s.name, "borders": list(s.borders)}
                for s in self.seas.values()
            ],
            "sea_links": {k: list(v) for k, v in self.sea_links.items()},
            "volcanoes": [
                {"id": v.id, "name": v.name, "areas": list(v.areas)}
                for v in self.volcanoes.values()
            ],
            "flood_plains": {k: list(v) for k, v in self.flood_plains.items()},
            "straits": [list(p) for p in self.straits],
            "start_areas": dict(self.start_areas),
            "setups": copy.deepcopy(dict(self.setups)),
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> MapGraph:
        """Rebuild a graph from `to_dict` output; MapError on any mismatch."""
        return _graph_from_plain(data)


# --------------------------------------------------------------------------------------------
# Reading helpers: each records a problem (strict: raises MapError) and returns a fallback.


class _Reader:
    def __init__(self, strict: bool, geometry: bool, free_ids: bool = False) -> None:
        self.strict = strict  # raise on the first problem instead of collecting
        self.geometry = geometry  # full file: geometry keys required
        # A saved graph may come from a scenario, whose area ids are free strings (SCENARIOS.md).
        self.free_ids = free_ids
        self.problems: list[str] = []

    def fail(self, key: str, message: str) -> None:
        text = f"{key}: {message}"
        if self.strict:
            raise MapError(text)
        self.problems.append(text)

    def keys(
        self, obj: Mapping[str, Any], path: str, required: Iterable[str], allowed: Iterable[str]
    ) -> None:
        allowed_set = set(allowed)
        for key in required:
            if key not in obj:
                self.fail(_join(path, key), "missing")
        for key in obj:
            if key not in allowed_set:
                shown = key if isinstance(key, str) else repr(key)
                self.fail(_join(path, shown), "unknown key")

    def obj(self, value: Any, path: str) -> Mapping[str, Any] | None:
        if isinstance(value, Mapping) and all(isinstance(k, str) for k in value):
            return value
        self.fail(path, f"must be an object, got {_describe(value)}")
        return None

    def seq(self, value: Any, path: str) -> list[Any]:
        if isinstance(value, list | tuple):
            return list(value)
        self.fail(path, f"must be a list, got {_describe(value)}")
        return []

    def text(self, value: Any, path: str, fallback: str) -> str:
        if isinstance(value, str):
            return value
        self.fail(path, f"must be a string, got {_describe(value)}")
        return fallback

    def ident(self, value: Any, path: str) -> str | None:
        if isinstance(value, str) and _ID_RE.fullmatch(value):
            return value
        if self.free_ids and isinstance(value, str) and 0 < len(value) <= 64 and all(
                ch.isprintable() and not ch.isspace() for ch in value):
            return value
        self.fail(path, f"must be an id of lowercase letters, digits and _, got {_describe(value)}")
        return None

    def flag(self, value: Any, path: str) -> bool:
        if isinstance(value, bool):
            return value
        self.fail(path, f"must be true or false, got {_describe(value)}")
        return False

    def choice(self, value: Any, path: str, options: tuple[str | None, ...]) -> str | None:
        if value in options and (value is None or isinstance(value, str)):
            return value
        names = ", ".join("null" if o is None else o for o in options)
        self.fail(path, f"must be one of {names}, got {_describe(value)}")
        return options[0]

    def number(self, value: Any, path: str) -> float | None:
        if isinstance(value, int | float) and not isinstance(value, bool):
            try:
                number = float(value)
            except OverflowError:
                number = math.inf
            if math.isfinite(number):
                return number
        self.fail(path, f"must be a finite number, got {_describe(value)}")
        return None

    def point(self, value: Any, path: str) -> Point | None:
        if not isinstance(value, list | tuple) or len(value) != 2:
            self.fail(path, f"must be a point [x, y], got {_describe(value)}")
            return None
        x = self.number(value[0], f"{path}[0]")
        y = self.number(value[1], f"{path}[1]")
        return None if x is None or y is None else (x, y)

    def points(self, value: Any, path: str) -> list[Point]:
        """A list of points; the well-formed points of a list with bad ones."""
        fast = _well_formed_points(value)
        if fast is not None:
            return fast
        return [p for k, pt in enumerate(self.seq(value, path))
                if (p := self.point(pt, f"{path}[{k}]")) is not None]

    def rings(self, value: Any, path: str) -> list[Ring]:
        return [self.points(raw, f"{path}[{j}]") for j, raw in enumerate(self.seq(value, path))]

    def ids(self, value: Any, path: str) -> list[tuple[int, str]]:
        """A list of ids, each with its index (invalid entries dropped)."""
        out = []
        for j, raw in enumerate(self.seq(value, path)):
            got = self.ident(raw, f"{path}[{j}]")
            if got is not None:
                out.append((j, got))
        return out

    def pair(self, value: Any, path: str) -> tuple[str, str] | None:
        if not isinstance(value, list | tuple) or len(value) != 2:
            self.fail(path, f"must be a pair [a, b], got {_describe(value)}")
            return None
        a = self.ident(value[0], f"{path}[0]")
        b = self.ident(value[1], f"{path}[1]")
        if a is None or b is None:
            return None
        if a == b:
            self.fail(path, f"{a!r} cannot be paired with itself")
            return None
        return (a, b)


_NUMBER_TYPES = {int, float}
_POINT_TYPES = {list, tuple}


def _well_formed_points(value: Any) -> list[Point] | None:
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


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _describe(value: Any) -> str:
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


# --------------------------------------------------------------------------------------------
# The parsed file, before it becomes a graph. Indices are kept for messages.


@dataclass
class _AreaRec:
    index: int
    id: str
    name: str
    pop: int | None  # None: the file's value was invalid (already reported), skip checks on it
    site: str
    coastal: bool | None
    flood_plain: str | None
    block: str | None
    polygons: list[Ring] | None
    label: Point | None
    water_polygons: list[Ring] | None
    site_point: Point | None


@dataclass
class _Feature:  # seas, volcanoes, flood plains, straits, rivers, lakes
    index: int
    id: str
    name: str
    refs: list[tuple[int, str]] = field(default_factory=list)  # bordered / touched areas
    listed: int = 0  # how many refs the file listed, valid or not
    polygons: list[Ring] | None = None
    label: Point | None = None
    point: Point | None = None
    points: list[Point] | None = None


@dataclass
class _Parsed:
    id: str = "map"
    name: str = ""
    bounds: tuple[float, float, float, float] | None = None
    areas: dict[str, _AreaRec] = field(default_factory=dict)
    seas: dict[str, _Feature] = field(default_factory=dict)
    volcanoes: dict[str, _Feature] = field(default_factory=dict)
    flood_plains: dict[str, _Feature] = field(default_factory=dict)
    straits: dict[str, _Feature] = field(default_factory=dict)
    rivers: dict[str, _Feature] = field(default_factory=dict)
    lakes: dict[str, _Feature] = field(default_factory=dict)
    off_board: list[Ring] | None = None  # land that is no area's, drawn only
    start_areas: dict[str, str] = field(default_factory=dict)
    edge_areas: list[tuple[int, str]] = field(default_factory=list)
    land: list[tuple[int, str, str]] = field(default_factory=list)
    water: list[tuple[int, str, str]] = field(default_factory=list)
    sea_pairs: list[tuple[int, str, str]] = field(default_factory=list)
    setups: dict[str, Any] = field(default_factory=dict)


_TOP_RULES = ("format", "id", "name", "areas", "seas", "volcanoes", "flood_plains", "straits",
              "start_areas", "edge_areas", "adjacency")
_TOP_GEOMETRY = ("bounds", "rivers")
_TOP_OPTIONAL = ("$schema", "units", "projection", "lakes", "off_board", "setups")
_AREA_RULES = ("id", "name", "pop", "site", "coastal", "flood_plain", "block")
_AREA_GEOMETRY = ("polygons", "label")
_AREA_OPTIONAL = ("water_polygons", "site_point")


def _parse(r: _Reader, data: Any) -> _Parsed | None:
    top = r.obj(data, "(top level)")
    if top is None:
        return None
    required = _TOP_RULES + _TOP_GEOMETRY if r.geometry else ("areas",)
    r.keys(top, "", required, _TOP_RULES + _TOP_GEOMETRY + _TOP_OPTIONAL)
    p = _Parsed()
    fmt = top.get("format", FORMAT_VERSION)
    if type(fmt) is not int or fmt != FORMAT_VERSION:
        r.fail("format", f"unsupported map format {_describe(fmt)} (this version reads "
                         f"{FORMAT_VERSION})")
    if "id" in top:
        p.id = r.ident(top["id"], "id") or p.id
    p.name = r.text(top.get("name", p.id), "name", p.id)
    if "bounds" in top:
        p.bounds = _bounds(r, top["bounds"])
    if "units" in top:
        r.text(top["units"], "units", "")
    if "projection" in top:
        r.obj(top["projection"], "projection")
    _parse_areas(r, top, p)
    p.seas = _features(r, top, "seas", p, refs_key="borders", geometry=True)
    p.volcanoes = _features(r, top, "volcanoes", p, refs_key="areas", point=True)
    p.flood_plains = _features(r, top, "flood_plains", p, refs_key="areas", optional_polys=True)
    p.straits = _features(r, top, "straits", p, refs_key="areas")
    p.rivers = _features(r, top, "rivers", p, line=True)
    p.lakes = _features(r, top, "lakes", p, geometry=True)
    if "off_board" in top:
        p.off_board = r.rings(top["off_board"], "off_board")
    for sid, sea in p.seas.items():
        if sid in p.areas:
            r.fail(f"seas[{sea.index}].id", f"{sid!r} is already the id of an area")
    for strait in p.straits.values():
        areas = sorted({a for _, a in strait.refs})
        if len(areas) != 2:
            if strait.listed != 2 or len(strait.refs) == 2:  # else: already reported unknown
                r.fail(f"straits[{strait.index}].areas", "must name exactly two different areas")
            strait.refs = []
    for rec in p.areas.values():
        if rec.flood_plain is not None and rec.flood_plain not in p.flood_plains:
            r.fail(f"areas[{rec.index}].flood_plain", f"unknown flood plain {rec.flood_plain!r}")
            rec.flood_plain = None
    _parse_starts(r, top, p)
    p.edge_areas = _known_refs(r, r.ids(top.get("edge_areas", []), "edge_areas"),
                               "edge_areas", p.areas)
    _parse_adjacency(r, top, p)
    if "setups" in top:
        setups = r.obj(top["setups"], "setups")
        p.setups = copy.deepcopy(dict(setups)) if setups is not None else {}
    return p


def _bounds(r: _Reader, value: Any) -> tuple[float, float, float, float] | None:
    if not isinstance(value, list | tuple) or len(value) != 4:
        r.fail("bounds", f"must be [minx, miny, maxx, maxy], got {_describe(value)}")
        return None
    nums = [r.number(v, f"bounds[{i}]") for i, v in enumerate(value)]
    if any(n is None for n in nums):
        return None
    x0, y0, x1, y1 = (n for n in nums if n is not None)
    if not (x0 < x1 and y0 < y1):
        r.fail("bounds", "must have minx < maxx and miny < maxy")
        return None
    if max(map(abs, (x0, y0, x1, y1))) > MAX_COORDINATE or min(x1 - x0, y1 - y0) < 1:
        got = ", ".join(f"{v:g}" for v in (x0, y0, x1, y1))
        r.fail("bounds", f"must lie within {MAX_COORDINATE:,.0f} map units of 0 and be at "
               f"least 1 unit wide and high, got [{got}]")
        return None
    return (x0, y0, x1, y1)


def _parse_areas(r: _Reader, top: Mapping[str, Any], p: _Parsed) -> None:
    for i, raw in enumerate(r.seq(top.get("areas", []), "areas")):
        path = f"areas[{i}]"
        obj = r.obj(raw, path)
        if obj is None:
            continue
        required = _AREA_RULES + _AREA_GEOMETRY if r.geometry else ("id",)
        r.keys(obj, path, required, _AREA_RULES + _AREA_GEOMETRY + _AREA_OPTIONAL)
        if "id" not in obj:
            continue
        aid = r.ident(obj["id"], f"{path}.id")
        if aid is None:
            continue
        pop = obj.get("pop", 0)
        if type(pop) is not int or not 0 <= pop <= POP_MAX:
            r.fail(f"{path}.pop", f"must be an integer 0-{POP_MAX}, got {_describe(pop)}")
            pop = None
        coastal = obj.get("coastal", False)
        if not isinstance(coastal, bool):
            r.flag(coastal, f"{path}.coastal")
            coastal = None
        rec = _AreaRec(
            index=i, id=aid,
            name=r.text(obj.get("name", aid), f"{path}.name", aid),
            pop=pop,
            site=r.choice(obj.get("site", "none"), f"{path}.site", SITES) or "none",
            coastal=coastal,
            flood_plain=None,
            block=r.choice(obj.get("block", None), f"{path}.block", (None, *BLOCKS)),
            polygons=r.rings(obj["polygons"], f"{path}.polygons") if "polygons" in obj else None,
            label=r.point(obj["label"], f"{path}.label") if "label" in obj else None,
            water_polygons=(r.rings(obj["water_polygons"], f"{path}.water_polygons")
                            if "water_polygons" in obj else None),
            site_point=(r.point(obj["site_point"], f"{path}.site_point")
                        if "site_point" in obj else None),
        )
        plain = obj.get("flood_plain", None)
        if plain is not None:
            rec.flood_plain = r.ident(plain, f"{path}.flood_plain")
        if aid in p.areas:
            r.fail(f"{path}.id", f"duplicate id {aid!r} (also areas[{p.areas[aid].index}])")
            continue
        p.areas[aid] = rec


def _features(
    r: _Reader, top: Mapping[str, Any], key: str, p: _Parsed, *, refs_key: str | None = None,
    geometry: bool = False, optional_polys: bool = False, point: bool = False, line: bool = False,
) -> dict[str, _Feature]:
    """Parse a list of {id, name, ...} objects; referenced area ids must exist."""
    required = ["id", "name"]
    allowed = ["id", "name"]
    if refs_key:
        required.append(refs_key)
        allowed.append(refs_key)
    geo_keys = (["polygons", "label"] if geometry else []) + (["point"] if point else []) + (
        ["points"] if line else [])
    allowed += geo_keys + (["polygons"] if optional_polys else [])
    if r.geometry:
        required += geo_keys
    out: dict[str, _Feature] = {}
    for i, raw in enumerate(r.seq(top.get(key, []), key)):
        path = f"{key}[{i}]"
        obj = r.obj(raw, path)
        if obj is None:
            continue
        r.keys(obj, path, required if r.geometry else ["id"], allowed)
        if "id" not in obj:
            continue
        fid = r.ident(obj["id"], f"{path}.id")
        if fid is None:
            continue
        feat = _Feature(index=i, id=fid, name=r.text(obj.get("name", fid), f"{path}.name", fid))
        if refs_key:
            where = f"{path}.{refs_key}"
            raw_refs = obj.get(refs_key, [])
            feat.listed = len(raw_refs) if isinstance(raw_refs, list) else 0
            feat.refs = _known_refs(r, r.ids(raw_refs, where), where, p.areas)
        if "polygons" in obj:
            feat.polygons = r.rings(obj["polygons"], f"{path}.polygons")
        if "label" in obj:
            feat.label = r.point(obj["label"], f"{path}.label")
        if "point" in obj:
            feat.point = r.point(obj["point"], f"{path}.point")
        if "points" in obj:
            feat.points = r.points(obj["points"], f"{path}.points")
        if fid in out:
            r.fail(f"{path}.id", f"duplicate id {fid!r} (also {key}[{out[fid].index}])")
            continue
        out[fid] = feat
    return out


def _known_refs(
    r: _Reader, refs: list[tuple[int, str]], path: str, known: Mapping[str, Any], what: str = "area"
) -> list[tuple[int, str]]:
    out = []
    for j, ref in refs:
        if ref in known:
            out.append((j, ref))
        else:
            r.fail(f"{path}[{j}]", f"unknown {what} {ref!r}")
    return out


def _parse_starts(r: _Reader, top: Mapping[str, Any], p: _Parsed) -> None:
    starts = r.obj(top.get("start_areas", {}), "start_areas")
    for civ, area in (starts or {}).items():
        path = f"start_areas.{civ}"
        if not _ID_RE.fullmatch(civ):
            r.fail(path, "a civilization id must be lowercase letters, digits and _")
            continue
        aid = r.ident(area, path)
        if aid is None:
            continue
        if aid not in p.areas:
            r.fail(path, f"unknown area {aid!r}")
            continue
        p.start_areas[civ] = aid


def _parse_adjacency(r: _Reader, top: Mapping[str, Any], p: _Parsed) -> None:
    adj = r.obj(top.get("adjacency", {}), "adjacency")
    if adj is None:
        return
    r.keys(adj, "adjacency", ("land", "water") if r.geometry else (), ("land", "water", "seas"))
    for kind, known, out in (
        ("land", p.areas, p.land), ("water", p.areas, p.water), ("seas", p.seas, p.sea_pairs)
    ):
        what = "area" if kind != "seas" else "open sea"
        for k, raw in enumerate(r.seq(adj.get(kind, []), f"adjacency.{kind}")):
            path = f"adjacency.{kind}[{k}]"
            pair = r.pair(raw, path)
            if pair is None:
                continue
            if len(_known_refs(r, list(enumerate(pair)), path, known, what)) == 2:
                out.append((k, pair[0], pair[1]))


# --------------------------------------------------------------------------------------------
# Building the graph.


def _links(pairs: Iterable[tuple[str, str]], ids: Iterable[str]) -> dict[str, tuple[str, ...]]:
    found: dict[str, set[str]] = {i: set() for i in ids}
    for a, b in pairs:
        found[a].add(b)
        found[b].add(a)
    return {i: tuple(sorted(n)) for i, n in sorted(found.items())}


def _build(p: _Parsed) -> MapGraph:
    edge = {a for _, a in p.edge_areas}
    areas = {
        aid: Area(id=aid, name=rec.name, pop=rec.pop or 0, site=rec.site, coastal=bool(rec.coastal),
                  flood_plain=rec.flood_plain, block=rec.block, edge=aid in edge)
        for aid, rec in sorted(p.areas.items())
    }
    straits = tuple(sorted({
        (min(a, b), max(a, b))
        for s in p.straits.values() if len(s.refs) == 2
        for a, b in [(s.refs[0][1], s.refs[1][1])]
    }))
    return MapGraph(
        id=p.id,
        name=p.name,
        areas=areas,
        land=_links([(a, b) for _, a, b in p.land] + list(straits), areas),
        water=_links([(a, b) for _, a, b in p.water], areas),
        seas={
            sid: Sea(id=sid, name=s.name, borders=tuple(sorted({a for _, a in s.refs})))
            for sid, s in sorted(p.seas.items())
        },
        volcanoes={
            vid: Volcano(id=vid, name=v.name, areas=tuple(sorted({a for _, a in v.refs})))
            for vid, v in sorted(p.volcanoes.items())
        },
        flood_plains={
            fid: tuple(sorted({a for _, a in f.refs})) for fid, f in sorted(p.flood_plains.items())
        },
        straits=straits,
        start_areas=dict(sorted(p.start_areas.items())),
        sea_links=_links([(a, b) for _, a, b in p.sea_pairs], p.seas),
        setups=p.setups,
    )


def graph_from_map_dict(data: Mapping[str, Any], *, require_geometry: bool = False) -> MapGraph:
    """The map file format -> MapGraph. MapError on bad shape, types or unknown ids.

    By default only the rules keys matter and most may be left out (lists default to empty,
    `name` to the id, `site` to "none", `coastal` to false, `flood_plain`/`block` to null), which
    keeps hand-written test maps short; geometry keys, when present, must still be well-formed.
    With `require_geometry` every key the file format requires must be there.
    Deeper rules checks are `check_map`'s job.
    """
    r = _Reader(strict=True, geometry=require_geometry)
    parsed = _parse(r, data)
    assert parsed is not None  # strict mode raised otherwise
    return _build(parsed)


# --------------------------------------------------------------------------------------------
# check_map: every problem, one line each.


def check_map(data: Mapping[str, Any]) -> list[str]:
    """All problems with a map file dict (shape, types, ids and the rules checks); [] = ok.

    Connectivity: within each block ("west", "east"; areas whose block is null count in every
    block), every area must be reachable from every other by land, strait, water adjacency or
    open sea (two areas bordering the same open sea, and open seas linked by
    `adjacency.seas`). So an island reached only by ship is fine, an area nothing leads to is
    not. When no area has a block the whole map is one group; when blocks are used and each is
    connected, the whole map must be connected too.
    """
    return checked_graph(data)[1]


def checked_graph(
    data: Mapping[str, Any], *, outlines: bool = False
) -> tuple[MapGraph | None, list[str]]:
    """`check_map` and `graph_from_map_dict(require_geometry=True)` in one reading of the file:
    (the graph, every problem). The graph is None when the file's shape, types or ids are wrong;
    the first problem is then the one `graph_from_map_dict` raises. With `outlines`, also no
    outline may cross itself (`rings.self_crossing`, too slow for every start)."""
    r = _Reader(strict=False, geometry=True)
    parsed = _parse(r, data)
    if parsed is None:
        return None, r.problems
    graph = _build(parsed) if not r.problems else None  # a clean reading: as strict gives
    return graph, r.problems + _deep_checks(parsed, outlines)


def _deep_checks(p: _Parsed, outlines: bool = False) -> list[str]:
    out: list[str] = []
    if not p.areas:
        out.append("areas: the map has no land areas")
    out += _check_pairs(p)
    out += _check_areas(p)
    out += _check_features(p)
    out += _check_starts(p)
    out += _check_setups(p)
    out += _check_coastal(p)
    out += _check_connected(p)
    out += _check_geometry(p, outlines)
    return out


def _dupes(items: Iterable[tuple[int, str]], path: str) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for j, item in items:
        if item in seen:
            out.append(f"{path}[{j}]: {item!r} is listed twice (also [{seen[item]}])")
        else:
            seen[item] = j
    return out


def _check_pairs(p: _Parsed) -> list[str]:
    out = []
    for kind, pairs in (("land", p.land), ("water", p.water), ("seas", p.sea_pairs)):
        seen: dict[tuple[str, str], int] = {}
        for k, a, b in pairs:
            key = (min(a, b), max(a, b))
            if key in seen:
                out.append(f"adjacency.{kind}[{k}]: {a}-{b} is listed twice "
                           f"(also adjacency.{kind}[{seen[key]}])")
            else:
                seen[key] = k
    land = {(min(a, b), max(a, b)) for _, a, b in p.land}
    for s in p.straits.values():
        if len(s.refs) == 2:
            a, b = s.refs[0][1], s.refs[1][1]
            if (min(a, b), max(a, b)) in land:
                out.append(f"straits[{s.index}].areas: {a} and {b} are already adjacent by land")
    return out


def _check_areas(p: _Parsed) -> list[str]:
    out = []
    for rec in p.areas.values():
        if rec.pop == 0 and rec.site != "none":
            out.append(f"areas[{rec.index}].site: an area with population limit 0 cannot have a "
                       f"city site, got {rec.site!r}")
        if rec.site_point is not None and rec.site == "none":
            out.append(f"areas[{rec.index}].site_point: the area has no city site")
    out += _dupes(p.edge_areas, "edge_areas")
    return out


def _check_features(p: _Parsed) -> list[str]:
    out = []
    land = {(a, b) for _, a, b in p.land} | {(b, a) for _, a, b in p.land}
    for sea in p.seas.values():
        path = f"seas[{sea.index}].borders"
        if not sea.refs:
            out.append(f"{path}: an open sea must border at least one area")
        out += _dupes(sea.refs, path)
    for v in p.volcanoes.values():
        path = f"volcanoes[{v.index}].areas"
        if not v.refs:
            out.append(f"{path}: a volcano must touch at least one area")
        out += _dupes(v.refs, path)
        touched = sorted({a for _, a in v.refs})
        for i, a in enumerate(touched):
            for b in touched[i + 1:]:
                if (a, b) not in land:
                    out.append(f"{path}: {a} and {b} are not adjacent by land (a volcano sits "
                               "on the border of the areas it touches)")
    for plain in p.flood_plains.values():
        path = f"flood_plains[{plain.index}].areas"
        if not plain.refs:
            out.append(f"{path}: a flood plain must touch at least one area")
        out += _dupes(plain.refs, path)
        for j, aid in plain.refs:
            rec = p.areas[aid]
            if rec.flood_plain != plain.id:
                out.append(f"{path}[{j}]: area {aid} has flood_plain "
                           f"{_describe(rec.flood_plain)}, expected {plain.id!r}")
    for rec in p.areas.values():
        if rec.flood_plain is not None:
            plain = p.flood_plains[rec.flood_plain]
            if rec.id not in {a for _, a in plain.refs}:
                out.append(f"areas[{rec.index}].flood_plain: {rec.id} is not in "
                           f"flood_plains[{plain.index}].areas")
    return out


def _check_starts(p: _Parsed) -> list[str]:
    out = []
    taken: dict[str, str] = {}
    for civ, aid in p.start_areas.items():
        path = f"start_areas.{civ}"
        if civ not in CIVILIZATIONS:
            out.append(f"{path}: unknown civilization {civ!r}")
        if p.areas[aid].pop == 0:
            out.append(f"{path}: area {aid} has population limit 0; a starting location needs "
                       "at least 1")
        if aid in taken:
            out.append(f"{path}: area {aid} is already the start area of {taken[aid]}")
        else:
            taken[aid] = civ
    return out


def _check_setups(p: _Parsed) -> list[str]:
    """Each set-up's out-of-play list names known areas, and none of its civilizations'
    start areas (game.core.mapsetup plays a game on the rest)."""
    out = []
    for sid, setup in p.setups.items():
        path = f"setups.{sid}"
        if not isinstance(setup, Mapping):
            out.append(f"{path}: must be an object, got {_describe(setup)}")
            continue
        listed = setup.get("out_of_play", [])
        if not isinstance(listed, list) or not all(isinstance(a, str) for a in listed):
            out.append(f"{path}.out_of_play: must be a list of area ids")
            continue
        unknown = sorted(set(listed) - set(p.areas))
        if unknown:
            out.append(f"{path}.out_of_play: unknown area {unknown[0]!r}")
        civs = setup.get("civilizations", [])
        homes = [c for c in civs if isinstance(c, str) and p.start_areas.get(c) in listed] \
            if isinstance(civs, list) else []
        if homes:
            out.append(f"{path}.out_of_play: holds the start area of {homes[0]}")
    return out


def _check_coastal(p: _Parsed) -> list[str]:
    """Coastal = bordering an open sea, or joined to such an area through water adjacency."""
    water = _links([(a, b) for _, a, b in p.water], p.areas)
    on_sea: dict[str, str] = {}
    for sea in p.seas.values():
        for _, aid in sea.refs:
            on_sea.setdefault(aid, sea.id)
    via: dict[str, str] = dict.fromkeys(on_sea, "")
    queue = deque(sorted(on_sea))
    while queue:
        here = queue.popleft()
        for nxt in water[here]:
            if nxt not in via:
                via[nxt] = here
                queue.append(nxt)
    out = []
    for aid, rec in p.areas.items():
        path = f"areas[{rec.index}].coastal"
        if rec.coastal is None:
            continue
        if rec.coastal and aid not in via:
            out.append(f"{path}: {aid} is marked coastal but its water does not reach an open "
                       "sea (it borders none and no water neighbour leads to one)")
        elif not rec.coastal and aid in on_sea:
            out.append(f"{path}: {aid} borders the open sea {on_sea[aid]} but is not marked "
                       "coastal")
        elif not rec.coastal and aid in via:
            out.append(f"{path}: {aid} reaches an open sea over water (through {via[aid]}) but "
                       "is not marked coastal")
    return out


def _components(nodes: set[str], links: Mapping[str, Iterable[str]]) -> list[list[str]]:
    seen: set[str] = set()
    parts = []
    for start in sorted(nodes):
        if start in seen:
            continue
        part = [start]
        seen.add(start)
        queue = deque([start])
        while queue:
            for nxt in links.get(queue.popleft(), ()):
                if nxt in nodes and nxt not in seen:
                    seen.add(nxt)
                    part.append(nxt)
                    queue.append(nxt)
        parts.append(part)
    return parts


def _check_connected(p: _Parsed) -> list[str]:
    links: dict[str, set[str]] = {}

    def link(a: str, b: str) -> None:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)

    for pairs in (p.land, p.water, p.sea_pairs):
        for _, a, b in pairs:
            link(a, b)
    for s in p.straits.values():
        if len(s.refs) == 2:
            link(s.refs[0][1], s.refs[1][1])
    for sea in p.seas.values():
        for _, aid in sea.refs:
            link(sea.id, aid)
    blocks = sorted({rec.block for rec in p.areas.values() if rec.block is not None})
    groups: list[tuple[str, set[str]]] = [
        (f"block {b}", {a for a, rec in p.areas.items() if rec.block in (b, None)})
        for b in blocks
    ]
    out: list[str] = []
    for label, members in groups or [("the map", set(p.areas))]:
        out += _split_message(label, members, set(p.seas), links)
    if groups and not out:
        out += _split_message("the map", set(p.areas), set(p.seas), links)
    return out


def _split_message(
    label: str, members: set[str], seas: set[str], links: Mapping[str, Iterable[str]]
) -> list[str]:
    parts = [[a for a in part if a in members] for part in _components(members | seas, links)]
    parts = sorted((part for part in parts if part), key=lambda part: (-len(part), part[0]))
    if len(parts) <= 1:
        return []
    cut = sorted(a for part in parts[1:] for a in part)
    shown = ", ".join(cut[:12]) + (f" and {len(cut) - 12} more" if len(cut) > 12 else "")
    return [f"adjacency: {label} is not connected (by land, strait, water or open sea): "
            f"{shown} cannot be reached from {parts[0][0]}"]


def _check_geometry(p: _Parsed, outlines: bool) -> list[str]:
    out: list[str] = []
    bounds = p.bounds

    def inside(pt: Point) -> bool:
        if bounds is None:
            return True
        return bounds[0] <= pt[0] <= bounds[2] and bounds[1] <= pt[1] <= bounds[3]

    def outside(points: list[Point]) -> int:
        if bounds is None or not points:
            return 0
        xs, ys = zip(*points, strict=True)
        if (bounds[0] <= min(xs) and max(xs) <= bounds[2]
                and bounds[1] <= min(ys) and max(ys) <= bounds[3]):
            return 0  # the usual case, without a test per point
        return sum(not inside(pt) for pt in points)

    def rings(rs: list[Ring] | None, path: str, need_one: bool) -> None:
        if rs is None:
            return
        if need_one and not rs:
            out.append(f"{path}: needs at least one polygon")
        for j, ring in enumerate(rs):
            n = len(ring) - 1 if len(ring) > 1 and ring[0] == ring[-1] else len(ring)
            if n < 3:
                out.append(f"{path}[{j}]: a polygon needs at least 3 points, got {n}")
            off = outside(ring)
            if off:
                out.append(f"{path}[{j}]: {off} point(s) outside the map bounds")
            crossing = self_crossing(ring) if outlines and n > 3 else None
            if crossing:
                out.append(f"{path}[{j}]: {crossing}")

    def spot(pt: Point | None, path: str) -> None:
        if pt is not None and not inside(pt):
            out.append(f"{path}: {_fmt(pt)} is outside the map bounds")

    for rec in p.areas.values():
        path = f"areas[{rec.index}]"
        rings(rec.polygons, f"{path}.polygons", True)
        rings(rec.water_polygons, f"{path}.water_polygons", False)
        spot(rec.label, f"{path}.label")
        spot(rec.site_point, f"{path}.site_point")
    for key, feats in (("seas", p.seas), ("lakes", p.lakes), ("flood_plains", p.flood_plains)):
        for f in feats.values():
            rings(f.polygons, f"{key}[{f.index}].polygons", key != "flood_plains")
            spot(f.label, f"{key}[{f.index}].label")
    rings(p.off_board, "off_board", False)
    for v in p.volcanoes.values():
        spot(v.point, f"volcanoes[{v.index}].point")
    for river in p.rivers.values():
        path = f"rivers[{river.index}].points"
        if river.points is not None:
            if len(river.points) < 2:
                out.append(f"{path}: a river needs at least 2 points, got {len(river.points)}")
            off = outside(river.points)
            if off:
                out.append(f"{path}: {off} point(s) outside the map bounds")
    return out


def _fmt(pt: Point) -> str:
    return f"[{pt[0]:g}, {pt[1]:g}]"


# --------------------------------------------------------------------------------------------
# Summary and the plain (to_dict) form.


def map_summary(graph: MapGraph) -> str:
    """A few lines describing the map: counts, city sites, features and population limits."""
    areas = list(graph.areas.values())
    sites = {s: sum(a.site == s for a in areas) for s in SITES}
    plain_areas = len({a for v in graph.flood_plains.values() for a in v})
    named = graph.name and graph.name != graph.id
    lines = [
        f"Map {graph.id}" + (f" ({graph.name})" if named else ""),
        f"land areas: {len(areas)} ({sum(a.coastal for a in areas)} coastal, "
        f"{sum(a.edge for a in areas)} on the map edge); open seas: {len(graph.seas)}",
        f"city sites: {sites['white']} white, {sites['black']} black; "
        f"{_count(sites['none'], 'area')} without a site",
        f"flood plains: {len(graph.flood_plains)} ({_count(plain_areas, 'area')}); "
        f"volcanoes: {len(graph.volcanoes)}; straits: {len(graph.straits)}",
        f"start areas: {len(graph.start_areas)}"
        + (f" ({', '.join(graph.start_areas)})" if graph.start_areas else ""),
    ]
    parts = [f"population limit: total {sum(a.pop for a in areas)}"]
    if any(a.block is not None for a in areas):
        for block in (*BLOCKS, None):
            inb = [a for a in areas if a.block == block]
            if inb or block is not None:
                name = block if block is not None else "no block"
                parts.append(f"{name} {sum(a.pop for a in inb)} in {_count(len(inb), 'area')}")
    lines.append("; ".join(parts))
    return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _graph_from_plain(data: Any) -> MapGraph:
    r = _Reader(strict=True, geometry=False, free_ids=True)
    top = r.obj(data, "map")
    assert top is not None
    keys = ("format", "id", "name", "areas", "land", "water", "seas", "sea_links", "volcanoes",
            "flood_plains", "straits", "start_areas", "setups")
    r.keys(top, "map", keys, keys)
    if top["format"] != FORMAT_VERSION or type(top["format"]) is not int:
        r.fail("map.format", f"unsupported map format {_describe(top['format'])}")
    mid = r.ident(top["id"], "map.id") or ""
    areas: dict[str, Area] = {}
    area_keys = ("id", "name", "pop", "site", "coastal", "flood_plain", "block", "edge")
    for i, raw in enumerate(r.seq(top["areas"], "map.areas")):
        path = f"map.areas[{i}]"
        obj = r.obj(raw, path)
        assert obj is not None
        r.keys(obj, path, area_keys, area_keys)
        aid = r.ident(obj["id"], f"{path}.id") or ""
        pop = obj["pop"]
        if type(pop) is not int or not 0 <= pop <= POP_MAX:
            r.fail(f"{path}.pop", f"must be an integer 0-{POP_MAX}, got {_describe(pop)}")
        plain = obj["flood_plain"]
        if plain is not None:
            r.ident(plain, f"{path}.flood_plain")
        if aid in areas:
            r.fail(f"{path}.id", f"duplicate id {aid!r}")
        areas[aid] = Area(
            id=aid, name=r.text(obj["name"], f"{path}.name", ""), pop=pop,
            site=r.choice(obj["site"], f"{path}.site", SITES) or "none",
            coastal=r.flag(obj["coastal"], f"{path}.coastal"), flood_plain=plain,
            block=r.choice(obj["block"], f"{path}.block", (None, *BLOCKS)),
            edge=r.flag(obj["edge"], f"{path}.edge"),
        )
    areas = dict(sorted(areas.items()))

    def table(
        key: str, keys: Mapping[str, Any] | None, values: Mapping[str, Any]
    ) -> dict[str, tuple[str, ...]]:
        obj = r.obj(top[key], f"map.{key}")
        assert obj is not None
        out: dict[str, tuple[str, ...]] = {}
        for k, v in obj.items():
            path = f"map.{key}.{k}"
            if keys is not None and k not in keys:
                r.fail(path, "unknown id")
            r.ident(k, path)
            found = _known_refs(r, r.ids(v, path), path, values)
            out[k] = tuple(sorted({i for _, i in found}))
        return dict(sorted(out.items()))

    def features(key: str, refs: str) -> dict[str, tuple[str, tuple[str, ...]]]:
        out: dict[str, tuple[str, tuple[str, ...]]] = {}
        for i, raw in enumerate(r.seq(top[key], f"map.{key}")):
            path = f"map.{key}[{i}]"
            obj = r.obj(raw, path)
            assert obj is not None
            r.keys(obj, path, ("id", "name", refs), ("id", "name", refs))
            fid = r.ident(obj["id"], f"{path}.id") or ""
            ids = _known_refs(r, r.ids(obj[refs], f"{path}.{refs}"), f"{path}.{refs}", areas)
            out[fid] = (r.text(obj["name"], f"{path}.name", ""),
                        tuple(sorted({a for _, a in ids})))
        return dict(sorted(out.items()))

    seas = {k: Sea(k, n, b) for k, (n, b) in features("seas", "borders").items()}
    volcanoes = {k: Volcano(k, n, a) for k, (n, a) in features("volcanoes", "areas").items()}
    straits = []
    for i, raw in enumerate(r.seq(top["straits"], "map.straits")):
        pair = r.pair(raw, f"map.straits[{i}]")
        assert pair is not None
        _known_refs(r, list(enumerate(pair)), f"map.straits[{i}]", areas)
        straits.append((min(pair), max(pair)))
    starts = r.obj(top["start_areas"], "map.start_areas")
    assert starts is not None
    for civ, aid in starts.items():
        r.ident(civ, f"map.start_areas.{civ}")
        if not isinstance(aid, str) or aid not in areas:
            r.fail(f"map.start_areas.{civ}", f"unknown area {_describe(aid)}")
    plains = table("flood_plains", None, areas)  # keys are the plains' own ids
    for a in areas.values():
        if a.flood_plain is not None and a.flood_plain not in plains:
            r.fail(f"map.areas.{a.id}.flood_plain", f"unknown flood plain {a.flood_plain!r}")
    setups = r.obj(top["setups"], "map.setups")
    land = table("land", areas, areas)
    water = table("water", areas, areas)
    return MapGraph(
        id=mid,
        name=r.text(top["name"], "map.name", ""),
        areas=areas,
        land={a: land.get(a, ()) for a in areas},
        water={a: water.get(a, ()) for a in areas},
        seas=seas,
        volcanoes=volcanoes,
        flood_plains=plains,
        straits=tuple(sorted(set(straits))),
        start_areas=dict(sorted(starts.items())),
        sea_links=table("sea_links", seas, seas),
        setups=copy.deepcopy(dict(setups or {})),
    )
