"""Two real clients (one window each, headless) play a hosted game over real sockets on this
machine: the host opens the table from the new-game screen, the guest joins from the main menu
with the address and code and takes the open seat, the host starts, and both play the first
turn through their screens (the host takes a pick back with Undo). Each client's screen shows,
at every step, exactly the view the server's game gives its seat. Then the guest's connection
drops: the host sees them away and hands the seat to a bot, until the guest reconnects with
the seat's token."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from pygame_gui.elements import UIButton

from game.core import view
from game.core.plain import to_plain
from game.net.server import NetGame
from game.net.wire import as_sent
from game.persist import Settings
from game.ui.app import App
from game.ui.scenes.host import OPEN, HostScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.netgame import NetGameScene
from game.ui.scenes.newgame import NewGameScene

from .driver import DT, Driver

LIMIT = 30.0  # seconds any one wait may take


def new_app() -> App:
    return App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=False)


@pytest.fixture
def two_apps() -> Iterator[tuple[App, App]]:
    host, guest = new_app(), new_app()  # one window for both: each draws its frame in turn
    try:
        yield host, guest
    finally:
        for application in (host, guest):
            while application.scenes:
                application.scenes.pop().exit()
        guest.close()
        host.close()
        assert_network_threads_end()


def assert_network_threads_end() -> None:
    """Every connection and server thread ends soon after its screen closed it."""
    end = time.monotonic() + LIMIT
    while left := [t.name for t in threading.enumerate() if t.name.startswith("calamitas-")]:
        assert time.monotonic() < end, f"threads left running: {left}"
        time.sleep(0.05)


def idle(*apps: App) -> None:
    """One frame of each client with no input."""
    for application in apps:
        application.frame([], DT)
    time.sleep(0.002)


def until(what: Callable[[], object], *apps: App, limit: float = LIMIT) -> None:
    end = time.monotonic() + limit
    while not what():
        if time.monotonic() >= end:  # what every thread was doing, to find why
            import faulthandler
            import sys

            faulthandler.dump_traceback(sys.stderr, all_threads=True)
            print("threads:", [t.name for t in threading.enumerate()], file=sys.stderr)
            print("scenes:", [type(a.scene).__name__ for a in apps],
                  [getattr(a.scene, "error", "") for a in apps], file=sys.stderr)
        assert time.monotonic() < end, "timed out waiting"
        idle(*apps)


def press(app: App, button: UIButton) -> None:
    Driver(app).click(button.rect.center)


def host_and_join(host: App, guest: App) -> tuple[LobbyScene, LobbyScene]:
    """The host opens a 5-seat table (one person here, one open seat, three bots) and the
    guest joins it and takes the open seat, all through the screens."""
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
    press(host, setup.open)
    until(lambda: isinstance(host.scene, LobbyScene), host)
    lobby = host.scene
    assert isinstance(lobby, LobbyScene)
    until(lambda: lobby.code and lobby.local and lobby.table, host)
    assert lobby.local == [setup.civs[0]]
    assert lobby.hosted is not None
    port = lobby.hosted.bound_port

    guest.push(MenuScene(guest))
    press(guest, guest.scene.buttons["join"])
    join = guest.scene
    assert isinstance(join, JoinScene)
    join.address_entry.set_text(f"127.0.0.1:{port}")
    join.code_entry.set_text(lobby.code.lower())  # as typed by someone in a hurry
    press(guest, join.connect)
    until(lambda: isinstance(guest.scene, LobbyScene), guest, host)
    seated = guest.scene
    assert isinstance(seated, LobbyScene)
    until(lambda: seated.take_buttons, guest, host)
    assert list(seated.take_buttons.values()) == [setup.civs[1]]  # only the open seat
    press(guest, next(iter(seated.take_buttons)))
    until(lambda: seated.local and lobby.table[setup.civs[1]].kind == "person", guest, host)
    assert lobby.status(setup.civs[1], lobby.table[setup.civs[1]])[0] == "Joined"
    return lobby, seated


def test_two_clients_play_a_hosted_games_first_turn(two_apps: tuple[App, App]) -> None:
    host, guest = two_apps
    lobby, seated = host_and_join(host, guest)
    hosted = lobby.hosted
    assert hosted is not None and hosted.server is not None
    first, second = lobby.local[0], seated.local[0]
    assert lobby.start is not None
    press(host, lobby.start)
    until(lambda: isinstance(host.scene, NetGameScene) and isinstance(guest.scene, NetGameScene),
          host, guest)
    games = {first: host.scene, second: guest.scene}
    drivers = {first: Driver(host), second: Driver(guest)}
    server_game = hosted.server.games[lobby.code]
    picks = checked = 0
    taken_back = skipped = skip_ended = False
    seen_turn_two = set()
    end = time.monotonic() + 4 * LIMIT
    while len(seen_turn_two) < 2:
        assert time.monotonic() < end, "the first turn did not end"
        for seat, game in games.items():
            assert isinstance(game, NetGameScene)
            if game.net.at == server_game.at:  # up to date: the screen shows the server's view
                checked += shows_the_servers_view(game, server_game, seat)
            if game.session.state.turn >= 2 and not (game.anims and game.anims.busy):
                seen_turn_two.add(seat)
            if seat == second and not skipped and game.decision.skip is not None \
                    and games[first].session.human_to_act() == first:
                press(guest, game.decision.skip)  # "Skip to my turn" while the host decides
                assert game.skip_to_human
                skipped = True
            if seat == second and skipped and game.session.human_to_act() == second:
                assert not game.skip_to_human  # the guest's own turn came: no more skipping
                skip_ended = True
            areas = [lb for lb in game.labels() if lb.startswith("area:")]
            if seat == first and areas and not taken_back and game.session.human_to_act():
                take_back(game, games[second], areas[0], server_game, host, guest)
                taken_back = True
            if game.session.human_to_act() == seat and game.labels() and \
                    game.session.state.turn == 1:
                drivers[seat].perform(game, first_option(game.labels()))  # Enter, a click
                picks += 1
        idle(host, guest)
    guest_game = games[second]
    assert isinstance(guest_game, NetGameScene)
    while not skip_ended:  # the host plays on until the guest's own decision comes
        assert time.monotonic() < end, "the guest's turn did not come"
        if games[first].session.human_to_act() == first and games[first].labels():
            drivers[first].perform(games[first], first_option(games[first].labels()))
        idle(host, guest)
        if guest_game.session.human_to_act() == second:
            assert not guest_game.skip_to_human  # the guest's turn came: no more skipping
            skip_ended = True
    assert taken_back and skipped
    assert picks >= 2  # each person made their own first-turn decisions through the screen
    assert checked >= 4  # both screens, before and after their picks
    logs = [[line.text for line in games[s].session.log] for s in (first, second)]
    assert logs[0] and logs[0][:len(logs[1])] == logs[1][:len(logs[0])]
    game = games[first]
    assert isinstance(game, NetGameScene)
    assert any("Network game" in text for text, _ in game.strip_lines())
    assert any("Plain connection" in text for text, _ in game.strip_lines())

    # the guest's connection drops: the host sees the seat away and lets a bot play it
    away = games[second]
    assert isinstance(away, NetGameScene) and away.net.link is not None
    away.net.link.close()
    away.net.lost = True  # as the link reports a drop
    until(lambda: not game.net.table[second].here, host)
    assert any(text.startswith("Away: ") for text, _ in game.strip_lines())
    until(lambda: [b for b in game.hand_buttons if b.text.startswith("A bot plays")], host)
    press(host, next(b for b in game.hand_buttons if b.text.startswith("A bot plays")))
    until(lambda: game.net.table[second].kind == "bot", host)
    assert server_game.kinds[second]
    assert any("until you give the seat back" in text for text, _ in game.strip_lines())
    # the host gave it to a bot: the bot keeps it until the host gives it back (issue 38)
    until(lambda: [b for b in game.hand_buttons if b.text.startswith("Give ")], host)
    press(host, next(b for b in game.hand_buttons if b.text.startswith("Give ")))
    until(lambda: game.net.table[second].kind == "person", host)
    # the guest reconnects with the seat's token: the seat is theirs again
    until(lambda: away.hand_buttons, guest)
    press(guest, next(iter(away.hand_buttons)))
    until(lambda: game.net.table[second].kind == "person" and game.net.table[second].here,
          host, guest)
    assert not server_game.kinds[second] and not away.net.lost


def shows_the_servers_view(game: NetGameScene, server_game: NetGame, seat: str) -> bool:
    """Whether the screen shows the server's view for `seat` (False: the server moved on
    while it was read; its thread changes the game, then counts the action)."""
    shown = to_plain(game.view())
    for _ in range(2):
        if server_game.at == game.net.at and \
                to_plain(as_sent(view(server_game.state, seat))) == shown:
            return True
        time.sleep(0.05)  # a move under way on the server's thread is counted by now
    assert server_game.at != game.net.at, "the screen does not show the server's view"
    return False


def take_back(game: NetGameScene, other: NetGameScene, label: str, server_game: NetGame,
              host: App, guest: App) -> None:
    """A pick, then the Undo button: the server's game, the log and the screen are back where
    they were, for both clients."""
    at, lines = game.net.at, len(game.session.log)
    assert game.pick(label)
    until(lambda: game.session.can_undo(game.viewer) and other.net.at == at + 1, host, guest)
    assert game.net.at == at + 1 and server_game.at == at + 1
    press(host, game.decision.undo)
    until(lambda: game.net.at == at and other.net.at == at, host, guest)
    assert server_game.at == at
    assert len(game.session.log) == lines and label in game.labels()


def first_option(labels: list[str]) -> str:
    """A plain pick: end a step where that is offered, else the first option."""
    return "done" if "done" in labels else labels[0]


def test_joining_with_a_wrong_code_or_address_says_so_in_one_line(app: App) -> None:
    app.push(MenuScene(app))
    join = JoinScene(app)
    app.push(join)
    idle(app)
    join.join("127.0.0.1:1", "ABCDEF")  # nobody serves there
    until(lambda: join.error, app)
    assert join.error.startswith("Cannot join:") and "\n" not in join.error
    assert join.link is None and join.connect.is_enabled
    join.join("not an address", "ABCDEF")
    assert "not an address like" in join.error
    join.join("127.0.0.1:7417", "12")
    assert "join code" in join.error
    assert isinstance(app.scene, JoinScene)


def test_a_table_hosted_on_a_server_of_its_own_starts_from_the_client(app: App,
                                                                      tmp_path: object) -> None:
    """The host names a running server (python -m game serve) instead of serving the table
    from the client: the game is created there, and the host starts it with bots."""
    from pathlib import Path

    from game.net.link import HostedServer

    server = HostedServer(Path(str(tmp_path)), port=0, host="127.0.0.1")
    try:
        assert server.wait()
        app.push(MenuScene(app))
        new = NewGameScene(app)
        setup = HostScene(app, new.chosen(), new.map_id, {})
        app.push(setup)
        idle(app)
        setup.kinds = dict.fromkeys(setup.civs, "Bot: basic")
        setup.kinds[setup.civs[0]] = "Person here"
        setup.server_entry.set_text(f"127.0.0.1:{server.bound_port}")
        press(app, setup.open)
        lobby = app.scene
        assert isinstance(lobby, LobbyScene) and lobby.hosted is None and lobby.hosting
        until(lambda: lobby.code and lobby.local and lobby.host_token, app)
        assert server.server is not None and lobby.code in server.server.games
        assert lobby.start is not None
        press(app, lobby.start)
        until(lambda: isinstance(app.scene, NetGameScene), app)
        while app.scenes:
            app.scenes.pop().exit()
    finally:
        server.stop(wait=True)
    assert_network_threads_end()


def test_a_player_whose_client_closed_rejoins_their_seat_after_a_restart(
        two_apps: tuple[App, App], private_data_dir: object) -> None:
    """The guest's client keeps the seat's token on disk; a new client, after the game has
    started, offers to rejoin that seat (or watch) and takes the player back to it."""
    host, guest = two_apps
    guest.persist_settings = True  # this client keeps its files (in the test's own folder)
    lobby, seated = host_and_join(host, guest)
    second = seated.local[0]
    assert lobby.start is not None
    press(host, lobby.start)
    until(lambda: isinstance(guest.scene, NetGameScene) and isinstance(host.scene, NetGameScene),
          host, guest)
    while guest.scenes:  # the guest's client closes
        guest.scenes.pop().exit()
    game = host.scene
    assert isinstance(game, NetGameScene)
    until(lambda: not game.net.table[second].here, host)

    guest.push(MenuScene(guest))  # the client again, as after a restart
    join = JoinScene(guest)
    guest.push(join)
    idle(guest)
    assert lobby.code and game.net.hosted is not None
    join.join(f"127.0.0.1:{game.net.hosted.bound_port}", lobby.code)
    until(lambda: isinstance(guest.scene, LobbyScene), guest, host)
    again = guest.scene
    assert isinstance(again, LobbyScene)
    until(lambda: again.take_buttons, guest, host)
    assert again.rejoin_offered() and again.watch.visible
    assert list(again.take_buttons.values()) == [second]
    press(guest, next(iter(again.take_buttons)))
    until(lambda: isinstance(guest.scene, NetGameScene), guest, host)
    back = guest.scene
    assert isinstance(back, NetGameScene) and back.net.local == [second]
    until(lambda: game.net.table[second].here, host, guest)
