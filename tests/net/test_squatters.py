"""Squatters (issue 38 item 6): the host reserves a seat (a per-seat invite, the seat code the
host passes on: only it opens the seat), removes a player (their token opens the seat no more;
a bot plays it or it is open again, as the host chooses), and a seat the host gave to a bot
stays the bot's until the host opens it again, after a restart too."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from game.net.protocol import message
from game.net.server import GameServer

from .netkit import (
    create_message,
    join_message,
    open_client,
    receive,
    resume_message,
    running_server,
)


def host_says(kind: str, code: str, token: str, **fields: str) -> str:
    return message(kind, code=code, host_token=token, **fields)


def test_a_reserved_seat_opens_only_with_its_seat_code(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(create_message(seats=["", "", "basic", "basic", "basic"]))
            created = await receive(host, "created")
            code, seats, token = created["code"], created["seats"], created["host_token"]
            await host.send(host_says("reserve", code, token, seat=seats[2]))
            assert "not open" in (await receive(host, "refused"))["reason"]
            squatter = await open_client(address)
            await squatter.send(host_says("reserve", code, "a guess", seat=seats[1]))
            assert "only the host" in (await receive(squatter, "refused"))["reason"]
            await host.send(host_says("reserve", code, token, seat=seats[1]))
            first = (await receive(host, "reserved"))["invite"]
            await host.send(host_says("reserve", code, token, seat=seats[1]))  # again: a new one
            invite = (await receive(host, "reserved"))["invite"]
            assert invite != first
            table = json.loads(servers[0].games[code].table_message())
            assert table["seats"][seats[1]]["reserved"] is True
            await squatter.send(join_message(code, seats[1]))
            assert "reserved" in (await receive(squatter, "refused"))["reason"]
            for wrong in (first, "ABCDEFGHJK"):
                await squatter.send(message("join", game_version=_version(), code=code,
                                            seat=seats[1], invite=wrong))
                assert "reserved" in (await receive(squatter, "refused"))["reason"]
            friend = await open_client(address)
            await friend.send(message("join", game_version=_version(), code=code,
                                      seat=seats[1], invite=invite))
            assert (await receive(friend, "joined"))["seat"] == seats[1]
            assert servers[0].games[code].invites == {}
            for ws in (host, squatter, friend):
                await ws.close()

    asyncio.run(main())


def test_the_host_removes_a_squatter_who_cannot_take_the_seat_back(tmp_path: Path) -> None:
    async def main() -> str:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(create_message(seats=["", "", "basic", "basic", "basic"]))
            created = await receive(host, "created")
            code, seats, token = created["code"], created["seats"], created["host_token"]
            await host.send(join_message(code, seats[0]))
            await receive(host, "joined")
            squatter = await open_client(address)
            await squatter.send(join_message(code, seats[1]))
            squat = (await receive(squatter, "joined"))["token"]
            game = servers[0].games[code]
            assert game.started
            await host.send(host_says("remove", code, token, seat=seats[1], level="basic"))
            while (await receive(host, "table"))["seats"][seats[1]]["kind"] != "bot":
                pass
            await squatter.send(message("act", code=code, seat=seats[1], label="done",
                                        at=game.at))
            assert "do not hold" in (await receive(squatter, "refused"))["reason"]
            again = await open_client(address)
            await again.send(resume_message(code, seats[1], squat))
            assert "wrong token" in (await receive(again, "refused"))["reason"]
            assert game.kinds[seats[1]] == "basic" and seats[1] in game.bot_kept
            # the host opens the seat again: open to a new player, not to the old token
            await host.send(host_says("remove", code, token, seat=seats[1], level=""))
            while (await receive(host, "table"))["seats"][seats[1]]["kind"] != "open":
                pass
            await again.send(resume_message(code, seats[1], squat))
            assert "wrong token" in (await receive(again, "refused"))["reason"]
            await again.send(join_message(code, seats[1]))
            assert (await receive(again, "joined"))["seat"] == seats[1]
            for ws in (host, squatter, again):
                await ws.close()
            return code

    code = asyncio.run(main())
    resumed = GameServer(tmp_path, bot_workers=0)
    assert resumed.load_games() == []
    assert set(resumed.games[code].tokens) == set(list(resumed.games[code].state.players)[:2])


def test_a_seat_the_host_gave_to_a_bot_stays_the_bots_after_a_restart(tmp_path: Path) -> None:
    async def main() -> tuple[str, str, str, str]:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(create_message(seats=["", "", "basic", "basic", "basic"]))
            created = await receive(host, "created")
            code, seats, token = created["code"], created["seats"], created["host_token"]
            await host.send(join_message(code, seats[0]))
            await receive(host, "joined")
            squatter = await open_client(address)
            await squatter.send(join_message(code, seats[1]))
            squat = (await receive(squatter, "joined"))["token"]
            await host.send(host_says("hand", code, token, seat=seats[1], level="basic"))
            while (await receive(host, "table"))["seats"][seats[1]]["kind"] != "bot":
                pass
            await squatter.send(resume_message(code, seats[1], squat))
            assert "given" in (await receive(squatter, "refused"))["reason"]
            for ws in (host, squatter):
                await ws.close()
            return code, seats[1], squat, token

    code, seat, squat, token = asyncio.run(main())

    async def later() -> None:
        async with running_server(tmp_path) as (address, servers):
            assert servers[0].games[code].kinds[seat] == "basic"
            squatter = await open_client(address)
            await squatter.send(resume_message(code, seat, squat))
            assert "given" in (await receive(squatter, "refused"))["reason"]
            await squatter.close()

    asyncio.run(later())


def _version() -> str:
    from game.persist import game_version

    return game_version()
