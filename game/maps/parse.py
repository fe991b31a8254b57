"""A map file (the format of ``maps/schema.json``) read into typed records, and the rules graph
built from them.

`read_map` reads the file's JSON object into a `ParsedMap`: every key and value is checked for
shape, type, range and that each id it names exists, and each problem is one line naming the
key (strict: the first raises `MapError`; never KeyError or TypeError). The records keep the
file's indices for the messages of the deeper checks (game/maps/checks.py) and the geometry the
client draws (game/maps/files.py). `build_graph` makes the rules' `MapGraph` of a clean reading;
`graph_from_map_dict` does both.

Pure: stdlib only, no I/O.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from game.core.mapgraph import BLOCKS, FORMAT_VERSION, POP_MAX, SITES, Area, MapGraph, Sea, Volcano
from game.core.mapread import ID_RE, MapReader, Point, Ring, describe

MAX_COORDINATE = 10_000_000.0  # map units; past it the client's scaling loses all precision


class _FileReader(MapReader):
    def __init__(self, strict: bool, geometry: bool) -> None:
        super().__init__(strict)
        self.geometry = geometry  # full file: geometry keys required


# --------------------------------------------------------------------------------------------
# The parsed file, before it becomes a graph. Indices are kept for messages.


@dataclass
class AreaRecord:
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
class Feature:  # seas, volcanoes, flood plains, straits, rivers, lakes
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
class ParsedMap:
    id: str = "map"
    name: str = ""
    bounds: tuple[float, float, float, float] | None = None
    areas: dict[str, AreaRecord] = field(default_factory=dict)
    seas: dict[str, Feature] = field(default_factory=dict)
    volcanoes: dict[str, Feature] = field(default_factory=dict)
    flood_plains: dict[str, Feature] = field(default_factory=dict)
    straits: dict[str, Feature] = field(default_factory=dict)
    rivers: dict[str, Feature] = field(default_factory=dict)
    lakes: dict[str, Feature] = field(default_factory=dict)
    off_board: list[Ring] | None = None  # land that is no area's, drawn only
    start_areas: dict[str, str] = field(default_factory=dict)
    edge_areas: list[tuple[int, str]] = field(default_factory=list)
    land: list[tuple[int, str, str]] = field(default_factory=list)
    water: list[tuple[int, str, str]] = field(default_factory=list)
    sea_pairs: list[tuple[int, str, str]] = field(default_factory=list)
    setups: dict[str, object] = field(default_factory=dict)  # free-form JSON, as filed
    # the D10 region tables: half -> regions 1-10, each its (index, area) refs; {} when absent
    regions: dict[str, list[list[tuple[int, str]]]] = field(default_factory=dict)


_TOP_RULES = ("format", "id", "name", "areas", "seas", "volcanoes", "flood_plains", "straits",
              "start_areas", "edge_areas", "adjacency")
_TOP_GEOMETRY = ("bounds", "rivers")
_TOP_OPTIONAL = ("$schema", "units", "projection", "lakes", "off_board", "setups", "regions")
REGION_HALVES = BLOCKS  # the D10 tables' halves: "west", "east" (seed 000's revolt table)
REGIONS_PER_HALF = 10  # one per face of the D10
_AREA_RULES = ("id", "name", "pop", "site", "coastal", "flood_plain", "block")
_AREA_GEOMETRY = ("polygons", "label")
_AREA_OPTIONAL = ("water_polygons", "site_point")


def _parse(r: _FileReader, data: object) -> ParsedMap | None:
    top = r.obj(data, "(top level)")
    if top is None:
        return None
    required = _TOP_RULES + _TOP_GEOMETRY if r.geometry else ("areas",)
    r.keys(top, "", required, _TOP_RULES + _TOP_GEOMETRY + _TOP_OPTIONAL)
    p = ParsedMap()
    fmt = top.get("format", FORMAT_VERSION)
    if type(fmt) is not int or fmt != FORMAT_VERSION:
        r.fail("format", f"unsupported map format {describe(fmt)} (this version reads "
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
    p.edge_areas = r.known(r.ids(top.get("edge_areas", []), "edge_areas"), "edge_areas", p.areas)
    _parse_adjacency(r, top, p)
    if "setups" in top:
        setups = r.obj(top["setups"], "setups")
        p.setups = copy.deepcopy(dict(setups)) if setups is not None else {}
    if "regions" in top:
        _parse_regions(r, top["regions"], p)
    return p


def _parse_regions(r: _FileReader, value: object, p: ParsedMap) -> None:
    """`regions`: {"west": [10 lists of land area ids], "east": [...]}. The shape, the count of
    ten and that each id is a land area are read here (a strict reading refuses a table the
    game could not roll on); the partition and connectivity are game.maps.checks' checks."""
    table = r.obj(value, "regions")
    if table is None:
        return
    r.keys(table, "regions", (), REGION_HALVES)
    for half in REGION_HALVES:
        if half not in table:
            r.fail(f"regions.{half}", "missing (the D10 tables need both halves, west and east)")
            continue
        path = f"regions.{half}"
        listed = r.seq(table[half], path)
        if not isinstance(table[half], list):
            continue  # reported; the deeper checks would only add noise
        if len(listed) != REGIONS_PER_HALF:
            r.fail(path, f"must list {REGIONS_PER_HALF} regions (one per face of the D10), "
                         f"got {len(listed)}")
        regions = []
        for i, raw in enumerate(listed):
            where = f"{path}[{i}]"
            refs = r.ids(raw, where)
            if isinstance(raw, list) and not raw:
                r.fail(where, f"region {i + 1} is empty (a region needs at least one land area)")
            for j, aid in refs:
                if aid in p.seas:
                    r.fail(f"{where}[{j}]", f"{aid!r} is an open sea, not a land area")
            regions.append(r.known([ref for ref in refs if ref[1] not in p.seas], where, p.areas))
        p.regions[half] = regions


def _bounds(r: _FileReader, value: object) -> tuple[float, float, float, float] | None:
    if not isinstance(value, list | tuple) or len(value) != 4:
        r.fail("bounds", f"must be [minx, miny, maxx, maxy], got {describe(value)}")
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


def _parse_areas(r: _FileReader, top: Mapping[str, object], p: ParsedMap) -> None:
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
        pop = r.whole(obj.get("pop", 0), f"{path}.pop", 0, POP_MAX)
        raw_coastal = obj.get("coastal", False)
        coastal = raw_coastal if isinstance(raw_coastal, bool) else None
        if coastal is None:
            r.flag(raw_coastal, f"{path}.coastal")  # reports it
        rec = AreaRecord(
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
    r: _FileReader, top: Mapping[str, object], key: str, p: ParsedMap, *,
    refs_key: str | None = None, geometry: bool = False, optional_polys: bool = False,
    point: bool = False, line: bool = False,
) -> dict[str, Feature]:
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
    out: dict[str, Feature] = {}
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
        feat = Feature(index=i, id=fid, name=r.text(obj.get("name", fid), f"{path}.name", fid))
        if refs_key:
            where = f"{path}.{refs_key}"
            raw_refs = obj.get(refs_key, [])
            feat.listed = len(raw_refs) if isinstance(raw_refs, list) else 0
            feat.refs = r.known(r.ids(raw_refs, where), where, p.areas)
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


def _parse_starts(r: _FileReader, top: Mapping[str, object], p: ParsedMap) -> None:
    starts = r.obj(top.get("start_areas", {}), "start_areas")
    for civ, area in (starts or {}).items():
        path = f"start_areas.{civ}"
        if not ID_RE.fullmatch(civ):
            r.fail(path, "a civilization id must be lowercase letters, digits and _")
            continue
        aid = r.ident(area, path)
        if aid is None:
            continue
        if aid not in p.areas:
            r.fail(path, f"unknown area {aid!r}")
            continue
        p.start_areas[civ] = aid


def _parse_adjacency(r: _FileReader, top: Mapping[str, object], p: ParsedMap) -> None:
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
            if len(r.known(list(enumerate(pair)), path, known, what)) == 2:
                out.append((k, pair[0], pair[1]))


# --------------------------------------------------------------------------------------------
# Building the graph.


def adjacency_table(
    pairs: Iterable[tuple[str, str]], ids: Iterable[str]
) -> dict[str, tuple[str, ...]]:
    """Each id's neighbours under `pairs` (both ways), sorted; every id has an entry."""
    found: dict[str, set[str]] = {i: set() for i in ids}
    for a, b in pairs:
        found[a].add(b)
        found[b].add(a)
    return {i: tuple(sorted(n)) for i, n in sorted(found.items())}


def build_graph(p: ParsedMap) -> MapGraph:
    """The rules graph of a reading (of a clean one: after problems it holds fallbacks)."""
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
        land=adjacency_table([(a, b) for _, a, b in p.land] + list(straits), areas),
        water=adjacency_table([(a, b) for _, a, b in p.water], areas),
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
        sea_links=adjacency_table([(a, b) for _, a, b in p.sea_pairs], p.seas),
        setups=p.setups,
        regions={h: tuple(tuple(a for _, a in region) for region in table)
                 for h, table in p.regions.items()},
    )


def read_map(
    data: object, *, strict: bool, require_geometry: bool
) -> tuple[ParsedMap | None, list[str]]:
    """The file's JSON object read into records, and every problem found on the way (strict:
    MapError on the first). None when the top level is not an object.

    Without `require_geometry` only the rules keys matter and most may be left out (lists
    default to empty, `name` to the id, `site` to "none", `coastal` to false, `flood_plain` and
    `block` to null), which keeps hand-written test maps short; geometry keys, when present,
    must still be well-formed. With it every key the file format requires must be there.
    """
    r = _FileReader(strict=strict, geometry=require_geometry)
    return _parse(r, data), r.problems


def graph_from_map_dict(data: object, *, require_geometry: bool = False) -> MapGraph:
    """The map file format -> MapGraph. MapError on bad shape, types or unknown ids (see
    `read_map`). Deeper rules checks are game.maps.checks.check_map's job.
    """
    parsed, _ = read_map(data, strict=True, require_geometry=require_geometry)
    assert parsed is not None  # strict reading raised otherwise
    return build_graph(parsed)
