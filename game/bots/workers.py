"""Worker processes for bots (the arena's games, the client's hard-bot search, the server's bot
stretches), started one way everywhere, and never outliving the process that started them.

Start: never `fork`, which Python calls unsafe on macOS (system libraries there may hold threads
and locks that a forked child inherits half-held). Linux uses the fork server, which forks from
a clean single-threaded process; macOS and Windows start fresh interpreters. Both work in the
frozen build (freeze_support).

End: a pool's workers end when the pool is shut down. But when the process that started them
is killed outright (SIGKILL, the out-of-memory killer), the fork server and its workers wait
forever: each worker holds both ends of its own task queue, and a copy of the pipe that would
tell the fork server its parent is gone. So every worker watches the process that started it
and leaves within `WATCH_SECONDS` of its end.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

WATCH_SECONDS = 1.0  # how often a worker looks whether the process that started it is there


def start_method(platform: str = sys.platform) -> str:
    """How worker processes start (the module's docstring)."""
    return "forkserver" if platform.startswith("linux") else "spawn"


def worker_pool(workers: int, initializer: Callable[..., object] | None = None,
                initargs: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """A pool of `workers` processes that end with the process calling this, however it ends;
    `initializer(*initargs)` runs in each worker at its start, as ProcessPoolExecutor's does."""
    context = multiprocessing.get_context(start_method())
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_started,
                               initargs=(os.getpid(), initializer, initargs))


def _started(parent: int, initializer: Callable[..., object] | None,
             initargs: tuple[Any, ...]) -> None:
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def _watch(parent: int) -> None:
    while not _gone(parent):
        time.sleep(WATCH_SECONDS)
    os._exit(0)  # the starter is gone: nobody will read what this worker would make


def _gone(parent: int) -> bool:
    if sys.platform.startswith("win"):  # a spawned worker holds a handle on its starter
        starter = multiprocessing.parent_process()
        return starter is not None and not starter.is_alive()
    return not alive(parent)


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (POSIX: on Windows a signal 0 would end it)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone (or its number reused by another user)
        return False
    try:  # Linux: a killed process not yet reaped by its own parent is a zombie, not alive
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True
