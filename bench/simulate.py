"""Headless game speed: games per minute and microseconds per action, for 5, 9 and 18 players,
bots on the arena test map (or --map), each game bounded by --max-turns (random bots seldom reach
Late Iron). Prints one line per player count; medians over the games.

    python bench/simulate.py [--games 5] [--bots random] [--max-turns 20] [--ruleset classic]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.simulate import simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--map", default=str(ROOT / "tests" / "maps" / "arena.json"))
    parser.add_argument("--players", default="5,9,18")
    parser.add_argument("--bots", default="random")
    parser.add_argument("--max-turns", type=int, default=20)
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        seconds, per_action = [], []
        turns = []
        for seed in range(1, args.games + 1):
            start = time.perf_counter()
            result = simulate(players=players, bots=[args.bots], seed=seed,
                              ruleset=args.ruleset, map_name=args.map,
                              max_turns=args.max_turns, check=False)
            took = time.perf_counter() - start
            seconds.append(took)
            per_action.append(took / max(result["actions"], 1) * 1e6)
            turns.append(result["turns"])
        print(f"{players:2d} players: {60 / statistics.median(seconds):6.1f} games/min, "
              f"median {statistics.median(per_action):6.0f} us/action, "
              f"median {statistics.median(turns):.0f} turns ({args.games} games, {args.bots}, "
              f"{args.ruleset})")


if __name__ == "__main__":
    main()
