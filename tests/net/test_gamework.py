"""Bots play stretches of their games in worker processes (game/net/gamework.py, issue 38: the
server grows with the cores it is given): the worker decides, applies, journals and saves; the
server applies the same actions and tells them. The same seed plays the same game, saved the
same, with 0, 1 or 2 workers; and a server stopped or killed while a stretch is out in a worker
resumes the game at an action of that very game, and plays it on to its end."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from pathlib import Path

import pytest

from game.net.server import GameServer
from game.persist import newest_autosave
from game.persist.journal import JOURNAL, read_journal

from . import attackers
from .netkit import bots_done, create_message, open_client, receive, running_server

SEATS = ["normal", "easy", "normal", "basic", "normal"]


async def play_whole(folder: Path, workers: int, seed: int, turns: int,
                     ) -> tuple[list[str], str, int]:
    """A game of bots played to its end on a server with `workers` (nobody at the table):
    (its actions, the final state's hash, the bot decisions the server made itself)."""
    async with running_server(folder, bot_workers=workers) as (address, servers):
        ws = await open_client(address)
        await ws.send(create_message(seats=SEATS, seed=seed, max_turns=turns))
        code = (await receive(ws, "created"))["code"]
        game = servers[0].games[code]
        await bots_done(game)
        assert game.state.game_over
        saved = newest_autosave(folder / code)  # the end is saved, with every action
        assert saved is not None
        assert saved.record.actions == game.record.actions
        assert saved.state.state_hash() == game.state.state_hash()
        await ws.close()
        return ([f"{a.player}:{a.label}" for a in game.record.actions],
                game.state.state_hash(), servers[0].bot_workers.decisions)


def test_the_same_seed_plays_the_same_game_saved_the_same_with_0_1_or_2_workers(
        tmp_path: Path) -> None:
    here, here_hash, decided_here = asyncio.run(play_whole(tmp_path / "here", 0, 11, 4))
    one, one_hash, decided_one = asyncio.run(play_whole(tmp_path / "one", 1, 11, 4))
    two, two_hash, decided_two = asyncio.run(play_whole(tmp_path / "two", 2, 11, 4))
    assert len(here) > 60
    assert one == here == two
    assert one_hash == here_hash == two_hash
    assert decided_here == len(here)  # no worker: every decision made by the server itself
    assert decided_one == decided_two == 0  # workers: every one in a stretch, off the loop


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
def test_a_game_playing_in_a_worker_resumes_after_a_restart_and_plays_to_its_end(
        tmp_path: Path, how: signal.Signals) -> None:
    seed, turns = 5, 15  # long enough that the stop comes mid-game on a quiet machine too
    reference, _, _ = asyncio.run(play_whole(tmp_path / "reference", 0, seed, turns))

    data = tmp_path / "data"
    data.mkdir()
    served = attackers.ServedGame(data, args=["--bot-workers", "1"])
    address = served.start()

    async def create() -> str:
        ws = await attackers.open_ws(address, timeout=60)
        created = await attackers.new_game(ws, 5, SEATS, seed=seed, max_turns=turns)
        await attackers._close_all([ws])
        return str(created["code"])

    code = asyncio.run(create())
    folder = data / "net" / code
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the bots well into their game, in the worker
        read = read_journal(folder / JOURNAL)
        if read is not None and read.at >= 40:
            break
        time.sleep(0.05)
    workers = attackers._children(served.pid)
    assert workers, "no worker process"
    if how == signal.SIGKILL:  # at once, stretch out or not: no chance to save
        os.kill(served.pid, signal.SIGKILL)
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    served.stop(grace=30.0)  # SIGTERM: a clean stop (for the killed one: only waits)

    resumed = GameServer(data / "net", bot_workers=0)
    assert resumed.load_games() == []
    game = resumed.games[code]
    at = [f"{a.player}:{a.label}" for a in game.record.actions]
    assert 0 < len(at) < len(reference)
    assert at == reference[:len(at)]  # an action of that very game
    if how == signal.SIGTERM:  # saved at the stop, the journal compacted to it
        saved = newest_autosave(folder)
        assert saved is not None and saved.record.actions == game.record.actions
    if game.journal is not None:
        game.journal.close()

    async def play_on() -> tuple[list[str], str]:
        async with running_server(data / "net", bot_workers=1) as (_, servers):
            again = servers[0].games[code]
            await bots_done(again)
            assert again.state.game_over
            return ([f"{a.player}:{a.label}" for a in again.record.actions],
                    again.state.state_hash())

    # on to its end from there (the bots start afresh at a restart, their plans and generators
    # are not saved: from the resumed action on the game may go another way)
    ended, _ = asyncio.run(play_on())
    assert ended[:len(at)] == at
    assert len(ended) > len(at)
