"""Writes tests/maps/arena.json: a synthetic 16 x 6 board with every civilization's start area,
two blocks, three open seas, a volcano, a flood plain with a black site, and a strait. It exists
so that headless games can run for any player count before (and besides) the real map.

Run from the repository root: python tests/maps/make_arena.py
"""

from __future__ import annotations

import json
from pathlib import Path

COLS, ROWS, CELL = 16, 6, 100
INNER_SEA = {(3, 3), (4, 3)}  # cells that are open sea instead of land
WEST = ["minoa", "assyria", "celt", "carthage", "hatti", "rome", "iberia", "hellas", "egypt"]
EAST = ["saba", "maurya", "babylon", "dravidia", "kushan", "persia", "nubia", "indus", "parthia"]
STARTS = [(1, 1), (4, 1), (7, 1), (1, 3), (6, 3), (1, 5), (3, 5), (5, 5), (7, 5)]
RIVER_COL = 12


def aid(x: int, y: int) -> str:
    return f"a{x:02d}{y}"


def square(x0: int, y0: int, w: int, h: int) -> list[list[list[int]]]:
    return [[[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]]]


def main() -> None:
    land = [(x, y) for x in range(COLS) for y in range(1, ROWS + 1) if (x, y) not in INNER_SEA]
    cells = set(land)
    starts = {civ: aid(x, y) for civ, (x, y) in zip(WEST, STARTS, strict=True)}
    starts |= {civ: aid(x + 8, y) for civ, (x, y) in zip(EAST, STARTS, strict=True)}
    start_cells = set(starts.values())
    south = {aid(x, 1) for x in range(COLS)}
    around_inner = {aid(x, y) for (x, y) in cells
                    if any((x + dx, y + dy) in INNER_SEA
                           for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))}
    areas = []
    for x, y in land:
        i = aid(x, y)
        pop = (x * 7 + y * 3) % 5 + 1 if i not in start_cells else 3
        if (x + y) % 11 == 0 and i not in start_cells:
            pop = 0
        flood = "potamos" if x == RIVER_COL and y <= 4 else None
        if flood:
            pop = 5
        site = "none"
        if pop and (x + 2 * y) % 3 == 0:
            site = "white"
        if flood and y == 2:
            site = "black"
        areas.append({
            "id": i, "name": f"Area {x}-{y}", "pop": pop, "site": site,
            "coastal": i in south or i in around_inner, "flood_plain": flood,
            "block": "west" if x < 8 else "east",
            "polygons": square(x * CELL, y * CELL, CELL, CELL),
            "label": [x * CELL + 50, y * CELL + 50],
        })
    land_pairs = []
    for x, y in land:
        for dx, dy in ((1, 0), (0, 1)):
            if (x + dx, y + dy) in cells:
                land_pairs.append([aid(x, y), aid(x + dx, y + dy)])
    water_pairs = [[aid(x, 1), aid(x + 1, 1)] for x in range(COLS - 1)]
    seas = [
        {"id": "mare_occidentale", "name": "Mare Occidentale",
         "polygons": square(0, 0, 8 * CELL, CELL), "label": [400, 50],
         "borders": sorted(aid(x, 1) for x in range(8))},
        {"id": "mare_orientale", "name": "Mare Orientale",
         "polygons": square(8 * CELL, 0, 8 * CELL, CELL), "label": [1200, 50],
         "borders": sorted(aid(x, 1) for x in range(8, COLS))},
        {"id": "lacus_medius", "name": "Lacus Medius",
         "polygons": square(3 * CELL, 3 * CELL, 2 * CELL, CELL), "label": [400, 350],
         "borders": sorted(around_inner)},
    ]
    data = {
        "$schema": "../../maps/schema.json",
        "format": 1,
        "id": "arena",
        "name": "Arena test board (synthetic, 18 civilizations)",
        "units": "km",
        "bounds": [0, 0, COLS * CELL, (ROWS + 1) * CELL],
        "areas": areas,
        "seas": seas,
        "volcanoes": [{"id": "mons_ignis", "name": "Mons Ignis", "point": [200, 500],
                       "areas": [aid(1, 4), aid(2, 4)]}],
        "flood_plains": [{"id": "potamos", "name": "Potamos",
                          "areas": [aid(RIVER_COL, y) for y in range(1, 5)]}],
        "straits": [],
        "rivers": [{"id": "potamos", "name": "Potamos",
                    "points": [[RIVER_COL * CELL + 50, 500], [RIVER_COL * CELL + 50, 100]]}],
        "start_areas": starts,
        "edge_areas": sorted(aid(x, y) for x, y in land
                             if x in (0, COLS - 1) or y == ROWS),
        "adjacency": {"land": land_pairs, "water": water_pairs,
                      "seas": [["mare_occidentale", "mare_orientale"]]},
    }
    out = Path(__file__).with_name("arena.json")
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}: {len(areas)} land areas")


if __name__ == "__main__":
    main()
