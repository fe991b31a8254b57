"""The camera as a person meets it (issue 36, defect 12c): the view stays over the map (at 18
players a third of it was beyond the map's edge); a loaded game opens on the person's
civilization; a calamity's question to the person that names no place brings their lands into
view."""

from __future__ import annotations

import pygame
import pytest

from game.core import GameState, calamity_in_play
from game.persist import read_save
from game.simulate import simulate
from game.ui.app import App
from game.ui.map.view import MapView
from game.ui.seat.session import Seat, Session
from game.ui.words.cause import decision_places

from .test_decision_news import bots_play, seat_one, until_decision
from .test_hotseat_turn import load_geometry


def on_screen(mv: MapView, area: str, within: pygame.Rect | None = None) -> bool:
    return (within or mv.rect).collidepoint(mv.area_point(area))


def over_map(mv: MapView) -> float:
    """The share of the view the map covers, of what it can cover at this zoom."""
    w, h = mv.base.width_units * mv.zoom, mv.base.height_units * mv.zoom
    shown_w = max(0.0, min(mv.rect.width, mv.ox + w) - max(0.0, mv.ox))
    shown_h = max(0.0, min(mv.rect.height, mv.oy + h) - max(0.0, mv.oy))
    return shown_w * shown_h / (min(w, mv.rect.width) * min(h, mv.rect.height))


def own_areas(state: GameState, who: str) -> list[str]:
    board = state.board
    return sorted({a for a, owner in board.cities.items() if owner == who}
                  | {a for a, here in board.tokens.items() if here.get(who)}
                  | {a for a, here in board.ships.items() if here.get(who)})


@pytest.mark.parametrize("players", [5, 18])
def test_the_view_stays_over_the_map_however_it_is_panned_or_zoomed(app: App,
                                                                     players: int) -> None:
    from game.ui.theme import Theme

    geometry = load_geometry()
    state = bots_play(1, 0) if players == 5 else None
    graph = state.map if state is not None else _graph_18()
    mv = MapView(geometry, graph, Theme(), players=players)
    mv.set_viewport(pygame.Rect(0, 40, 946, 588))
    for steps, dx, dy in ((2, -5000, 5000), (2, 5000, -5000), (5, 9999, 9999), (-2, -800, 0),
                          (0, 300, 300), (3, -300, -9000)):
        mv.fit()
        mv.zoom_at(steps)
        mv.pan(dx, dy)
        assert over_map(mv) > 0.999, (steps, dx, dy, over_map(mv))
        assert abs(mv.over_map() - over_map(mv)) < 1e-6


def _graph_18():  # type: ignore[no-untyped-def]
    from .script import make_game

    return make_game(1, players=18).map


def test_a_loaded_game_opens_on_the_persons_civilization(app: App, tmp_path) -> None:
    path = tmp_path / "game.json"
    from pathlib import Path

    arena = str(Path(__file__).resolve().parent.parent / "maps" / "arena.json")
    simulate(players=5, bots=["basic"], seed=2, max_turns=6, save=str(path), map_name=arena)
    game = read_save(path)
    state: GameState = game.state
    state.game_over = False  # as a game saved on its way
    person = "egypt"
    seats = {p: Seat(p, p, human=p == person, level="basic") for p in state.players}
    from game.ui.scenes.game import GameScene

    scene = GameScene(app, Session(state, seats, record=game.record), load_geometry())
    app.push(scene)
    mv = scene.mapview
    assert mv is not None
    own = own_areas(state, person)
    assert own
    assert all(on_screen(mv, a) for a in own)
    assert mv.steps > 0  # closer than the whole map
    others = {a for a in (*state.board.tokens, *state.board.cities) if a not in own}
    assert any(not on_screen(mv, a) for a in others)  # it is their view, not everyone's


def test_another_players_calamity_asking_the_person_brings_their_lands_into_view(app):
    # seed 2: Minoa's Iconoclasm and Heresy asks Hatti whether to spare a city with a card
    state = bots_play(2, 5965)
    found = calamity_in_play(state)
    assert found is not None and state.pending is not None
    person = state.pending.player
    assert found.victim != person and not decision_places(state)
    assert state.pending.kind == "iconoclasm_spare_card"
    game, driver = seat_one(app, state, person, 2)
    mv = game.mapview
    assert mv is not None
    own = own_areas(state, person)
    mv.zoom_at(8, None)
    # to the map's corner farthest from their lands
    points = [mv.area_point(a) for a in own]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    mv.pan(99999 if mx > mv.rect.centerx else -99999, 99999 if my > mv.rect.centery else -99999)
    assert not any(on_screen(mv, a) for a in own)
    until_decision(game, driver, person)
    assert game.session.state.pending is not None
    assert game.session.state.pending.kind == "iconoclasm_spare_card"
    shown = [a for a in own if on_screen(mv, a)]
    points = [mv.area_point(a) for a in own]
    middle = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
    assert shown and mv.rect.inflate(-mv.rect.width // 2, -mv.rect.height // 2).collidepoint(
        middle), (shown, own)  # their lands round the middle of the view (zoomed in: not all)
