"""A city's worth in unit points lives in one place (issue 17): ops.CITY_UNIT_POINTS, which
matches numbers.toml; no other module of the core defines its own."""

from __future__ import annotations

import re
from pathlib import Path

import game.core
from game.core import load_game_data
from game.core.ops import CITY_UNIT_POINTS


def test_the_city_constant_matches_the_data_file() -> None:
    assert CITY_UNIT_POINTS == load_game_data().numbers["city_unit_points"] == 5


def test_no_other_module_of_the_core_defines_a_citys_unit_points() -> None:
    root = Path(game.core.__file__).parent
    own = re.compile(r"^CITY_\w*POINTS\w* = ", re.M)
    found = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if own.search(p.read_text()))
    assert found == ["ops.py"]
