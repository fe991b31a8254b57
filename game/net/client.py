"""A headless network client: joins one seat of a hosted game and lets a bot play it.

It keeps what `netcheck` needs to judge the server: a digest of every view received (by the
number of actions it follows), the bytes received, and any message that carried what the seat
may not see (another player's hand, a deck, the generator).

    python -m game.net.client --url ws://127.0.0.1:PORT --code ABC123 --seat egypt --out F.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.bots import make_bot
from game.core import MapGraph, StateError
from game.persist import SaveError, decode_save, game_version

from .netcheck import CountingConnection
from .protocol import MAX_SERVER_MESSAGE, ProtocolError, message, parse_server_message, view_digest
from .viewdiff import ClientViews
from .wire import HIDDEN_SEED, MapKeeper, read_map, read_view

# Keys that only the server's state holds; a view carries its own seat's `hand` at the top only.
HIDDEN_KEYS = {"hand", "hands", "rng", "stacks", "discards", "deck"}
# Keys of those names that a seat's own view holds by right: its own hand of commodity cards
# and of private events, and the event cards already seen by all (the event discards).
OWN_PATHS = {".view.hand", ".view.events.hand", ".view.events.discards"}


@dataclass
class SeatReport:
    seat: str
    views: list[tuple[int, str]] = field(default_factory=list)  # (action count, view digest)
    bytes: int = 0
    messages: int = 0
    leaks: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    game_over: bool = False
    tls: bool = False
    first_view_at: float = 0.0  # wall-clock times (seconds since the epoch), for rates
    last_view_at: float = 0.0
    record_hash: str = ""  # the final state hash of the record sent at the end
    record_actions: int = 0
    record_bytes: int = 0  # its size (not counted in `bytes`: sent once, not per action)
    join_bytes: int = 0  # of `bytes`, those before the game started (the map, the seats)
    wire_bytes: int = 0  # bytes read from the connection before the record (compressed)
    wire_join_bytes: int = 0  # of those, before the game started


def leaks(msg: dict[str, Any], seat: str | None, over: bool = False) -> list[str]:
    """Where `msg` shows what `seat` may not see (`over`: the game has ended, and its record
    is everyone's)."""
    found = []
    if msg.get("type") == "record":
        return [] if over else ["the whole game's record before its end"]
    view = msg.get("view")
    if isinstance(view, dict) and view.get("viewer") != seat:
        found.append(f"a view for {view.get('viewer')!r} sent to {seat!r}")
    if isinstance(view, dict) and view.get("config", {}).get("seed") != HIDDEN_SEED:
        found.append("the seed (it deals the decks)")

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                here = f"{path}.{key}"
                if key in HIDDEN_KEYS and here not in OWN_PATHS:
                    found.append(here)
                walk(item, here)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")

    walk(msg, "")
    return found


async def play_seat(url: str, code: str, seat: str, level: str = "normal", seed: int = 0,
                    max_seconds: float = 3600.0) -> SeatReport:
    """Join `seat`, play it with a bot to the end of the game; the report of what came."""
    report = SeatReport(seat)
    bot = make_bot(level, seed)
    graph: MapGraph | None = None
    acted_at = -1
    views = ClientViews()  # updates patch the view acknowledged last (issue 37)
    maps = MapKeeper()  # a map is sent once per connection (issue 38)
    wire_now, playing = 0, False
    async with connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=30,
                       create_connection=CountingConnection) as ws:
        await ws.send(message("join", game_version=game_version(), code=code, seat=seat))
        async with asyncio.timeout(max_seconds):
            async for raw in ws:
                assert isinstance(ws, CountingConnection)
                wire_then, wire_now = wire_now, ws.received_bytes  # this message came between
                report.messages += 1
                report.bytes += len(raw)
                msg = maps.take(parse_server_message(raw))
                if msg["type"] == "update" and msg.get("started") and not playing:
                    playing = True
                    report.join_bytes = report.bytes - len(raw)
                    report.wire_join_bytes = wire_then
                taken = views.take(msg)
                for ack in views.acks(time.monotonic()):
                    await ws.send(ack)
                if taken is None or taken.get("stale"):
                    continue  # a whole view is asked for
                msg = taken
                report.leaks += leaks(msg, seat, report.game_over)
                if msg["type"] == "record":
                    if report.game_over:  # the end's record: the replay as the client gets it
                        report.bytes -= len(raw)
                        report.record_bytes = len(raw)
                        report.wire_bytes = wire_then
                        saved = decode_save(msg["save"])
                        report.record_hash = saved.state.state_hash()
                        report.record_actions = len(saved.record.actions)
                        break
                    continue
                if msg["type"] == "refused":
                    report.refusals.append(str(msg.get("reason")))
                    if msg.get("to") == "join":
                        break
                    continue
                if msg["type"] == "joined":
                    graph = read_map(msg["map"])
                    report.tls = bool(msg.get("tls"))
                    continue
                if msg["type"] != "update" or msg.get("seat") != seat:
                    continue
                report.views.append((msg["at"], view_digest(msg["view"])))
                report.last_view_at = time.time()
                report.first_view_at = report.first_view_at or report.last_view_at
                if msg["game_over"]:
                    report.game_over = True  # the record follows
                    continue
                pending = msg["view"].get("pending")
                if graph is not None and msg["started"] and msg["at"] != acted_at and pending \
                        and pending.get("player") == seat and pending.get("options"):
                    acted_at = msg["at"]  # once per decision, however often it is shown
                    label = bot.choose(read_view(msg["view"], graph))
                    await ws.send(message("act", code=code, seat=seat, label=label,
                                          at=msg["at"]))
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.client")
    parser.add_argument("--url", required=True)
    parser.add_argument("--code", required=True)
    parser.add_argument("--seat", required=True)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", metavar="FILE", help="write the report as JSON here")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(play_seat(args.url, args.code, args.seat, args.level, args.seed))
    except (OSError, ConnectionClosed, ProtocolError, StateError, TimeoutError,
            ValueError, SaveError) as err:
        print(f"calamitas client {args.seat}: {err}", file=sys.stderr)
        return 1
    text = json.dumps(asdict(report))
    if args.out:
        Path(args.out).write_text(text)
    else:
        print(text)
    return 0 if report.game_over and report.record_hash and not report.leaks else 1


if __name__ == "__main__":
    raise SystemExit(main())
