"""What one connection, or one address, may cost the server (issue 38).

The server (`game.net.server`) asks a `Guard` at each step of a connection's life:

- `admit`: a new connection is refused (closed with a reason) beyond `Limits.per_address`
  open connections from one address, or beyond `total_connections` in all (kept below the
  process's open-file limit, with room for the games' files);
- `check`: before a message is handled. Costly requests (those that send a whole map and view:
  create, join, resume, watch, and an ack asking for a whole view) have their own small rates
  per connection and per address; a code that names no game counts against the address
  (guessing join codes), and an address that guessed too often is refused for a while; a
  connection is at most in `games_per_connection` games;
- `send`: everything broadcast to a connection goes through it. A connection whose unsent
  bytes (`transport.get_write_buffer_size()`: websockets' `broadcast` has no backpressure and
  queues whatever it is given) pass `queue_limit` is *behind*: it is sent nothing more, its
  views are forgotten, and once its queue has drained below `resync_below` it is sent every
  game it is in whole again (`resync`); one still behind after `behind_limit` seconds is
  closed with a reason;
- `tick` (every `Limits.tick` seconds): connections that asked for nothing within
  `open_grace` seconds of opening, or hold no seat and sent nothing for `idle_limit` seconds,
  are closed with a reason; the behind ones are resynced or closed.

Per-address buckets are kept while the address has a connection or a bucket not yet full.
An IPv6 address counts by its /64 network (one machine's usual share).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import ipaddress
import json
import logging
import resource
import secrets
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection, broadcast

from game.persist.atomic import write_atomic

if TYPE_CHECKING:
    from .server import Client, GameServer, NetGame

log = logging.getLogger("game.net.guard")

COSTLY = frozenset({"create", "join", "resume", "watch"})  # each sends a whole map and view
FILES_KEPT = 64  # open files the process keeps besides connections (logs, saves, journals)
GAMES_FILES = 200  # and one journal for each open game (the server's MAX_GAMES)

# close reasons (at most 123 bytes each: a WebSocket close frame's reason)
TOO_MANY_HERE = "too many connections from your address"
SERVER_FULL = "the server is full: try again later"
NOTHING_ASKED = "nothing asked for: join or watch a game on connecting"
IDLE = "idle for too long"
TOO_SLOW = "your connection is too slow to follow the game"


class Limited(Exception):
    """A message refused by a limit; `str` is the reason sent back. Nothing was changed."""


@dataclass
class Limits:
    """The numbers a `Guard` holds connections to (tests set smaller ones)."""

    per_address: int = 32  # open connections from one address
    total_connections: int = 0  # in all (0: from the open-file limit, see `connection_cap`)
    open_grace: float = 10.0  # seconds to ask for something (create, join, resume, watch)
    idle_limit: float = 300.0  # seconds without a message for a connection with no seat
    queue_limit: int = 1 << 20  # bytes queued to a connection beyond which it is behind
    send_buffer: int = 256 << 10  # the system's send queue to each connection, in bytes (its
    # default may grow to megabytes, which a reader that stopped would hold on to; 0: leave it)
    resync_below: int = 64 << 10  # a behind connection is resynced once its queue is below
    behind_limit: float = 60.0  # seconds a connection may stay behind before it is closed
    close_grace: float = 2.0  # seconds a closing connection has to read the close, then cut
    costly_rate: float = 1.0  # costly requests a second, per connection
    costly_burst: float = 40.0  # at once (an 18-seat table at one machine joins them all)
    address_costly_rate: float = 4.0  # per address
    address_costly_burst: float = 80.0
    wrong_code_rate: float = 0.2  # codes naming no game, per address, a second
    wrong_code_burst: float = 10.0
    games_per_connection: int = 8
    tick: float = 0.5  # seconds between looks at idle and behind connections


def connection_cap(files: int | None = None) -> int:
    """Connections the process may hold at once: its open-file limit (`files`, else the
    soft RLIMIT_NOFILE) less the files it keeps and each game's journal, at least 16."""
    if files is None:
        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if files == resource.RLIM_INFINITY:
            files = 1 << 16
    return max(16, files - FILES_KEPT - GAMES_FILES)


def raise_file_limit() -> None:
    """The soft open-file limit raised to the hard one (at most 65536): more connections."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = min(hard if hard != resource.RLIM_INFINITY else 1 << 16, 1 << 16)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


def address_of(ws: ServerConnection) -> str:
    """Who a connection counts against: its IP address (an IPv6 one by its /64)."""
    peer = ws.remote_address
    host = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
    with contextlib.suppress(ValueError):
        ip = ipaddress.ip_address(host.split("%", 1)[0])
        if isinstance(ip, ipaddress.IPv6Address):
            if ip.ipv4_mapped is not None:
                return str(ip.ipv4_mapped)
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
        return str(ip)
    return host


@dataclass
class Rate:
    """A token bucket: `rate` a second, `burst` at once."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = 0.0

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def _fill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, now: float) -> bool:
        self._fill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self, now: float) -> bool:
        self._fill(now)
        return self.tokens >= self.burst

    def wait(self) -> float:
        """Seconds until one may be taken."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else float("inf")


@dataclass
class Address:
    """What one address has open and spent."""

    costly: Rate
    wrong: Rate
    open: int = 0


@dataclass(eq=False)
class Conn:
    """What the guard knows of one connection."""

    address: str
    opened: float
    heard: float
    costly: Rate
    asked: bool = False  # it has asked for something costly (create, join, resume, watch)
    behind: float | None = None  # since when it is sent nothing (its queue was too long)
    maps: set[str] = field(default_factory=set)  # the digests of the maps it was sent
    closing: bool = False


def queued(ws: ServerConnection) -> int:
    """Bytes written to the connection and not yet handed to the system."""
    transport = ws.transport
    try:
        return int(transport.get_write_buffer_size())
    except (AttributeError, RuntimeError):  # closed, or a transport that cannot tell
        return 0


class Guard:
    def __init__(self, folder: Path, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """`folder`: the server's, where the watch codes' secret is kept."""
        self.limits = limits or Limits()
        self.watch_codes = WatchCodes(folder)
        self.clock = clock
        self.conns: dict[Client, Conn] = {}
        self.addresses: dict[str, Address] = {}
        self.maps: dict[str, tuple[str, str]] = {}  # game code -> (digest, the map's JSON)
        self.closed_behind = 0  # connections closed for staying behind (for tests, the log)
        self.resyncs = 0

    # --- connections -----------------------------------------------------------------------

    def total_cap(self) -> int:
        return self.limits.total_connections or connection_cap()

    def admit(self, ws: ServerConnection) -> str:
        """Why a new connection may not stay ("": it may)."""
        if len(self.conns) >= self.total_cap():
            return SERVER_FULL
        here = self.addresses.get(address_of(ws))
        if here is not None and here.open >= self.limits.per_address:
            return TOO_MANY_HERE
        return ""

    def opened(self, client: Client) -> None:
        now = self.clock()
        where = address_of(client.ws)
        limits = self.limits
        here = self.addresses.get(where)
        if here is None:
            here = self.addresses[where] = Address(
                Rate(limits.address_costly_rate, limits.address_costly_burst, stamp=now),
                Rate(limits.wrong_code_rate, limits.wrong_code_burst, stamp=now))
        here.open += 1
        if limits.send_buffer:
            sock = client.ws.transport.get_extra_info("socket")
            with contextlib.suppress(OSError, AttributeError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.send_buffer)
        self.conns[client] = Conn(where, now, now,
                                  Rate(limits.costly_rate, limits.costly_burst, stamp=now))

    def closed(self, client: Client) -> None:
        """The connection is gone: what was kept for it goes too."""
        conn = self.conns.pop(client, None)
        if conn is None:
            return
        here = self.addresses.get(conn.address)
        if here is not None:
            here.open -= 1
            self._prune(conn.address, here, self.clock())

    def _prune(self, where: str, here: Address, now: float) -> None:
        if here.open <= 0 and here.costly.full(now) and here.wrong.full(now):
            del self.addresses[where]

    # --- messages --------------------------------------------------------------------------

    def heard(self, client: Client) -> None:
        conn = self.conns.get(client)
        if conn is not None:
            conn.heard = self.clock()

    def check(self, client: Client, msg: dict[str, Any], known: Callable[[str], bool]) -> None:
        """Limited if the message is over a limit (`known`: whether a code names a game)."""
        conn = self.conns.get(client)
        if conn is None:
            return
        kind = msg["type"]
        now = self.clock()
        here = self.addresses[conn.address]
        code = msg.get("code")
        if isinstance(code, str) and not known(code):
            if not here.wrong.take(now):
                raise Limited(f"too many codes that name no game from your address: try "
                              f"again in {here.wrong.wait():.0f} s")
            return  # the server refuses it: no such game
        costly = kind in COSTLY or (kind == "ack" and "" in msg["views"].values())
        if not costly:
            return
        if kind != "ack":
            conn.asked = True
        if (isinstance(code, str) and code not in client.seats
                and len(client.seats) >= self.limits.games_per_connection):
            raise Limited(f"one connection may be in at most "
                          f"{self.limits.games_per_connection} games")
        if not conn.costly.take(now):
            raise Limited("too many requests to join or watch: wait a moment")
        if not here.costly.take(now):
            conn.costly.tokens += 1  # not spent: the address's limit refused it
            raise Limited("too many requests to join or watch from your address: wait a "
                          "moment")

    # --- the map, once per connection ------------------------------------------------------

    def map_text(self, game: NetGame) -> tuple[str, str]:
        """(digest, JSON text) of the game's map, made once per game."""
        kept = self.maps.get(game.code)
        if kept is None:
            from game.core import to_plain

            from .protocol import view_digest

            plain = to_plain(game.state.map)
            kept = self.maps[game.code] = (view_digest(plain),
                                           json.dumps(plain, separators=(",", ":")))
        return kept

    def joined(self, client: Client, game: NetGame, text: str, seat: str | None) -> str:
        """A `joined` message (`text`, without its map) with the map's digest, and the map
        itself unless this connection was sent it before (protocol 4); to the host (or a
        seat the host took), the game's watch code too."""
        digest, mapped = self.map_text(game)
        conn = self.conns.get(client)
        head = f'{text[:-1]},"map_digest":"{digest}"'
        if game.code in client.hosts or seat in game.host_seats:
            head += f',"watch_code":"{self.watch_codes.of(game.code)}"'
        if conn is not None and digest in conn.maps:
            return head + "}"
        if conn is not None:
            conn.maps.add(digest)
        return f'{head},"map":{mapped}}}'

    # --- what is sent ----------------------------------------------------------------------

    def ready(self, client: Client) -> bool:
        """Whether the connection is sent updates now (not behind)."""
        conn = self.conns.get(client)
        return conn is None or conn.behind is None

    def send(self, client: Client, text: str) -> bool:
        """Queue `text` to the connection unless it is behind (or falls behind now)."""
        conn = self.conns.get(client)
        if conn is not None:
            if conn.behind is not None:
                return False
            if queued(client.ws) > self.limits.queue_limit:
                conn.behind = self.clock()
                client.tracks.clear()  # the views it was sent: it will be sent them whole
                log.info("%s is behind: sent nothing until its queue drains", conn.address)
                return False
        broadcast([client.ws], text)
        return True

    def resync(self, server: GameServer, client: Client) -> None:
        """Send a connection that caught up every game it is in, whole."""
        conn = self.conns.get(client)
        if conn is None:
            return
        conn.behind = None
        self.resyncs += 1
        for code, seats in list(client.seats.items()):
            game = server.games.get(code)
            if game is None:
                continue
            self.send(client, game.table_message(server.clock()))
            for seat in seats:
                client.track(code, seat).reset()
            for _, text in server._updates(game, [(client, seat) for seat in seats], []):
                self.send(client, text)
            if game.state.game_over:
                self.send(client, game.record_message())

    # --- now and then ----------------------------------------------------------------------

    def tick(self, server: GameServer) -> None:
        now = self.clock()
        limits = self.limits
        for client, conn in list(self.conns.items()):
            if conn.closing:
                continue
            if conn.behind is not None:
                if queued(client.ws) <= min(limits.resync_below, limits.queue_limit // 2):
                    self.resync(server, client)
                elif now - conn.behind > limits.behind_limit:
                    self.closed_behind += 1
                    self._close(client, conn, TOO_SLOW)
                continue
            if client.seats:
                continue
            if not conn.asked and now - conn.opened > limits.open_grace:
                self._close(client, conn, NOTHING_ASKED)
            elif now - conn.heard > limits.idle_limit:
                self._close(client, conn, IDLE)
        for where, here in list(self.addresses.items()):
            self._prune(where, here, now)
        for code in [c for c in self.maps if c not in server.games]:
            del self.maps[code]

    def _close(self, client: Client, conn: Conn, reason: str) -> None:
        conn.closing = True
        log.info("closing a connection from %s: %s", conn.address, reason)
        task = asyncio.get_running_loop().create_task(
            _close(client.ws, reason, self.limits.close_grace))
        _closing.add(task)
        task.add_done_callback(_closing.discard)

    async def watch(self, server: GameServer) -> None:
        """`tick` every `Limits.tick` seconds, for ever."""
        while True:
            await asyncio.sleep(self.limits.tick)
            try:
                self.tick(server)
            except Exception:  # a fault of ours: logged; the server lives on
                log.exception("the look at idle and slow connections failed")


_closing: set[asyncio.Task[None]] = set()  # kept until done (a task only the loop holds may go)


async def _close(ws: ServerConnection, reason: str, grace: float) -> None:
    """Close with `reason`; a peer that does not read the close is cut off (its transport
    aborted, what was queued for it freed) after `grace` seconds."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(1008, reason), grace)
    with contextlib.suppress(Exception):
        ws.transport.abort()


WATCH_KEY = "watch.key"  # the server's secret that watch codes are made with, in its folder


class WatchCodes:
    """Each game's watch code: a second code that lets its holder watch the game once it is
    under way, and nothing else (no seat). Made from the join code with this server's secret
    (`WATCH_KEY` in its folder, made once), so nothing more is kept per game and a restarted
    server gives the same codes. Before the start a game is watched with its join code only:
    the messages a spectator gets name the join code, which takes open seats, and once the
    game is under way no seat is open."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._key = b""
        self._codes: dict[str, str] = {}  # watch code -> the game's (join) code
        self._made: set[str] = set()  # the games whose watch codes are in `_codes`

    def key(self) -> bytes:
        if not self._key:
            path = self.folder / WATCH_KEY
            try:
                self._key = bytes.fromhex(path.read_text().strip())
            except (OSError, ValueError):
                self._key = secrets.token_bytes(32)
                with contextlib.suppress(OSError):
                    self.folder.mkdir(parents=True, exist_ok=True)
                    write_atomic(path, self._key.hex().encode())
        return self._key

    def of(self, code: str) -> str:
        """The watch code of the game `code`."""
        from .protocol import CODE_ALPHABET, CODE_LENGTH

        digest = hmac.new(self.key(), code.encode(), hashlib.sha256).digest()
        watch = "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:CODE_LENGTH])
        self._codes[watch] = code
        self._made.add(code)
        return watch

    def game_of(self, watch: str, games: Iterable[str]) -> str | None:
        """The code of the game whose watch code is `watch` (None: no game's)."""
        code = self._codes.get(watch)
        if code is None:
            for known in games:  # once per game, then remembered
                if known not in self._made:
                    self.of(known)
            code = self._codes.get(watch)
        return code
