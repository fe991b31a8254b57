"""Bot decision latency (issue 7): median and p99 of `choose(view)` per bot level and per
decision kind, on the arena test map (or --map). Each level plays one seat against normal bots
in the others (normal: every seat), seats rotating over the games. The baseline measured in the
same run is the cost of building the view the bot is handed; each level's median is also shown
as a ratio to it.

    python bench/bots.py [--levels easy,normal,hard] [--games 2] [--hard-games 1]
                         [--max-turns 0] [--hard-max-turns 30] [--budget 1.5] [--kinds 8]

Duel mode measures strength instead: LEVEL in one seat against four normal bots, seats and
set-ups rotating as in the arena, and each game replayed with normal in that seat (same seed)
so the seat's own luck can be paired out. One line per game, then the win rates with their
Wilson intervals and the paired VP gain (relative to the table) with its standard error.

    python bench/bots.py --duel hard --games 40 [--first 0] [--seed 41]
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
from game.bots.arena import against_table, play_game, wilson_interval  # noqa: E402
from game.bots.hard import HardBot  # noqa: E402
from game.core import Action, GameConfig, apply, new_game, view  # noqa: E402
from game.maps.files import load_map_file  # noqa: E402


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


def duel(level: str, games: int, first: int, seed: int, graph: object) -> None:
    gains: list[float] = []
    wins = {level: 0, "normal": 0}
    for index in range(first, first + games):
        a = play_game(graph, [level] + ["normal"] * 4, index, seed)  # type: ignore[arg-type]
        seat = next(c for c, lv in a.levels.items() if lv == level)
        b = play_game(graph, ["normal"] * 5, index, seed)  # type: ignore[arg-type]

        gains.append(against_table(a.scores, seat) - against_table(b.scores, seat))
        wins[level] += a.winner == seat
        wins["normal"] += b.winner == seat
        print(f"game {index:3d} {a.setup} seat {seat:8s} {level} VP {a.scores[seat]:3d} "
              f"{'won' if a.winner == seat else 'lost'}, normal there VP {b.scores[seat]:3d} "
              f"{'won' if b.winner == seat else 'lost'} ({a.seconds:.0f} s)", flush=True)
    for who, won in wins.items():
        low, high = wilson_interval(won, games)
        print(f"{who:7s} in the seat: win {100 * won / games:.1f}% "
              f"(CI {100 * low:.0f}-{100 * high:.0f}%) of {games} games")
    spread = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    print(f"VP gain of {level} over normal in the same seat: {statistics.mean(gains):+.1f} "
          f"(se {spread:.1f})")


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
    parser.add_argument("--duel", metavar="LEVEL", help="strength: LEVEL against four normal")
    parser.add_argument("--first", type=int, default=0, help="duel: first game index")
    parser.add_argument("--seed", type=int, default=41, help="duel: match seed")
    args = parser.parse_args()
    graph, _ = load_map_file(args.map)
    if args.duel:
        duel(args.duel, args.games, args.first, args.seed, graph)
        return
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
