"""A game hosted from the client is kept in hosted/<code>/; the Load screen lists it under a
heading of its own, and opening it hosts it again: the server starts with that game alone and
the host is back at their seat, as its host."""

from __future__ import annotations

from pathlib import Path

from game.persist import Settings
from game.ui.app import App
from game.ui.scenes.host import HERE, HostScene
from game.ui.scenes.load import HOSTED_HEADING, LoadScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.netgame import NetGameScene
from game.ui.scenes.newgame import NewGameScene

from .driver import Driver
from .test_network_game import assert_network_threads_end, first_option, idle, press, until


def client() -> App:
    return App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=True)


def close(app: App) -> None:
    while app.scenes:
        app.scenes.pop().exit()


def test_a_hosted_game_is_listed_by_load_and_hosted_again(private_data_dir: Path) -> None:
    first, again = client(), client()
    try:
        first.push(MenuScene(first))
        new = NewGameScene(first)
        setup = HostScene(first, new.chosen(), new.map_id, {})
        first.push(setup)
        idle(first)
        setup.kinds = dict.fromkeys(setup.civs, "Bot: basic") | {setup.civs[0]: HERE}
        press(first, setup.open)
        until(lambda: isinstance(first.scene, LobbyScene), first)
        lobby = first.scene
        assert isinstance(lobby, LobbyScene) and lobby.hosted is not None
        until(lambda: lobby.code and lobby.local and lobby.host_token, first)
        code, seat = lobby.code, lobby.local[0]
        assert lobby.hosted.folder == private_data_dir / "hosted"
        assert lobby.start is not None
        press(first, lobby.start)
        until(lambda: isinstance(first.scene, NetGameScene), first)
        game = first.scene
        assert isinstance(game, NetGameScene)
        game.fast_bots = True
        driver = Driver(first)
        while game.session.state.phase == "tax_collection" or game.net.at < 10:
            if game.session.human_to_act() and game.labels():
                driver.perform(game, first_option(game.labels()))
            idle(first)
        close(first)  # the host's client closes: its server stops
        assert_network_threads_end()
        assert (private_data_dir / "hosted" / code / "table.json").is_file()

        again.push(MenuScene(again))
        load = LoadScene(again)
        again.push(load)
        idle(again)
        assert HOSTED_HEADING in load.items
        heading = load.items.index(HOSTED_HEADING)
        listed = [i for i, text in enumerate(load.items) if text.startswith(f"Hosted {code} ")]
        assert listed and listed[0] > heading
        row = load.rows[listed[0]]
        load.open_hosted(row, replay=True)  # not while it is under way: it shows every hand
        assert isinstance(again.scene, LoadScene)
        load.open_hosted(row, replay=False)
        until(lambda: isinstance(again.scene, NetGameScene), again)
        back = again.scene
        assert isinstance(back, NetGameScene)
        assert back.net.local == [seat] and back.net.host_token and back.net.hosted is not None
        assert back.net.code == code and back.net.at > 0
        server = back.net.hosted.server
        assert server is not None and list(server.games) == [code]
    finally:
        for application in (first, again):
            close(application)
            application.close()
    assert_network_threads_end()
