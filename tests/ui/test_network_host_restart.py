"""The host's token is kept on disk like the seats' tokens: a host whose client restarted joins
the table again, is its host still (Start, handing seats to bots) and rejoins their seat."""

from __future__ import annotations

from pathlib import Path

from game.net.link import HostedServer
from game.net.seatkeys import HOST, read_keys
from game.persist import Settings
from game.ui.app import App
from game.ui.scenes.host import HERE, OPEN, HostScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene, seat_keys_path
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.netgame import NetGameScene
from game.ui.scenes.newgame import NewGameScene

from .test_network_game import assert_network_threads_end, idle, press, until


def client() -> App:
    return App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=True)


def test_a_host_whose_client_restarted_still_starts_the_game(private_data_dir: Path,
                                                             tmp_path: Path) -> None:
    server = HostedServer(tmp_path / "server", port=0, host="127.0.0.1")
    first = client()
    again: App | None = None
    try:
        assert server.wait() and server.server is not None
        first.push(MenuScene(first))
        new = NewGameScene(first)
        setup = HostScene(first, new.chosen(), new.map_id, {})
        first.push(setup)
        idle(first)
        setup.kinds = dict.fromkeys(setup.civs, "Bot: basic") | {setup.civs[0]: HERE,
                                                                  setup.civs[1]: OPEN}
        setup.server_entry.set_text(f"127.0.0.1:{server.bound_port}")
        press(first, setup.open)
        lobby = first.scene
        assert isinstance(lobby, LobbyScene)
        until(lambda: lobby.code and lobby.local and lobby.host_token, first)
        code, seat = lobby.code, lobby.local[0]
        assert read_keys(seat_keys_path())[code][HOST] == lobby.host_token
        while first.scenes:  # the host's client closes before the game starts
            first.scenes.pop().exit()
        game = server.server.games[code]
        until(lambda: not game.here(), first)

        again = client()  # the client again, as after a restart
        again.push(MenuScene(again))
        join = JoinScene(again)
        again.push(join)
        idle(again)
        join.join(f"127.0.0.1:{server.bound_port}", code)
        until(lambda: isinstance(again.scene, LobbyScene), again)
        back = again.scene
        assert isinstance(back, LobbyScene)
        assert back.hosting and back.host_token and back.start is not None
        until(lambda: back.take_buttons, again)
        offered = {s: b for b, s in back.take_buttons.items()}
        assert set(offered) == {seat, setup.civs[1]}  # its own seat back, or the open one
        assert offered[seat].text == "Rejoin"
        press(again, offered[seat])
        until(lambda: back.local == [seat] and back.start is not None
              and back.start.is_enabled, again)
        press(again, back.start)  # the host's start: the open seat goes to a bot
        until(lambda: isinstance(again.scene, NetGameScene), again)
        playing = again.scene
        assert isinstance(playing, NetGameScene)
        assert game.started and game.kinds[setup.civs[1]]
        assert playing.net.host_token and playing.net.local == [seat]
    finally:
        for application in (first, again):
            if application is not None:
                while application.scenes:
                    application.scenes.pop().exit()
                application.close()
        server.stop(wait=True)
    assert_network_threads_end()
