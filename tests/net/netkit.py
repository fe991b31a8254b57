"""A game server in the test's own event loop, on a free loopback port, stopped at the end."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.net.protocol import MAX_SERVER_MESSAGE, message
from game.net.server import GameServer, NetGame, run_server
from game.persist import game_version

TIMEOUT = 30.0


@asynccontextmanager
async def running_server(folder: Path, only: set[str] | None = None,
                         bot_workers: int | None = None,
                         ) -> AsyncIterator[tuple[str, list[GameServer]]]:
    """(address, [the server]) while the block runs; `only`: the games of the folder to
    resume (None: all); `bot_workers`: the processes its bots think in (None: one a core)."""
    stop: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    servers: list[GameServer] = []
    task = asyncio.create_task(run_server("127.0.0.1", 0, folder, ready=ready.set_result,
                                          stop=stop, on_server=servers.append, only=only,
                                          **({} if bot_workers is None
                                             else {"bot_workers": bot_workers})))
    try:
        address = await asyncio.wait_for(ready, TIMEOUT)
        yield address, servers
    finally:
        stop.set_result(None)
        await asyncio.wait_for(task, TIMEOUT)


async def bots_done(game: NetGame) -> None:
    """Wait until the game's bots have played every decision of theirs (they think off the
    server's loop, issue 38: the game moves on after the message that woke them is answered)."""
    while (task := game.bot_task) is not None and not task.done():
        await asyncio.shield(task)


async def open_client(address: str) -> ClientConnection:
    return await connect(address, max_size=MAX_SERVER_MESSAGE)


async def receive(ws: ClientConnection, kind: str | None = None) -> dict[str, Any]:
    """The next message (of `kind`, skipping others)."""
    while True:
        data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if kind is None or data["type"] == kind:
            return data


async def latest_update(ws: ClientConnection, seat: str) -> dict[str, Any]:
    """The newest update for `seat` once the server has gone quiet (bots done)."""
    newest = None
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), 0.5 if newest else TIMEOUT)
        except TimeoutError:
            assert newest is not None
            return newest
        data = json.loads(raw)
        if data["type"] == "update" and data["seat"] == seat:
            newest = data


def create_message(players: int = 5, seats: list[str] | None = None, seed: int = 3,
                   max_turns: int = 0) -> str:
    return message("create", game_version=game_version(), players=players, seed=seed,
                   ruleset="classic", max_turns=max_turns,
                   seats=seats if seats is not None else [""] * players)


def join_message(code: str, seat: str) -> str:
    return message("join", game_version=game_version(), code=code, seat=seat)


def resume_message(code: str, seat: str, token: str) -> str:
    return message("resume", game_version=game_version(), code=code, seat=seat, token=token)
