"""The client's side of the network, beside a frame loop that must never wait on it.

`Link` holds one WebSocket connection on its own thread (with its own asyncio loop): `send`
queues a message and returns at once, `received` hands over what came since the last call.
Anything that goes wrong (a bad address, a refused connection, the server gone, a message that
breaks the protocol) arrives as one message of type `lost` with a one-line reason, never as an
exception in the caller's thread.

Updates come as patches of the view this client acknowledged last (issue 37): the link makes
each view whole and checks its digest here, so what `received` hands over carries the whole
`view`, and it acknowledges the views it holds (`ClientViews`) at most every `ACK_EVERY`
seconds, asking for a view whole when a patch does not fit.

`HostedServer` is the game server (`server.run_server`) on a thread of the client that hosts
the table, stopped cleanly by `stop`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import shutil
import socket
import threading
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.persist.strictjson import one_line

from .protocol import MAX_SERVER_MESSAGE, ProtocolError, parse_server_message
from .server import GameServer, run_server
from .server import lan_address as lan_address  # the client says its address as serve does
from .viewdiff import ClientViews
from .wire import MapKeeper

log = logging.getLogger(__name__)

DEFAULT_PORT = 7417
CONNECT_SECONDS = 6.0
STOP_SECONDS = 10.0
CLOSE_SECONDS = 2.0  # the most a closing handshake may take before the connection is dropped


def server_url(address: str) -> str:
    """'host:port' or 'host' (the usual port), or a ws:// / wss:// address, as a WebSocket
    URL; ValueError (one line) for anything else."""
    text = address.strip()
    if not text:
        raise ValueError("type the host's address, e.g. 192.168.1.20:7417")
    scheme = "ws"
    if "://" in text:
        scheme, text = text.split("://", 1)
        if scheme not in ("ws", "wss"):
            raise ValueError(f"{one_line(scheme, 20)}:// is not a game server address")
    text = text.rstrip("/")
    host, colon, port = text.rpartition(":")
    if not colon:
        host, port = text, str(DEFAULT_PORT)
    if (not host or not port.isdigit() or not 0 < int(port) < 65536
            or any(c.isspace() or c in "/?#@:" for c in host)):
        raise ValueError(f"{one_line(address, 60)!r} is not an address like 192.168.1.20:7417")
    return f"{scheme}://{host}:{int(port)}"


class Link:
    def __init__(self, url: str) -> None:
        self.url = url
        self.connected = False
        self.closed = False  # lost or closed: nothing more will come
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._early: list[str] = []  # sent before the connection was open
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: ClientConnection | None = None
        self._stop: asyncio.Future[None] | None = None
        self.views = ClientViews()  # the views held, made whole on the link's thread
        self.maps = MapKeeper()  # the maps sent on this connection (each is sent once)
        self._ack_timer: asyncio.TimerHandle | None = None
        self._acking: set[asyncio.Task[None]] = set()
        self._thread = threading.Thread(target=self._run, name="calamitas-link", daemon=True)
        self._thread.start()

    # -- the caller's thread ------------------------------------------------------------------
    def send(self, text: str) -> None:
        with self._lock:
            if self._ws is None or self._loop is None:
                if not self.closed:
                    self._early.append(text)
                return
            ws, loop = self._ws, self._loop
        with contextlib.suppress(RuntimeError):  # the loop has just ended
            asyncio.run_coroutine_threadsafe(_send(ws, text), loop)

    def received(self) -> list[dict[str, Any]]:
        """The messages that came since the last call, oldest first."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, wait: bool = False) -> None:
        """Close the connection; its thread ends on its own (with `wait`, this waits for it,
        briefly)."""
        with self._lock:
            self.closed = True
            loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_finish, stop)
        if wait:
            self._thread.join(STOP_SECONDS)

    # -- the link's thread --------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as err:  # never into the caller: one line, and the link is done
            self._lost(_reason(err))

    def _lost(self, reason: str) -> None:
        with self._lock:
            was_closed, self.closed = self.closed, True
            self.connected = False
        if not was_closed:
            self._inbox.put({"type": "lost", "reason": reason})

    async def _main(self) -> None:
        loop = asyncio.get_running_loop()
        stop: asyncio.Future[None] = loop.create_future()
        with self._lock:
            if self.closed:
                return
            self._loop, self._stop = loop, stop
        async with asyncio.timeout(CONNECT_SECONDS):
            ws = await connect(self.url, max_size=MAX_SERVER_MESSAGE, open_timeout=None,
                               close_timeout=CLOSE_SECONDS)
        async with ws:
            with self._lock:
                self._ws, early, self._early = ws, self._early, []
                self.connected = True
            for text in early:
                await ws.send(text)
            reader = asyncio.create_task(self._read(ws))
            await asyncio.wait([reader, stop], return_when=asyncio.FIRST_COMPLETED)
            if not reader.done():  # closed by the caller: nothing to report
                # the reader reads on meanwhile: a full queue of unread messages would keep
                # the server's answer to the close from being read
                await ws.close()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(reader, CLOSE_SECONDS)
                return
            reader.result()  # raises what ended the reading
            self._lost("the server closed the connection")

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            if self.closed:  # closing: what still comes is dropped unread
                continue
            try:
                msg = self.maps.take(parse_server_message(raw))
            except ProtocolError as err:
                self._lost(str(err))
                return
            if msg["type"] == "refused" and msg.get("to") == "ack":
                log.info("an ack was refused: %s", msg.get("reason"))  # a stale one: harmless
                continue
            whole = self.views.take(msg)
            if whole is not None:
                self._inbox.put(whole)
            self._acknowledge(ws)

    def _acknowledge(self, ws: ClientConnection, force: bool = False) -> None:
        """Send the acks owed now, or once `ACK_EVERY` has passed since the last."""
        for text in self.views.acks(time.monotonic(), force):
            task = asyncio.get_running_loop().create_task(_send(ws, text))
            self._acking.add(task)  # kept until done (a task only the loop holds may vanish)
            task.add_done_callback(self._acking.discard)
        if self.views.owed and self._ack_timer is None:
            def later() -> None:
                self._ack_timer = None
                self._acknowledge(ws, force=True)
            self._ack_timer = asyncio.get_running_loop().call_later(self.views.every, later)


async def _send(ws: ClientConnection, text: str) -> None:
    with contextlib.suppress(Exception):  # a closed connection shows as `lost` on reading
        await ws.send(text)


def _finish(stop: asyncio.Future[None]) -> None:
    if not stop.done():
        stop.set_result(None)


def _reason(err: BaseException) -> str:
    """One line for what ended a connection."""
    if isinstance(err, TimeoutError):
        return "no answer from that address (is the host's game open, and the port right?)"
    if isinstance(err, ConnectionRefusedError):
        return "nobody is serving at that address (connection refused)"
    if isinstance(err, socket.gaierror):
        return "that host name is unknown"
    name = type(err).__name__
    if name == "ConnectionClosedError" or name == "ConnectionClosedOK":
        said = getattr(getattr(err, "rcvd", None), "reason", "")  # the server's reason
        return f"the server closed the connection: {one_line(said, 120)}" if said else \
            "the server closed the connection"
    text = one_line(str(err), 120)
    return f"the connection failed: {text}" if text else f"the connection failed ({name})"


class HostedServer:
    """The game server on its own thread; `address` once listening (or `error`)."""

    def __init__(self, folder: Path, port: int = DEFAULT_PORT, host: str = "0.0.0.0",
                 scratch: bool = False, only: set[str] | None = None) -> None:
        """`only`: the games kept in `folder` to resume (None: all of them)."""
        self.folder = folder
        self.scratch = scratch  # the folder is removed when the server stops
        self.only = only
        self.port = port
        self.host = host
        self.address = ""  # e.g. ws://0.0.0.0:7417
        self.error = ""
        self.server: GameServer | None = None  # for tests that look at its games
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Future[None] | None = None
        self._thread = threading.Thread(target=self._run, name="calamitas-server", daemon=True)
        self._thread.start()

    @property
    def bound_port(self) -> int:
        return int(self.address.rsplit(":", 1)[1]) if self.address else 0

    def wait(self, seconds: float = CONNECT_SECONDS) -> bool:
        """Whether the server listens (False: see `error`)."""
        self._ready.wait(seconds)
        if not self.address and not self.error:
            self.error = "the server did not start in time"
        return bool(self.address)

    def stop(self, wait: bool = False) -> None:
        """Stop serving: connections are closed, and the thread ends on its own (with `wait`,
        this waits for it, briefly)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_finish, stop)
        if wait:
            self._thread.join(STOP_SECONDS)

    def _run(self) -> None:
        try:
            self._serve()
        finally:
            self._ready.set()
            if self.scratch:
                shutil.rmtree(self.folder, ignore_errors=True)

    def _serve(self) -> None:
        """Listen on the usual port, else on any free one. Only the last attempt's failure is
        said: a screen that reads `error` while a free port is being tried must not take the
        usual port being busy for the table failing to open."""
        for port in dict.fromkeys((self.port, 0)):
            try:
                asyncio.run(self._main(port))
                return
            except OSError as err:
                failed = f"cannot listen on port {port}: {one_line(str(err), 80)}"
            except Exception as err:
                self.error = f"the server failed: {_reason(err)}"
                return
        self.error = failed

    async def _main(self, port: int) -> None:
        loop = asyncio.get_running_loop()
        self._loop, self._stop = loop, loop.create_future()

        def ready(address: str) -> None:
            self.address, self.error = address, ""
            self._ready.set()

        await run_server(self.host, port, self.folder, ready=ready, stop=self._stop,
                         on_server=self._keep, only=self.only)

    def _keep(self, server: GameServer) -> None:
        self.server = server
