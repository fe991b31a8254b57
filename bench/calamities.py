"""How often each calamity of a rule set is resolved over many seeded headless games: prints one
table per rule set (calamity, times resolved, games in which it came up), and the calamities
that never came up.

    python bench/calamities.py [--games 200] [--players 9] [--bots basic] [--max-turns 40]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.core.gamedata import load_game_data  # noqa: E402
from game.simulate import simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="9")
    parser.add_argument("--bots", default="basic")
    parser.add_argument("--max-turns", type=int, default=40)
    parser.add_argument("--rulesets", default="classic,mega-empires,double-empires")
    parser.add_argument("--map", default=str(ROOT / "tests" / "maps" / "arena.json"))
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]
    for ruleset in args.rulesets.split(","):
        times: Counter[str] = Counter()
        games: Counter[str] = Counter()
        for i in range(args.games):
            result = simulate(players=counts[i % len(counts)], bots=[args.bots], seed=i + 1,
                              ruleset=ruleset, map_name=args.map, max_turns=args.max_turns,
                              check=False)
            times.update(result["calamities"])
            games.update(result["calamities"].keys())
        print(f"{ruleset}: {args.games} games, {args.bots} bots, players {args.players}, "
              f"at most {args.max_turns} turns")
        for cid in load_game_data().rulesets[ruleset].calamities:
            print(f"  {cid:24s} {times[cid]:6d} resolved in {games[cid]:4d} games")
        never = [c for c in load_game_data().rulesets[ruleset].calamities if not times[c]]
        print(f"  never resolved: {', '.join(never) or 'none'}")


if __name__ == "__main__":
    main()
