"""Who neighbours whom: land and water adjacency, open-sea borders, the coastal flag, straits,
volcanoes, flood plains, edge areas and the map halves (blocks)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import shapely
import shapely.ops
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from .geo import Albers
from .land import Land
from .partition import Partition
from .sources import Sources

MIN_BORDER_KM = 5.0


@dataclass
class Topology:
    land_pairs: list[tuple[str, str]]
    water_pairs: list[tuple[str, str]]
    sea_pairs: list[tuple[str, str]]
    sea_borders: dict[str, list[str]]
    coastal: dict[str, bool]
    straits: list[dict[str, object]]
    volcanoes: list[dict[str, object]]
    plains: dict[str, list[str]]
    edge: list[str]
    blocks: dict[str, str | None]
    site_points: dict[str, tuple[float, float]]
    warnings: list[str] = field(default_factory=list)


def shared_border(a: BaseGeometry, b: BaseGeometry) -> float:
    if a.is_empty or b.is_empty:
        return 0.0
    return float(a.boundary.intersection(b.buffer(0.5)).length)


def _pairs(shapes: dict[str, BaseGeometry], others: dict[str, BaseGeometry] | None = None
           ) -> list[tuple[str, str]]:
    """Pairs (a, b) whose shapes share a border longer than MIN_BORDER_KM."""
    left = sorted(k for k, v in shapes.items() if not v.is_empty)
    right_map = others if others is not None else shapes
    right = sorted(k for k, v in right_map.items() if not v.is_empty)
    tree = shapely.STRtree([right_map[k] for k in right])
    out = set()
    for a in left:
        for j in tree.query(shapes[a].buffer(0.5), "intersects"):
            b = right[int(j)]
            if others is None and b <= a:
                continue
            if shared_border(shapes[a], right_map[b]) > MIN_BORDER_KM:
                out.add((a, b))
    return sorted(out)


def _block(lon: float, lat: float) -> str | None:
    """Map halves: the West runs from Iberia to Parthia, the East from Egypt to the Ganges;
    the overlap (Egypt, Nubia, Arabia, the Levant, Mesopotamia, Iran) is in both."""
    if lon > 62.0:
        return "east"
    if lon < 29.5 or (lat > 36.8 and lon < 38.0) or lat > 43.5:
        return "west"
    return None


def build_topology(src: Sources, proj: Albers, land: Land, part: Partition) -> Topology:
    warnings: list[str] = []
    areas = part.land
    land_pairs = _pairs(areas)
    water_pairs = _pairs(part.water)
    sea_pairs = _pairs(part.seas)
    sea_borders: dict[str, list[str]] = {s: [] for s in part.seas}
    for aid, sid in _pairs(part.water, part.seas):
        sea_borders[sid].append(aid)
    for sid in sea_borders:
        sea_borders[sid].sort()
        if not sea_borders[sid]:
            warnings.append(f"sea {sid} borders no area")
    # coastal: reaches an open sea through water
    links: dict[str, set[str]] = {a: set() for a in areas}
    for a, b in water_pairs:
        links[a].add(b)
        links[b].add(a)
    reach = {a for members in sea_borders.values() for a in members}
    queue = deque(sorted(reach))
    while queue:
        for nxt in sorted(links[queue.popleft()]):
            if nxt not in reach:
                reach.add(nxt)
                queue.append(nxt)
    coastal = {a: a in reach for a in areas}
    land_set = set(land_pairs)

    def area_at(lon: float, lat: float) -> str | None:
        p = Point(proj.point(lon, lat))
        dist, best = min((areas[a].distance(p), a) for a in sorted(areas))
        return best if dist < 6.0 else None

    straits = []
    for spec in src.straits:
        ends = [area_at(*end) for end in spec["ends"]]
        a, b = ends
        if a is None or b is None or a == b:
            warnings.append(f"strait {spec['id']}: ends resolve to {ends}; left out")
            continue
        pair = (min(a, b), max(a, b))
        if pair in land_set:
            warnings.append(f"strait {spec['id']}: {a} and {b} already share a land border;"
                            " left out")
            continue
        straits.append({"id": spec["id"], "name": spec["name"], "areas": list(pair)})
    volcanoes = []
    for spec in src.volcanoes:
        p = Point(proj.point(*spec["at"]))
        near = sorted((areas[a].distance(p), a) for a in areas)
        touched = [near[0][1]]
        if len(near) > 1 and near[1][0] < 25.0:
            a, b = sorted((near[0][1], near[1][1]))
            if (a, b) in land_set:
                touched = [a, b]
                border = areas[a].boundary.intersection(areas[b].buffer(0.5))
                p = shapely.ops.nearest_points(border, p)[0]
        if len(touched) == 1 and not areas[touched[0]].contains(p):
            p = shapely.ops.nearest_points(areas[touched[0]].boundary, p)[0]
        volcanoes.append({"id": spec["id"], "name": spec["name"],
                          "point": (p.x, p.y), "areas": sorted(touched)})
    plains = {pid: sorted(a.id for a in src.areas if a.zone == pid) for pid in land.zones}
    for pid, members in plains.items():
        for aid in members:
            if aid in areas and not areas[aid].intersects(land.bands[pid]):
                warnings.append(f"{aid}: on the {pid} plain but its land misses the band")
    site_points: dict[str, tuple[float, float]] = {}
    for spec in src.areas:
        if spec.site == "none" or spec.id not in areas:
            continue
        p = part.seeds[spec.id]
        if spec.site == "black":
            keep_out = land.bands[spec.zone or ""].buffer(4.0)
            free = areas[spec.id].buffer(-3.0).difference(keep_out)
            if free.is_empty:
                warnings.append(f"{spec.id}: no room for a black site off the flood band")
            elif not free.contains(p):
                p = shapely.ops.nearest_points(free, p)[0]
        site_points[spec.id] = (p.x, p.y)
    frame = land.rect.exterior.buffer(2.0)
    wild = land.offboard.buffer(1.0)
    edge = sorted(a for a in areas if areas[a].intersects(frame) or areas[a].intersects(wild))
    blocks: dict[str, str | None] = {}
    for spec in src.areas:
        if spec.block:
            blocks[spec.id] = None if spec.block == "both" else spec.block
        else:
            blocks[spec.id] = _block(spec.lon, spec.lat)
    return Topology(land_pairs=land_pairs, water_pairs=water_pairs, sea_pairs=sea_pairs,
                    sea_borders=sea_borders, coastal=coastal, straits=straits,
                    volcanoes=volcanoes, plains=plains, edge=edge, blocks=blocks,
                    site_points=site_points, warnings=warnings)
