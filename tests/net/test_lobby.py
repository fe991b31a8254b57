"""A lobby game waits for its host's start; the host hands an away player's seat to a bot and
the player's return takes it back; everyone hears who sits where (the table message)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from game.net.protocol import message, parse_client_message

from .netkit import (
    create_message,
    join_message,
    open_client,
    receive,
    resume_message,
    running_server,
)


def lobby_create(seats: list[str]) -> str:
    data = json.loads(create_message(players=len(seats), seats=seats))
    data["lobby"] = True
    return json.dumps(data)


def start_message(code: str, host_token: str, level: str = "basic") -> str:
    return message("start", code=code, host_token=host_token, level=level)


def hand_message(code: str, host_token: str, seat: str, level: str) -> str:
    return message("hand", code=code, host_token=host_token, seat=seat, level=level)


def test_lobby_field_is_optional_and_checked() -> None:
    assert "lobby" not in parse_client_message(create_message())
    assert parse_client_message(lobby_create([""] * 5))["lobby"] is True
    bad = json.loads(lobby_create([""] * 5))
    bad["lobby"] = 1
    try:
        parse_client_message(json.dumps(bad))
    except ValueError as err:
        assert "lobby" in str(err)
    else:
        raise AssertionError("a lobby field that is not true/false was accepted")


def test_lobby_game_waits_for_the_host_and_open_seats_go_to_bots(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(lobby_create(["", "", "basic", "basic", "basic"]))
            created = await receive(host, "created")
            code, seats, token = created["code"], created["seats"], created["host_token"]
            await host.send(join_message(code, seats[0]))
            table = await receive(host, "table")
            assert table["seats"][seats[0]] == {"kind": "person", "level": "", "here": True,
                                             "taken": True, "away": 0, "reserved": False}
            assert table["seats"][seats[1]]["kind"] == "open"
            assert table["started"] is False
            game = servers[0].games[code]
            assert game.at == 0  # every seat but one is filled, and still nobody moves
            other = await open_client(address)
            await other.send(start_message(code, "not the host token"))
            assert "only the host" in (await receive(other, "refused"))["reason"]
            await host.send(start_message(code, token, "no-such-level"))
            assert "no bot level" in (await receive(host, "refused"))["reason"]
            assert game.kinds[seats[1]] == "" and not game.started
            await host.send(start_message(code, token))
            table = await receive(host, "table")
            assert table["started"] is True
            assert table["seats"][seats[1]] == {"kind": "bot", "level": "basic", "here": False,
                                             "taken": False, "away": 0, "reserved": False}
            update = await receive(host, "update")
            assert update["started"] is True
            await host.send(start_message(code, token))
            assert "already started" in (await receive(host, "refused"))["reason"]
            await host.close()
            await other.close()

    asyncio.run(main())


def test_host_hands_an_away_seat_to_a_bot_which_keeps_it_until_the_host_gives_it_back(
        tmp_path: Path) -> None:
    """Issue 38 item 6: a seat the host hands to a bot stays the bot's; the old token cannot
    take it back until the host hands it back."""
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(create_message(seats=["", "", "basic", "basic", "basic"]))
            created = await receive(host, "created")
            code, seats, token = created["code"], created["seats"], created["host_token"]
            await host.send(join_message(code, seats[0]))
            await receive(host, "joined")
            away = await open_client(address)
            await away.send(join_message(code, seats[1]))
            seat_token = (await receive(away, "joined"))["token"]
            await away.close()
            table: dict[str, Any] = {}
            while table.get("seats", {}).get(seats[1], {}).get("here", True):
                table = await receive(host, "table")  # the host sees the player leave
            await host.send(hand_message(code, token, seats[2], "basic"))
            assert "not a seat a person" in (await receive(host, "refused"))["reason"]
            await host.send(hand_message(code, token, seats[1], "basic"))
            table = await receive(host, "table")
            assert table["seats"][seats[1]] == {"kind": "bot", "level": "basic", "here": False,
                                                "taken": True, "away": 0, "reserved": False}
            game = servers[0].games[code]
            assert seats[1] in game.bots.bots
            back = await open_client(address)
            await back.send(resume_message(code, seats[1], seat_token))
            assert "given" in (await receive(back, "refused"))["reason"]
            assert seats[1] in game.bots.bots
            await host.send(hand_message(code, token, seats[1], ""))  # the host gives it back
            await receive(host, "table")
            await back.send(resume_message(code, seats[1], seat_token))
            await receive(back, "joined")
            table = await receive(back, "table")
            assert table["seats"][seats[1]] == {"kind": "person", "level": "", "here": True,
                                             "taken": True, "away": 0, "reserved": False}
            assert seats[1] not in game.bots.bots
            await host.close()
            await back.close()

    asyncio.run(main())
