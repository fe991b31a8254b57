"""A hosted game is set up with what the host chose on the new-game screen (set-up, rule set,
A.S.T. side, last turn, the Events module), and at its end the client's end screen offers the
same replay as a local game: the whole game, sent by the server once it is over."""

from __future__ import annotations

import time

from game.core import EventsOptions
from game.ui.app import App
from game.ui.scenes.end import EndScene
from game.ui.scenes.host import HERE, HostScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.netgame import NetGameScene
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.replay import ReplayScene

from .test_network_game import LIMIT, assert_network_threads_end, first_option, idle, press, until


def test_a_hosted_game_has_the_hosts_choices_and_ends_with_its_replay(app: App) -> None:
    try:
        app.push(MenuScene(app))
        press(app, app.scene.buttons["new"])
        new = app.scene
        assert isinstance(new, NewGameScene)
        new.setup_index = 1  # 5-east
        new._reset_kinds()
        new.ruleset, new.ast, new.events = "mega-empires", "expert", "On, rules 6 and 7"
        new.rebuild()
        new.last_turn_entry.set_text("1")
        press(app, new.host)
        setup = app.scene
        assert isinstance(setup, HostScene)
        assert setup.civs == ["saba", "babylon", "persia", "nubia", "parthia"]
        setup.kinds = dict.fromkeys(setup.civs, "Bot: basic") | {setup.civs[0]: HERE}
        press(app, setup.open)
        until(lambda: isinstance(app.scene, LobbyScene), app)
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        until(lambda: lobby.code and lobby.local and lobby.host_token, app)
        assert lobby.hosted is not None and lobby.hosted.server is not None
        config = lobby.hosted.server.games[lobby.code].state.config
        assert (config.setup, config.ruleset, config.ast_side, config.last_turn,
                config.events, config.open_bargaining) == (
            "5-east", "mega-empires", "expert", 1,
            EventsOptions(randomise_x=True, reveal_more=True), True)
        assert config.seed not in (0, new.seed)  # the server's own, secret
        assert lobby.start is not None
        press(app, lobby.start)
        until(lambda: isinstance(app.scene, NetGameScene), app)
        game = app.scene
        assert isinstance(game, NetGameScene)
        game.fast_bots = True
        end = time.monotonic() + 6 * LIMIT
        while not isinstance(app.scene, EndScene):
            assert time.monotonic() < end, "the game did not end after its last turn"
            if app.scene is game and game.session.human_to_act() and game.labels():
                game.pick(first_option(game.labels()))  # (an Events pick may be in a menu)
            idle(app)
        over = app.scene
        assert isinstance(over, EndScene) and game.session.state.turn == 2
        until(lambda: over.replay.visible, app)  # the record comes just after the end
        assert game.net.finished is not None
        assert len(game.net.finished.record.actions) == game.net.at
        press(app, over.replay)
        replay = app.scene
        assert isinstance(replay, ReplayScene)
        assert replay.cursor.length == game.net.at and replay.cursor.error == ""
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    assert_network_threads_end()
