"""Bot decision latency (issue 7): median and p99 of `choose(view)` per bot level and per
decision kind, on the arena test map (or --map). Each level plays one seat against normal bots
in the others (normal: every seat), seats rotating over the games. The baseline measured in the
same run is the cost of building the view the bot is handed; each level's median is also shown
as a ratio to it.

    python bench/bots.py [--levels easy,normal,hard] [--games 2] [--hard-games 1]
                         [--max-turns 0] [--hard-max-turns 30] [--budget 1.5] [--kinds 8]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bots import make_bot  # noqa: E402
from game.bots.hard import HardBot  # noqa: E402
from game.core import Action, GameConfig, apply, new_game, view  # noqa: E402
from game.mapfile import load_map_file  # noqa: E402


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def play(level: str, game: int, graph: object, max_turns: int, budget: float,
         times: dict[str, list[float]], views: list[float]) -> int:
    setups = ["5-west", "5-east"]
    config = GameConfig(players=[], setup=setups[game % 2], seed=1000 + game,
                        max_turns=max_turns)
    state = new_game(config, graph)  # type: ignore[arg-type]
    civs = list(state.players)
    timed = set(civs) if level == "normal" else {civs[game % len(civs)]}
    bots = {}
    for i, civ in enumerate(civs):
        if civ in timed and level == "hard":
            bots[civ] = HardBot(7 * game + i, budget=budget)
        else:
            bots[civ] = make_bot(level if civ in timed else "normal", 7 * game + i)
    while not state.game_over and state.pending is not None:
        who, kind = state.pending.player, state.pending.kind
        t0 = time.perf_counter()
        seen = view(state, who)
        t1 = time.perf_counter()
        label = bots[who].choose(seen)
        t2 = time.perf_counter()
        if who in timed:
            times[kind].append(t2 - t1)
            views.append(t1 - t0)
        apply(state, Action(who, label))
    return state.turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--hard-games", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=0)
    parser.add_argument("--hard-max-turns", type=int, default=30)
    parser.add_argument("--budget", type=float, default=1.5, help="hard: seconds per search")
    parser.add_argument("--kinds", type=int, default=8, help="slowest kinds shown per level")
    parser.add_argument("--map", default=str(ROOT / "tests" / "maps" / "arena.json"))
    args = parser.parse_args()
    graph, _ = load_map_file(args.map)
    for level in args.levels.split(","):
        times: dict[str, list[float]] = defaultdict(list)
        views: list[float] = []
        hard = level == "hard"
        games = args.hard_games if hard else args.games
        turns = [play(level, g, graph, args.hard_max_turns if hard else args.max_turns,
                      args.budget, times, views) for g in range(games)]
        every = [t for ts in times.values() for t in ts]
        base = statistics.median(views)
        med = statistics.median(every)
        print(f"{level:7s} {len(every):6d} decisions in {games} game(s) ({sum(turns)} turns): "
              f"median {1000 * med:7.2f} ms ({med / base:5.1f}x view build "
              f"{1000 * base:.2f} ms), p99 {1000 * p99(every):8.1f} ms, "
              f"max {1000 * max(every):8.1f} ms")
        slowest = sorted(times.items(), key=lambda kv: -p99(kv[1]))[:args.kinds]
        for kind, ts in slowest:
            print(f"    {kind:24s} n={len(ts):5d}  median {1000 * statistics.median(ts):8.2f} ms"
                  f"  p99 {1000 * p99(ts):8.1f} ms")


if __name__ == "__main__":
    main()
