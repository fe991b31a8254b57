"""A game that ends in the client is kept once in the replays folder, and Load lists it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core import GameConfig, new_game
from game.core.gamedata import load_game_data
from game.core.setup import choose_setup
from game.maps.files import load_map_file
from game.persist import Autosaver, Settings, paths, read_save
from game.ui.app import App
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import LoadScene
from game.ui.seat.session import Seat, Session

ARENA = Path(__file__).resolve().parent.parent / "maps" / "arena.json"


pytestmark = pytest.mark.usefixtures("private_data_dir")


def short_game(autosaver: Autosaver | None, map_file: Path = ARENA) -> Session:
    """Five bots and a one-turn limit: the game ends after its first turn."""
    graph, _ = load_map_file(map_file)
    data = load_game_data()
    config = GameConfig(players=[], seed=3, max_turns=1)
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_game(config, graph, data)
    seats = {pid: Seat(pid, pid, human=False) for pid in state.players}
    return Session(state, seats, autosaver=autosaver)


def played_to_the_end(app: App, session: Session, map_file: Path = ARENA) -> None:
    _, geometry = load_map_file(map_file)
    app.push(GameScene(app, session, geometry))
    for _ in range(20_000):
        app.frame(pygame.event.get(), 1 / 60)
        if isinstance(app.scene, EndScene):
            break
    assert session.state.game_over and isinstance(app.scene, EndScene)
    for _ in range(5):  # the end screen stays up: nothing is written twice
        app.frame(pygame.event.get(), 1 / 60)


def test_a_finished_game_is_kept_once_among_the_replays_and_load_lists_it() -> None:
    app = App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=False)
    try:
        session = short_game(Autosaver())
        played_to_the_end(app, session)
        kept = list(paths.replays_dir().glob("*.json"))
        assert kept == [session.replay_path]
        assert "replays" in app.message
        saved = read_save(kept[0])
        assert saved.state.game_over
        assert len(saved.record.actions) == len(session.record.actions)  # type: ignore[union-attr]
        load = LoadScene(app)
        app.push(load)
        assert any(row.path == kept[0] for row in load.rows)
    finally:
        app.close()


def test_a_session_that_writes_no_files_keeps_no_replay() -> None:
    app = App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=False)
    try:
        session = short_game(None)
        played_to_the_end(app, session)
        assert session.replay_path is None
        assert not paths.replays_dir().exists()
    finally:
        app.close()


def test_the_end_screen_offers_the_replay_of_the_game_just_played() -> None:
    from game.ui.map.offered import available_maps
    from game.ui.scenes.replay import ReplayScene

    from .driver import Driver

    app = App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=False)
    installed = next(iter(available_maps().values()))  # the replay viewer needs its map
    try:
        session = short_game(None, installed)  # kept nowhere: the replay is from memory
        played_to_the_end(app, session, installed)
        end = app.scene
        assert isinstance(end, EndScene) and end.replay.visible
        Driver(app).click(end.replay.rect.center)
        replay = app.scene
        assert isinstance(replay, ReplayScene)
        assert replay.cursor.length == len(session.record.actions)  # type: ignore[union-attr]
    finally:
        app.close()
