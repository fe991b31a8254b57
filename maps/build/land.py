"""The board's land and water in projected km: Natural Earth extract -> playable land, lakes,
off-board wasteland, inland seas, and the flood-plain zones."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from .geo import Albers, chaikin, wiggle_ring
from .sources import DATA, Sources

NE_FILE = DATA / "natural_earth.json"


@dataclass
class Land:
    rect: Polygon
    land: BaseGeometry  # all land on the board (lakes cut out)
    playable: BaseGeometry  # land minus off-board regions, specks dropped
    offboard: BaseGeometry  # off-board land (drawn as wasteland)
    lakes: dict[str, BaseGeometry]  # name -> polygons (drawn only)
    inland: dict[str, BaseGeometry]  # inland sea id -> water (drawn as a lake)
    water: BaseGeometry  # sea water on the board (no lakes, no inland seas)
    rivers: dict[str, LineString]  # river id -> smoothed line in km
    zones: dict[str, BaseGeometry]  # plain id -> the land split among that plain's seeds
    bands: dict[str, BaseGeometry]  # plain id -> the dark-green band drawn along the river


def project_ring(proj: Albers, ring: list[list[float]], step_deg: float = 0.0) -> np.ndarray:
    pts = np.asarray(ring, dtype=float)
    if step_deg > 0:  # straight lon/lat edges become curves on the projection
        pts = np.asarray(LineString(pts).segmentize(step_deg).coords)
    x, y = proj.forward(pts[:, 0], pts[:, 1])
    return np.column_stack([x, y])


def project_polygons(proj: Albers, polys: list[list[list[list[float]]]],
                     step_deg: float = 0.0) -> BaseGeometry:
    out = []
    for rings in polys:
        shell = project_ring(proj, rings[0], step_deg)
        holes = [project_ring(proj, r, step_deg) for r in rings[1:]]
        out.append(Polygon(shell, holes))
    return shapely.make_valid(shapely.union_all(out))


def polygons_of(geom: BaseGeometry) -> list[Polygon]:
    """The polygons inside any geometry, largest first (deterministic order)."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        parts = [geom]
    else:
        parts = [g for sub in getattr(geom, "geoms", []) for g in polygons_of(sub)]
    return sorted(parts, key=lambda p: (-round(p.area, 3), p.bounds))


def multi(parts: list[Polygon]) -> MultiPolygon:
    return MultiPolygon(sorted(parts, key=lambda p: (-round(p.area, 3), p.bounds)))


def river_line(proj: Albers, spec: dict[str, object]) -> LineString:
    pts = project_ring(proj, spec["points"])  # type: ignore[arg-type]
    return LineString(chaikin([tuple(p) for p in pts], 3))


def build_land(src: Sources, proj: Albers) -> Land:
    data = json.loads(Path(NE_FILE).read_text(encoding="utf-8"))
    rect = box(*src.board["bounds"])
    tol = float(src.board["land_tolerance_km"])
    land = project_polygons(proj, data["land"]).intersection(rect)
    lakes = {name: project_polygons(proj, polys).intersection(rect)
             for name, polys in sorted(data["lakes"].items())}
    lakes = {k: v for k, v in lakes.items() if not v.is_empty}
    lake_union = shapely.union_all(list(lakes.values()))
    land = land.difference(lake_union)
    land = shapely.make_valid(land.simplify(tol, preserve_topology=True))
    land = multi([p for p in polygons_of(land) if p.area > 1.0])
    lakes = {k: multi(polygons_of(v.simplify(tol))) for k, v in lakes.items()}

    water_all = rect.difference(land).difference(lake_union)
    inland: dict[str, BaseGeometry] = {}
    for spec in src.inland:
        at = Point(proj.point(*spec["at"]))
        for part in polygons_of(water_all):
            if part.contains(at):
                inland[spec["id"]] = part
    water = water_all.difference(shapely.union_all(list(inland.values()))) if inland else water_all

    # off-board limits get the same irregular line as area borders
    off_polys = [shapely.make_valid(Polygon(wiggle_ring([tuple(p) for p in project_ring(
        proj, o["ring"], 2.0)]))) for o in src.offboard]
    off_region = shapely.union_all(off_polys)
    offboard = land.intersection(off_region)
    playable = land.difference(off_region)
    water = water.difference(off_region)
    seeds = [Point(proj.point(a.lon, a.lat)) for a in src.areas]
    tree = shapely.STRtree(seeds)
    keep = []
    min_island = float(src.board["min_island_km2"])
    for part in polygons_of(playable):
        if part.area >= min_island or len(tree.query(part.buffer(10.0), "intersects")):
            keep.append(part)
    playable = multi(keep)

    rivers = {r["id"]: river_line(proj, r) for r in src.rivers}
    zones: dict[str, BaseGeometry] = {}
    bands: dict[str, BaseGeometry] = {}
    for plain in src.plains:
        lines = []
        for rid in plain["rivers"]:
            spec = next(r for r in src.rivers if r["id"] == rid)
            pts = [p for p in spec["points"] if plain["from_lat"] <= p[1] <= plain["to_lat"]]
            if len(pts) >= 2:
                lines.append(river_line(proj, {"points": pts}))
        course = shapely.union_all(lines)
        zone = course.buffer(float(plain["zone_km"]))
        if plain.get("hull"):
            zone = zone.union(course.convex_hull)
        for ring in plain.get("extra", []):
            zone = zone.union(Polygon(project_ring(proj, ring, 0.1)))
        zone = zone.intersection(playable)
        for other in zones.values():
            zone = zone.difference(other)
        zones[plain["id"]] = multi([p for p in polygons_of(zone) if p.area > 20.0])
        bands[plain["id"]] = multi(polygons_of(
            course.buffer(float(plain["band_km"])).intersection(zones[plain["id"]])))
    return Land(rect=rect, land=land, playable=playable, offboard=offboard, lakes=lakes,
                inland=inland, water=water, rivers=rivers, zones=zones, bands=bands)
