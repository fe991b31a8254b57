"""Squatters (issue 38 item 6), in the clients: the host reserves a seat in the lobby and
sees its seat code; a guest cannot take the seat without it, and takes it with it; the host
removes a player from a seat, which is open again. Two real clients over real sockets."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ui.app import App
from game.ui.scenes.host import OPEN, HostScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import NewGameScene

from .test_network_game import new_app, press, until


@pytest.fixture
def apps() -> Iterator[tuple[App, App]]:
    host, guest = new_app(), new_app()
    try:
        yield host, guest
    finally:
        for application in (host, guest):
            while application.scenes:
                application.scenes.pop().exit()
        guest.close()
        host.close()


def button(lobby: LobbyScene, text: str) -> object:
    return next(b for b in lobby.seat_buttons if b.text == text)


def test_the_host_reserves_a_seat_and_removes_a_player(apps: tuple[App, App]) -> None:
    host, guest = apps
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
    until(lambda: lobby.code and lobby.local and lobby.table and lobby.seat_buttons, host)
    seat = setup.civs[1]
    assert [b.text for b in lobby.seat_buttons] == ["Reserve"]
    press(host, button(lobby, "Reserve"))
    until(lambda: seat in lobby.invites and seat in lobby.reserved(), host)
    code = lobby.invites[seat]
    assert lobby.status(seat, lobby.table[seat])[0] == f"Reserved: seat code {code}"
    assert [b.text for b in lobby.seat_buttons] == ["Open to all"]

    guest.push(MenuScene(guest))
    press(guest, guest.scene.buttons["join"])
    join = guest.scene
    assert isinstance(join, JoinScene)
    assert lobby.hosted is not None
    join.address_entry.set_text(f"127.0.0.1:{lobby.hosted.bound_port}")
    join.code_entry.set_text(lobby.code)
    press(guest, join.connect)
    until(lambda: isinstance(guest.scene, LobbyScene), guest, host)
    seated = guest.scene
    assert isinstance(seated, LobbyScene)
    until(lambda: seated.take_buttons and seated.seat_code.visible, guest, host)
    assert seated.status(seat, seated.table[seat])[0] == "Reserved"
    press(guest, next(iter(seated.take_buttons)))  # no code typed: told what to do
    assert "seat code" in seated.error
    seated.seat_code.set_text("WRONGCODE2")
    press(guest, next(iter(seated.take_buttons)))
    until(lambda: "reserved" in seated.error, guest, host)
    seated.seat_code.set_text(code.lower())
    press(guest, next(iter(seated.take_buttons)))
    until(lambda: seated.local == [seat] and lobby.table[seat].kind == "person", guest, host)
    until(lambda: [b.text for b in lobby.seat_buttons] == ["Remove"], host)

    press(host, button(lobby, "Remove"))  # the host removes the player: the seat is open
    until(lambda: lobby.table[seat].kind == "open" and seated.table[seat].kind == "open",
          host, guest)
    assert [b.text for b in lobby.seat_buttons] == ["Reserve"]
    assert lobby.status(seat, lobby.table[seat])[0] == "Open"
