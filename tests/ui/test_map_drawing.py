"""The map's base layer as drawn: off-board land shows as muted, hatched land, not as sea."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.maps.files import load_map_file
from game.ui.map.tiles import WASTE, WASTE_HATCH, BaseLayer
from game.ui.map.view import MapView
from game.ui.theme import Theme

TINY = Path(__file__).resolve().parents[1] / "maps" / "tiny.json"
ROCK = [[320, 320], [420, 320], [420, 390], [320, 390]]  # in the tiny map's inner sea


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()  # fonts for the labels; left running, as the other client tests leave it


def _rock_pixels(tmp_path: Path, off_board: bool) -> list[tuple[int, int, int]]:
    data = json.loads(TINY.read_text(encoding="utf-8"))
    if off_board:
        data["off_board"] = [ROCK]
    path = tmp_path / "map.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    graph, geometry = load_map_file(path)
    layer = BaseLayer(geometry, graph, Theme(1.0))
    zoom = 0.2  # the whole 1200 x 600 map in the first tile
    tile = layer.tile(zoom, 0, 0)
    # the rock's inside, a few pixels in from its outline (y grows down on screen)
    return [tuple(tile.get_at((round(x * zoom), round((600 - y) * zoom))))[:3]
            for x in range(330, 420, 6) for y in range(330, 385, 6)]


def test_off_board_land_is_drawn_muted_and_hatched_where_the_sea_would_be(tmp_path: Path) -> None:
    with_rock = _rock_pixels(tmp_path, off_board=True)
    assert set(with_rock) <= {WASTE, WASTE_HATCH}
    assert {WASTE, WASTE_HATCH} <= set(with_rock)  # hatched, not flat
    without = _rock_pixels(tmp_path, off_board=False)
    assert not set(without) & {WASTE, WASTE_HATCH}


def test_hovering_an_open_sea_or_land_beyond_the_board_tells_what_it_is(tmp_path: Path) -> None:
    data = json.loads(TINY.read_text(encoding="utf-8"))
    data["off_board"] = [ROCK]
    path = tmp_path / "map.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    graph, geometry = load_map_file(path)
    mv = MapView(geometry, graph, Theme(1.0))
    mv.set_viewport(pygame.Rect(0, 0, 800, 500))
    ocean = geometry.seas["oceanus"]
    assert ocean.label is not None
    at_sea = tuple(round(v) for v in mv.to_screen(*ocean.label))
    tip = mv.place_tip(at_sea)  # type: ignore[arg-type]
    assert tip is not None and tip[0] == ocean.name and "Open sea" in tip[1]
    rock = tuple(round(v) for v in mv.to_screen(370, 355))
    assert mv.area_at(rock) is None  # type: ignore[arg-type]
    assert mv.place_tip(rock) == ["Beyond the board",  # type: ignore[arg-type]
                                  "Land no area covers: nothing may enter it"]
    land = mv.area_point("silva")
    assert mv.place_tip(land) is None  # a land area has its own tooltip
