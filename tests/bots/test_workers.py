"""Worker processes (game/bots/workers.py) end with the process that started them, even when it
is killed outright: before, a SIGKILLed server or client left its fork server and idle workers
waiting forever (each worker holds both ends of its own task queue)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.bots.workers import alive, start_method, worker_pool

STARTER = """
import os, sys, time
from game.bots.workers import worker_pool

def pid():
    time.sleep(0.2)  # both workers busy at once: each answers once
    return os.getpid()

if __name__ == "__main__":
    pool = worker_pool(2)
    pids = {f.result() for f in [pool.submit(pid) for _ in range(2)]}
    print(" ".join(str(p) for p in sorted(pids)), flush=True)
    time.sleep(120)
"""


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *_descendants(int(child))]
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_leave_when_their_starter_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "starter.py"
    script.write_text(STARTER)
    root = Path(__file__).resolve().parents[2]
    starter = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(root)})
    try:
        assert starter.stdout is not None
        workers = [int(p) for p in starter.stdout.readline().split()]
        assert len(workers) == 2
        family = _descendants(starter.pid)  # the fork server and the workers
        assert set(workers) <= set(family) and all(alive(p) for p in family)
        os.kill(starter.pid, signal.SIGKILL)
        starter.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(p) for p in family):
            time.sleep(0.1)
        assert not [p for p in family if alive(p)]
    finally:
        starter.kill()
        starter.wait(10)


def test_a_pool_runs_its_initializer_and_its_tasks() -> None:
    mine = os.umask(0o022)
    os.umask(mine)
    with worker_pool(1, os.umask, (0o027,)) as pool:  # each worker's umask set at its start
        assert pool.submit(os.umask, 0o027).result(timeout=60) == 0o027
    assert os.umask(mine) == mine  # set in the worker only
    assert start_method("linux") == "forkserver" and start_method("win32") == "spawn"
