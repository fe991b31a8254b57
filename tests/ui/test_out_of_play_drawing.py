"""Areas out of play in a game's set-up are drawn as off-board land (muted, hatched), say so in
their tooltip, cannot be picked, and the fit-to-board view frames the land in play."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.core.mapgraph import MapGraph
from game.core.mapsetup import in_play
from game.maps.files import MapGeometry, load_map_file
from game.ui.map.tiles import WASTE, WASTE_HATCH, BaseLayer
from game.ui.map.view import MapView
from game.ui.theme import Theme

TINY = Path(__file__).resolve().parents[1] / "maps" / "tiny.json"
EAST = ["oriens", "aurora", "meridies"]  # the tiny map's east end, x 900-1200


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


def tiny_with_set_up(tmp_path: Path) -> tuple[MapGraph, MapGraph, MapGeometry]:
    """(the whole map, the set-up's map, the geometry)."""
    data = json.loads(TINY.read_text(encoding="utf-8"))
    data["setups"] = {"west": {"out_of_play": EAST}}
    path = tmp_path / "map.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    graph, geometry = load_map_file(path)
    return graph, in_play(graph, "west"), geometry


def oriens_pixels(geometry: MapGeometry, graph: MapGraph) -> set[tuple[int, int, int]]:
    tile = BaseLayer(geometry, graph, Theme(1.0)).tile(0.2, 0, 0)  # the whole map in one tile
    return {tuple(tile.get_at((round(x * 0.2), round((600 - y) * 0.2))))[:3]  # type: ignore[misc]
            for x in range(960, 1150, 6) for y in range(230, 330, 6)}


def test_an_out_of_play_area_is_drawn_as_muted_hatched_land(tmp_path: Path) -> None:
    whole, on_setup, geometry = tiny_with_set_up(tmp_path)
    out = oriens_pixels(geometry, on_setup)
    assert out <= {WASTE, WASTE_HATCH} and {WASTE, WASTE_HATCH} <= out
    assert not oriens_pixels(geometry, whole) & {WASTE, WASTE_HATCH}


def test_an_out_of_play_area_tells_so_and_cannot_be_picked(tmp_path: Path) -> None:
    whole, on_setup, geometry = tiny_with_set_up(tmp_path)
    mv = MapView(geometry, on_setup, Theme(1.0), players=5)
    mv.set_viewport(pygame.Rect(0, 0, 1200, 600))
    mv.zoom_at(-2)  # the whole map in view
    label = geometry.areas["oriens"].label
    assert label is not None
    at = (round(mv.to_screen(*label)[0]), round(mv.to_screen(*label)[1]))
    assert mv.area_at(at) is None
    tip = mv.place_tip(at)
    assert tip is not None and tip[:2] == [geometry.areas["oriens"].name,
                                           "Out of play with 5 players"]
    # rules 3.1: ships may pass through such areas but may not end a move or unload there
    assert tip[2] == "Ships may sail through it but not stop there (rules 3.1)"
    inland = geometry.areas["meridies"].label  # no water: no ship route through it
    assert inland is not None
    tip = mv.place_tip((round(mv.to_screen(*inland)[0]), round(mv.to_screen(*inland)[1])))
    assert tip is not None and tip[2] == "Nothing may enter it"
    on_whole = MapView(geometry, whole, Theme(1.0), players=5)
    on_whole.set_viewport(pygame.Rect(0, 0, 1200, 600))
    on_whole.zoom_at(-2)
    at = (round(on_whole.to_screen(*label)[0]), round(on_whole.to_screen(*label)[1]))
    assert on_whole.area_at(at) == "oriens"


def test_fit_frames_the_land_in_play(tmp_path: Path) -> None:
    whole, on_setup, geometry = tiny_with_set_up(tmp_path)
    for graph, east_shows in ((whole, True), (on_setup, False)):
        mv = MapView(geometry, graph, Theme(1.0))
        mv.set_viewport(pygame.Rect(0, 0, 800, 500))
        mv.fit()
        left, right, east = (mv.to_screen(x, 300)[0] for x in (0, 900, 1200))
        assert left >= 0 and right <= 800
        assert (east <= 800) is east_shows
        if not east_shows:  # centred on the land in play
            assert abs(left - (800 - right)) <= 2
