"""How many bot games `python -m game serve` holds at once (issue #38): it starts the server in a
subprocess (on the CPUs given with --cores, by sched_setaffinity, which its bot workers inherit;
with `--bot-workers N`, by default one per core given, or serve's own default without --cores), and
for each count of games (1, 10 and 50 by default) on a fresh server plays that many 5-player
normal-bot games at once, capped at --turns turns, with nobody at the tables (looked at every few
seconds by a brief watch from the game's own address; a game that ends between two looks leaves the
list, and its actions count up to the last look), or with --watch a spectator at each that
acknowledges its views as the client does (so it is sent patches, and every action is synced to the
disk before it is told: the speed of the disk then counts). By default it does all that on CPU 0
(one bot worker), then again on CPUs 0 and 1 (two), and prints the ratio of their actions/s; and
the machine's load averages, since on a shared machine others' work takes CPU too. It prints per
count:

- actions/s: the actions of all games together per second of wall time, until every game
  is over or --seconds have passed (over: the games that ended by then);
- cpu: the server's CPU seconds per wall second, its bot workers' included (1.0: one core
  busy; well below it, the server waits, e.g. on the disk: it syncs each autosave, at every
  phase, in its loop);
- act/cpu-s: actions per second of the server's CPU (its workers' included);
- act/loop-s: actions per second of CPU of the server's own process (its event loop: the
  connections, the guard, the news; with workers, the bots' play is not in it): how many
  actions a second the loop could keep up with at most, whatever the cores;
- MB/game: the server's peak resident memory less its memory before the games, per game (the
  games live in the server; a worker holds a game only for a stretch);
- wk MB: its worker processes' peak resident memory, all together;
- probe median/p90: another user's answer times meanwhile (a person in a separate game
  sending a cheap `try` in a loop: tests/net/attackers.py's Probe);
- the same figures as ratios to the 1-game run.

    python bench/capacity.py                        # 1, 10, 50 games, 25 turns, 1 then 2 CPUs
    python bench/capacity.py --games 1,10 --turns 10 --seconds 60
    python bench/capacity.py --cores 0              # the server on one core (1 bot worker)
    python bench/capacity.py --cores 0 --cores 0,1  # the default on two CPUs or more: both,
                                                    # with the ratio of their actions/s
    python bench/capacity.py --cores any            # no limit, serve's own default workers
    python bench/capacity.py --data /dev/shm        # saves in memory: the CPU's share alone

The games come from separate loopback addresses (127.0.1.x, one game each, up to 250), as separate
hosts would, so the server's limits per address (tables.CREATES_PER_MINUTE creates a minute, the
guard's costly requests a second) do not cap them; the looks at a game come from its own address, a
new connection each time; the probe from 127.0.0.2. This script's clients run on the same machine as
the server and take CPU too. On a shared machine the figures are noisy.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "net"))

import attackers  # noqa: E402  (tests/net/attackers.py)
from websockets.asyncio.client import ClientConnection  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from game.net.protocol import message  # noqa: E402
from game.persist import SaveError, autosaves, game_version  # noqa: E402
from game.persist.saves import read_save  # noqa: E402

MB = 1024 * 1024
ACK_EVERY = 0.5  # seconds between a spectator's acknowledgements of the newest view


@dataclass
class Watched:
    """One bot game and its spectator (on the connection that created it)."""

    ws: ClientConnection
    code: str
    host_token: str
    at: int = 0
    over: bool = False
    ended: float = 0.0  # when it ended (wall clock: its last save's time), once over
    digest: str = ""
    acked: float = 0.0
    index: int = 0

    async def follow(self) -> None:
        """Read every message until the game is over (the record comes) or the end."""
        with contextlib.suppress(ConnectionClosed):
            async for raw in self.ws:
                data = json.loads(raw)
                kind = data["type"]
                if kind == "update" and data["seat"] is None:
                    self.at = max(self.at, data["at"])
                    self.digest = data["hash"]
                    if data.get("game_over"):
                        self.over = True
                    now = time.monotonic()
                    if now - self.acked >= ACK_EVERY:
                        self.acked = now
                        await self.ws.send(message("ack", code=self.code,
                                                   views={"": self.digest}))
                elif kind == "record":
                    self.over = True
                    return


def source_of(index: int) -> str:
    """The loopback address of game `index`'s host (one game an address)."""
    return f"127.0.1.{index % 250 + 1}"


async def one_game(address: str, index: int, players: int, turns: int, watch: bool
                   ) -> Watched:
    ws = await attackers.open_ws(address, source_of(index), timeout=60)
    created = await attackers.new_game(ws, players, ["normal"] * players, lobby=True,
                                       max_turns=turns, seed=index + 1)
    game = Watched(ws, created["code"], created["host_token"], index=index)
    if watch:
        await ws.send(message("watch", game_version=game_version(), code=game.code))
        got = await attackers.answer(ws, "joined", timeout=60)
        assert got["type"] == "joined", got
    return game


async def poll(address: str, folder: Path, tables: list[Watched]) -> None:
    """Where each game not yet over stands: a connection from the game's own address watches
    it (its first update has `at` and `game_over`) and closes, so that the games have nobody
    to tell again (a game with a connection syncs its journal at every action). One
    connection an address keeps each address's costly requests (a watch sends the map and
    a view) within the server's limits. A game over is read from its folder under `folder`."""
    for t in tables:
        if t.over:
            continue
        ws = await attackers.open_ws(address, source_of(t.index), timeout=60)
        try:
            await ws.send(message("watch", game_version=game_version(), code=t.code))
            got = await attackers.answer(ws, "update", timeout=60)
            if got["type"] == "update":
                t.at = max(t.at, got["at"])
                t.over = t.over or bool(got.get("game_over"))
            elif got.get("to") == "watch" and "no game" in got.get("reason", ""):
                t.over = True  # over and gone from the list
        finally:
            await attackers._close_all([ws])
        if t.over:
            ended(folder / t.code, t)


def ended(folder: Path, t: Watched) -> None:
    """A game over: its actions and the time it ended, from its last save (the end is saved)."""
    saved = autosaves(folder)
    if saved:
        t.ended = saved[0].stat().st_mtime
        with contextlib.suppress(SaveError):
            t.at = max(t.at, len(read_save(saved[0]).record.actions))


async def measure(server: attackers.ServedGame, games: int, players: int, turns: int,
                  seconds: float, watch: bool, every: float) -> dict[str, Any]:
    address = server.address
    probe = attackers.Probe(address)
    await probe.open()
    await asyncio.sleep(0.5)
    base = server.rss()
    tables = [await one_game(address, i, players, turns, watch) for i in range(games)]
    followers = [asyncio.create_task(t.follow()) for t in tables] if watch else []
    probe.start()
    cpu0, loop0 = server.cpu_seconds(), attackers._cpu_of(server.pid)
    start, wall = time.monotonic(), time.time()
    for t in tables:
        await t.ws.send(message("start", code=t.code, level="normal", host_token=t.host_token))
    peak, polled, workers = base, start, 0
    while time.monotonic() - start < seconds and not all(t.over for t in tables):
        peak = max(peak, server.rss())
        workers = max(workers, worker_rss(server))
        await asyncio.sleep(0.25)
        if not watch and time.monotonic() - polled >= every:
            await poll(address, server.folder / "net", tables)
            polled = time.monotonic()
    if not watch:
        await poll(address, server.folder / "net", tables)
    took = time.monotonic() - start
    if all(t.over and t.ended for t in tables):  # to the end of the last, not the last look
        took = min(took, max(0.1, max(t.ended for t in tables) - wall))
    cpu = server.cpu_seconds() - cpu0
    loop = attackers._cpu_of(server.pid) - loop0
    peak = max(peak, server.rss())
    workers = max(workers, worker_rss(server))
    times = await probe.stop()
    actions = sum(t.at for t in tables)
    for task in followers:
        task.cancel()
    await probe.close()
    await attackers._close_all([t.ws for t in tables])
    return {"games": games, "over": sum(t.over for t in tables), "actions": actions,
            "seconds": round(took, 1), "actions_per_s": round(actions / took, 1),
            "server_cpu": round(cpu / took, 2),
            "actions_per_cpu_s": round(actions / cpu) if cpu else 0,
            "actions_per_loop_cpu_s": round(actions / loop) if loop else 0,
            "mb_per_game": round((peak - base) / MB / games, 2),
            "workers_mb": round(workers / MB),
            "probe_median_ms": times["median_ms"], "probe_p90_ms": times["p90_ms"],
            "probe_n": times["n"]}


def worker_rss(server: attackers.ServedGame) -> int:
    """The resident memory of the server's worker processes together, in bytes."""
    return sum(_rss_of(pid) for pid in attackers._children(server.pid))


def _rss_of(pid: int) -> int:
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes): what else ran meanwhile."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def run_counts(args: argparse.Namespace, counts: list[int], cores: list[int] | None,
               workers: int | None) -> list[dict[str, Any]]:
    """Each count of games on a fresh server on `cores`, printed as it is measured."""
    serve_args = ["--bot-workers", str(workers)] if workers is not None else []
    print(f"\n{args.players}-player normal-bot games, {args.turns} turns, "
          f"{'a spectator at each' if args.watch else 'nobody at the tables'}, server on "
          f"CPUs {','.join(map(str, cores)) if cores else 'any'} {' '.join(serve_args)}"
          .rstrip(), flush=True)
    print(f"{'games':>5} {'over':>5} {'actions':>8} {'s':>6} {'actions/s':>9} {'cpu':>5} "
          f"{'act/cpu-s':>9} {'act/loop-s':>10} {'MB/game':>8} {'wk MB':>6} {'probe med':>9} "
          f"{'p90 ms':>7} "
          f"{'load':>15}   "
          "ratios to the first count (actions/s, MB/game, probe median)", flush=True)
    rows: list[dict[str, Any]] = []
    for n in counts:
        with tempfile.TemporaryDirectory(dir=args.data) as folder:
            server = attackers.ServedGame(Path(folder), cores=cores, args=serve_args)
            server.start()
            try:
                row = asyncio.run(measure(server, n, args.players, args.turns, args.seconds,
                                          args.watch, args.every))
            finally:
                server.stop(grace=10.0)
        row["load"] = load()
        row["cores"] = len(cores) if cores else 0
        first = rows[0] if rows else row
        rows.append(row)
        ratios = " ".join(_ratio(row[k], first[k]) for k in
                          ("actions_per_s", "mb_per_game", "probe_median_ms"))
        print(f"{n:>5} {row['over']:>5} {row['actions']:>8} {row['seconds']:>6} "
              f"{row['actions_per_s']:>9} {row['server_cpu']:>5} {row['actions_per_cpu_s']:>9} "
              f"{row['actions_per_loop_cpu_s']:>10} "
              f"{row['mb_per_game']:>8} {row['workers_mb']:>6} {row['probe_median_ms']:>9} "
              f"{row['probe_p90_ms']:>7} "
              f"{row['load']:>15}   {ratios}", flush=True)
        if args.json:
            print(json.dumps(row), flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="1,10,50", help="counts of games at once "
                        "(default 1,10,50)")
    parser.add_argument("--turns", type=int, default=25, help="turns per game (default 25)")
    parser.add_argument("--players", type=int, default=5, help="players per game (default 5)")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="stop measuring a count after this long (default 120)")
    parser.add_argument("--cores", action="append", metavar="CPUS",
                        help="CPUs the server may use, e.g. 0 or 0,1; give it more than once "
                             "to compare (default: 0 then 0,1 on a machine with two CPUs or "
                             "more; 'any': no limit)")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="serve's bot worker processes (default: one per core given; "
                             "with 'any', serve's default)")
    parser.add_argument("--watch", action="store_true",
                        help="a spectator on each game for the whole run, acknowledging its "
                             "views (as at a real table; each action is then synced to the "
                             "disk before it is told); default: nobody at the tables, which "
                             "are looked at every --every seconds by a brief watch")
    parser.add_argument("--every", type=float, default=3.0,
                        help="seconds between looks at the games without --watch (default 3)")
    parser.add_argument("--data", metavar="DIR", help="make each server's data folder under "
                        "DIR (default: the system's temporary folder; under /dev/shm the "
                        "disk's syncs cost nothing)")
    parser.add_argument("--json", action="store_true", help="one JSON line per count too")
    args = parser.parse_args()
    counts = [int(n) for n in args.games.split(",")]
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    sets = args.cores or (["0", "0,1"] if cpus >= 2 else ["any"])
    print(f"load average at the start: {load()} (1, 5, 15 minutes; this machine has "
          f"{cpus} CPUs)", flush=True)
    runs: list[tuple[str, list[dict[str, Any]]]] = []
    for spec in sets:
        cores = None if spec == "any" else [int(c) for c in spec.split(",")]
        workers = args.bot_workers if args.bot_workers is not None else (
            len(cores) if cores else None)
        runs.append((spec, run_counts(args, counts, cores, workers)))
    if len(runs) > 1:
        base_spec, base = runs[0]
        print(f"\nactions/s on each set of CPUs as a ratio to CPUs {base_spec} "
              "(the same count of games)", flush=True)
        print(f"{'games':>5} " + " ".join(f"{spec:>12}" for spec, _ in runs), flush=True)
        for i, n in enumerate(counts):
            print(f"{n:>5} " + " ".join(
                f"{_ratio(rows[i]['actions_per_s'], base[i]['actions_per_s']):>12}"
                for _, rows in runs), flush=True)
    return 0


def _ratio(value: float, base: float) -> str:
    return f"{value / base:.2f}x" if base else "-"


if __name__ == "__main__":
    raise SystemExit(main())
