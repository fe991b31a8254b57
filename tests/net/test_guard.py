"""Issue 38: what one connection or one address may cost the server (game.net.guard).

Each test attacks the server as the tester did (from loopback), with the guard's limits made
small so that it runs in seconds, and checks that the attack is refused or cheap.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.core import to_plain
from game.net.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_SERVER_MESSAGE,
    VERSION,
    ProtocolError,
    message,
    parse_client_message,
    view_digest,
)
from game.net.server import GameServer, run_server
from game.net.wire import wire_view
from game.persist import game_version

from .netkit import TIMEOUT, create_message, join_message, latest_update, open_client, receive

SEND_BUFFER = 16 * 1024  # the server's socket buffer to each client in the slow-reader tests


def queued(ws: ServerConnection) -> int:
    """Bytes the server holds for a connection, not yet handed to the system."""
    return int(ws.transport.get_write_buffer_size())


@asynccontextmanager
async def guarded(folder: Path, small_buffers: bool = False, **limits: Any
                  ) -> AsyncIterator[tuple[str, GameServer]]:
    """A server on loopback with the guard's `limits` (Limits' fields) changed; with
    `small_buffers`, the system's send buffer to each client is small (else the system holds
    megabytes for a reader that stopped before the server's own queue grows)."""
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[None] = loop.create_future()
    ready: asyncio.Future[str] = loop.create_future()
    servers: list[GameServer] = []

    def keep(server: GameServer) -> None:
        guard = getattr(server, "guard", None)
        for name, value in limits.items():
            if guard is not None:
                setattr(guard.limits, name, value)
        if small_buffers:
            handle = server.handle

            async def small(ws: ServerConnection) -> None:
                sock = ws.transport.get_extra_info("socket")
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
                await handle(ws)

            server.handle = small  # type: ignore[method-assign]
        servers.append(server)

    task = asyncio.create_task(run_server("127.0.0.1", 0, folder, ready=ready.set_result,
                                          stop=stop, on_server=keep))
    try:
        yield await asyncio.wait_for(ready, TIMEOUT), servers[0]
    finally:
        stop.set_result(None)
        await asyncio.wait_for(task, TIMEOUT)


async def slow_reader(address: str) -> ClientConnection:
    """A client that reads nothing (until its transport's reading is resumed): its side of
    the connection holds little, uncompressed (as a raw script's would be)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    host, port = address.removeprefix("ws://").rsplit(":", 1)
    sock.connect((host, int(port)))
    ws = await connect(address, sock=sock, max_size=MAX_SERVER_MESSAGE, compression=None)
    ws.transport.pause_reading()
    return ws


def watch(code: str) -> str:
    return message("watch", game_version=game_version(), code=code)


async def bot_table(host: ClientConnection, players: int = 6, level: str = "random",
                    max_turns: int = 40) -> tuple[str, str]:
    """A lobby game of bots only (held until the host starts it): (code, host token)."""
    await host.send(message("create", game_version=game_version(), players=players, seed=5,
                            ruleset="classic", max_turns=max_turns, seats=[level] * players,
                            lobby=True))
    created = await receive(host, "created")
    return created["code"], created["host_token"]


async def read_all(ws: ClientConnection) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


async def closed_reason(ws: ClientConnection, seconds: float = TIMEOUT) -> tuple[int, str]:
    """(code, reason) the server closed the connection with (reading what came before)."""
    with pytest.raises(ConnectionClosed) as closed:
        async with asyncio.timeout(seconds):
            async for _ in ws:
                pass
    rcvd = closed.value.rcvd
    assert rcvd is not None, "closed without a close frame"
    return rcvd.code, rcvd.reason


def run(body: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(body())  # type: ignore[arg-type]


# --- 1: readers that stop reading (issue 38 item 1) --------------------------------------------

QUEUE_LIMIT = 32 * 1024


def test_a_reader_that_stops_is_sent_nothing_more_and_resynced_whole_once_it_reads(
        tmp_path: Path) -> None:
    """Three spectators that never read, on a bot game: the server never holds more than its
    limit (and one message) for any of them; one that reads again is sent the game whole,
    as it stands now."""

    async def main() -> None:
        async with guarded(tmp_path, small_buffers=True, queue_limit=QUEUE_LIMIT,
                           resync_below=4096, behind_limit=600.0) as (address, server):
            host = await open_client(address)
            code, token = await bot_table(host)
            slow = [await slow_reader(address) for _ in range(3)]
            for ws in slow:
                await ws.send(watch(code))
            reader = asyncio.create_task(read_all(host))
            await host.send(message("start", code=code, host_token=token, level="random"))
            game = server.games[code]
            most = 0
            async with asyncio.timeout(120):
                while game.at < 400 and not game.state.game_over:
                    await asyncio.sleep(0.02)
                    for client in list(game.watchers):
                        if client.ws is not None:
                            most = max(most, queued(client.ws))
            # the answer to its watch (the map, the view, the table), then one update more
            answer = len(json.dumps(to_plain(game.state.map))) + 2 * len(
                json.dumps(wire_view(game.state, None))) + 4096
            assert game.at >= 400, "the game ended too soon to tell"
            assert most <= QUEUE_LIMIT + answer, f"{most} bytes queued to a stopped reader"
            # one reads again: it is sent the game whole, at the action it stands at now
            game_at = game.at
            latest: dict[str, Any] = {}
            slow[0].transport.resume_reading()
            async with asyncio.timeout(60):
                async for raw in slow[0]:
                    msg = json.loads(raw)
                    if msg["type"] == "update" and "view" in msg:
                        latest = msg
                        # (updates queued before it fell behind may reach past game_at: the
                        # bots play on; the resync comes after them)
                        if msg["at"] >= game_at and server.guard.resyncs:
                            break
            assert latest["at"] >= game_at
            assert latest["hash"] == view_digest(wire_view(game.state, None)) or \
                latest["at"] < game.at  # the bots may have played on meanwhile
            assert server.guard.resyncs >= 1
            for ws in (*slow, host):
                ws.transport.abort()
            reader.cancel()

    run(main)


def test_a_reader_behind_too_long_is_closed_with_a_reason_and_forgotten(tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path, small_buffers=True, queue_limit=QUEUE_LIMIT,
                           behind_limit=0.5, close_grace=30.0) as (address, server):
            host = await open_client(address)
            code, token = await bot_table(host)
            stalled = await slow_reader(address)
            await stalled.send(watch(code))
            reader = asyncio.create_task(read_all(host))
            await host.send(message("start", code=code, host_token=token, level="random"))
            game = server.games[code]
            guard = getattr(server, "guard", None)
            waited = time.monotonic() + 15
            while time.monotonic() < waited and not (
                    guard and any(conn.closing for conn in guard.conns.values())):
                await asyncio.sleep(0.05)
            stalled.transport.resume_reading()  # it reads at last: the close and its reason
            _, reason = await closed_reason(stalled)
            assert reason == "your connection is too slow to follow the game"
            async with asyncio.timeout(5):
                while game.watchers:  # the host created it, and watches nothing
                    await asyncio.sleep(0.05)
            assert len(server.guard.conns) == 1  # the host's only
            host.transport.abort()
            reader.cancel()

    run(main)


# --- 2: watch and the map (issue 38 item 4) ----------------------------------------------------

def test_the_map_goes_once_per_connection_and_is_encoded_once_per_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.core

    encoded: list[object] = []
    plain = game.core.to_plain

    def counting(value: Any) -> Any:
        if type(value).__name__ == "MapGraph":
            encoded.append(value)
        return plain(value)

    monkeypatch.setattr(game.core, "to_plain", counting)

    async def main() -> None:
        async with guarded(tmp_path) as (address, _):
            host = await open_client(address)
            await host.send(create_message(players=5))
            created = await receive(host, "created")
            code = created["code"]
            await host.send(watch(code))
            first = await receive(host, "joined")
            await host.send(join_message(code, created["seats"][0]))
            second = await receive(host, "joined")
            assert "map" in first and "map" not in second
            assert second["map_digest"] == first["map_digest"] == view_digest(first["map"])
            others = [await open_client(address) for _ in range(3)]
            for ws in others:
                await ws.send(watch(code))
                assert (await receive(ws, "joined"))["map"] == first["map"]
                await ws.close()
            assert len(encoded) == 1, f"the map was encoded {len(encoded)} times"
            await host.close()

    run(main)


def test_a_client_link_rebuilds_a_map_named_by_digest(tmp_path: Path) -> None:
    from game.net.link import Link

    async def main() -> None:
        async with guarded(tmp_path) as (address, _):
            host = await open_client(address)
            await host.send(create_message(players=5, seats=["", *["random"] * 4]))
            created = await receive(host, "created")
            link = Link(address)
            link.send(watch(created["code"]))
            link.send(join_message(created["code"], created["seats"][0]))
            joined: list[dict[str, Any]] = []
            async with asyncio.timeout(TIMEOUT):
                while len(joined) < 2:
                    await asyncio.sleep(0.05)
                    joined += [m for m in link.received() if m["type"] in ("joined", "lost")]
            assert [m["type"] for m in joined] == ["joined", "joined"]
            assert joined[0]["map"] == joined[1]["map"] and joined[1]["seat"]
            assert list(link.maps.maps) == [joined[0]["map_digest"]]  # sent once, kept
            link.close(wait=False)
            await host.close()
            await asyncio.to_thread(link.close, True)

    run(main)


def test_watch_and_join_have_their_own_limits_per_connection_and_per_address(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path, costly_rate=1.0, costly_burst=5,
                           address_costly_rate=1.0, address_costly_burst=12) as (address, _):
            host = await open_client(address)
            await host.send(create_message(players=5))
            code = (await receive(host, "created"))["code"]
            one = await open_client(address)
            for _ in range(10):
                await one.send(watch(code))
            answers = []  # each watch ends in a table (joined, update, table) or a refusal
            while len(answers) < 10:
                kind = (await receive(one))["type"]
                if kind in ("table", "refused"):
                    answers.append(kind)
            refused = answers.count("refused")
            assert 4 <= refused <= 6, answers  # 5 at once, then about one a second
            others = [await open_client(address) for _ in range(4)]
            reasons = []
            for ws in others:
                for _ in range(3):
                    await ws.send(watch(code))
            for ws in others:
                for _ in range(3):
                    msg = await receive(ws)
                    while msg["type"] in ("update", "joined"):
                        msg = await receive(ws)
                    reasons.append(msg.get("reason", msg["type"]))
            assert sum("from your address" in r for r in reasons) >= 5, reasons
            for ws in (host, one, *others):
                await ws.close()

    run(main)


# --- 3: join codes (issue 38 item 5) ----------------------------------------------------------

def test_codes_are_forty_bits() -> None:
    assert len(CODE_ALPHABET) ** CODE_LENGTH >= 2 ** 40


def test_wrong_codes_are_limited_per_address_not_per_connection(tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path, wrong_code_rate=0.5, wrong_code_burst=6) as (address, _):
            host = await open_client(address)
            await host.send(create_message(players=5))
            code = (await receive(host, "created"))["code"]
            guessers = [await open_client(address) for _ in range(4)]
            reasons = []
            started = time.monotonic()
            for i, ws in enumerate(guessers):
                for j in range(5):
                    await ws.send(watch(f"ZZZZ{'ABCD'[i]}{'ABCDE'[j]}"))  # no game's
                    reasons.append((await receive(ws, "refused"))["reason"])
            elapsed = time.monotonic() - started
            missed = [r for r in reasons if "no game with the code" in r]
            limited = [r for r in reasons if "too many codes that name no game" in r]
            assert len(missed) <= 6 + elapsed * 0.5 + 1, reasons
            assert len(missed) + len(limited) == 20
            # the right code still works from that address (a table behind one router)
            await guessers[0].send(watch(code))
            assert (await receive(guessers[0], "joined"))["code"] == code
            for ws in (host, *guessers):
                await ws.close()

    run(main)


def test_a_join_code_is_read_in_groups_and_old_codes_still_read() -> None:
    from game.net.protocol import spaced
    from game.ui.scenes.join import read_code

    assert spaced("ABCDEFGH") == "ABCD EFGH"
    assert read_code("abcd-efgh") == "ABCDEFGH"
    assert read_code("abc def") == "ABCDEF"  # a game made before codes were longer
    with pytest.raises(ValueError, match="eight|8"):
        read_code("ABCDEFG")


# --- 4: connections (issue 38 item 7) ---------------------------------------------------------

def test_connections_per_address_are_limited_and_a_place_frees_when_one_goes(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path, per_address=3) as (address, server):
            kept = [await open_client(address) for _ in range(3)]
            for ws in kept:
                await ws.send(create_message(players=5))  # something asked: not idle
                await receive(ws, "created")
            extra = await open_client(address)
            code, reason = await closed_reason(extra, 5)
            assert (code, reason) == (1013, "too many connections from your address")
            await kept[0].close()
            await asyncio.sleep(0.2)
            again = await open_client(address)
            await again.send(create_message(players=5))
            assert (await receive(again, "created"))["code"]
            assert len(server.guard.conns) == 3
            for ws in (*kept[1:], again):
                await ws.close()

    run(main)


def test_connections_in_all_stay_below_the_open_file_limit(tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path, total_connections=4) as (address, _):
            kept = [await open_client(address) for _ in range(4)]
            extra = await open_client(address)
            assert (await closed_reason(extra, 5))[1] == "the server is full: try again later"
            for ws in kept:
                await ws.close()

    run(main)
    from game.net.guard import connection_cap

    assert connection_cap(1024) <= 1024 - 200  # room for the games' journals, the logs
    assert connection_cap(65536) > 60000


def test_idle_connections_are_closed_with_a_reason_and_forgotten(tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path, open_grace=0.5, idle_limit=1.0, tick=0.1) as (address,
                                                                                  server):
            silent = await open_client(address)
            creator = await open_client(address)
            await creator.send(create_message(players=5))
            code = (await receive(creator, "created"))["code"]
            spectator = await open_client(address)
            await spectator.send(watch(code))
            await receive(spectator, "joined")
            started = time.monotonic()
            assert (await closed_reason(silent, 5))[1] == \
                "nothing asked for: join or watch a game on connecting"
            assert (await closed_reason(creator, 5))[1] == "idle for too long"
            assert time.monotonic() - started < 4
            await asyncio.sleep(1.5)  # the spectator holds a (spectator's) place: it stays
            assert len(server.guard.conns) == 1
            assert not server.guard.addresses or \
                next(iter(server.guard.addresses.values())).open == 1
            await spectator.send(watch(code))
            assert (await receive(spectator, "joined"))["code"] == code
            await spectator.close()

    run(main)


# --- 5: minor (issue 38 item 9) ---------------------------------------------------------------

def test_json_nested_thousands_deep_is_refused_with_a_reason_and_no_traceback(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def main() -> None:
        async with guarded(tmp_path) as (address, _):
            ws = await open_client(address)
            await ws.send("[" * 5000 + "]" * 5000)
            refusal = await receive(ws, "refused")
            assert "nested" in refusal["reason"]
            await ws.send('{"v":' + str(VERSION) + ',"type":"act","x":' + "[" * 3000)
            assert "nested" in (await receive(ws, "refused"))["reason"]
            await ws.send(create_message(players=5))  # the connection lives on
            assert (await receive(ws, "created"))["code"]
            await ws.close()

    run(main)
    assert not [r for r in caplog.records if r.exc_info or r.levelname == "ERROR"]


def test_a_protocol_version_must_be_an_integer() -> None:
    raw = json.dumps({"v": float(VERSION), "type": "watch", "game_version": "x",
                      "code": "ABCDEF"})
    with pytest.raises(ProtocolError, match="protocol version"):
        parse_client_message(raw)


def test_try_answers_kept_are_bounded_by_the_options(tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path) as (address, server):
            ws = await open_client(address)
            await ws.send(create_message(players=5, seats=["", *["random"] * 4]))
            created = await receive(ws, "created")
            code, seat = created["code"], created["seats"][0]
            await ws.send(join_message(code, seat))
            update = await latest_update(ws, seat)
            game = server.games[code]
            assert game.state.pending is not None and game.state.pending.player == seat
            for i in range(150):  # within the flood limit (200 at once)
                await ws.send(message("try", code=code, seat=seat, at=update["at"],
                                      label=f"nonsense {i}"))
            for _ in range(150):
                assert (await receive(ws, "tried"))["options"] == []
            assert len(game.tried) <= len(game.state.pending.options)
            await ws.close()

    run(main)


def test_a_watch_code_lets_spectators_watch_a_game_under_way_and_take_no_seat(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with guarded(tmp_path) as (address, server):
            host = await open_client(address)
            await host.send(message("create", game_version=game_version(), players=5, seed=3,
                                    ruleset="classic", max_turns=0, lobby=True,
                                    seats=["", "", "random", "random", "random"]))
            created = await receive(host, "created")
            code, watch_code = created["code"], created["watch_code"]
            assert watch_code != code and len(watch_code) == CODE_LENGTH
            await host.send(join_message(code, created["seats"][0]))  # the host's seat
            assert (await receive(host, "joined"))["watch_code"] == watch_code
            stranger = await open_client(address)
            await stranger.send(watch(watch_code))  # in the lobby: open seats, so not yet
            assert "not started" in (await receive(stranger, "refused"))["reason"]
            await stranger.send(join_message(watch_code, created["seats"][1]))
            assert "no game" in (await receive(stranger, "refused"))["reason"]
            await host.send(message("start", code=code, host_token=created["host_token"],
                                    level="random"))
            await stranger.send(watch(watch_code))  # under way: it watches
            joined = await receive(stranger, "joined")
            assert joined["seat"] is None and "watch_code" not in joined
            update = await receive(stranger, "update")
            assert update["view"]["viewer"] is None
            for ws in (host, stranger):
                ws.transport.abort()
        # a restarted server gives the same watch code
        async with guarded(tmp_path) as (address, server):
            again = await open_client(address)
            await again.send(watch(watch_code))
            assert (await receive(again, "joined"))["code"] == code
            await again.close()

    run(main)
