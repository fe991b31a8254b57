"""python -m game netcheck: a whole normal-bot game through a real server and real clients.

Starts `python -m game serve` and one `python -m game.net.client` per seat as separate
processes on this machine (127.0.0.1 only), plays the game to its end, then checks that
every view each client received equals the view a local replay of the server's action log
gives that seat after the same action, that no client received anything of another seat's
hidden information, and that the replay's final state hash equals the server's.

The bytes are those each client received, counted two ways: the messages' text (what the
protocol sends, views patched as in issue 37) and the bytes read from the network (the frames
as sent, compressed by permessage-deflate, with their headers). Per action means once play has
begun: what came before (the map, sent once at join, the seats, the lobby's view) is shown
apart, as the record at the end is.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.sync.client import connect

from game.core import apply
from game.persist import SaveError, game_version, newest_autosave

from .protocol import MAX_SERVER_MESSAGE, message, parse_server_message, view_digest
from .wire import wire_view

HOST = "127.0.0.1"
START_SECONDS = 60


class NetcheckError(Exception):
    pass


class CountingConnection(ClientConnection):
    """A client connection that counts the bytes it reads from the network: the frames as
    sent, compressed (permessage-deflate), with their headers."""

    received_bytes = 0

    def data_received(self, data: bytes) -> None:
        self.received_bytes += len(data)
        super().data_received(data)


@dataclass
class NetcheckResult:
    players: int
    actions: int
    seconds: float
    bytes: int  # every message received by every client but the record at the end
    problems: list[str]
    record_bytes: int = 0  # the record sent to each client at the end, for the replay
    join_bytes: int = 0  # of `bytes`, those before the game started (the map, the seats)
    wire_bytes: int = 0  # the bytes read from the network for `bytes` (compressed frames)
    wire_join_bytes: int = 0  # of those, before the game started

    def lines(self) -> list[str]:
        rate = self.actions / self.seconds if self.seconds else 0.0
        actions = self.actions or 1
        play = (self.bytes - self.join_bytes) / actions
        wire = (self.wire_bytes - self.wire_join_bytes) / actions
        verdict = "ok" if not self.problems else f"{len(self.problems)} problem(s)"
        return [f"netcheck {self.players} players: {self.actions} actions in "
                f"{self.seconds:.1f} s, {rate:.0f} actions/s, {play:.0f} bytes/action "
                f"over all clients in play ({wire:.0f} read from the network, compressed; "
                f"{self.bytes / actions:.0f} with the joins), at join "
                f"{self.join_bytes / max(1, self.players) / 1000:.0f} KB a client (the map, "
                f"the seats), the record at the end {self.record_bytes / 1000:.0f} KB, "
                f"{verdict}", *self.problems[:20]]


def _start_server(folder: Path) -> tuple[subprocess.Popen[str], str]:
    errors = folder / "server-stderr.txt"
    with errors.open("w") as stderr:
        server = subprocess.Popen(
            [sys.executable, "-m", "game", "--data-dir", str(folder / "server"), "serve",
             "--host", HOST, "--port", "0"],
            stdout=subprocess.PIPE, stderr=stderr, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()  # the address, once listening
    if "ws://" not in line:
        server.kill()
        server.communicate(timeout=10)
        err = errors.read_text(errors="replace")
        raise NetcheckError(f"the server did not start: {(line + err).strip()[-300:]}")
    return server, line[line.index("ws://"):].split()[0]


def _create(url: str, players: int, seed: int, max_turns: int,
            events: bool) -> tuple[str, list[str]]:
    options: dict[str, Any] = {"events": {}} if events else {}  # the Events module's defaults
    with connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=START_SECONDS) as ws:
        ws.send(message("create", game_version=game_version(), players=players, seed=seed,
                        ruleset="classic", max_turns=max_turns, seats=[""] * players,
                        **options))
        reply = parse_server_message(ws.recv(timeout=START_SECONDS))
    if reply["type"] != "created":
        raise NetcheckError(f"the server refused the game: {reply.get('reason')}")
    return str(reply["code"]), [str(s) for s in reply["seats"]]


def netcheck(players: int, seed: int = 1, max_turns: int = 0, timeout: float = 3600.0,
             folder: Path | None = None, events: bool = False) -> NetcheckResult:
    """Run the check in `folder` (kept: the server's data and each client's report), or in
    a temporary folder; with `events`, the Events module is on."""
    if folder is None:
        with tempfile.TemporaryDirectory(prefix="calamitas-netcheck-") as tmp:
            return netcheck(players, seed, max_turns, timeout, Path(tmp), events)
    server, url = _start_server(folder)
    clients: list[subprocess.Popen[str]] = []
    try:
        code, seats = _create(url, players, seed, max_turns, events)
        for i, seat in enumerate(seats):
            clients.append(subprocess.Popen(
                [sys.executable, "-m", "game.net.client", "--url", url, "--code", code,
                 "--seat", seat, "--level", "normal", "--seed", str(seed * 1000 + i),
                 "--out", str(folder / f"{seat}.json")],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
        problems: list[str] = []
        for seat, proc in zip(seats, clients, strict=True):
            _, err = proc.communicate(timeout=timeout)
            if proc.returncode:
                problems.append(f"client {seat} exit {proc.returncode}: {err.strip()[-300:]}")
    finally:
        for proc in [*clients, server]:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    reports: dict[str, dict[str, Any]] = {}
    for seat in seats:
        path = folder / f"{seat}.json"
        if path.exists():
            reports[seat] = json.loads(path.read_text())
    # play time: from the last seat's first view (all seated) to the last view of the end
    times = [(float(r["first_view_at"]), float(r["last_view_at"]))
             for r in reports.values()]
    seconds = max(t[1] for t in times) - max(t[0] for t in times) if times else 0.0
    return judge(players, folder / "server" / "net" / code, reports, seconds, problems)


def judge(players: int, game_folder: Path, reports: dict[str, dict[str, Any]],
          seconds: float, problems: list[str]) -> NetcheckResult:
    """The verdict on a finished game from the server's save and the clients' reports."""
    saved = newest_autosave(game_folder)
    if saved is None:
        raise NetcheckError(f"the server left no save in {game_folder}")
    if not saved.state.game_over:
        problems.append("the server's last save is not of the game's end")
    record = saved.record
    try:
        state = record.start_state(saved.state)
    except Exception as err:  # noqa: BLE001 - reported, not raised
        raise NetcheckError(f"cannot rebuild the start: {err}") from None
    expected: dict[str, dict[int, str]] = {s: {} for s in reports}
    received = {s: {int(at): d for at, d in r["views"]}
                for s, r in reports.items()}
    for seat in reports:
        expected[seat][0] = view_digest(wire_view(state, seat))
    for i, action in enumerate(record.actions, start=1):
        apply(state, action)
        for seat in reports:
            if i in received[seat]:
                expected[seat][i] = view_digest(wire_view(state, seat))
    for seat, report in reports.items():
        got = received[seat]
        first = min(got) if got else 0
        missing = [at for at in range(first, len(record.actions) + 1) if at not in got]
        if missing:
            problems.append(f"{seat}: no view after {len(missing)} action(s), first {missing[0]}")
        wrong = [at for at, digest in got.items() if expected[seat].get(at) != digest]
        if wrong:
            problems.append(f"{seat}: {len(wrong)} view(s) differ from the server's, first "
                            f"after action {min(wrong)}")
        for leak in report["leaks"][:3]:
            problems.append(f"{seat} received hidden information: {leak}")
        if (report.get("record_hash"), report.get("record_actions")) != (
                saved.state.state_hash(), len(record.actions)):
            problems.append(f"{seat}: the record sent at the end is not the server's game")
    if state.state_hash() != saved.state.state_hash():
        problems.append(f"replay ends at {state.state_hash()}, the server at "
                        f"{saved.state.state_hash()}")
    def total(name: str) -> int:
        return sum(int(r.get(name, 0)) for r in reports.values())

    record_bytes = max((int(r.get("record_bytes", 0)) for r in reports.values()), default=0)
    return NetcheckResult(players, len(record.actions), seconds, total("bytes"), problems,
                          record_bytes, total("join_bytes"), total("wire_bytes"),
                          total("wire_join_bytes"))


def run_netcheck(players: int, seed: int, max_turns: int, events: bool = False) -> int:
    try:
        result = netcheck(players, seed=seed, max_turns=max_turns, events=events)
    except (NetcheckError, SaveError, OSError, subprocess.TimeoutExpired) as err:
        print(f"calamitas netcheck: {err}", file=sys.stderr)
        return 1
    for line in result.lines():
        print(line)
    return 1 if result.problems else 0
