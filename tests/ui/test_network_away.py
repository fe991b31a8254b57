"""Nobody stranded, nothing lost, in the client (issue 37, items 2 to 4): a seated player (not
only the host) lets a bot play an away player's seat, and holds the host's powers while the
host is away; the wait for an away player says when a bot takes over, and "Skip to my turn" is
not offered then; a player coming back gets the log and "Since your last turn" again; the
client remembers the last table (Join filled in, Continue rejoins it); leaving asks first and
says what happens to the table. Two real clients over real sockets, as in test_network_game."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net.link import HostedServer
from game.persist.lasttable import last_table
from game.ui.app import App
from game.ui.scenes.host import OPEN, HostScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.netgame import NetGameMenuScene, NetGameScene
from game.ui.scenes.newgame import NewGameScene

from .driver import Driver
from .test_network_game import (
    assert_network_threads_end,
    first_option,
    idle,
    new_app,
    press,
    until,
)


@pytest.fixture
def two_apps() -> Iterator[tuple[App, App]]:
    host, guest = new_app(), new_app()
    try:
        yield host, guest
    finally:
        for application in (host, guest):
            while application.scenes:
                application.scenes.pop().exit()
        guest.close()
        host.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[HostedServer]:
    """A table's server of its own (as `python -m game serve`), so the host may leave it."""
    running = HostedServer(tmp_path / "served", port=0, host="127.0.0.1")
    try:
        assert running.wait()
        yield running
    finally:
        running.stop(wait=True)
        assert_network_threads_end()


def seat_up(host: App, guest: App, on: str = "", start: bool = True,
            ) -> tuple[LobbyScene, LobbyScene]:
    """The host opens a 5-seat table (a person here, an open seat, three bots), on the server
    `on` ("": served by the host's client); the guest joins from the main menu and takes the
    open seat; the host starts; both are at the game screen."""
    host.push(MenuScene(host))
    press(host, host.scene.buttons["new"])
    newgame = host.scene
    assert isinstance(newgame, NewGameScene)
    press(host, newgame.host)
    setup = host.scene
    assert isinstance(setup, HostScene)
    for civ in setup.civs[2:]:
        setup.kinds[civ] = "Bot: basic"
    setup.kinds[setup.civs[1]] = OPEN
    setup.server_entry.set_text(on)
    press(host, setup.open)
    until(lambda: isinstance(host.scene, LobbyScene), host)
    lobby = host.scene
    assert isinstance(lobby, LobbyScene)
    until(lambda: lobby.code and lobby.local and lobby.table, host)
    address = on or f"127.0.0.1:{lobby.hosted.bound_port if lobby.hosted else 0}"
    guest.push(MenuScene(guest))
    press(guest, guest.scene.buttons["join"])
    join = guest.scene
    assert isinstance(join, JoinScene)
    join.address_entry.set_text(address)
    join.code_entry.set_text(lobby.code)
    press(guest, join.connect)
    until(lambda: isinstance(guest.scene, LobbyScene), guest, host)
    seated = guest.scene
    assert isinstance(seated, LobbyScene)
    until(lambda: seated.take_buttons, guest, host)
    press(guest, next(iter(seated.take_buttons)))
    until(lambda: seated.local and lobby.table[setup.civs[1]].kind == "person", guest, host)
    assert lobby.start is not None
    if start:
        press(host, lobby.start)
        until(lambda: isinstance(host.scene, NetGameScene)
              and isinstance(guest.scene, NetGameScene), host, guest)
    return lobby, seated


def test_the_host_leaves_and_a_seated_player_holds_the_table(
        two_apps: tuple[App, App], server: HostedServer) -> None:
    host, guest = two_apps
    lobby, seated = seat_up(host, guest, f"127.0.0.1:{server.bound_port}")
    first, second = lobby.local[0], seated.local[0]
    game = guest.scene
    assert isinstance(game, NetGameScene)
    assert not game.hand_buttons
    words = game.strip_lines()
    while host.scenes:  # the host's client closes
        host.scenes.pop().exit()
    until(lambda: not game.net.table[first].here, guest)
    words = [text for text, _ in game.strip_lines()]
    assert "Away: Minoa" in words or any(text.startswith("Away: ") for text in words)
    assert "The host is away: you hold the host's powers" in words
    until(lambda: game.hand_buttons, guest)
    button = next(iter(game.hand_buttons))
    assert button.text.startswith("A bot plays ")
    assert game.hand_buttons[button][0] == first
    press(guest, button)
    until(lambda: game.net.table[first].kind == "bot", guest)
    assert server.server is not None
    assert server.server.games[lobby.code].kinds[first]
    assert any("until they rejoin" in text for text, _ in game.strip_lines())
    assert second in game.net.local


def test_waiting_for_an_away_player_says_when_a_bot_takes_over(
        two_apps: tuple[App, App]) -> None:
    """The host waits for the guest, who has gone: no "Skip to my turn" (nothing would hurry),
    the strip counts down to the bot, which plays the seat at the table's limit."""
    host, guest = two_apps
    lobby, seated = seat_up(host, guest)
    first, second = lobby.local[0], seated.local[0]
    game = host.scene
    assert isinstance(game, NetGameScene) and lobby.code
    hosted = game.net.hosted
    assert hosted is not None and hosted.server is not None
    served = hosted.server
    clock = [1000.0]
    served.clock = lambda: clock[0]
    while guest.scenes:  # the guest's client closes
        guest.scenes.pop().exit()
    until(lambda: not game.net.table[second].here, host)
    state = served.games[lobby.code]
    driver = Driver(host)
    until(lambda: game.session.human_to_act() == first or (
        state.state.pending is not None and state.state.pending.player == second), host)
    while state.state.pending is not None and state.state.pending.player != second:
        if game.session.human_to_act() == first and game.labels():
            driver.perform(game, first_option(game.labels()))
        idle(host)
    until(lambda: game.session.state.pending is not None
          and game.session.state.pending.player == second, host)
    idle(host)
    idle(host)
    words = [text for text, _ in game.strip_lines()]
    assert any("who is away: a bot plays for them in 3:0" in text or
               "who is away: a bot plays for them in 2:5" in text for text in words), words
    assert game.decision.skip is None  # nothing to skip to while an away player is waited on
    clock[0] += 180  # the table's limit (3 minutes, the default)
    until(lambda: game.net.table[second].kind == "bot", host)
    until(lambda: state.state.pending is None or state.state.pending.player != second, host)
    assert any(a.player == second for a in state.record.actions)


def test_leaving_asks_and_says_what_happens_to_the_table(two_apps: tuple[App, App]) -> None:
    host, guest = two_apps
    seat_up(host, guest)
    for application, words in ((guest, "The table plays on: after 3 minutes away, a bot plays "
                                       "your seat until you return"),
                               (host, "leaving closes the table")):
        game = application.scene
        assert isinstance(game, NetGameScene)
        game.open_menu()
        idle(application)
        menu = application.scene
        assert isinstance(menu, NetGameMenuScene)
        press(application, menu.buttons["menu"])
        assert menu.asking and words in game.leave_words()
        assert application.scene is menu  # nothing happens before the answer
        press(application, menu.ask_buttons["stay"])
        assert not menu.asking and application.scene is menu
        press(application, menu.buttons["menu"])
        press(application, menu.ask_buttons["leave"])
        idle(application)
        assert isinstance(application.scene, MenuScene)


def test_closing_a_table_others_joined_asks_first(two_apps: tuple[App, App]) -> None:
    host, guest = two_apps
    lobby, _ = seat_up(host, guest, start=False)
    press(host, lobby.back)
    idle(host)
    assert host.scene is lobby and lobby.closing and lobby.hosted is not None
    assert lobby.back.text == "Close it for all"
    press(host, lobby.back)
    idle(host)
    assert isinstance(host.scene, MenuScene)


def test_a_player_back_gets_the_log_and_the_summary_and_the_client_remembers_the_table(
        two_apps: tuple[App, App], private_data_dir: Path) -> None:
    host, guest = two_apps
    guest.persist_settings = True  # this client keeps its files (in the test's own folder)
    lobby, seated = seat_up(host, guest)
    first, second = lobby.local[0], seated.local[0]
    game = host.scene
    assert isinstance(game, NetGameScene) and game.net.hosted is not None
    port = game.net.hosted.bound_port
    known = last_table()
    assert known is not None and known.code == lobby.code
    assert known.address == f"127.0.0.1:{port}" and known.seats == [second]
    away = guest.scene
    assert isinstance(away, NetGameScene)
    drivers = {first: Driver(host), second: Driver(guest)}
    games = {first: game, second: away}
    # both play until the guest has made a decision and others have moved since
    while len(game.session.log) < 40 or not any(a.player == second for a in
                                                 game.net.hosted.server.games[
                                                     lobby.code].record.actions):
        for seat, screen in games.items():
            if screen.session.human_to_act() == seat and screen.labels():
                drivers[seat].perform(screen, first_option(screen.labels()))
        idle(host, guest)
    while guest.scenes:  # the guest's client closes
        guest.scenes.pop().exit()
    until(lambda: not game.net.table[second].here, host)

    guest.push(MenuScene(guest))  # the client again, as after a restart
    menu = guest.scene
    assert isinstance(menu, MenuScene)
    assert menu.buttons["continue"].is_enabled  # no autosave: the last table
    join = JoinScene(guest)
    guest.push(join)
    idle(guest)
    assert join.address_entry.get_text() == f"127.0.0.1:{port}"
    assert join.code_entry.get_text() == lobby.code
    guest.pop()
    idle(guest)
    press(guest, menu.buttons["continue"])
    until(lambda: isinstance(guest.scene, NetGameScene), guest, host)
    back = guest.scene
    assert isinstance(back, NetGameScene) and back.net.local == [second]
    until(lambda: game.net.table[second].here, host, guest)
    until(lambda: back.net.at == game.net.at, host, guest)
    theirs = [line.text for line in game.session.log]
    mine = [line.text for line in back.session.log]
    # the host's session may not have logged the last few moves yet: as far as both go
    n = min(len(mine), len(theirs))
    assert n >= 40 and mine[:n] == theirs[:n] and len(mine) >= len(theirs)
    assert back.session.since.get(second)  # what the others did since the guest's last pick
    end = time.monotonic() + 60
    while not back.news.lines:  # "Since your last turn" comes up at the guest's decision
        assert time.monotonic() < end, "the guest's decision did not come"
        if game.session.human_to_act() == first and game.labels():
            drivers[first].perform(game, first_option(game.labels()))
        idle(host, guest)
    assert back.session.human_to_act() == second
