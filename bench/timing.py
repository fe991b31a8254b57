"""Timing shared by the benchmarks (run as `python bench/NAME.py`, so this imports as `timing`)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time of `work`, in ms, after one warm-up call (caches
    filled as a running client would have them). The CPU time leaves out waiting (for fsync,
    or for a core on a busy machine)."""
    work()
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000
