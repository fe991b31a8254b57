"""When the host (or anyone) leaves, the table plays on (issue 37, item 2): a seat away longer
than the table's limit is played by a bot until its player comes back; any seated player hands
an away seat to a bot; the host's powers pass to a player at the table while the host is away,
and back when the host returns. The server's clock is the test's: nobody sleeps for minutes.

And a seat coming back hears the story so far (item 3): `joined` carries every action's events
as the updates sent them, so the client tells its log and "Since your last turn" again."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection

from game.bots import PLAY_LEVEL
from game.net.protocol import ProtocolError, message, parse_client_message
from game.net.server import AWAY_LIMIT, GameServer
from game.persist import game_version

from .netkit import (
    bots_done,
    create_message,
    join_message,
    open_client,
    receive,
    resume_message,
    running_server,
)


def create_with(seats: list[str], **extra: Any) -> str:
    data = json.loads(create_message(players=len(seats), seats=seats))
    data.update(extra)
    return json.dumps(data)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fake_clock(server: GameServer) -> Clock:
    clock = Clock()
    server.clock = clock
    return clock


async def table_where(ws: ClientConnection, seat: str, **want: Any) -> dict[str, Any]:
    """The first table message in which `seat` shows `want`."""
    while True:
        table = await receive(ws, "table")
        if all(table["seats"][seat].get(k) == v for k, v in want.items()):
            return table


async def two_players(address: str, extra: dict[str, Any] | None = None, lobby: bool = False,
                      ) -> tuple[ClientConnection, ClientConnection, str, list[str], str, str]:
    """A host at seat 0 and another player at seat 1 of a 5-player game (bots elsewhere):
    (host, other, code, seats, host token, host's seat token)."""
    host = await open_client(address)
    await host.send(create_with(["", "", "basic", "basic", "basic"], lobby=lobby,
                                **(extra or {})))
    created = await receive(host, "created")
    code, seats = created["code"], created["seats"]
    await host.send(join_message(code, seats[0]))
    seat_token = (await receive(host, "joined"))["token"]
    other = await open_client(address)
    await other.send(join_message(code, seats[1]))
    await receive(other, "joined")
    return host, other, code, seats, created["host_token"], seat_token


def test_away_limit_is_a_create_field_checked_and_kept(tmp_path: Path) -> None:
    assert parse_client_message(create_with([""], away_limit=60))["away_limit"] == 60
    for bad in (-1, 10**9, "3", True):
        try:
            parse_client_message(create_with([""], away_limit=bad))
        except ProtocolError as err:
            assert "away_limit" in str(err)
        else:
            raise AssertionError(f"away_limit {bad!r} was accepted")

    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(create_with(["", "basic", "basic", "basic", "basic"],
                                        away_limit=120, lobby=True))
            created = await receive(host, "created")
            code = created["code"]
            await host.send(join_message(code, created["seats"][0]))
            table = await receive(host, "table")
            assert table["away_limit"] == 120 and table["powers"] is None
            table_file = json.loads((tmp_path / code / "table.json").read_text())
            assert table_file["away_limit"] == 120
            await host.send(create_with(["", "basic", "basic", "basic", "basic"]))
            other = (await receive(host, "created"))["code"]
            assert servers[0].games[other].away_limit == AWAY_LIMIT
            await host.close()

    asyncio.run(main())


def test_a_seat_away_past_the_limit_is_played_by_a_bot_until_its_player_returns(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            clock = fake_clock(servers[0])
            host, other, code, seats, _, seat_token = await two_players(
                address, {"away_limit": 60})
            game = servers[0].games[code]
            await host.close()  # the host leaves: their seat is away from now
            table = await table_where(other, seats[0], here=False)
            assert table["seats"][seats[0]]["kind"] == "person"
            assert table["powers"] == seats[1]  # the host's powers pass to the one still here
            clock.now += 59
            await servers[0].check_away()
            assert game.kinds[seats[0]] == ""  # not yet
            clock.now += 1
            await servers[0].check_away()
            assert game.kinds[seats[0]] == PLAY_LEVEL and seats[0] in game.bots.bots
            await bots_done(game)
            table = await table_where(other, seats[0], kind="bot")
            assert table["seats"][seats[0]]["taken"] is True  # kept for its player
            # the bot plays the seat: the game moves on until the player here must decide
            pending = game.state.pending
            assert pending is not None and pending.player != seats[0]
            assert any(a.player == seats[0] for a in game.record.actions)
            back = await open_client(address)
            await back.send(resume_message(code, seats[0], seat_token))
            await receive(back, "joined")
            table = await table_where(back, seats[0], kind="person")
            assert table["seats"][seats[0]]["here"] is True and table["powers"] is None
            assert seats[0] not in game.bots.bots
            await other.close()
            await back.close()

    asyncio.run(main())


def test_the_limit_is_not_counted_by_a_real_clock_in_the_background(tmp_path: Path) -> None:
    """The server looks for late seats on its own (every AWAY_TICK seconds), by its clock."""
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            clock = fake_clock(servers[0])
            host, other, code, seats, _, _ = await two_players(address, {"away_limit": 5})
            await host.close()
            await table_where(other, seats[0], here=False)
            clock.now += 5
            await table_where(other, seats[0], kind="bot")  # no check_away called here
            await other.close()

    asyncio.run(main())


def test_any_seated_player_hands_an_away_seat_to_a_bot(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            fake_clock(servers[0])
            host, other, code, seats, _, _ = await two_players(address)
            game = servers[0].games[code]
            hand = {"code": code, "seat": seats[0], "level": "basic", "by": seats[1]}
            await other.send(message("hand", **hand))  # the host is here: not away
            assert "not a seat whose player is away" in (await receive(other, "refused"))[
                "reason"]
            watcher = await open_client(address)
            await watcher.send(message("watch", game_version=game_version(), code=code))
            await receive(watcher, "table")
            await host.close()
            await table_where(other, seats[0], here=False)
            await watcher.send(message("hand", **hand))  # a spectator holds no seat
            assert "seated" in (await receive(watcher, "refused"))["reason"]
            await other.send(message("hand", **{**hand, "by": seats[0]}))  # not theirs
            assert "holds the host's" not in (await receive(other, "refused"))["reason"]
            assert game.kinds[seats[0]] == ""
            await other.send(message("hand", **hand))
            table = await table_where(other, seats[0], kind="bot")
            assert table["seats"][seats[0]]["level"] == "basic"
            assert seats[0] not in game.away_since
            await other.close()
            await watcher.close()

    asyncio.run(main())


def test_the_hosts_powers_pass_on_while_the_host_is_away_and_come_back(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            fake_clock(servers[0])
            host, other, code, seats, host_token, seat_token = await two_players(
                address, lobby=True)
            game = servers[0].games[code]
            start = {"code": code, "level": "basic", "by": seats[1]}
            await other.send(message("start", **start))  # the host is here
            assert "only the host" in (await receive(other, "refused"))["reason"]
            await host.close()
            table = await table_where(other, seats[0], here=False)
            assert table["powers"] == seats[1]
            await other.send(message("start", **start))
            table = await table_where(other, seats[0], here=False)
            while not table["started"]:
                table = await receive(other, "table")
            assert not game.held
            # the host comes back: the powers are theirs again
            back = await open_client(address)
            await back.send(resume_message(code, seats[0], seat_token))
            table = await table_where(back, seats[0], here=True)
            assert table["powers"] is None
            await other.send(message("hand", code=code, seat=seats[0], level="basic",
                                     by=seats[1]))
            assert "not a seat whose player is away" in (await receive(other, "refused"))[
                "reason"]
            await back.send(message("hand", code=code, host_token=host_token, seat=seats[1],
                                    level="basic"))
            await table_where(back, seats[1], kind="bot")  # the host's token still works
            await other.close()
            await back.close()

    asyncio.run(main())


def test_a_seat_coming_back_hears_the_story_so_far(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            host, other, code, seats, _, seat_token = await two_players(address)
            game = servers[0].games[code]
            sent: list[list[dict[str, Any]]] = []  # the events of each action, as sent
            await host.close()
            await other.send(message("hand", code=code, seat=seats[0], level="basic",
                                     by=seats[1]))
            watcher_seen = 0
            while True:  # the other player's updates carry every action's events
                update = await receive(other, "update")
                if update["at"] > watcher_seen:
                    sent.append(update["events"])
                    watcher_seen = update["at"]
                pending = update["view"].get("pending")
                if update["at"] >= 40:
                    break
                if pending and pending["player"] == seats[1] and update["at"] == game.at:
                    await other.send(message("act", code=code, seat=seats[1],
                                             label=pending["options"][0], at=update["at"]))
            assert len(sent) == 40
            back = await open_client(address)
            await back.send(resume_message(code, seats[0], seat_token))
            joined = await receive(back, "joined")
            past = joined["past"]  # as far as the game was then (its bots play on meanwhile)
            assert len(past) >= 40
            assert [step[2] for step in past] == [a.player for a in
                                                  game.record.actions[:len(past)]]
            assert [step[3] for step in past[:40]] == sent
            assert all(isinstance(step[0], int) and isinstance(step[1], str) for step in past)
            await other.close()
            await back.close()

    asyncio.run(main())


def test_serve_says_how_a_person_opens_a_table_on_it() -> None:
    """`python -m game serve` prints the address to type in Calamitas and what the host and
    the others do (issue 37, item 4)."""
    from game.net.server import how_to_open

    lines = how_to_open("ws://192.168.1.20:8765")
    text = " ".join(lines)
    assert "type 192.168.1.20:8765 under On a server" in text
    assert "Host a network game" in text and "Open the table" in text
    assert "Join in the main menu" in text and "join code" in text
    assert "Only this machine" in " ".join(how_to_open("ws://127.0.0.1:8765"))
    assert "wss://example.org:443" in " ".join(how_to_open("wss://example.org:443"))
    assert "0.0.0.0" not in " ".join(how_to_open("ws://0.0.0.0:8765"))
