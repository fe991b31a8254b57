"""The cost of the server's journal per action (issue 37): a netcheck-like game (a real server
and one normal-bot client per seat, over loopback WebSockets, in one process) played twice on
the same seeds, once journalling every action (append, flush, fdatasync, the state hash after
it) and once with the journal's write replaced by nothing. Prints the median time the server
spends on an action (`_act`: the core's apply, the journal, a save at a phase's end, each
client's view sent), the median of the journal's write alone, and the ratio of the two runs.

    python bench/journal.py [--players 5] [--max-turns 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.net.client import play_seat  # noqa: E402
from game.net.protocol import message  # noqa: E402
from game.net.server import GameServer, NetGame, run_server  # noqa: E402
from game.persist import game_version  # noqa: E402
from game.persist import journal as journal_module  # noqa: E402

MODES = {"off": "no journal", "on": "journal", "nosync": "journal, flushed, not synced"}


async def one_game(folder: Path, players: int, max_turns: int, seed: int,
                   mode: str) -> tuple[list[float], list[float], int]:
    """(each action's time in `_act`, each journal write's time, actions), in seconds."""
    acts: list[float] = []
    writes: list[float] = []
    original_act = GameServer._act
    original_write = NetGame.write_journal
    original_sync = journal_module._sync
    journal = mode != "off"
    if mode == "nosync":
        journal_module._sync = lambda fd: None  # type: ignore[assignment]

    async def timed_act(self: GameServer, client: Any, msg: dict[str, Any]) -> None:
        start = time.perf_counter()
        await original_act(self, client, msg)
        acts.append(time.perf_counter() - start)

    def timed_write(self: NetGame) -> None:
        start = time.perf_counter()
        if journal:
            original_write(self)
        writes.append(time.perf_counter() - start)

    GameServer._act = timed_act  # type: ignore[method-assign]
    NetGame.write_journal = timed_write  # type: ignore[method-assign]
    try:
        loop = asyncio.get_running_loop()
        stop: asyncio.Future[None] = loop.create_future()
        ready: asyncio.Future[str] = loop.create_future()
        task = asyncio.create_task(run_server("127.0.0.1", 0, folder, ready=ready.set_result,
                                              stop=stop))
        url = await ready
        from websockets.asyncio.client import connect

        async with connect(url) as ws:
            await ws.send(message("create", game_version=game_version(), players=players,
                                  seed=seed, ruleset="classic", max_turns=max_turns,
                                  seats=[""] * players))
            import json

            created = json.loads(await ws.recv())
        seats = created["seats"]
        reports = await asyncio.gather(*(
            play_seat(url, created["code"], seat, "normal", seed * 1000 + i)
            for i, seat in enumerate(seats)))
        stop.set_result(None)
        await task
        assert all(r.game_over for r in reports), "a client did not see the end"
    finally:
        GameServer._act = original_act  # type: ignore[method-assign]
        NetGame.write_journal = original_write  # type: ignore[method-assign]
        journal_module._sync = original_sync  # type: ignore[assignment]
    return acts, writes, len(acts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--max-turns", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    medians: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for mode in MODES:  # alternated: the machine is shared
            with tempfile.TemporaryDirectory(prefix="calamitas-journal-bench-") as tmp:
                acts, writes, count = asyncio.run(one_game(Path(tmp), args.players,
                                                           args.max_turns, args.seed, mode))
            act_ms = statistics.median(acts) * 1000
            write_ms = statistics.median(writes) * 1000
            medians.setdefault(mode, []).append(act_ms)
            print(f"{MODES[mode]}: {count} actions, median per action {act_ms:.3f} ms in the "
                  f"server, of which the journal {write_ms:.3f} ms")
    off = statistics.median(medians["off"])
    for mode in ("on", "nosync"):
        on = statistics.median(medians[mode])
        print(f"{MODES[mode]} / no journal: {on:.3f} ms / {off:.3f} ms = {on / off:.2f} "
              f"(median of the runs' medians)")


if __name__ == "__main__":
    main()
