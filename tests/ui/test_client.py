"""The client's parts: undo limits, the controller's gate, bad files, the map view's
geometry, every screen at two sizes, and the self-test command."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import IllegalAction
from game.persist import Settings
from game.ui.app import App
from game.ui.map.offered import available_maps, load_map
from game.ui.map.view import MapView
from game.ui.seat.controller import HumanController
from game.ui.seat.session import Seat, Session
from game.ui.theme import Theme

from .script import bots_to_turn, make_game

ARENA = Path(__file__).resolve().parent.parent / "maps" / "arena.json"


def human_session(turn: int = 2) -> Session:
    state = make_game(3)
    bots_to_turn(state, turn, 3)
    return Session(state, {pid: Seat(pid, pid, human=True) for pid in state.players})


def test_undo_never_crosses_a_hand_over_to_another_player() -> None:
    session = human_session()
    for _ in range(500):
        if session.state.pending.kind == "movement_area":  # type: ignore[union-attr]
            break
        who = session.acting
        assert who is not None
        session.play(who, session.options()[-1])
    first = session.acting
    assert first is not None
    session.play(first, "done")  # ends the first player's movement
    assert session.acting != first
    assert not session.can_undo(first)
    assert not session.can_undo(session.acting)
    assert not session.undo(first)


def test_undo_is_refused_after_a_card_is_bought_or_drawn() -> None:
    session = human_session(8)
    for _ in range(3000):
        who = session.acting
        assert who is not None
        pending = session.state.pending
        assert pending is not None
        buy = [o for o in pending.options if o.startswith("number:")]
        if pending.kind == "buy_trade_card" and buy:
            session.play(who, buy[0])
            if session.acting == who:  # still buying: the step goes on, but not back
                assert not session.can_undo(who)  # the card is seen: no taking it back
                return
            continue
        before = len(session.log)
        session.play(who, pending.options[-1])
        if any("draws a card" in ln.text for ln in session.log[before:]):
            assert not session.can_undo(who)
    raise AssertionError("nobody bought a card and could go on buying")


def test_the_controller_only_accepts_a_legal_option() -> None:
    session = human_session()
    controller = HumanController(session)
    before = session.state.state_hash()
    assert not controller.pick("area:nowhere")
    assert "not an option" in controller.error
    assert session.state.state_hash() == before
    with pytest.raises(IllegalAction):
        session.play(session.acting or "", "number:99999")


def test_a_corrupt_save_gives_a_message_and_no_crash(app, tmp_path) -> None:
    from game.ui.scenes.load import open_save
    from game.ui.scenes.menu import MenuScene

    app.push(MenuScene(app))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "state": {"__class__": "os.system"}}', encoding="utf-8")
    assert not open_save(app, bad)
    assert app.message
    assert isinstance(app.scene, MenuScene)
    bad.write_bytes(b"\x80\x81 not json")
    assert not open_save(app, bad)


@pytest.mark.parametrize("path", [ARENA, *available_maps().values()])
def test_clicking_an_area_label_finds_that_area_at_every_zoom(app, path) -> None:
    graph, geometry = load_map(path)
    view = MapView(geometry, graph, Theme(1.0))
    import pygame

    view.set_viewport(pygame.Rect(0, 40, 980, 600))
    for steps in (0, 3):
        view.zoom_at(steps, view.rect.center)
        for area in graph.areas:
            pos = view.area_point(area)
            if view.rect.collidepoint(pos) and geometry.areas[area].label is not None:
                assert view.area_at(pos) == area


def test_panning_and_zooming_keep_the_map_under_the_mouse(app) -> None:
    import pygame

    graph, geometry = load_map(ARENA)
    view = MapView(geometry, graph, Theme(1.0))
    view.set_viewport(pygame.Rect(0, 0, 900, 600))
    spot = (400, 300)
    before = view.to_map(*spot)
    view.zoom_at(2, spot)
    after = view.to_map(*spot)
    assert abs(before[0] - after[0]) < 1 and abs(before[1] - after[1]) < 1
    view.pan(50, 0)
    moved = view.to_map(*spot)
    assert moved[0] < after[0]


@pytest.mark.parametrize("size,scale", [((1366, 768), 1.0), ((3840, 2160), 2.5)])
def test_every_screen_draws_at_laptop_and_4k_sizes(size, scale, tmp_path) -> None:
    from game.ui.checks.selftest import run_selftest

    assert run_selftest(frames=4, players=5, seed=2, screenshots=str(tmp_path), size=size,
                        scale=scale) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    for screen in ("menu", "settings", "rules-phases", "load", "new-game", "game", "curtain",
                   "game-menu", "end", "replay"):
        assert any(screen in n for n in names), screen
    import pygame

    image = pygame.image.load(str(tmp_path / names[0]))
    assert image.get_size() == size


def test_python_dash_m_game_selftest_exits_0(tmp_path) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "game", "selftest", "--frames", "10",
                           "--screenshots", str(tmp_path)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "selftest OK" in done.stdout
    assert len(list(tmp_path.glob("*.png"))) >= 15


def test_a_game_saved_from_the_game_menu_loads_back_and_continue_opens_the_autosave(
        tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CALAMITAS_DATA_DIR", str(tmp_path))
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.gamemenu import GameMenuScene
    from game.ui.scenes.load import LoadScene, continue_newest
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene

    application = App((1366, 768), settings=Settings(animation_speed=8.0),
                      persist_settings=True)
    try:
        application.push(MenuScene(application))
        new = NewGameScene(application)
        application.push(new)
        new.kinds = {civ: "Bot: basic" for civ in new.civs()}
        new.start_game()
        game = application.scene
        assert isinstance(game, GameScene)
        while game.session.state.turn < 2:
            application.frame([], 1 / 60)
        menu = GameMenuScene(application, game)
        application.push(menu)
        menu.name_entry.set_text("my game")
        menu.save()
        assert (tmp_path / "saves" / "my game.json").is_file()
        turn = game.session.state.turn
        application.reset_to(MenuScene(application))
        load = LoadScene(application)
        application.push(load)
        assert any("my game" in item for item in load.items)
        from game.ui.scenes.load import open_save

        assert open_save(application, tmp_path / "saves" / "my game.json")
        loaded = application.scene
        assert isinstance(loaded, GameScene)
        assert loaded.session.state.turn == turn
        assert continue_newest(application)  # autosaves were written at phase boundaries
        assert isinstance(application.scene, GameScene)
    finally:
        application.close()
