"""The arena's worker processes: never started by `fork` (unsafe on macOS), and a match played
across processes gives the same records as the same match played in one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.bots.arena import parse_seats, run_arena
from game.bots.workers import start_method
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


@pytest.mark.parametrize("platform", ["darwin", "win32", "linux", "freebsd14"])
def test_workers_never_start_by_fork(platform: str) -> None:
    assert start_method(platform) in ("spawn", "forkserver")


def test_macos_workers_start_fresh_interpreters() -> None:
    assert start_method("darwin") == "spawn"


def test_a_match_across_worker_processes_matches_the_same_match_in_one() -> None:
    graph, _ = load_map_file(ARENA)
    seats = parse_seats("basic,random", 5)
    alone, shared = (run_arena(graph, seats, 2, seed=3, max_turns=12, workers=n) for n in (1, 2))
    untimed = [[replace(r, seconds=0.0, think=()) for r in records] for records in (alone, shared)]
    assert untimed[1] == untimed[0]
