"""Splitting the playable land among the area seeds, and the water among areas and open seas.

Land: each flood-plain zone and the rest of the land are split separately, landmass by landmass,
with a Voronoi diagram of the seeds on that landmass. A cell that comes out in several pieces
keeps the piece holding its seed; the other pieces, and landmasses without a seed (small
islands), go to the area they share the longest border with, or else to the nearest area.

Water: the water within the coastal band of the playable land belongs to the area whose coast is
nearest (as the rules want: an area's coastal water is part of it); the rest is open water,
split among the open-sea seeds basin by basin.
"""

from __future__ import annotations

from dataclasses import dataclass

import shapely
import shapely.ops
from shapely.geometry import MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from .geo import Albers, wiggle_ring
from .land import Land, multi, polygons_of
from .sources import Sources

COAST_STEP_KM = 4.0
ORPHAN_REACH_KM = 150.0


@dataclass
class Partition:
    seeds: dict[str, Point]  # area id -> seed in km (snapped onto its land)
    land: dict[str, BaseGeometry]  # area id -> MultiPolygon
    water: dict[str, BaseGeometry]  # area id -> its coastal water (may be empty)
    seas: dict[str, BaseGeometry]  # open sea id -> MultiPolygon
    sea_seeds: dict[str, Point]
    unassigned_land: BaseGeometry
    warnings: list[str]


def _snap(point: Point, region: BaseGeometry, what: str, warnings: list[str]) -> Point:
    if region.contains(point):
        return point
    near = shapely.ops.nearest_points(region, point)[0]
    if near.distance(point) > 40.0:
        warnings.append(f"{what}: seed is {near.distance(point):.0f} km off its land")
    # step a little inside, so that 'contains' holds
    inner = region.intersection(near.buffer(6.0)).buffer(-1.0)
    if not inner.is_empty:
        inside = shapely.ops.nearest_points(inner, point)[0]
        if region.contains(inside):
            return inside
    return near


def _voronoi(points: dict[str, Point], region: Polygon, wiggle: bool = False
             ) -> dict[str, BaseGeometry]:
    """Voronoi cells of the points within region. With wiggle, the straight cell borders are
    made irregular (as hand-drawn borders are); overlaps go to the first cell in id order and
    slivers left uncovered come back as orphans from the caller."""
    ids = sorted(points)
    if len(ids) == 1:
        return {ids[0]: region}
    cells = shapely.voronoi_polygons(MultiPoint([points[i] for i in ids]),
                                     extend_to=region.envelope.buffer(100.0), ordered=True)
    shapes = list(cells.geoms)
    if wiggle:
        for k, i in enumerate(ids):
            bent = shapely.make_valid(Polygon(wiggle_ring(list(shapes[k].exterior.coords))))
            if bent.contains(points[i]):  # else keep the straight cell
                shapes[k] = bent
        tree = shapely.STRtree(shapes)
        fixed = []
        for k, shape in enumerate(shapes):
            earlier = [shapes[j] for j in tree.query(shape, "intersects") if j < k]
            fixed.append(shape.difference(shapely.union_all(earlier)) if earlier else shape)
        shapes = fixed
    return {i: shape.intersection(region) for i, shape in zip(ids, shapes, strict=True)}


def _split_region(region: BaseGeometry, seeds: dict[str, Point], wiggle: bool
                  ) -> tuple[dict[str, list[Polygon]], list[Polygon]]:
    """Voronoi per landmass; returns (area -> pieces holding the seed, orphan pieces)."""
    kept: dict[str, list[Polygon]] = {}
    orphans: list[Polygon] = []
    for mass in polygons_of(region):
        inside = {i: p for i, p in seeds.items() if mass.contains(p)}
        if not inside:
            orphans.append(mass)
            continue
        cells = _voronoi(inside, mass, wiggle=wiggle)
        for aid, cell in cells.items():
            for piece in polygons_of(cell):
                if piece.buffer(0.01).contains(inside[aid]):
                    kept.setdefault(aid, []).append(piece)
                elif piece.area > 0.5:
                    orphans.append(piece)
        if len(cells) > 1:
            gaps = mass.difference(shapely.union_all(list(cells.values())))
            orphans += [g for g in polygons_of(gaps) if g.area > 0.5]
    return kept, orphans


def _adopt(kept: dict[str, list[Polygon]], orphans: list[Polygon], warnings: list[str]
           ) -> list[Polygon]:
    """Give each orphan piece to the area it borders most, else to the nearest; returns the
    pieces nobody could take."""
    left = sorted(orphans, key=lambda p: (-round(p.area, 3), p.bounds))
    while left:
        progress = False
        rest = []
        shapes = {aid: shapely.union_all(parts) for aid, parts in kept.items()}
        for piece in left:
            best, best_len = None, 0.0
            grown = piece.buffer(0.5)
            for aid in sorted(shapes):
                shape = shapes[aid]
                if not shape.intersects(grown):
                    continue
                length = shape.boundary.intersection(grown).length
                if length > best_len + 1e-6:
                    best, best_len = aid, length
            if best is not None and best_len > 0.5:
                kept[best].append(piece)
                shapes[best] = shapes[best].union(piece)
                progress = True
            else:
                rest.append(piece)
        left = rest
        if not progress:
            break
    unplaced = []
    shapes = {aid: shapely.union_all(parts) for aid, parts in kept.items()}
    for piece in left:
        dist, best = min((shapes[aid].distance(piece), aid) for aid in sorted(shapes))
        if dist <= ORPHAN_REACH_KM:
            kept[best].append(piece)
            if piece.area > 1500:
                warnings.append(f"island of {piece.area:.0f} km2 at {_at(piece)} has no seed; "
                                f"joined to {best}")
        else:
            unplaced.append(piece)
    return unplaced


def _at(geom: BaseGeometry) -> str:
    p = geom.representative_point()
    return f"({p.x:.0f}, {p.y:.0f}) km"


def partition_land(src: Sources, proj: Albers, land: Land, warnings: list[str]
                   ) -> tuple[dict[str, Point], dict[str, BaseGeometry], BaseGeometry]:
    zone_all = shapely.union_all(list(land.zones.values()))
    rest = land.playable.difference(zone_all)
    seeds: dict[str, Point] = {}
    groups: dict[str | None, dict[str, Point]] = {}
    for a in src.areas:
        region = land.zones[a.zone] if a.zone else rest
        p = _snap(Point(proj.point(a.lon, a.lat)), region, a.id, warnings)
        seeds[a.id] = p
        groups.setdefault(a.zone, {})[a.id] = p
    kept: dict[str, list[Polygon]] = {}
    orphans: list[Polygon] = []
    for zone, members in sorted(groups.items(), key=lambda kv: kv[0] or ""):
        region = land.zones[zone] if zone else rest
        k, o = _split_region(region, members, wiggle=zone is None)  # valleys: straight cuts
        kept.update(k)
        orphans += o
    for aid in seeds:
        if aid not in kept:
            warnings.append(f"{aid}: its seed got no land")
            kept[aid] = []
    unplaced = _adopt({a: v for a, v in kept.items() if v}, orphans, warnings)
    areas = {aid: multi([Polygon(p.exterior) for p in polygons_of(shapely.union_all(parts))])
             for aid, parts in sorted(kept.items()) if parts}
    return seeds, areas, shapely.union_all(unplaced) if unplaced else Polygon()


def _coast_points(areas: dict[str, BaseGeometry], water: BaseGeometry
                  ) -> tuple[list[Point], list[str]]:
    near_water = water.buffer(0.5)
    points, owners = [], []
    seen: set[tuple[float, float]] = set()
    for aid in sorted(areas):
        coast = areas[aid].boundary.intersection(near_water)
        for line in getattr(coast, "geoms", [coast]):
            if line.is_empty or line.length <= 0:
                continue
            steps = max(1, int(line.length // COAST_STEP_KM))
            for k in range(steps + 1):
                pt = line.interpolate(k / steps, normalized=True)
                key = (round(pt.x, 2), round(pt.y, 2))
                if key not in seen:  # Voronoi needs distinct points
                    seen.add(key)
                    points.append(pt)
                    owners.append(aid)
    return points, owners


def partition_water(src: Sources, proj: Albers, land: Land, areas: dict[str, BaseGeometry],
                    warnings: list[str]
                    ) -> tuple[dict[str, BaseGeometry], dict[str, BaseGeometry], dict[str, Point]]:
    board = land.rect
    all_land = shapely.union_all(list(areas.values()))
    band = land.water.intersection(all_land.buffer(float(src.board["coastal_band_km"])))
    open_water = land.water.difference(band)
    small = float(src.board["min_open_water_km2"])
    sea_seeds = {s["id"]: Point(proj.point(*s["at"])) for s in src.seas}
    meant_coastal = [Point(proj.point(*c["at"])) for c in src.coastal_water]
    basins = []
    for part in polygons_of(open_water):
        holds = [sid for sid, p in sea_seeds.items() if part.contains(p)]
        if not holds and (part.area < small or any(part.contains(p) for p in meant_coastal)):
            band = band.union(part)
        elif not holds:
            warnings.append(f"open water of {part.area:.0f} km2 at {_at(part)} has no sea seed;"
                            " it joins the coastal water")
            band = band.union(part)
        else:
            basins.append(part)
    for sid, p in sea_seeds.items():
        if not any(b.contains(p) for b in basins):
            warnings.append(f"sea {sid}: its seed is not in open water; the sea is dropped")
    seas: dict[str, list[Polygon]] = {}
    for basin in basins:
        inside = {sid: p for sid, p in sea_seeds.items() if basin.contains(p)}
        kept, orphans = {}, []
        for sid, cell in _voronoi(inside, basin).items():
            for piece in polygons_of(cell):
                if piece.buffer(0.01).contains(inside[sid]):
                    kept.setdefault(sid, []).append(piece)
                elif piece.area > 0.5:
                    orphans.append(piece)
        _adopt(kept, orphans, warnings)
        for sid, parts in kept.items():
            seas[sid] = parts
    # coastal water: each bit of the band goes to the area with the nearest coast
    points, owners = _coast_points(areas, land.water)
    cells = shapely.voronoi_polygons(MultiPoint(points), extend_to=board.buffer(200.0),
                                     ordered=True)
    by_area: dict[str, list[BaseGeometry]] = {}
    for owner, cell in zip(owners, cells.geoms, strict=True):
        by_area.setdefault(owner, []).append(cell)
    water: dict[str, BaseGeometry] = {}
    for aid in sorted(areas):
        cell = shapely.union_all(by_area.get(aid, []))
        part = cell.intersection(band) if not cell.is_empty else Polygon()
        polys = [p for p in polygons_of(part) if p.area > 2.0]
        water[aid] = multi(polys)
    sea_geoms = {sid: multi(polygons_of(shapely.union_all(parts)))
                 for sid, parts in sorted(seas.items())}
    return water, sea_geoms, {sid: sea_seeds[sid] for sid in sea_geoms}


def make_partition(src: Sources, proj: Albers, land: Land) -> Partition:
    warnings: list[str] = []
    seeds, areas, unplaced = partition_land(src, proj, land, warnings)
    water, seas, sea_seeds = partition_water(src, proj, land, areas, warnings)
    return Partition(seeds=seeds, land=areas, water=water, seas=seas, sea_seeds=sea_seeds,
                     unassigned_land=unplaced, warnings=warnings)
