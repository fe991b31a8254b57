"""Writing the map file: rounding to whole km, labels, and a stable, diff-friendly JSON layout."""

from __future__ import annotations

import json
from typing import Any

import shapely
import shapely.ops
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from .land import Land, polygons_of
from .partition import Partition
from .regions import read_regions
from .sources import Sources
from .topology import Topology

WATER_TOLERANCE_KM = 2.5
LAND_TOLERANCE_KM = 1.5
OFF_BOARD_MIN_KM2 = 20.0  # smaller specks of off-board land are left out
OFF_BOARD_UNDERLAP_KM = 3.0  # how far off-board land reaches under the areas beside it


def ring_points(ring: Any) -> list[list[int]]:
    out: list[list[int]] = []
    for x, y in list(ring.coords)[:-1]:
        p = [round(x), round(y)]
        if not out or out[-1] != p:
            out.append(p)
    while len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def rings(geom: BaseGeometry, tolerance: float = 0.0, min_area: float = 0.0
          ) -> list[list[list[int]]]:
    out = []
    for poly in polygons_of(geom):
        if poly.area < min_area:
            continue
        shell = Polygon(poly.exterior)
        if tolerance:
            shell = shell.simplify(tolerance)
        pts = ring_points(shell.exterior)
        if len(pts) >= 3:
            out.append(pts)
    return out


def label_point(geom: BaseGeometry, avoid: tuple[float, float] | None,
                seed: shapely.Point | None = None) -> list[int]:
    """Where the name goes: deep inside the piece holding the seed (else the largest piece),
    clear of the city site."""
    pieces = polygons_of(geom)
    main = next((p for p in pieces if seed is not None and p.buffer(0.5).contains(seed)),
                pieces[0])
    room = main
    if avoid is not None:
        cut = main.difference(shapely.Point(avoid).buffer(22.0))
        if not cut.is_empty:
            room = polygons_of(cut)[0]
    p = shapely.ops.polylabel(room, tolerance=1.0) if room.area > 4 else room.centroid
    return [round(p.x), round(p.y)]


def _clip_line(points: list[tuple[float, float]], land: Land) -> list[list[list[int]]]:
    line = shapely.LineString(points).intersection(land.rect.buffer(-1.0))
    parts = [g for g in getattr(line, "geoms", [line]) if g.length > 20]
    out = []
    for part in parts:
        pts = [[round(x), round(y)] for x, y in part.simplify(1.0).coords]
        if len(pts) >= 2:
            out.append(pts)
    return out


def off_board_land(land: Land, part: Partition) -> tuple[BaseGeometry, list[str]]:
    """Land that is no area's (the off-board deserts, steppe and mountains, lands beyond the
    board, dropped islets), and warnings. It reaches a little under the areas beside it: the
    areas are drawn over it, so no sea shows through the seam between the two outlines."""
    areas = shapely.union_all(list(part.land.values()))
    off = [p for p in polygons_of(land.land.difference(areas)) if p.area >= OFF_BOARD_MIN_KM2]
    core = shapely.union_all(off)
    grown = [p for p in polygons_of(core.buffer(OFF_BOARD_UNDERLAP_KM).intersection(land.land))
             if p.intersects(core)]
    # The file keeps outer rings only; a hole must be a lake, drawn over the land, or an area.
    drawn_over = shapely.union_all([areas, *land.lakes.values(), *land.inland.values()])
    warnings = []
    for piece in grown:
        for ring in piece.interiors:
            whole = Polygon(ring)
            hole = whole.difference(drawn_over)  # a lake's outline differs by a thin rim
            if hole.area > max(OFF_BOARD_MIN_KM2, 0.1 * whole.area):
                at = hole.representative_point()
                warnings.append(f"off-board land: a hole of {hole.area:,.0f} km2 at "
                                f"{at.x:.0f}, {at.y:.0f} km is neither lake nor area; it will "
                                "be drawn as land")
    return shapely.MultiPolygon(grown) if grown else Polygon(), warnings


def map_document(src: Sources, projection: dict[str, Any], land: Land, part: Partition,
                 topo: Topology, setups: dict[str, Any], off_board: BaseGeometry
                 ) -> dict[str, Any]:
    specs = {a.id: a for a in src.areas}
    ids = sorted(part.land)
    # one simplification for all areas together, so that neighbours keep one shared border
    simple = dict(zip(ids, shapely.coverage_simplify(
        [part.land[a] for a in ids], LAND_TOLERANCE_KM, simplify_boundary=False), strict=True))
    areas = []
    for aid in ids:
        spec = specs[aid]
        site = topo.site_points.get(aid)
        entry: dict[str, Any] = {
            "id": aid, "name": spec.name, "pop": spec.pop, "site": spec.site,
            "coastal": topo.coastal[aid], "flood_plain": spec.zone, "block": topo.blocks[aid],
            "polygons": rings(simple[aid]),
            "label": label_point(part.land[aid], site, part.seeds[aid]),
        }
        water = rings(part.water[aid], WATER_TOLERANCE_KM, 4.0)
        if water:
            entry["water_polygons"] = water
        if site is not None:
            entry["site_point"] = [round(site[0]), round(site[1])]
        areas.append(entry)
    seas = []
    for sid in sorted(part.seas):
        spec = next(s for s in src.seas if s["id"] == sid)
        geom = part.seas[sid]
        seas.append({
            "id": sid, "name": spec["name"],
            "polygons": rings(geom, WATER_TOLERANCE_KM, 4.0),
            "label": [round(c) for c in shapely.ops.polylabel(polygons_of(geom)[0], 1.0).coords[0]],
            "borders": topo.sea_borders[sid],
        })
    lakes = []
    for name, geom in land.lakes.items():
        lid = "".join(ch if ch.isalnum() else "_" for ch in name.lower().encode(
            "ascii", "ignore").decode()).strip("_")
        if not rings(geom, 0, 20.0):
            continue
        lakes.append({"id": lid, "name": name, "polygons": rings(geom, 0, 20.0),
                      "label": label_point(geom, None)})
    for spec in src.inland:
        geom = land.inland[spec["id"]]
        lakes.append({"id": spec["id"], "name": spec["name"],
                      "polygons": rings(geom, WATER_TOLERANCE_KM, 20.0),
                      "label": label_point(geom, None)})
    rivers = []
    for rid, line in land.rivers.items():
        spec = next(r for r in src.rivers if r["id"] == rid)
        for k, pts in enumerate(_clip_line(list(line.coords), land)):
            rivers.append({"id": rid if k == 0 else f"{rid}_{k + 1}", "name": spec["name"],
                           "points": pts})
    plains = []
    for plain in src.plains:
        pid = plain["id"]
        plains.append({"id": pid, "name": plain["name"], "areas": topo.plains[pid],
                       "polygons": rings(land.bands[pid], 1.0, 4.0)})
    volcanoes = [{"id": v["id"], "name": v["name"],
                  "point": [round(v["point"][0]), round(v["point"][1])], "areas": v["areas"]}
                 for v in topo.volcanoes]
    starts = {a.start: a.id for a in src.areas if a.start}
    return {
        "$schema": "schema.json",
        "format": 1,
        "id": src.board["id"],
        "name": src.board["name"],
        "units": "km",
        "projection": projection,
        "bounds": [round(v) for v in src.board["bounds"]],
        "areas": areas,
        "seas": seas,
        "volcanoes": volcanoes,
        "flood_plains": plains,
        "straits": topo.straits,
        "rivers": rivers,
        "lakes": lakes,
        "off_board": rings(off_board, LAND_TOLERANCE_KM, OFF_BOARD_MIN_KM2),
        "start_areas": dict(sorted(starts.items())),
        "edge_areas": topo.edge,
        "adjacency": {
            "land": [list(p) for p in topo.land_pairs],
            "water": [list(p) for p in topo.water_pairs],
            "seas": [list(p) for p in topo.sea_pairs],
        },
        "setups": setups,
        "regions": read_regions(),  # the D10 tables, hand-drawn in data/regions.toml
    }


def dumps(doc: dict[str, Any]) -> str:
    """JSON with one list item per line at the top two levels: small diffs, still compact."""
    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    lines = ["{"]
    keys = list(doc)
    for i, key in enumerate(keys):
        value = doc[key]
        tail = "," if i < len(keys) - 1 else ""
        if isinstance(value, list) and value:
            lines.append(f"{compact(key)}:[")
            lines += [compact(v) + ("," if j < len(value) - 1 else "")
                      for j, v in enumerate(value)]
            lines.append("]" + tail)
        elif isinstance(value, dict) and value and key in ("adjacency", "setups", "regions"):
            lines.append(f"{compact(key)}:{{")
            sub = list(value)
            lines += [f"{compact(k)}:{compact(value[k])}" + ("," if j < len(sub) - 1 else "")
                      for j, k in enumerate(sub)]
            lines.append("}" + tail)
        else:
            lines.append(f"{compact(key)}:{compact(value)}{tail}")
    lines.append("}")
    return "\n".join(lines) + "\n"
