"""The replay viewer, driven like a person would: open a save from the Load screen, step,
play, jump to a turn and to the end, watch as one civilization, and survive a damaged log."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.persist import Settings, paths, read_save
from game.simulate import simulate
from game.ui.app import App
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene, open_replay

from .driver import Driver


@pytest.fixture(scope="module")
def save_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short real game on the shipped map: five random bots, eight turns (166 actions)."""
    path = tmp_path_factory.mktemp("replay") / "short.json"
    simulate(players=5, bots=["random"], seed=4, max_turns=8, save=str(path))
    return path


@pytest.fixture
def app(private_data_dir: Path) -> Iterator[App]:
    application = App((1366, 768), settings=Settings(), persist_settings=False)
    application.push(MenuScene(application))
    yield application
    application.close()


def watching(app: App, path: Path) -> ReplayScene:
    assert open_replay(app, path), app.message
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    Driver(app).frames(2)
    return scene


def settle(driver: Driver, scene: ReplayScene, limit: int = 2000) -> None:
    """Frames until a long jump has arrived."""
    for _ in range(limit):
        if scene.target is None:
            return
        driver.frames()
    raise AssertionError("the jump never arrived")


def test_watch_replay_on_the_load_screen_opens_the_viewer_at_the_start(app, save_file) -> None:
    folder = paths.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "short.json").write_bytes(save_file.read_bytes())
    app.push(LoadScene(app))
    driver = Driver(app)
    driver.frames(2)
    load = app.scene
    assert isinstance(load, LoadScene)
    item = load.list.item_list_container.elements[0]
    driver.click(item.rect.center)
    driver.click(load.watch.rect.center)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert scene.cursor.position == 0 and scene.story(scene.ctx())[0] == "The start"
    driver.click(scene.back_button.rect.center)
    assert app.scene is load


def test_step_back_and_play_move_the_cursor_and_tell_what_happened(app, save_file) -> None:
    scene = watching(app, save_file)
    driver = Driver(app)
    driver.click(scene.buttons["step"].rect.center)
    driver.key(pygame.K_RIGHT)
    assert scene.cursor.position == 2
    first = scene.cursor.steps[0]
    when, asked, answer = scene.story(scene.ctx())
    assert when.startswith(f"Turn {scene.cursor.last.turn}") and answer  # type: ignore[union-attr]
    assert ":" not in answer and "_" not in answer  # words, not labels
    driver.key(pygame.K_LEFT)
    assert scene.cursor.position == 1 and scene.cursor.last == first
    told = len(scene.shown_lines())
    driver.key(pygame.K_SPACE)
    assert scene.playing
    for _ in range(20):
        app.frame([], 0.5)  # half a second a frame at 5 actions a second: 50 in all
    assert 40 <= scene.cursor.position <= 51  # fewer only if a frame ran out of time
    assert len(scene.shown_lines()) > told
    driver.click(scene.buttons["play"].rect.center)
    assert not scene.playing


def test_jumps_reach_a_turn_and_the_end_exactly(app, save_file) -> None:
    game = read_save(save_file)
    scene = watching(app, save_file)
    driver = Driver(app)
    turn, start = game.record.turn_starts()[2]
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                    ui_element=scene.turn_menu, text=f"Turn {turn}"))
    settle(driver, scene)
    assert scene.cursor.position == start and scene.cursor.state.turn == turn
    driver.key(pygame.K_PAGEUP)
    assert scene.cursor.state.turn == turn - 1
    driver.key(pygame.K_END)
    settle(driver, scene)
    assert scene.cursor.at_end
    assert scene.cursor.state.state_hash() == game.state.state_hash()
    driver.key(pygame.K_HOME)
    assert scene.cursor.position == 0


def test_clicking_the_timeline_goes_to_that_point_of_the_game(app, save_file) -> None:
    scene = watching(app, save_file)
    driver = Driver(app)
    line = scene.timeline
    driver.click((line.x + line.width // 2, line.centery))
    settle(driver, scene)
    assert abs(scene.cursor.position - scene.cursor.length // 2) <= scene.cursor.length // 50


def test_the_spectator_sees_no_hand_and_a_civilization_sees_its_own(app, save_file) -> None:
    scene = watching(app, save_file)
    driver = Driver(app)
    scene.go(40)
    settle(driver, scene)
    assert scene.ctx().view.viewer is None and scene.ctx().view.hand == ()
    civ = next(iter(scene.names))
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                    ui_element=scene.view_menu, text=scene.names[civ]))
    driver.frames(2)
    seen = scene.ctx().view
    assert seen.viewer == civ
    assert len(seen.hand) == len(scene.cursor.state.players[civ].hand)
    assert scene.tab == 3  # the hand tab


def test_a_damaged_log_replays_up_to_the_damage_and_says_so(app, save_file, tmp_path) -> None:
    doc = json.loads(save_file.read_text())
    doc["actions"][20]["label"] = "area:nowhere"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    scene = watching(app, bad)
    driver = Driver(app)
    driver.key(pygame.K_END)
    settle(driver, scene)
    assert scene.cursor.position == 20 and scene.cursor.at_end
    assert "replay stops here" in app.message and "action 21" in app.message


def test_an_unreadable_file_gives_a_message_and_no_viewer(app, tmp_path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "calamitas-save", "format_version": 1, "sta')
    assert not open_replay(app, bad)
    assert app.message and isinstance(app.scene, MenuScene)


def test_cli_replay_view_opens_the_client_on_the_viewer(save_file, monkeypatch) -> None:
    import game.ui.app
    from game.cli import main

    opened: list[str | None] = []
    monkeypatch.setattr(game.ui.app, "run_client",
                        lambda load=None, replay=None: opened.append(replay) or 0)
    assert main(["replay", str(save_file), "--view"]) == 0
    assert opened == [str(save_file)]


def test_at_a_turn_start_the_bar_says_the_turn_the_top_bar_shows(app, save_file) -> None:
    game = read_save(save_file)
    scene = watching(app, save_file)
    driver = Driver(app)
    turn, start = game.record.turn_starts()[2]
    scene.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                    ui_element=scene.turn_menu, text=f"Turn {turn}"))
    settle(driver, scene)
    assert scene.ctx().view.turn == turn
    when = scene.story(scene.ctx())[0]
    assert when.startswith(f"Turn {turn - 1}") and when.endswith(f"then Turn {turn} begins")
