"""Bots think off the server's event loop (issue 38 item 2): each bot decision runs in a worker
process, so one table of hard bots searching for seconds a decision cannot hold up anyone's
messages, and the server's bots use every core it is given.

The bot travels with its view: the bot object (its seeded generator and plans) is pickled to a
worker, decides there, and comes back changed, so a game plays exactly as it would with the bot
in the server's process: the same seed, the same game. The map, large and the same at every
decision, is sent to each worker once (a view refers to it by its hash).

The server asks for one decision per table at a time, and the pool serves asks in the order
they came: a table asks again only once its last decision is back, so tables take turns, and
one table of slow bots takes one worker at most. A worker that dies or cannot start leaves the
server deciding in its own process, as before: slower for everyone, never a stop.

The server sends its workers whole stretches of a game's bot play (gamework, through `call`): one
decision at a time, here, is what a server without workers does.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import os
import pickle
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.bots import Bot, talk
from game.bots.talk import Remark
from game.bots.workers import worker_pool
from game.core import GameData, MapGraph, PlayerView, load_game_data

log = logging.getLogger(__name__)

WARM_WAIT = 30.0  # seconds a server's start waits for its workers to be ready at most
RULES = "rules"  # the rules' data, in a pickle (each process has its own, the same)
NEED_MAP = "need map"  # a worker's answer when it has not been sent the view's map yet

# the maps a worker has been sent, by key (in the worker's process)
_MAPS: dict[str, MapGraph] = {}


def default_workers() -> int:
    """The cores this process may run on (os.sched_getaffinity where the system has it)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return max(1, os.cpu_count() or 1)


class _Out(pickle.Pickler):
    """Pickles a view (or a game) with its map replaced by the map's key, and the rules' data
    (a game's, loaded once per process: load_game_data) by RULES."""

    def __init__(self, file: io.BytesIO, graph: MapGraph, key: str) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.graph, self.key, self.data = graph, key, load_game_data()

    def persistent_id(self, obj: Any) -> str | None:
        if obj is self.graph:
            return self.key
        if obj is self.data:
            return RULES
        return None


class _In(pickle.Unpickler):
    """Unpickles what `_Out` packed: the map by its key (in a worker, from the maps it was
    sent; with `graph`, that map: the server's own)."""

    def __init__(self, file: io.BytesIO, graph: MapGraph | None = None) -> None:
        super().__init__(file)
        self.graph = graph

    def persistent_load(self, pid: Any) -> MapGraph | GameData:
        if pid == RULES:
            return load_game_data()
        graph = self.graph or _MAPS.get(str(pid))
        if graph is None:
            raise KeyError(pid)
        return graph


def pack(bot: Bot, seen: PlayerView, key: str) -> bytes:
    """The bot and its view pickled, the map by its key."""
    out = io.BytesIO()
    _Out(out, seen.map, key).dump((bot, seen))
    return out.getvalue()


def decide(key: str, packed: bytes, graph: bytes | None,
           ) -> tuple[str, Bot | None, Remark | None]:
    """In a worker: (the bot's pick, the bot after it, what it says with it: talk.decide);
    (NEED_MAP, None, None) if the worker has not been sent the map (`graph`: the map
    pickled, to keep)."""
    if graph is not None:
        keep_map(key, graph)
    try:
        bot, seen = _In(io.BytesIO(packed)).load()
    except KeyError:
        return NEED_MAP, None, None
    label, remark = talk.decide(bot, seen)
    return label, bot, remark


def keep_map(key: str, graph: bytes) -> None:
    """In a worker: keep the map sent (pickled) under its key."""
    _MAPS[key] = pickle.loads(graph)
    while len(_MAPS) > 16:  # a few maps at most, the oldest dropped
        del _MAPS[next(iter(_MAPS))]


def _warm() -> None:
    load_game_data()  # read and check the rules data before the first decision


class WorkerLost(Exception):
    """A worker failed with work it had been sent: how far it got is not known."""


class BotWorkers:
    """Bot decisions in `workers` processes (0: in the server's own process, on its loop)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.failed = workers <= 0
        self.decisions = 0
        self._starting = asyncio.Lock()
        self._warming: list[Future[None]] = []
        # the maps seen, by identity (each held, so its id stays its own): its key, pickled
        self._maps: dict[int, tuple[MapGraph, str, bytes]] = {}

    def _map(self, graph: MapGraph) -> tuple[str, bytes]:
        """(key, pickled) of a map: its key is the digest of its pickle."""
        known = self._maps.get(id(graph))
        if known is None or known[0] is not graph:
            data = pickle.dumps(graph, protocol=pickle.HIGHEST_PROTOCOL)
            known = (graph, hashlib.sha256(data).hexdigest(), data)
            self._maps[id(graph)] = known
            while len(self._maps) > 32:
                del self._maps[next(iter(self._maps))]
        return known[1], known[2]

    def _start(self) -> ProcessPoolExecutor | None:
        if self._pool is None and not self.failed:
            try:
                self._pool = worker_pool(self.workers)
                self._warming = [self._pool.submit(_warm) for _ in range(self.workers)]
            except (OSError, ValueError, RuntimeError) as err:
                log.warning("no bot worker processes (%s): bots decide in the server", err)
                self.failed = True
        return self._pool

    async def choose(self, bot: Bot, seen: PlayerView) -> tuple[str, Bot, Remark | None]:
        """The bot's pick for `seen`, the bot after it (the same bot object when it decided
        here, a copy when a worker did) and what it says with it (game.bots.talk)."""
        self.decisions += 1
        pool = self._pool
        if pool is None and not self.failed:  # started off the loop: a process start is slow
            async with self._starting:
                pool = await asyncio.to_thread(self._start)
        if pool is not None:
            try:
                key, graph = self._map(seen.map)
                packed = pack(bot, seen, key)
                loop = asyncio.get_running_loop()
                label, after, remark = await asyncio.wrap_future(
                    pool.submit(decide, key, packed, None), loop=loop)
                if after is None:  # this worker has not had the map: it comes along now
                    label, after, remark = await asyncio.wrap_future(
                        pool.submit(decide, key, packed, graph), loop=loop)
                if after is not None:
                    return label, after, remark
            except asyncio.CancelledError:
                raise
            except Exception as err:  # a broken or closed pool: decide here from now on
                if self._pool is None:  # closed while the decision was out: the server stops
                    raise asyncio.CancelledError from err
                log.warning("a bot worker failed (%s): bots decide in the server", err)
                self.failed = True
                self.close()
        label, remark = talk.decide(bot, seen)
        await asyncio.sleep(0)  # the others' turn between decisions made here
        return label, bot, remark

    async def start(self) -> None:
        """Start the workers now (off the loop: a process start is slow), so that the first
        bots to move do not wait for them."""
        if self._pool is None and not self.failed:
            async with self._starting:
                await asyncio.to_thread(self._start)
            if self._warming:  # and warm (the rules read): at most WARM_WAIT seconds
                await asyncio.wait([asyncio.wrap_future(f) for f in self._warming],
                                   timeout=WARM_WAIT)

    @property
    def running(self) -> bool:
        """Whether work can go to worker processes (they may still have to start)."""
        return not self.failed

    def map_key(self, graph: MapGraph) -> str:
        """The key a map is sent by (the digest of its pickle)."""
        return self._map(graph)[0]

    async def call(self, fn: Callable[..., Any], graph: MapGraph, *args: Any) -> Any:
        """`fn(key, None, *args)` in a worker (`key`: the map's key); sent again as
        `fn(key, pickled map, *args)` if it answers NEED_MAP. None when there is no worker
        (none asked for, or they failed: the caller does the work itself); WorkerLost if the
        worker failed once the work was sent (what it did is not known)."""
        pool = self._pool
        if pool is None and not self.failed:
            async with self._starting:
                pool = await asyncio.to_thread(self._start)
        if pool is None:
            return None
        try:
            key, data = self._map(graph)
            loop = asyncio.get_running_loop()
            result = await asyncio.wrap_future(pool.submit(fn, key, None, *args), loop=loop)
            if isinstance(result, str) and result == NEED_MAP:
                result = await asyncio.wrap_future(pool.submit(fn, key, data, *args),
                                                   loop=loop)
            return result
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a broken or closed pool: the server does the work now
            if self._pool is None:  # closed while the work was out: the server stops
                raise asyncio.CancelledError from err
            log.warning("a worker failed (%s): the server works alone from now on", err)
            self.failed = True
            self.close()
            raise WorkerLost(str(err)) from err

    def close(self) -> None:
        """Stop the workers now: a decision under way is dropped (the server is stopping),
        and the pool's threads end once its processes have (a worker still starting up on a
        loaded machine is not waited for)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                with contextlib.suppress(OSError, ValueError, AttributeError):
                    process.terminate()
