"""Save and load speed for a late-game 9-player state (target: each <= 50 ms).

Plays one game with basic bots on the arena test map, bounded by --max-turns, through
`simulate --save` (so the save holds the whole action log), then times `write_save` (atomic:
temp file, fsync, rename) and `read_save` (strict parse, checks, snapshot hash) against
`json.dumps` / `json.loads` of the same state measured in the same run. Medians over --runs.

    python bench/persist.py [--players 9] [--max-turns 30] [--runs 30] [--bots basic]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import median_ms  # noqa: E402

from game.core.plain import to_plain  # noqa: E402
from game.persist import read_save, verify, write_save  # noqa: E402
from game.persist.saves import encode_save  # noqa: E402
from game.simulate import simulate  # noqa: E402

TARGET_MS = 50.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--max-turns", type=int, default=30)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--bots", default="basic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--map", default=str(ROOT / "tests" / "maps" / "arena.json"))
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "late.json"
        started = time.perf_counter()
        simulate(players=args.players, bots=[args.bots], seed=args.seed, map_name=args.map,
                 max_turns=args.max_turns, save=str(source), check=False)
        played = time.perf_counter() - started
        game = read_save(source)
        state, record = game.state, game.record
        plain = to_plain(state)
        text = json.dumps(plain)
        target = Path(folder) / "bench.json"

        dumps, _ = median_ms(lambda: json.dumps(plain), args.runs)
        loads, _ = median_ms(lambda: json.loads(text), args.runs)
        encode, encode_cpu = median_ms(lambda: encode_save(record, state), args.runs)
        save, save_cpu = median_ms(lambda: write_save(target, record, state), args.runs)
        load, load_cpu = median_ms(lambda: read_save(target), args.runs)
        size = target.stat().st_size
        started = time.perf_counter()
        verify(read_save(target))
        verified = time.perf_counter() - started

    print(f"late-game state: {len(state.players)} players, turn {state.turn}, "
          f"{len(record.actions)} actions ({args.bots} bots, played in {played:.1f} s); "
          f"save file {size / 1024:.0f} KB, state JSON {len(text) / 1024:.0f} KB")
    print(f"json.dumps(state)  median {dumps:6.2f} ms   (baseline)")
    print(f"json.loads(state)  median {loads:6.2f} ms")
    print(f"encode (no write)   median {encode:6.2f} ms   {encode / dumps:5.1f}x json.dumps   "
          f"cpu {encode_cpu:6.2f} ms")
    for name, ms, cpu in (("save", save, save_cpu), ("load", load, load_cpu)):
        verdict = "OK" if ms <= TARGET_MS else "OVER TARGET"
        print(f"{name:5s}              median {ms:6.2f} ms   {ms / dumps:5.1f}x json.dumps   "
              f"cpu {cpu:6.2f} ms   target <= {TARGET_MS:.0f} ms: {verdict}")
    print(f"replay --verify    {verified:6.2f} s for {len(record.actions)} actions "
          f"({verified / max(len(record.actions), 1) * 1e6:.0f} us/action)")


if __name__ == "__main__":
    main()
