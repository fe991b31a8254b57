"""The board map as the rules see it: areas, their attributes and who neighbours whom.

`MapGraph` and its parts (`Area`, `Sea`, `Volcano`) are the immutable rules model that a game
state holds by reference and that clones share, with the queries procedures ask of it and its
plain form for saves (`to_dict`, and `from_dict`, which reads an untrusted one back with checks).
Reading a map *file* into a graph and checking it is game/maps/parse.py's and game/maps/checks.py's
job; the core never needs it.

Rules definitions (rules reference §2): an open sea is all water; a coastal area has land and
water connected to an open sea, directly or through other areas' water; a volcano on the border
of two areas is in both; an area touched by a flood plain is on it.

Pure: stdlib only, no I/O.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Container, Mapping
from dataclasses import dataclass, field

from .mapread import MapError as MapError  # the layers above catch it from here
from .mapread import MapReader, describe

FORMAT_VERSION = 1
SITES = ("none", "white", "black")
BLOCKS = ("west", "east")
POP_MAX = 5


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
class Passage:
    """Ship routes through what a set-up put out of play (rules §3.1: "Ships may pass through
    such areas but may not end a move or unload there"): what `mapsetup.restrict` took from the
    water adjacency and the open seas, kept for ship movement alone.

    `water`: water neighbours across an out-of-play area, symmetric (an area in play lists only
    its out-of-play neighbours, an out-of-play one all of its own); `seas`: per open sea, its
    out-of-play borders (a sea none of whose borders is in play is listed with all of them);
    `sea_links`: the links between open seas that involve such a sea. All sorted. Empty when
    every area is in play."""

    water: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seas: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sea_links: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.water or self.seas or self.sea_links)

    def to_dict(self) -> dict[str, object]:
        return {key: {k: list(v) for k, v in getattr(self, key).items()}
                for key in ("water", "seas", "sea_links")}


@dataclass
class _Caches:
    """Answers a graph computes once; a graph never changes, so they never go stale."""

    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    seas_of: dict[str, tuple[str, ...]] | None = None
    distance: dict[str, dict[str, int]] = field(default_factory=dict)  # from -> to -> steps
    out_of_play: dict[str, frozenset[str]] = field(default_factory=dict)  # game.core.mapsetup
    passage_seas: dict[str, tuple[str, ...]] | None = None  # out-of-play area -> its open seas


@dataclass(frozen=True)
class MapGraph:
    """The rules' map. Immutable and shared: copying returns the same object.

    `land` holds land neighbours including across straits; `water` holds land areas adjacent
    across coastal water. Both are symmetric, sorted and have an entry for every area.
    `sea_links` (open sea -> open seas sharing a border), `name`, `setups` (free-form, from the
    map file) and `regions` are extras beyond the original brief, with defaults so they may be
    omitted.
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
    setups: Mapping[str, object] = field(default_factory=dict)  # free-form JSON, as filed
    # The D10 region tables ("west"/"east" -> regions 1-10 as tuples of land areas; empty when
    # the file has none). In the plain form when present (a save's embedded map must give a
    # replay's new game the regions the game had), but kept out of equality and of the map
    # digest (state.map_digest), which tells a save its board is installed and stays what it
    # was before the tables.
    regions: Mapping[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict,
                                                               compare=False)
    # Ship routes through out-of-play areas (a map restricted to a set-up; game.core.mapsetup).
    # In the plain form and the digest only when not empty, so a whole board's are as before.
    passage: Passage = field(default_factory=Passage)
    _cache: _Caches = field(default_factory=_Caches, init=False, repr=False, compare=False)

    def __copy__(self) -> MapGraph:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> MapGraph:
        return self

    def neighbours(self, area: str) -> tuple[str, ...]:
        """Areas adjacent by land (or strait) or by water: sorted, no duplicates."""
        table = self._cache.neighbours
        hit = table.get(area)
        if hit is None:
            if area not in self.areas:
                raise KeyError(f"unknown area {area!r}")
            hit = tuple(sorted(set(self.land.get(area, ())) | set(self.water.get(area, ()))))
            table[area] = hit
        return hit

    def seas_of(self, area: str) -> tuple[str, ...]:
        """The open seas the area borders, sorted."""
        table = self._cache.seas_of
        if table is None:
            found: dict[str, list[str]] = {a: [] for a in self.areas}
            for sea in self.seas.values():
                for a in sea.borders:
                    found.setdefault(a, []).append(sea.id)
            table = {a: tuple(sorted(s)) for a, s in found.items()}
            self._cache.seas_of = table
        if area not in table:
            raise KeyError(f"unknown area {area!r}")
        return table[area]

    def ship_water(self, area: str) -> tuple[str, ...]:
        """The areas a ship in `area` may sail to in one step along water borders, passing
        through out-of-play areas included (rules §3.1): `water` and the passage's, sorted.
        `area` may itself be out of play (a ship passing through it)."""
        extra = self.passage.water.get(area, ())
        own = self.water.get(area, ())
        return tuple(sorted({*own, *extra})) if extra else own

    def ship_seas(self, area: str) -> tuple[str, ...]:
        """The open seas a ship in `area` (in play or passing through) may enter, sorted."""
        if area in self.areas:
            return self.seas_of(area)
        table = self._cache.passage_seas
        if table is None:
            found: dict[str, list[str]] = {}
            for sea, borders in self.passage.seas.items():
                for a in borders:
                    found.setdefault(a, []).append(sea)
            table = self._cache.passage_seas = {a: tuple(sorted(s)) for a, s in found.items()}
        return table.get(area, ())

    def ship_sea_borders(self, sea: str) -> tuple[str, ...]:
        """The land areas (in play or out) a ship in open sea `sea` may sail to, sorted."""
        own = self.seas[sea].borders if sea in self.seas else ()
        extra = self.passage.seas.get(sea, ())
        return tuple(sorted({*own, *extra})) if extra else own

    def ship_sea_links(self, sea: str) -> tuple[str, ...]:
        """The open seas next to `sea` a ship may cross to, through out-of-play ones too."""
        own = self.sea_links.get(sea, ())
        extra = self.passage.sea_links.get(sea, ())
        return tuple(sorted({*own, *extra})) if extra else own

    def distance(self, a: str, b: str) -> int | None:
        """Steps from a to b over `neighbours` (land, strait or water); None if unreachable."""
        if b not in self.areas:
            raise KeyError(f"unknown area {b!r}")
        rows = self._cache.distance
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

    def to_dict(self) -> dict[str, object]:
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
        } | ({"regions": {half: [list(r) for r in table] for half, table in self.regions.items()}}
             if self.regions else {}) | (
            {"passage": self.passage.to_dict()} if self.passage else {})

    @staticmethod
    def from_dict(data: object) -> MapGraph:
        """Rebuild a graph from `to_dict` output; MapError on any mismatch."""
        return _graph_from_plain(data)


# --------------------------------------------------------------------------------------------
# The plain form read back: a save is untrusted, so every key and value is checked.

_PLAIN_KEYS = ("format", "id", "name", "areas", "land", "water", "seas", "sea_links",
               "volcanoes", "flood_plains", "straits", "start_areas", "setups")
_PLAIN_AREA_KEYS = ("id", "name", "pop", "site", "coastal", "flood_plain", "block", "edge")


def _graph_from_plain(data: object) -> MapGraph:
    r = MapReader(strict=True, free_ids=True)  # strict: each reading below raises or succeeds
    top = r.obj(data, "map") or {}
    r.keys(top, "map", _PLAIN_KEYS, (*_PLAIN_KEYS, "regions", "passage"))
    if top["format"] != FORMAT_VERSION or type(top["format"]) is not int:
        r.fail("map.format", f"unsupported map format {describe(top['format'])}")
    mid = r.ident(top["id"], "map.id") or ""
    areas: dict[str, Area] = {}
    for i, raw in enumerate(r.seq(top["areas"], "map.areas")):
        path = f"map.areas[{i}]"
        obj = r.obj(raw, path) or {}
        r.keys(obj, path, _PLAIN_AREA_KEYS, _PLAIN_AREA_KEYS)
        aid = r.ident(obj["id"], f"{path}.id") or ""
        pop = r.whole(obj["pop"], f"{path}.pop", 0, POP_MAX) or 0
        plain = None if obj["flood_plain"] is None else r.ident(obj["flood_plain"],
                                                                 f"{path}.flood_plain")
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
        key: str, keys: Container[str] | None, values: Container[str]
    ) -> dict[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {}
        for k, v in (r.obj(top[key], f"map.{key}") or {}).items():
            path = f"map.{key}.{k}"
            if keys is not None and k not in keys:
                r.fail(path, "unknown id")
            r.ident(k, path)
            found = r.known(r.ids(v, path), path, values)
            out[k] = tuple(sorted({i for _, i in found}))
        return dict(sorted(out.items()))

    def features(key: str, refs: str) -> dict[str, tuple[str, tuple[str, ...]]]:
        out: dict[str, tuple[str, tuple[str, ...]]] = {}
        for i, raw in enumerate(r.seq(top[key], f"map.{key}")):
            path = f"map.{key}[{i}]"
            obj = r.obj(raw, path) or {}
            r.keys(obj, path, ("id", "name", refs), ("id", "name", refs))
            fid = r.ident(obj["id"], f"{path}.id") or ""
            ids = r.known(r.ids(obj[refs], f"{path}.{refs}"), f"{path}.{refs}", areas)
            out[fid] = (r.text(obj["name"], f"{path}.name", ""),
                        tuple(sorted({a for _, a in ids})))
        return dict(sorted(out.items()))

    seas = {k: Sea(k, n, b) for k, (n, b) in features("seas", "borders").items()}
    volcanoes = {k: Volcano(k, n, a) for k, (n, a) in features("volcanoes", "areas").items()}
    straits = []
    for i, raw in enumerate(r.seq(top["straits"], "map.straits")):
        pair = r.pair(raw, f"map.straits[{i}]")
        if pair is not None:
            r.known(list(enumerate(pair)), f"map.straits[{i}]", areas)
            straits.append((min(pair), max(pair)))
    starts: dict[str, str] = {}
    for civ, home in (r.obj(top["start_areas"], "map.start_areas") or {}).items():
        r.ident(civ, f"map.start_areas.{civ}")
        if not isinstance(home, str) or home not in areas:
            r.fail(f"map.start_areas.{civ}", f"unknown area {describe(home)}")
        else:
            starts[civ] = home
    plains = table("flood_plains", None, areas)  # keys are the plains' own ids
    for a in areas.values():
        if a.flood_plain is not None and a.flood_plain not in plains:
            r.fail(f"map.areas.{a.id}.flood_plain", f"unknown flood plain {a.flood_plain!r}")
    setups = r.obj(top["setups"], "map.setups")
    land = table("land", areas, areas)
    water = table("water", areas, areas)
    name = r.text(top["name"], "map.name", "")
    return MapGraph(
        id=mid,
        name=name,
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
        regions=_plain_regions(r, top.get("regions"), areas),
        passage=_plain_passage(r, top.get("passage")),
    )


def _plain_passage(r: MapReader, raw: object) -> Passage:
    """The ship routes through out-of-play areas of a plain map (ids only: the areas and seas
    they name are, by design, not the map's)."""
    if raw is None:
        return Passage()
    top = r.obj(raw, "map.passage") or {}
    keys = ("water", "seas", "sea_links")
    r.keys(top, "map.passage", keys, keys)
    parts: list[dict[str, tuple[str, ...]]] = []
    for key in keys:
        out: dict[str, tuple[str, ...]] = {}
        for k, v in (r.obj(top[key], f"map.passage.{key}") or {}).items():
            path = f"map.passage.{key}.{k}"
            r.ident(k, path)
            out[k] = tuple(sorted({i for _, i in r.ids(v, path)}))
        parts.append(dict(sorted(out.items())))
    return Passage(water=parts[0], seas=parts[1], sea_links=parts[2])


def _plain_regions(r: MapReader, raw: object, areas: Mapping[str, Area]
                   ) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The region tables of a plain map: halves of lists of known areas (the map file's own
    checks, game/maps/checks.py, judge how they are drawn)."""
    if raw is None:
        return {}
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for half, table in (r.obj(raw, "map.regions") or {}).items():
        if half not in ("west", "east"):
            r.fail(f"map.regions.{half}", "expected west or east")
        regions = []
        for i, region in enumerate(r.seq(table, f"map.regions.{half}")):
            ids = r.seq(region, f"map.regions.{half}[{i}]")
            for aid in ids:
                if not isinstance(aid, str) or aid not in areas:
                    r.fail(f"map.regions.{half}[{i}]", f"unknown area {describe(aid)}")
            regions.append(tuple(str(a) for a in ids))
        out[half] = tuple(regions)
    return out
