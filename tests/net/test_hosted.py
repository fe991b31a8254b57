"""The games a client hosts are kept one folder per game (named by its code) under hosted/:
the older layout (a folder per hosting session) is moved into it, folders with no file are
removed, the Load screen's list reads them newest first, and a server started to host one
again resumes that game alone."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
from pathlib import Path
from typing import Any

from game import simulate
from game.core import legal_actions
from game.net.hosted import hosted_games, tidy
from game.net.server import TABLE, NetGame
from game.persist import Autosaver, GameRecord

from .netkit import create_message, open_client, receive, running_server


def keep_game(folder: Path, actions: int = 0, players: int = 5) -> None:
    """A game as the server keeps it: its table and an autosave."""
    state = simulate.new_state(players, 7, "classic", simulate.resolve_map(None))
    record = GameRecord.begin(state, from_new_game=True)
    for _ in range(actions):
        record.apply(state, legal_actions(state)[0])
    folder.mkdir(parents=True)
    kinds = dict.fromkeys(state.players, "basic")
    (folder / TABLE).write_text(f'{{"code": "{folder.name}", "kinds": {kinds!r}, '
                                f'"tokens": {{}}, "host": "x", "held": false}}'
                                .replace("'", '"'))
    Autosaver(folder).save(record, state)


def test_older_hosting_folders_are_tidied_into_one_folder_per_game(tmp_path: Path) -> None:
    root = tmp_path / "hosted"
    keep_game(root / "20260101-101010" / "AAAAAA")
    keep_game(root / "BBBBBB")
    (root / "20260102-111111" / "CCCCCC").mkdir(parents=True)  # a table that never opened
    (root / "20260103-121212").mkdir()
    keep_game(root / "20260104-131313" / "BBBBBB")  # a code already moved up: left alone
    tidy(root)
    assert sorted(p.name for p in root.iterdir()) == ["20260104-131313", "AAAAAA", "BBBBBB"]
    assert (root / "AAAAAA" / TABLE).is_file()
    assert (root / "20260104-131313" / "BBBBBB" / TABLE).is_file()  # never deleted


def test_hosted_games_are_listed_newest_first_with_where_they_stand(tmp_path: Path) -> None:
    keep_game(tmp_path / "OLDOLD")
    keep_game(tmp_path / "NEWNEW", actions=3)
    (tmp_path / "NOSAVE").mkdir()
    (tmp_path / "NOSAVE" / TABLE).write_text("{}")
    for old, when in (("OLDOLD", 1), ("NOSAVE", 2)):
        for path in [*(tmp_path / old).iterdir(), tmp_path / old]:
            os.utime(path, (when, when))
    games = hosted_games(tmp_path)
    assert [g.code for g in games] == ["NEWNEW", "NOSAVE", "OLDOLD"]
    assert games[0].save is not None and games[0].players == 5 and not games[0].over
    assert games[1].save is None
    assert [g.code for g in hosted_games(tmp_path, most=1)] == ["NEWNEW"]


def test_a_server_hosting_one_game_again_resumes_that_game_alone(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            codes = []
            for _ in range(2):
                await ws.send(create_message(seats=[""] * 5))
                codes.append((await receive(ws, "created"))["code"])
            await ws.close()
        found: list[dict[str, NetGame]] = []
        for only in (set(), {codes[1]}, None):
            async with running_server(tmp_path, only=only) as (_, servers):
                found.append(dict(servers[0].games))
        assert [sorted(games) for games in found] == [[], [codes[1]], sorted(codes)]

    asyncio.run(main())




def test_a_busy_usual_port_is_not_said_while_a_free_one_is_tried(tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    """Hosting falls back to any free port when the usual one is busy (another client or
    `serve` on this machine); the screen that polls the server's `error` must not read the
    busy port as the table failing while the free port's server is still loading its games
    (a table hosted again on a busy machine was refused so)."""
    from game.net import link

    started = threading.Event()
    go_on = threading.Event()
    real = link.run_server

    async def slow_to_listen(host: str, port: int, *args: Any, **kwargs: Any) -> None:
        if port == 0:  # the fallback: as if loading its games took long
            started.set()
            await asyncio.get_running_loop().run_in_executor(None, go_on.wait, 10)
        await real(host, port, *args, **kwargs)

    monkeypatch.setattr(link, "run_server", slow_to_listen)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        hosted = link.HostedServer(tmp_path, port=busy.getsockname()[1], host="127.0.0.1",
                                   only=set())
        try:
            assert started.wait(10)
            assert (hosted.address, hosted.error) == ("", "")  # still trying: nothing to say
            go_on.set()
            assert hosted.wait(10) and hosted.error == ""
            assert hosted.bound_port not in (0, busy.getsockname()[1])
        finally:
            go_on.set()
            hosted.stop(wait=True)
