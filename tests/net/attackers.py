"""The attacks of issue #38 on `python -m game serve`, one small asyncio client each, and the
probe that times another game's messages while they run: the one copy that the attack tests
(tests/net/test_attacks.py) and the bench script (bench/attacks.py) both use.

Every attack is `async def NAME(address, server=None, **sizes) -> Result`: `address` is the
server's ws:// address, `server` the `ServedGame` process when this program started it (for
its memory; None against a given host:port, where memory is not measured). The attackers
connect from 127.0.0.1 (an attack that needs more connections than one address may open,
from 127.0.0.4 on too: `attacker_from`); the probe and a "new user" from other loopback
addresses (127.0.0.2, 127.0.0.3), as other people would, so a limit per address does not
stop them.

`Probe` is another person's game: a game whose every seat the probe's one connection holds,
sending a cheap request (`try` of the pending decision's first option, answered from the
server's cache after the first) in a loop and timing each answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import json
import os
import random
import resource
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from game.net.protocol import CODE_ALPHABET, MAX_SERVER_MESSAGE, VERSION, message
from game.persist import game_version

ROOT = Path(__file__).resolve().parents[2]
ATTACKER = "127.0.0.1"
PROBE_FROM = "127.0.0.2"
NEW_USER_FROM = "127.0.0.3"
ATTACKERS_PER_ADDRESS = 30  # below the server's limit of connections from one address (32)
ANSWER_LIMIT = 60.0  # seconds a probe waits for an answer before counting it as this long
FAILED = "the server failed on that message"  # the server's reason for a fault of its own
MB = 1024 * 1024
BURST_STEP = 5  # the most messages a paced sender sends at once

# ---- the server, in its own process ----------------------------------------------------------

# Runs `calamitas serve` after setting module constants (e.g. a smaller game cap for a test
# that must fill it in seconds); a name that no longer exists stops it, so a renamed constant
# is noticed rather than silently not overridden.
_LAUNCH = """
import importlib, json, sys
for name, value in json.loads(sys.argv[1]).items():
    where, _, attr = name.rpartition(".")
    module = importlib.import_module(where)
    if not hasattr(module, attr):
        raise SystemExit(f"no {name} to override")
    setattr(module, attr, value)
from game.cli import main
raise SystemExit(main(sys.argv[2:]))
"""


def serve_options() -> str:
    """`serve --help`, to see which options this version's serve has."""
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--help"], cwd=ROOT,
                          env=_env(), capture_output=True, text=True, timeout=60)
    return done.stdout


def attacker_from(n: int) -> str:
    """The loopback address of an attack's `n`th connection where it needs more than one
    address allows: 127.0.0.1 for the first ATTACKERS_PER_ADDRESS, then 127.0.0.4, .5, ..."""
    block = n // ATTACKERS_PER_ADDRESS
    return ATTACKER if block == 0 else f"127.0.0.{3 + block}"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


class ServedGame:
    """`calamitas serve` in a subprocess on a free loopback port, its data in `folder` (a new
    temporary folder if None). `overrides`: module constants to set first ("module.NAME":
    value); `cores`: the CPUs it may run on; `nofile`: its open-file limit; `args`: more
    options for serve (e.g. ["--bot-workers", "2"])."""

    def __init__(self, folder: Path | None = None, overrides: dict[str, Any] | None = None,
                 cores: Sequence[int] | None = None, nofile: int | None = None,
                 args: Sequence[str] = ()) -> None:
        self._temp = None if folder is not None else tempfile.TemporaryDirectory()
        self.folder = folder if folder is not None else Path(self._temp.name)  # type: ignore[union-attr]
        self.overrides = overrides or {}
        self.cores = list(cores) if cores else None
        self.nofile = nofile
        self.args = list(args)
        self.proc: subprocess.Popen[str] | None = None
        self.address = ""

    def _limits(self) -> None:  # in the child, before it runs Python
        if self.cores:
            os.sched_setaffinity(0, self.cores)
        if self.nofile:
            hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.nofile, hard))

    def start(self, timeout: float = 60.0) -> str:
        env = _env()
        env["CALAMITAS_DATA_DIR"] = str(self.folder)
        self.log = open(self.folder / "serve-output.txt", "w")  # noqa: SIM115 - closed in stop
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCH, json.dumps(self.overrides), "--data-dir",
             str(self.folder), "serve", "--host", ATTACKER, "--port", "0", *self.args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=self.log, text=True,
            preexec_fn=self._limits)
        assert self.proc.stdout is not None
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.5)
            if ready:
                line = self.proc.stdout.readline()
                if not line:
                    break
                if line.startswith("Calamitas server on "):
                    self.address = line.split()[3]
                    return self.address
            if self.proc.poll() is not None:
                break
        self.stop()
        raise RuntimeError(f"serve did not start: see {self.folder / 'serve-output.txt'}")

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def rss(self) -> int:
        """The server's resident memory, in bytes (0 once it has ended)."""
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        except OSError:
            pass
        return 0

    def cpu_seconds(self) -> float:
        """The server's CPU time so far (user + system), with its child processes' (the bot
        workers') that are running."""
        return sum(_cpu_of(pid) for pid in [self.pid, *_children(self.pid)])

    def stop(self, grace: float = 15.0) -> None:
        """SIGTERM (a clean stop), and after `grace` seconds (a server whose loop is busy
        with bots may not get to it) SIGKILL."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(grace)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()
        if getattr(self, "log", None) is not None:
            self.log.close()
        if self._temp is not None:
            self._temp.cleanup()
            self._temp = None

    def __enter__(self) -> ServedGame:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _cpu_of(pid: int) -> float:
    """A process's CPU time so far (user + system; 0 once it has ended)."""
    try:
        parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _children(pid: int) -> list[int]:
    """The running processes under `pid`, all generations."""
    found: list[int] = []
    with contextlib.suppress(OSError, ValueError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                found += [int(child), *_children(int(child))]
    return found


# ---- clients -----------------------------------------------------------------------------------


async def open_ws(address: str, source: str = ATTACKER, timeout: float = 10.0,
                  rcvbuf: int = 0, **kwargs: Any) -> ClientConnection:
    """A connection from the loopback address `source`; `rcvbuf`: a small receive buffer
    (bytes), so that a client that stops reading soon stops the server's writes too."""
    if not rcvbuf:
        return await connect(address, max_size=MAX_SERVER_MESSAGE, local_addr=(source, 0),
                             open_timeout=timeout, **kwargs)
    host, port = address.split("://", 1)[1].rsplit(":", 1)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (host, int(port)))
    return await connect(address, max_size=MAX_SERVER_MESSAGE, sock=sock,
                         open_timeout=timeout, **kwargs)


async def answer(ws: ClientConnection, *kinds: str, timeout: float = 30.0) -> dict[str, Any]:
    """The next message of one of `kinds` (any, if none), or a refusal."""
    end = time.monotonic() + timeout
    while True:
        raw = await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic()))
        data: dict[str, Any] = json.loads(raw)
        if not kinds or data["type"] in kinds or data["type"] == "refused":
            return data


def create(players: int = 5, seats: list[str] | None = None, **fields: Any) -> str:
    return message("create", game_version=game_version(), players=players, seed=fields.pop(
        "seed", 7), ruleset="classic", max_turns=fields.pop("max_turns", 0),
        seats=seats if seats is not None else [""] * players, **fields)


def join(code: str, seat: str) -> str:
    return message("join", game_version=game_version(), code=code, seat=seat)


async def new_game(ws: ClientConnection, players: int = 5, seats: list[str] | None = None,
                   **fields: Any) -> dict[str, Any]:
    """Create a game on `ws`: the `created` answer (AssertionError with the reason if refused)."""
    await ws.send(create(players, seats, **fields))
    got = await answer(ws, "created")
    assert got["type"] == "created", got
    return got


async def sit_everywhere(ws: ClientConnection, code: str, seats: list[str]
                         ) -> tuple[dict[str, str], dict[str, Any]]:
    """Join every seat of a game on `ws`: (seat -> token, the view of the seat to decide
    first, with `at`)."""
    tokens = {}
    for seat in seats:
        await ws.send(join(code, seat))
        got = await answer(ws, "joined")
        assert got["type"] == "joined", got
        tokens[seat] = got["token"]
    update: dict[str, Any] = {}
    while True:  # the updates at the start: the one whose seat decides
        got = await answer(ws, "update")
        view = got.get("view")
        if view and view.get("pending") and view["pending"]["player"] == got["seat"]:
            update = got
            return tokens, update


def quantiles(times: Sequence[float]) -> dict[str, float]:
    """Median and 90th percentile, in ms (nan when there is nothing)."""
    if not times:
        return {"n": 0, "median_ms": float("nan"), "p90_ms": float("nan")}
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
    return {"n": len(times), "median_ms": round(statistics.median(ordered) * 1000, 1),
            "p90_ms": round(p90 * 1000, 1)}


class Probe:
    """Another person's game (see the module's text): `times` are the seconds each answer took."""

    def __init__(self, address: str, source: str = PROBE_FROM, pause: float = 0.05) -> None:
        self.address, self.source, self.pause = address, source, pause
        self.times: list[float] = []
        self.refused: list[str] = []
        self._task: asyncio.Task[None] | None = None
        self._asked = 0.0  # when the request awaiting its answer was sent (0: none)

    async def open(self) -> None:
        self.ws = await open_ws(self.address, self.source)
        created = await new_game(self.ws, 5)
        self.code = created["code"]
        _, update = await sit_everywhere(self.ws, self.code, created["seats"])
        self.seat, self.at = update["seat"], update["at"]
        self.label = update["view"]["pending"]["options"][0]

    async def ask(self) -> float:
        """One request and its answer: the seconds it took."""
        start = self._asked = time.perf_counter()
        await self.ws.send(message("try", code=self.code, seat=self.seat, at=self.at,
                                   label=self.label))
        try:
            got = await answer(self.ws, "tried", timeout=ANSWER_LIMIT)
            if got["type"] == "refused":
                self.refused.append(got["reason"])
        except TimeoutError:
            return ANSWER_LIMIT
        finally:
            self._asked = 0.0
        return time.perf_counter() - start

    async def _loop(self) -> None:
        while True:
            self.times.append(await self.ask())
            await asyncio.sleep(self.pause)

    def start(self) -> None:
        self.times.clear()
        self._task = asyncio.create_task(self._loop())

    def __len__(self) -> int:
        return len(self.times)

    async def stop(self) -> dict[str, float]:
        """Stop asking (an answer awaited now counts as the time waited so far)."""
        if self._task is not None:
            if self._asked:  # an answer still awaited: it has taken this long so far
                self.times.append(time.perf_counter() - self._asked)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await self._task
        return quantiles(self.times)

    async def close(self) -> None:
        await self.stop()
        await self.ws.close()


@contextlib.asynccontextmanager
async def probing(address: str) -> AsyncIterator[Probe]:
    """A probe asking in the background while the block runs."""
    probe = Probe(address)
    await probe.open()
    probe.start()
    try:
        yield probe
    finally:
        await probe.close()


@dataclass
class Result:
    """What an attack found: `held` says whether the server refused it or it stayed cheap;
    `probe` the other game's answer times (median_ms, p90_ms) while it ran."""

    name: str
    held: bool
    what: str
    figures: dict[str, Any] = field(default_factory=dict)
    probe: dict[str, float] = field(default_factory=dict)

    def line(self) -> str:
        figs = ", ".join(f"{k}={v}" for k, v in self.figures.items())
        probe = (f"probe median {self.probe.get('median_ms')} ms, p90 {self.probe.get('p90_ms')}"
                 f" ms (n={self.probe.get('n')})") if self.probe else "no probe"
        return f"{self.name}: {'HELD' if self.held else 'BROKE'}: {self.what}; {figs}; {probe}"


async def _close_all(conns: Sequence[ClientConnection]) -> None:
    async def one(ws: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(), 2)
        with contextlib.suppress(Exception):
            ws.transport.abort()

    await asyncio.gather(*(one(ws) for ws in conns))


def queued(address: str) -> int:
    """Bytes the kernel holds in this machine's TCP queues to and from the server at
    `address`: sent by the server and not yet read by its clients (loopback only)."""
    port = int(address.rsplit(":", 1)[1])
    total = 0
    with contextlib.suppress(OSError):
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            parts = line.split()
            local, remote, queues = parts[1], parts[2], parts[4]
            tx, rx = (int(q, 16) for q in queues.split(":"))
            if int(local.split(":")[1], 16) == port:
                total += tx  # the server's side: written, not yet taken by the client
            elif int(remote.split(":")[1], 16) == port:
                total += rx  # the client's side: arrived, not yet read
    return total


async def paced(rate: float, seconds: float, send: Callable[[], Awaitable[None]],
                stop: asyncio.Event | None = None) -> int:
    """Await `send()` about `rate` times a second for `seconds` (or until `stop` is set):
    the messages sent. A sender that falls behind (its client busy) skips what it missed
    rather than catching up in a burst that the server's rate limit would refuse."""
    start, slots, sent = time.monotonic(), 0, 0
    with contextlib.suppress(ConnectionClosed):
        while time.monotonic() - start < seconds and not (stop and stop.is_set()):
            due = int((time.monotonic() - start) * rate) + 1 - slots
            if due > BURST_STEP:
                slots += due - BURST_STEP
                due = BURST_STEP
            for _ in range(max(0, due)):
                await send()
                slots += 1
                sent += 1
            await asyncio.sleep(1 / rate)
    return sent


def _rss(server: ServedGame | None) -> int:
    return server.rss() if server is not None else 0


# ---- the attacks -------------------------------------------------------------------------------


async def slow_readers(address: str, server: ServedGame | None = None, readers: int = 10,
                       players: int = 18, seconds: float = 20.0,
                       limit_mb: float = 2.0) -> Result:
    """#38 item 1: spectators that never read, watching a bot game: the server's memory and
    the kernel's queues to them over time (the kernel takes megabytes per connection before
    the server's own buffers grow). Held if they grew less than `limit_mb` over the last
    `seconds / 2` of the run (the growth stopped: the readers were dropped or their queues
    bounded); the run lasts `seconds`, longer while they still grow (at most three times)."""
    host = await open_ws(address)
    created = await new_game(host, players, ["normal"] * players, lobby=True)
    code = created["code"]
    # never read: the client takes at most one message off the socket, then stops reading
    watchers = [await open_ws(address, max_queue=1, rcvbuf=4096) for _ in range(readers)]
    for ws in watchers:
        await ws.send(message("watch", game_version=game_version(), code=code))
    async with probing(address) as probe:
        def held() -> int:  # what the readers cost: the server's memory and the queues
            return _rss(server) + queued(address)

        before = held()
        await host.send(message("start", code=code, level="normal",
                                host_token=created["host_token"]))
        samples: list[tuple[float, float]] = []
        start = time.monotonic()
        window = seconds / 2

        def late_growth(now: float) -> float:  # over the last `window` seconds
            return samples[-1][1] - next(mb for t, mb in samples if t >= now - window)

        # a loaded machine plays the game slower and so fills the queues later: while they
        # still grow, look on, up to three times as long (unbounded queues grow throughout)
        while ((now := time.monotonic() - start) < seconds
               or (now < 3 * seconds and late_growth(now) >= limit_mb)):
            samples.append((round(now, 1), round((held() - before) / MB, 1)))
            await asyncio.sleep(0.5)
        after, in_queues = held(), queued(address)
        samples.append((round(now, 1), round((after - before) / MB, 1)))
        times = await probe.stop()
    await _close_all([host, *watchers])
    grown = (after - before) / MB
    late = late_growth(now)
    every = max(1, len(samples) // 8)
    return Result("slow readers", server is not None and late < limit_mb,
                  f"{readers} never-reading spectators on a {players}-player bot game for "
                  f"{now:.0f} s: the server's memory and the TCP queues to them grew "
                  f"{grown:.1f} MB, {late:.1f} MB of it in the last {window:.0f} s "
                  f"({in_queues / MB:.1f} MB in the queues at the end)",
                  {"grown_mb": round(grown, 1), "late_mb": round(late, 1),
                   "mb_per_s": round(grown / now, 2), "over_time_s_mb": samples[::every]},
                  times)


async def hard_table(address: str, server: ServedGame | None = None, seconds: float = 15.0,
                     players: int = 5) -> Result:
    """#38 item 2: a table of five hard bots; others' answer times. Held if their median is
    under 250 ms."""
    host = await open_ws(address)
    async with probing(address) as probe:
        await asyncio.sleep(1.0)  # the probe alone first
        alone = quantiles(probe.times)
        probe.times.clear()
        await host.send(create(players, ["hard"] * players))
        created = await answer(host, "created")
        await asyncio.sleep(seconds)
        times = await probe.stop()
    # how far the bots got (a table that did not play would prove nothing)
    played = -1
    if created["type"] == "created":
        await host.send(message("watch", game_version=game_version(), code=created["code"]))
        got = await answer(host, "update")
        played = got.get("at", -1) if got["type"] == "update" else -1
    await _close_all([host])
    return Result("hard table", times["median_ms"] < 250 and played > 0,
                  f"a game of {players} hard bots for {seconds:.0f} s: "
                  + (f"{played} actions played" if played >= 0 else
                     f"not played ({created.get('reason')!r})"),
                  {"probe_alone_median_ms": alone["median_ms"]}, times)


async def cap_fill(address: str, server: ServedGame | None = None, attempts: int = 40,
                   most: int = 39) -> Result:
    """#38 item 3 (a): one connection from one address creates games as fast as it can, up to
    `attempts`. Held if it got no more than `most` (creation limited per address, below
    the server's cap of games)."""
    host = await open_ws(address)
    accepted, reason = 0, ""
    async with probing(address) as probe:
        start = time.monotonic()
        for _ in range(attempts):
            await host.send(create(5))
            got = await answer(host, "created", timeout=120)
            if got["type"] == "refused":
                reason = got["reason"]
                break
            accepted += 1
        took = time.monotonic() - start
        times = await probe.stop()
    await _close_all([host])
    return Result("cap fill", bool(reason) and accepted <= most,
                  f"one connection created {accepted} of {attempts} games in {took:.1f} s"
                  + (f", then: {reason!r}" if reason else ", none refused"),
                  {"created": accepted, "seconds": round(took, 1)}, times)


async def cap_frees(address: str, server: ServedGame | None = None, attempts: int = 250,
                    wait: float = 10.0) -> Result:
    """#38 item 3 (b): create short bot games (1 turn) until a create is refused, let them
    end, and create again. Held if the create after they ended is accepted."""
    host = await open_ws(address)
    accepted, reason = 0, ""
    codes = []
    for _ in range(attempts):
        await host.send(create(5, ["normal"] * 5, max_turns=1))
        got = await answer(host, "created", timeout=120)
        if got["type"] == "refused":
            reason = got["reason"]
            break
        accepted += 1
        codes.append(got["code"])
    ended = await _all_over(address, codes, wait)
    await host.send(create(5))
    got = await answer(host, "created", timeout=60)
    await _close_all([host])
    again = got["type"] == "created"
    return Result("cap frees", bool(reason) and again,
                  f"{accepted} one-turn bot games created, then {reason or 'none refused'!r}; "
                  f"{ended} of them over; a create after: "
                  + ("accepted" if again else f"refused ({got.get('reason')!r})"),
                  {"created": accepted, "over": ended})


async def _all_over(address: str, codes: list[str], wait: float) -> int:
    """How many of the games end (a watcher gets the record) within `wait` seconds."""
    ws = await open_ws(address, NEW_USER_FROM)
    over = 0
    end = time.monotonic() + wait
    for code in codes:
        await ws.send(message("watch", game_version=game_version(), code=code))
        with contextlib.suppress(TimeoutError):
            while True:
                got = await answer(ws, "record", timeout=max(0.1, end - time.monotonic()))
                if got["type"] == "record":
                    over += 1
                    break
                if got["type"] == "refused":
                    if got.get("to") == "watch":  # a game over and gone: over too
                        over += 1
                    break
    await _close_all([ws])
    return over


async def watch_flood(address: str, server: ServedGame | None = None, conns: int = 3,
                      rate: float = 100.0, seconds: float = 5.0, limit_bytes: int = 16 * 1024
                      ) -> Result:
    """#38 item 4: `conns` connections send `watch` at `rate` a second each: bytes out per
    request and others' answer times. Held if a request costs less than `limit_bytes` out
    and the probe's median stays under 250 ms."""
    host = await open_ws(address)
    code = (await new_game(host, 5, lobby=True))["code"]
    flooders = [await open_ws(address) for _ in range(conns)]
    got = {"bytes": 0, "refused": 0, "closed": 0}
    text = message("watch", game_version=game_version(), code=code)

    async def read(ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                got["bytes"] += len(raw)
                if raw.startswith(f'{{"v":{VERSION},"type":"refused"'):
                    got["refused"] += 1
        except ConnectionClosed:
            got["closed"] += 1

    readers = [asyncio.create_task(read(ws)) for ws in flooders]
    async with probing(address) as probe:
        sent = sum(await asyncio.gather(*(paced(rate, seconds, functools.partial(ws.send, text))
                                          for ws in flooders)))
        await asyncio.sleep(1.0)  # the answers still on their way
        times = await probe.stop()
    for task in readers:
        task.cancel()
    await _close_all([host, *flooders])
    per = got["bytes"] / max(1, sent)
    return Result("watch flood", per < limit_bytes and times["median_ms"] < 250,
                  f"{conns} connections x {rate:.0f} watch/s for {seconds:.0f} s: "
                  f"{sent} sent ({len(text)} bytes each), {got['bytes'] / MB:.1f} MB out, "
                  f"{got['refused']} refused, {got['closed']} closed",
                  {"bytes_out_per_request": round(per), "amplification": round(per / len(text))},
                  times)


async def code_guess(address: str, server: ServedGame | None = None, conns: int = 50,
                     rate: float = 100.0, seconds: float = 5.0, games: int = 200,
                     days: float = 30.0) -> Result:
    """#38 item 5: `conns` connections from one address guess join codes at `rate` a second
    each. Held if, at the guesses per second answered, a hit with `games` open games takes
    longer than `days` on average."""
    host = await open_ws(address)
    length = len((await new_game(host, 5))["code"])
    guessers = []
    for _ in range(conns):
        with contextlib.suppress(OSError, InvalidHandshake, TimeoutError):
            guessers.append(await open_ws(address, timeout=5))
    counts = {"answered": 0, "hits": 0, "throttled": 0, "other": 0, "closed": 0}
    stop = asyncio.Event()

    async def guess(ws: ClientConnection) -> None:
        async def read() -> None:
            try:
                async for raw in ws:
                    data = json.loads(raw)
                    reason = data.get("reason", "")
                    if data["type"] == "joined":
                        counts["hits"] += 1
                    elif reason.startswith("no game with the code"):
                        counts["answered"] += 1
                    elif "too many" in reason or "slow down" in reason:
                        counts["throttled"] += 1
                    else:
                        counts["other"] += 1
            except ConnectionClosed:
                counts["closed"] += 1

        async def one() -> None:
            await ws.send(join("".join(random.choice(CODE_ALPHABET) for _ in range(length)),
                               "x"))

        reader = asyncio.create_task(read())
        await paced(rate, float("inf"), one, stop)
        await asyncio.sleep(0.5)
        reader.cancel()

    async with probing(address) as probe:
        tasks = [asyncio.create_task(guess(ws)) for ws in guessers]
        start = time.monotonic()
        await asyncio.sleep(seconds)
        stop.set()
        took = time.monotonic() - start
        await asyncio.gather(*tasks)
        times = await probe.stop()
    await _close_all([host, *guessers])
    per_s = counts["answered"] / took
    space = len(CODE_ALPHABET) ** length
    to_hit = space / (games * per_s) if per_s else float("inf")
    return Result("code guess", to_hit > days * 86400 and counts["hits"] == 0,
                  f"{len(guessers)} of {conns} connections guessed {length}-character codes: "
                  f"{per_s:.0f} guesses/s answered; with {games} open games a hit is expected "
                  f"in {_duration(to_hit)}",
                  {"guesses_per_s": round(per_s), **counts, "hit_expected_s": round(to_hit)},
                  times)


def _duration(seconds: float) -> str:
    if seconds == float("inf"):
        return "never"
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            return f"{seconds / size:.1f} {unit}"
    return f"{seconds:.0f} s"


async def squatter(address: str, server: ServedGame | None = None) -> Result:
    """#38 item 6: someone with the code takes an open seat; the host hands it to a bot; the
    squatter comes back with their token. Held if the squatter does not hold the seat then."""
    host = await open_ws(address)
    created = await new_game(host, 5, lobby=True)
    code, seats = created["code"], created["seats"]
    await host.send(join(code, seats[0]))
    assert (await answer(host, "joined"))["type"] == "joined"
    squat = await open_ws(address)
    await squat.send(join(code, seats[1]))
    joined = await answer(squat, "joined")
    if joined["type"] != "joined":
        await _close_all([host, squat])
        return Result("squatter", True, f"the squatter's join was refused: {joined['reason']!r}")
    token = joined["token"]
    await squat.close()
    await host.send(message("hand", code=code, seat=seats[1], level="normal",
                            host_token=created["host_token"]))
    handed = await answer(host, "table")
    back = await open_ws(address)
    await back.send(message("resume", game_version=game_version(), code=code, seat=seats[1],
                            token=token))
    got = await answer(back, "joined")
    await _close_all([host, back])
    if handed["type"] == "refused":
        return Result("squatter", False, f"the host could not hand the seat to a bot: "
                                         f"{handed['reason']!r}")
    taken = got["type"] == "joined"
    return Result("squatter", not taken,
                  "the squatter's seat was handed to a bot; the squatter's resume then: "
                  + ("took the seat back" if taken else f"refused ({got['reason']!r})"))


async def idle_flood(address: str, server: ServedGame | None = None, conns: int = 1000,
                     batch: int = 100, wait: float = 10.0) -> Result:
    """#38 item 7: `conns` idle connections from one address: the server's memory, and
    whether a new user (another address) still gets in (connects and creates a game within
    `wait` seconds). Held if the new user gets in."""
    before = _rss(server)
    opened: list[ClientConnection] = []
    failed = 0
    for first in range(0, conns, batch):
        tried = await asyncio.gather(*(open_ws(address, timeout=3)
                                       for _ in range(min(batch, conns - first))),
                                     return_exceptions=True)
        for ws in tried:
            if isinstance(ws, BaseException):
                failed += 1
            else:
                opened.append(ws)
    await asyncio.sleep(0.5)
    after = _rss(server)
    start = time.monotonic()
    got_in, why = False, ""
    try:
        user = await open_ws(address, NEW_USER_FROM, timeout=wait)
        await new_game(user, 5)
        got_in = True
        await _close_all([user])
    except (OSError, InvalidHandshake, TimeoutError, AssertionError) as err:
        why = f"{type(err).__name__}: {err}"[:120]
    took = time.monotonic() - start
    still = sum(1 for ws in opened if ws.close_code is None)
    await _close_all(opened)
    per = (after - before) / max(1, len(opened))
    return Result("idle flood", got_in,
                  f"{len(opened)} idle connections open ({failed} failed to open); a new "
                  f"user {'got in' if got_in else 'was locked out'} in {took:.1f} s"
                  + (f" ({why})" if why else ""),
                  {"open": len(opened), "still_open": still,
                   "grown_mb": round((after - before) / MB, 1),
                   "kb_per_connection": round(per / 1024, 1)})


async def deep_json(address: str, server: ServedGame | None = None, depth: int = 5000
                    ) -> Result:
    """#38 item 9: JSON nested `depth` deep (within the message size limit). Held if it is
    refused with a reason (not the server's own failure) and the connection still answers."""
    ws = await open_ws(address)
    await ws.send("[" * depth + "]" * depth)
    try:
        got = await answer(ws, "refused", timeout=30)
        await ws.send(message("watch", game_version=game_version(), code="AAAAAA"))
        after = await answer(ws, "refused", timeout=30)
        alive = after["type"] == "refused"
    except (ConnectionClosed, TimeoutError) as err:
        got, alive = {"reason": f"no answer: {type(err).__name__}"}, False
    await _close_all([ws])
    reason = got.get("reason", "")
    return Result("deep json", alive and bool(reason) and reason != FAILED,
                  f"JSON nested {depth} deep: {reason!r}; the connection "
                  + ("lives on" if alive else "was lost"))


async def try_pileup(address: str, server: ServedGame | None = None, conns: int = 40,
                     rate: float = 90.0, seconds: float = 60.0, limit_kb: float = 50.0
                     ) -> Result:
    """#38 item 9: `try` with a new label each time, from `conns` connections holding the deciding
    seat (ATTACKERS_PER_ADDRESS from each address), at `rate` a second each: the server's
    memory after the first third (which fills the free space the heap had). Held if it grew
    less than `limit_kb` a thousand tries then (a label kept costs about 240 bytes)."""
    host = await open_ws(address)
    created = await new_game(host, 5)
    tokens, update = await sit_everywhere(host, created["code"], created["seats"])
    code, seat, at = created["code"], update["seat"], update["at"]
    tries = [host]
    for n in range(1, conns):  # from several addresses: one allows 32 connections
        ws = await open_ws(address, attacker_from(n))
        await ws.send(message("resume", game_version=game_version(), code=code, seat=seat,
                              token=tokens[seat]))
        assert (await answer(ws, "joined"))["type"] == "joined"
        tries.append(ws)
    counts = {"tried": 0, "refused": 0}

    async def read(ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                kind = json.loads(raw)["type"]
                if kind in counts:
                    counts[kind] += 1

    async def send(ws: ClientConnection, n: int) -> None:
        labels = itertools.count()

        async def one() -> None:
            label = f"{n}-{next(labels)}-" + "x" * 180
            await ws.send(message("try", code=code, seat=seat, at=at, label=label))

        await paced(rate, seconds, one)

    readers = [asyncio.create_task(read(ws)) for ws in tries]
    async def half() -> tuple[int, int]:  # the memory at a third of the time (the heap's
        await asyncio.sleep(seconds / 3)    # free space taken up by then) and the tries
        return _rss(server), counts["tried"]  # answered by then

    async with probing(address) as probe:
        await asyncio.sleep(0.5)
        middle = asyncio.create_task(half())
        await asyncio.gather(*(send(ws, n) for n, ws in enumerate(tries)))
        await asyncio.sleep(1.0)
        after = _rss(server)
        times = await probe.stop()
    before, tried_before = await middle
    for task in readers:
        task.cancel()
    await _close_all(tries)
    grown = (after - before) / MB
    tried = counts["tried"] - tried_before
    per = (after - before) / 1024 / max(1, tried) * 1000
    return Result("try pile-up", server is not None and tried > 0 and per < limit_kb,
                  f"{counts['tried']} tries with new labels answered ({counts['refused']} "
                  f"refused) in {seconds:.0f} s: the server grew {grown:.1f} MB over the "
                  f"last {tried}",
                  {"grown_mb": round(grown, 1), "kb_per_1000_tries": round(per)}, times)


async def version_float(address: str, server: ServedGame | None = None) -> Result:
    """#38 item 9: a create naming protocol version `VERSION.0` (a float). Held if refused."""
    ws = await open_ws(address)
    text = create(5).replace(f'"v":{VERSION},', f'"v":{VERSION}.0,', 1)
    assert f'"v":{VERSION}.0' in text
    await ws.send(text)
    got = await answer(ws, "created")
    await _close_all([ws])
    refused = got["type"] == "refused" and "version" in got["reason"]
    return Result("version float", refused,
                  f"a create with \"v\":{VERSION}.0 was "
                  + (f"refused ({got['reason']!r})" if refused else "accepted"))


async def unknown_b_events(address: str, server: ServedGame | None = None) -> Result:
    """#38 item 9: a create whose Events module names B-events that do not exist. Held if
    refused."""
    ws = await open_ws(address)
    await ws.send(create(5, events={"b_events": ["no-such-event", "nor-this-one"]}))
    got = await answer(ws, "created")
    await _close_all([ws])
    refused = got["type"] == "refused" and "event" in got["reason"].lower()
    return Result("unknown b_events", refused,
                  "a create naming unknown B-events was "
                  + (f"refused ({got['reason']!r})" if refused else "accepted"))


ATTACKS = {f.__name__: f for f in (slow_readers, hard_table, cap_fill, cap_frees, watch_flood,
                                   code_guess, squatter, idle_flood, deep_json, try_pileup,
                                   version_float, unknown_b_events)}
