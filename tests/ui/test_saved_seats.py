"""Who sits in each seat (a person or a bot of some level) and their names survive a save:
Load and Continue seat them again as they were."""

from __future__ import annotations

import pytest

from game.persist import Autosaver, Settings, read_save, write_save
from game.simulate import resolve_map
from game.ui.app import App
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import continue_newest, open_save
from game.ui.scenes.menu import MenuScene
from game.ui.seat.session import Seat, Session


@pytest.fixture
def app(private_data_dir):
    application = App((1366, 768), settings=Settings(animation_speed=8.0),
                      persist_settings=False)
    application.push(MenuScene(application))
    yield application
    application.close()


def mixed_session() -> Session:
    from game.core import GameConfig, new_game
    from game.core.gamedata import load_game_data
    from game.core.setup import choose_setup

    data = load_game_data()
    config = GameConfig(players=[], seed=5)
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_game(config, resolve_map(None), data)
    state.config.names = {pid: f"Player {i}" for i, pid in enumerate(state.players)}
    kinds = ["human", "hard", "human", "random", "easy"]
    seats = {pid: Seat(pid, f"Player {i}", human=kind == "human", level=kind)
             for i, (pid, kind) in enumerate(zip(state.players, kinds, strict=True))}
    return Session(state, seats)


def seating(session: Session) -> dict[str, tuple[str, bool, str]]:
    return {pid: (s.name, s.human, s.level if not s.human else "")
            for pid, s in session.seats.items()}


def test_load_seats_people_and_bots_as_they_were_saved(app, tmp_path) -> None:
    session = mixed_session()
    path = write_save(tmp_path / "mixed.json", session.record, session.state)
    assert set(read_save(path).record.seats.values()) == {"human", "hard", "random", "easy"}
    assert open_save(app, path)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert seating(scene.session) == seating(session)


def test_continue_seats_them_again_from_the_newest_autosave(app) -> None:
    session = mixed_session()
    Autosaver().save(session.record, session.state)
    assert continue_newest(app)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert seating(scene.session) == seating(session)
    assert [s.human for s in scene.session.seats.values()] == [True, False, True, False, False]
