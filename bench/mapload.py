"""Map load time: `load_map_file` (strict JSON, every check, the geometry) of the shipped board
against a bare `json.loads` of the same file, with the steps inside it. Medians over --runs, wall
and CPU time (CPU leaves out waiting for a core on a busy machine). Target: load under 300 ms.

    python bench/mapload.py [--map maps/oikoumene.json] [--runs 15]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import median_ms  # noqa: E402

from game.maps.checks import checked_graph  # noqa: E402
from game.maps.files import load_map_file, read_map_data  # noqa: E402
from game.maps.parse import graph_from_map_dict  # noqa: E402

TARGET_MS = 300.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--map", type=Path, default=ROOT / "maps" / "oikoumene.json")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    path: Path = args.map
    data = read_map_data(path)
    points = sum(len(ring) for area in data["areas"]
                 for key in ("polygons", "water_polygons") for ring in area.get(key, ()))
    print(f"{path.name}: {path.stat().st_size:,} bytes, {len(data['areas'])} areas, "
          f"{points:,} area points; medians of {args.runs} runs")
    base, base_cpu = median_ms(lambda: json.loads(path.read_text(encoding="utf-8")), args.runs)
    rows = [
        ("json.loads (bare)", base, base_cpu),
        ("read_map_data (strict JSON)", *median_ms(lambda: read_map_data(path), args.runs)),
        ("graph_from_map_dict (unchecked)",
         *median_ms(lambda: graph_from_map_dict(data, require_geometry=True), args.runs)),
        ("checked_graph (every check)", *median_ms(lambda: checked_graph(data), args.runs)),
    ]
    load, load_cpu = median_ms(lambda: load_map_file(path), args.runs)
    rows.append(("load_map_file (all of it)", load, load_cpu))
    for name, wall, cpu in rows:
        print(f"  {name:34} {wall:7.1f} ms wall {cpu:7.1f} ms cpu  {wall / base:5.2f}x json")
    verdict = "within" if load_cpu <= TARGET_MS else "OVER"
    print(f"load: {load:.0f} ms wall, {load_cpu:.0f} ms cpu ({load_cpu / base_cpu:.1f}x "
          f"json.loads); {verdict} the {TARGET_MS:.0f} ms target (judged on cpu time)")


if __name__ == "__main__":
    main()
