"""The replay viewer's cursor on a long save: how fast it replays, and what a step back, a
jump back and a jump forward to a place already visited cost.

Uses a save you give (FILE) or plays one with --bots on the shipped map. Prints median wall
and CPU times; the viewer replays at most 40 ms of actions a frame, so "first pass" is how long
a first jump to the end takes on screen.

    python bench/replay.py [FILE] [--players 9] [--max-turns 30] [--bots normal] [--runs 30]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import timed  # noqa: E402  (bench/timing.py)

from game.persist import ReplayCursor, read_save  # noqa: E402
from game.simulate import simulate  # noqa: E402


def medians(samples: list[tuple[float, float]]) -> str:
    wall = statistics.median(s[0] for s in samples)
    cpu = statistics.median(s[1] for s in samples)
    return f"median {wall:.2f} ms (cpu {cpu:.2f} ms)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?")
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--max-turns", type=int, default=30)
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    path = Path(args.file) if args.file else Path(tempfile.mkdtemp()) / "bench.json"
    if not args.file:
        simulate(players=args.players, bots=[args.bots], seed=5, max_turns=args.max_turns,
                 save=str(path))
    game = read_save(path)
    cursor = ReplayCursor(game)
    n = cursor.length
    print(f"{path.name}: {len(game.state.players)} players, {n} actions, {game.state.turn} turns")
    first = timed(lambda: cursor.seek(n))
    print(f"first pass to the end: {first[0] / 1000:.2f} s (cpu {first[1] / 1000:.2f} s), "
          f"{first[1] / n:.3f} ms cpu an action, {len(cursor._checkpoints)} checkpoints")
    rng = random.Random(1)
    spots = [rng.randrange(1, n) for _ in range(args.runs)]
    back = []
    for spot in spots:
        cursor.seek(spot)
        back.append(timed(cursor.back))
    print(f"one step back: {medians(back)}")
    jumps = []
    for spot in spots:
        cursor.seek(n)
        jumps.append(timed(lambda s=spot: cursor.seek(s)))
    print(f"jump back from the end to anywhere: {medians(jumps)}")
    ahead = []
    for spot in spots:
        cursor.seek(0)
        ahead.append(timed(lambda s=spot: cursor.seek(s)))
    print(f"jump forward to a place visited before: {medians(ahead)}")


if __name__ == "__main__":
    main()
