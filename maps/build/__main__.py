"""python -m maps.build [--out FILE] [--preview FILE | --no-preview] [--check]"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .build import Built

ROOT = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maps.build", description=__doc__)
    parser.add_argument("--out", type=Path, help="map file (default maps/<id>.json)")
    parser.add_argument("--preview", type=Path, help="preview PNG (default maps/<id>-preview.png)")
    parser.add_argument("--no-preview", action="store_true", help="skip the preview")
    parser.add_argument("--scale", type=float, default=0.75, help="preview pixels per km")
    args = parser.parse_args(argv)
    from .build import build  # shapely and numpy: the mapbuild extra

    return publish(build(), args)


def publish(built: Built, args: argparse.Namespace) -> int:
    """Write the map and its preview, or refuse (exit 1) and write nothing."""
    if built.problems:  # a set-up under the fairness floor, or not one board: nothing written
        print(built.report)
        for problem in built.problems:
            print(f"refused: {problem}", file=sys.stderr)
        return 1
    board_id = built.src.board["id"]
    out = args.out or ROOT / "maps" / f"{board_id}.json"
    out.write_text(built.text, encoding="utf-8")
    print(built.report)
    print(f"wrote {out} ({len(built.text.encode()):,} bytes)")
    if not args.no_preview:
        from .render import render_preview

        preview = args.preview or ROOT / "maps" / f"{board_id}-preview.png"
        render_preview(built, preview, args.scale)
        print(f"wrote {preview}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
