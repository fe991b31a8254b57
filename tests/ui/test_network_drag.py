"""Dragging tokens in a network game lights the drop targets as in a local game: the server
tries the source pick on a copy and tells the options that would follow; the drop then makes
both picks."""

from __future__ import annotations

import time

import pygame

from game.net.server import trial_options
from game.ui.app import App
from game.ui.scenes.host import HERE, HostScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.netgame import NetGameScene
from game.ui.scenes.newgame import NewGameScene

from .driver import Driver
from .test_network_game import LIMIT, assert_network_threads_end, idle, press, until


def test_a_drag_in_a_network_game_lights_the_targets_the_server_found(app: App) -> None:
    try:
        app.push(MenuScene(app))
        new = NewGameScene(app)
        setup = HostScene(app, new.chosen(), new.map_id, {})
        app.push(setup)
        idle(app)
        setup.kinds = dict.fromkeys(setup.civs, "Bot: basic") | {setup.civs[0]: HERE}
        press(app, setup.open)
        until(lambda: isinstance(app.scene, LobbyScene), app)
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        until(lambda: lobby.code and lobby.local and lobby.host_token, app)
        assert lobby.hosted is not None and lobby.hosted.server is not None
        server_game = lobby.hosted.server.games[lobby.code]
        assert lobby.start is not None
        press(app, lobby.start)
        until(lambda: isinstance(app.scene, NetGameScene), app)
        game = app.scene
        assert isinstance(game, NetGameScene)
        game.fast_bots = True
        seat = game.net.local[0]
        driver = Driver(app)
        end = time.monotonic() + 4 * LIMIT
        while True:  # the host passes until a movement decision with a choice of areas
            assert time.monotonic() < end, "no movement decision came"
            labels = game.labels()
            pending = game.session.state.pending
            if game.session.human_to_act() and labels and not (game.anims and game.anims.busy):
                if pending is not None and pending.kind == "movement_area" and len(labels) > 1:
                    break
                driver.perform(game, "done" if "done" in labels else labels[0])
            idle(app)
        source = next(lb for lb in labels if lb.startswith("area:"))
        expected = trial_options(server_game.state, seat, source)
        target = next(lb for lb in expected if lb.startswith("area:"))
        assert game.mapview is not None
        start = game.mapview.area_point(source.split(":")[1])
        stop = game.mapview.area_point(target.split(":")[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        driver.frames(1)
        assert game.drag is not None and game.drag[0] == source.split(":")[1]
        until(lambda: game.drag is not None and game.drag[1], app)  # the server's answer
        assert game.drag is not None and game.drag[1] == expected
        at = server_game.at
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=stop, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=stop, button=1))
        driver.frames(2)  # the posted events are read
        until(lambda: server_game.at >= at + 2, app)
        assert [a.label for a in server_game.record.actions[at:at + 2]] == [source, target]
    finally:
        while app.scenes:
            app.scenes.pop().exit()
    assert_network_threads_end()
