"""The game cap frees (issue 38 item 3): it counts open games only; a finished game leaves the
table list once nobody is connected to it, an abandoned one (nobody connected, nothing done for
tables.ABANDONED_AFTER) leaves it too, their folders stay, and a restarted server resumes
neither; creating is limited per address (a few a minute, a ceiling of open games), however
many connections it uses; a map file is read and checked once, not at every create (0.4 s of a
create's 0.53 s on the loop)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from game.net import choices, server, tables
from game.net.protocol import message
from game.net.server import GameServer
from game.persist import game_version

from .netkit import bots_done, create_message, open_client, receive, running_server


def lobby() -> str:
    return message("create", game_version=game_version(), players=5, seed=3, ruleset="classic",
                   max_turns=0, lobby=True, seats=[""] * 5)


def test_finished_and_abandoned_games_free_the_cap_and_stay_on_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "MAX_GAMES", 2)

    async def main() -> tuple[str, str, str]:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create_message(seats=["basic"] * 5, seed=4, max_turns=1))
            over = servers[0].games[(await receive(ws, "created"))["code"]]
            await bots_done(over)
            assert over.state.game_over
            await ws.send(lobby())
            left = (await receive(ws, "created"))["code"]
            await ws.send(lobby())  # the finished game holds no place
            kept = (await receive(ws, "created"))["code"]
            assert over.code not in servers[0].games  # it left the list: nobody is there
            assert (tmp_path / over.code).is_dir()
            await ws.send(lobby())
            assert "already hosts 2 games" in (await receive(ws, "refused"))["reason"]
            servers[0].games[left].active_at -= tables.ABANDONED_AFTER + 1
            await ws.send(lobby())  # the abandoned one's place
            fourth = (await receive(ws, "created"))["code"]
            assert left not in servers[0].games and (tmp_path / left).is_dir()
            assert set(servers[0].games) == {kept, fourth}
            await ws.close()
            return over.code, left, kept

    over, left, kept = asyncio.run(main())
    old = time.time() - tables.ABANDONED_AFTER - 60
    for path in [tmp_path / left, *(tmp_path / left).iterdir()]:
        os.utime(path, (old, old))
    again = GameServer(tmp_path, bot_workers=0)
    assert again.load_games() == []
    assert over not in again.games and left not in again.games and kept in again.games
    alone = GameServer(tmp_path, only={over}, bot_workers=0)  # asked for by name: resumed
    alone.load_games()
    assert set(alone.games) == {over}


def test_creating_is_limited_per_address_not_per_connection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "CREATES_PER_MINUTE", 3)

    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            for _ in range(3):
                ws = await open_client(address)  # a new connection each time
                await ws.send(lobby())
                await receive(ws, "created")
                await ws.close()
            ws = await open_client(address)
            await ws.send(lobby())
            refused = await receive(ws, "refused")
            assert "at most 3 a minute" in refused["reason"]
            assert len(servers[0].games) == 3
            await ws.close()

    asyncio.run(main())


def test_open_games_per_address_have_a_ceiling(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "OPEN_PER_ADDRESS", 2)

    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            for _ in range(2):
                await ws.send(lobby())
                await receive(ws, "created")
            await ws.send(lobby())
            assert "already have 2 open games" in (await receive(ws, "refused"))["reason"]
            await ws.close()

    asyncio.run(main())


def test_a_map_file_is_read_once_for_every_create() -> None:
    first = choices.installed_map("")
    assert choices.installed_map("") is first
