"""The hard bot's search in a worker process, for the client: the search never shares the
interpreter with the drawing thread, which keeps drawing while the thinking thread waits (a
wait on a pipe holds no lock). One worker, started on first use and kept for the game's life
(it ends with close(), or when the searcher is dropped, as the pool's own management thread
lets its workers go then); the rules are loaded there at start.

It starts like the arena's workers (workers.worker_pool: never `fork`, and it ends with the
client however the client ends), which also works in the frozen build, whose entry point calls
multiprocessing.freeze_support. Should the worker die or refuse to start, the search runs in
the asking thread instead: slower frames, never a stop.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ProcessPoolExecutor

from game.core import load_game_data

from .search import SearchRequest, SearchResult, run_search
from .workers import worker_pool

log = logging.getLogger(__name__)


def _shut(pool: ProcessPoolExecutor) -> None:
    pool.shutdown(wait=False, cancel_futures=True)


def _warm() -> None:
    load_game_data()  # read and check the rules data before the first real search


class WorkerSearcher:
    """Callable like run_search; runs it in a worker process."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.failed = False  # the worker could not be used: searches run in-process

    def start(self) -> None:
        """Start the worker now (e.g. when a game with a hard bot opens), warm it up."""
        with self._lock:
            if self._pool is None and not self.failed:
                try:
                    self._pool = worker_pool(1)
                    self._pool.submit(_warm)
                except (OSError, ValueError, RuntimeError) as err:
                    log.warning("no search worker process (%s): searching in-process", err)
                    self.failed = True

    def __call__(self, request: SearchRequest) -> SearchResult:
        self.start()
        pool = self._pool
        if pool is not None:
            try:
                future: Future[SearchResult] = pool.submit(run_search, request)
                return future.result()
            except Exception as err:  # a broken or closed pool: search here from now on
                log.warning("the search worker failed (%s): searching in-process", err)
                self.failed = True
                self.close()
        return run_search(request)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            _shut(pool)
