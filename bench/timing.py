"""Timing shared by the benchmarks (run as `python bench/NAME.py`, so this imports as `timing`)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """Wall time and CPU time of one call of `work`, in ms. The CPU time leaves out waiting
    (for fsync, or for a core on a busy machine)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    work()
    return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000


def median_ms(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time of `work`, in ms, after one warm-up call (caches
    filled as a running client would have them)."""
    work()
    wall, cpu = zip(*(timed(work) for _ in range(runs)), strict=True)
    return statistics.median(wall), statistics.median(cpu)
