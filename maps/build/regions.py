"""The D10 region tables (data/regions.toml) into the map file's `regions`.

`python -m maps.build.regions [FILE]` checks the tables against the map file (default
maps/oikoumene.json) with validate-map's own checks and writes them in as the file's last key,
in the layout the full build writes (one half a line), leaving every other line as it was, so
the tables can be redrawn without the build's geography libraries. The full build
(`output.map_document`) writes the same key from the same data.

Stdlib only.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"
ROOT = Path(__file__).resolve().parents[2]
HALVES = ("west", "east")


def read_regions(data_dir: Path = DATA) -> dict[str, list[list[str]]]:
    """{"west": [10 lists of area ids], "east": [...]}, in the order regions.toml numbers them."""
    with (data_dir / "regions.toml").open("rb") as handle:
        doc = tomllib.load(handle)
    return {half: [list(region["areas"]) for region in doc.get(half, [])] for half in HALVES}


def region_names(data_dir: Path = DATA) -> dict[str, list[str]]:
    with (data_dir / "regions.toml").open("rb") as handle:
        doc = tomllib.load(handle)
    return {half: [region["name"] for region in doc.get(half, [])] for half in HALVES}


def regions_lines(regions: dict[str, list[list[str]]]) -> list[str]:
    """The `regions` key as output.dumps lays out a top-level object: one half a line."""
    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    lines = ['"regions":{']
    lines += [f"{compact(h)}:{compact(regions[h])}" + ("," if h != HALVES[-1] else "")
              for h in HALVES]
    lines.append("}")
    return lines


def with_regions(text: str, regions: dict[str, list[list[str]]]) -> str:
    """The map file's text with `regions` as its last key (replacing one already there)."""
    lines = text.rstrip("\n").split("\n")
    if lines[-1] != "}":
        raise ValueError("the map file does not end with the build's closing brace")
    body = lines[:-1]
    if '"regions":{' in body:
        start = body.index('"regions":{')
        end = body.index("}", start)
        body = body[:start] + body[end + 1:]
        body[-1] = body[-1].removesuffix(",")
    body[-1] += ","
    return "\n".join([*body, *regions_lines(regions), "}"]) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maps.build.regions", description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, default=ROOT / "maps" / "oikoumene.json")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from game.maps.checks import check_map

    regions = read_regions()
    text = with_regions(args.file.read_text(encoding="utf-8"), regions)
    problems = check_map(json.loads(text))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    args.file.write_text(text, encoding="utf-8")
    names = region_names()
    for half in HALVES:
        for i, (name, region) in enumerate(zip(names[half], regions[half], strict=True)):
            print(f"{half} {i + 1:2}: {name} ({len(region)} areas)")
    print(f"wrote the regions into {args.file}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
