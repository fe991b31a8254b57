"""Every network test leaves no thread behind: each one it started (a server, a connection,
a client's link) has ended soon after the test."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

LIMIT = 30.0


@pytest.fixture(autouse=True)
def threads_end() -> Iterator[None]:
    before = set(threading.enumerate())
    yield
    end = time.monotonic() + LIMIT
    while left := [t.name for t in threading.enumerate() if t not in before and t.is_alive()]:
        assert time.monotonic() < end, f"threads left running: {left}"
        time.sleep(0.05)
