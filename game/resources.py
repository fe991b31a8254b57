"""Where the files shipped beside the code live: `assets/`, `maps/`, `tests/maps`.

From a source checkout they sit at the repository root, beside the `game` package. In a
PyInstaller build they are unpacked into the bundle folder, which the bootloader names in
`sys._MEIPASS`. (Files that are package data, like `game/core/data`, go through
`importlib.resources` instead, which works in both cases.)
"""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The folder that holds `assets/` and `maps/`: the bundle when frozen, else the checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """A shipped file or folder, e.g. `resource_path("maps", "oikoumene.json")`."""
    return resource_root().joinpath(*parts)
