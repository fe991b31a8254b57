"""Load and Continue tell the game's history again: the log and the "Recently" lines are
rebuilt from the save's action log (issue 19, item 4)."""

from __future__ import annotations

import pytest

from game.persist import Autosaver, Settings, write_save
from game.simulate import resolve_map
from game.ui.app import App
from game.ui.panels.log import LogPanel
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import continue_newest, open_save
from game.ui.scenes.menu import MenuScene
from game.ui.seat.session import Seat, Session

from .driver import Driver


@pytest.fixture
def app(private_data_dir):
    application = App((1366, 768), settings=Settings(animation_speed=8.0),
                      persist_settings=False)
    application.push(MenuScene(application))
    yield application
    application.close()


def played(moves: int) -> Session:
    from game.core import GameConfig, new_game
    from game.core.gamedata import load_game_data
    from game.core.setup import choose_setup

    data = load_game_data()
    config = GameConfig(players=[], seed=4)
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_game(config, resolve_map(None), data)
    seats = {pid: Seat(pid, pid.title(), human=False, level="basic") for pid in state.players}
    session = Session(state, seats)
    for _ in range(moves):
        session.step_bot()
    return session


def texts(session: Session) -> list[str]:
    return [line.text for line in session.log]


def test_the_log_is_the_same_after_load(app, tmp_path) -> None:
    session = played(400)
    assert session.state.turn >= 3 and len(session.log) > 100
    path = write_save(tmp_path / "game.json", session.record, session.state)
    assert open_save(app, path)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert texts(scene.session) == texts(session)
    driver = Driver(app)
    driver.click(scene.tab_buttons[4].rect.center)  # the Log tab
    log = scene.panels[scene.tab]
    assert isinstance(log, LogPanel) and log.lines is scene.session.log
    told = [line.text for line in log.lines[:len(session.log)]]  # the bots played on since
    assert told == texts(session)


def test_continue_tells_the_history_too(app) -> None:
    session = played(200)
    Autosaver().save(session.record, session.state)
    assert continue_newest(app)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert texts(scene.session) == texts(session)
