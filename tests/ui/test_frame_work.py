"""What a frame of the game screen makes again and what it reuses (issue 6's frame budget):
pieces are laid out once per zoom and board, a zoom's missing tiles are stood in for by the
overview, particle bursts are spread over frames with their bodies reused, and what a game
loads stays out of the collector's full passes."""

from __future__ import annotations

import gc
from pathlib import Path

import pygame
import pymunk
import pytest

import game.ui.map.view as mapview_module
from game.core.state import Board
from game.maps.files import load_map_file
from game.persist import Settings
from game.ui.anim import effects as effects_module
from game.ui.anim.effects import BIRTHS_PER_FRAME, Effects
from game.ui.app import App
from game.ui.checks.showcase import on_screen
from game.ui.map.offered import available_maps, load_map
from game.ui.map.view import MapView
from game.ui.theme import Palette, Theme

TINY = Path(__file__).resolve().parents[1] / "maps" / "tiny.json"
BOARD = Board(tokens={"silva": {"egypt": 3, "babylon": 1}, "mons": {"crete": 5}},
              cities={"portus": "egypt"}, ships={"litus": {"crete": 2}})


@pytest.fixture()
def view() -> MapView:
    pygame.init()
    graph, geometry = load_map_file(TINY)
    mv = MapView(geometry, graph, Theme(1.0))
    mv.set_viewport(pygame.Rect(0, 0, 640, 400))
    mv.work_budget = mv.tile_budget = None  # every image made at once: nothing borrowed
    return mv


def pieces(mv: MapView, board: Board) -> pygame.Surface:
    surface = pygame.Surface((640, 400), pygame.SRCALPHA)
    mv.draw_pieces(surface, board)
    return surface


def counting_layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = mapview_module.stack_centre

    def counted(*args: object) -> tuple[float, float]:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(mapview_module, "stack_centre", counted)
    return calls


def test_panning_moves_the_laid_out_pieces_without_laying_them_out_again(
        view: MapView, monkeypatch: pytest.MonkeyPatch) -> None:
    view.zoom_at(2)  # room to pan: the view stays over the map (issue 36)
    calls = counting_layouts(monkeypatch)
    before = pieces(view, BOARD)
    laid_out = len(calls)
    assert laid_out == 3  # one per token stack
    view.pan(-30, -10)
    after = pieces(view, BOARD)
    assert len(calls) == laid_out
    moved = (round(view.ox) - round(view.ox + 30), round(view.oy) - round(view.oy + 10))
    assert moved == (-30, -10)
    for x in range(40, 600, 7):
        for y in range(20, 380, 7):
            assert before.get_at((x, y)) == after.get_at((x - 30, y - 10))


def test_a_changed_board_or_zoom_lays_the_pieces_out_again(
        view: MapView, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting_layouts(monkeypatch)
    first = pieces(view, BOARD)
    changed = Board(tokens={**BOARD.tokens, "mons": {"crete": 4}}, cities=BOARD.cities,
                    ships=BOARD.ships)
    second = pieces(view, changed)
    assert len(calls) == 6
    assert first.get_view("2").raw != second.get_view("2").raw  # the count 5 became 4
    pieces(view, changed)
    assert len(calls) == 6  # the same board again: kept
    view.zoom_at(1)
    pieces(view, changed)
    assert len(calls) == 9


def test_a_layout_that_borrowed_a_sprite_of_another_size_takes_the_real_one_when_made(
        view: MapView) -> None:
    pieces(view, BOARD)
    view.zoom_at(2)  # a new disc size
    view.work_budget = 0.0  # this frame may make nothing: sprites of the old size scaled
    view.begin_frame()
    pieces(view, BOARD)
    borrowed = [img for img, _, _ in view._piece_layout(BOARD)]  # held: ids stay unique
    assert not any(img is sprite for img in borrowed for sprite in view._sprites.values())
    view.work_budget = None
    view.begin_frame()
    made = [img for img, _, _ in view._piece_layout(BOARD)]
    assert all(any(img is sprite for sprite in view._sprites.values()) for img in made)


def test_missing_tiles_are_stood_in_for_by_the_overview_where_the_tiles_will_be(
        view: MapView) -> None:
    view.set_viewport(pygame.Rect(0, 0, 1280, 800))
    view.zoom_at(3)
    screen = pygame.Surface((1280, 800))
    view.tile_budget = 0.0  # no tile made this frame: the overview shows instead
    view.draw_base(screen)
    assert view.pending_tiles > 6
    stand_in = screen.copy()
    view.tile_budget = None
    view.draw_base(screen)
    assert view.pending_tiles == 0

    def matching(dx: int, dy: int) -> float:
        """The share of points where the stand-in, moved by (dx, dy), shows the tile's colour."""
        same = total = 0
        for x in range(40, 1240, 12):
            for y in range(40, 760, 12):
                a, b = stand_in.get_at((x + dx, y + dy)), screen.get_at((x, y))
                total += 1
                same += max(abs(a[k] - b[k]) for k in range(3)) <= 24
        return same / total

    here = matching(0, 0)
    assert here > 0.85  # labels and marks differ; the land and sea match
    assert all(matching(dx, dy) < here for dx, dy in ((-8, 0), (8, 0), (0, -8), (0, 8)))
    assert any(stand_in.get_at((x, 400)) != Palette.sea_deep for x in range(0, 1280, 20))


def test_a_large_burst_is_born_over_a_few_frames_and_reuses_dead_bodies(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = pymunk.Body

    def counted(*args: object) -> pymunk.Body:
        made.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(effects_module.pymunk, "Body", counted)
    fx = Effects(unit=10.0)
    fx.burst("embers", (0.0, 0.0), strength=3.0)  # 210 particles asked for
    waiting = 3 * effects_module.STYLES["embers"].count
    assert len(fx) == 0 and fx  # none on the board yet, but something to show
    fx.update(1 / 60)
    assert len(fx) == BIRTHS_PER_FRAME
    frames = 1
    while len(fx) < waiting:
        fx.update(1 / 60)
        frames += 1
    assert frames == -(-waiting // BIRTHS_PER_FRAME)
    while fx:
        fx.update(1 / 20)
    assert len(made) == waiting
    fx.burst("embers", (0.0, 0.0), strength=3.0)
    for _ in range(10):
        fx.update(1 / 60)
    assert len(made) == waiting  # the dead particles' bodies were born again


def test_the_game_screen_keeps_what_it_loaded_out_of_full_collections() -> None:
    app = App((1366, 768), settings=Settings(), persist_settings=False)
    try:
        on_screen(app, "flood")
        assert gc.get_freeze_count() > 0
        app.scenes[-1].exit()
        assert gc.get_freeze_count() == 0
    finally:
        app.close()


def test_focusing_on_areas_at_the_edge_of_the_board_shows_no_empty_margin() -> None:
    pygame.init()
    graph, geometry = load_map(next(iter(available_maps().values())))
    mv = MapView(geometry, graph, Theme(1.0))
    mv.set_viewport(pygame.Rect(0, 44, 946, 584))  # the game screen's map at 1366 x 768
    edge = 0
    for area in geometry.areas:
        mv.focus([area])
        w, h = mv.base.size(mv.zoom)
        board = pygame.Rect(round(mv.rect.x + mv.ox), round(mv.rect.y + mv.oy), w, h)
        assert board.contains(mv.rect), area
        x, y = mv.area_point(area)
        assert mv.rect.inflate(-4, -4).collidepoint(x, y), area  # and the area still shows
        edge += abs(x - mv.rect.centerx) > 40 or abs(y - mv.rect.centery) > 40
    assert edge  # some areas lie too near the edge to be centred
