"""Headless self-play speed: CPU microseconds per action for 5, 9 and 18 players, normal bots
then random bots, on the real map; the same seeds every run (1 to --games), each game bounded
by --max-turns. Prints one table row per player count and bot level:

    actions   median actions per game
    us/act    median over the games of a game's CPU time per action, and the games' spread
    ref       the CPU time of a fixed piece of pure Python that owes nothing to the game's code
              (`copy.deepcopy` of a nested structure shaped like a small game state), measured
              in the same run: a baseline that moves with the machine and its load but not with
              the code, so rows of runs on different machines, or before and after a change to
              the engine, compare by
    x ref     us/act over ref
    Nx        after each row but a bot level's first, its us/act over the first row's (the
              same run, the same checkout): how an action's cost grows with the players
    clone     the CPU time of one plain `state.clone()` of a mid-game state of the row's first
              game (`apply`'s working copy costs a little less: its tasks lend their progress)
    bots, apply, view
              the shares of the games' time spent in the bots' decisions, in `apply` and in
              building the view handed to the bot (timed around each call by the wall clock;
              the rest is this loop and its timing)

The CPU clock is read once at each end of a game, not around each call: reading it is a system
call (about 0.7 us), and four of them an action were about 2% of an action at 5 players, paid
alike by both versions of an --against run. The wall clock is read without one.

    python bench/simulate.py [--games 5] [--max-turns 30] [--players 5,9,18]
                             [--bots normal,random] [--ruleset classic] [--map oikoumene]
                             [--events] [--against DIR]

--events plays with the Events module on (004), as `simulate --events` does.

The games are those `game.simulate.simulate` plays (same set-up, same bot seeds).

--against DIR times an earlier version of the engine and bots in the same run, row by row: DIR
is a checkout of it (e.g. `git worktree add /tmp/before COMMIT`), whose rows are played by this
script in a child process importing the game from DIR (`--code DIR`). Each pair of rows ends
with the speed-up per action: the ratio of their us/act, and of their `x ref`.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def code_root() -> Path:
    """The checkout whose game is timed: this one, or --code DIR (read before the game is
    imported)."""
    args = sys.argv[1:]
    if "--code" in args[:-1]:
        return Path(args[args.index("--code") + 1]).resolve()
    return ROOT


sys.path.insert(0, str(code_root()))

from timing import median_ms  # noqa: E402

from game.core import GameState, apply, view  # noqa: E402
from game.core.engine import Action  # noqa: E402
from game.core.mapgraph import MapGraph  # noqa: E402
from game.simulate import SimulationError, resolve_map, start  # noqa: E402

CLONE_RUNS = 200
REFERENCE_RUNS = 200
# The reference workload's data: 5 players and 60 areas, in plain lists and dicts.
REFERENCE = {
    "players": [{"id": f"p{i}", "advances": [f"a{j}" for j in range(10)],
                 "hand": [f"c{j}" for j in range(8)], "flags": {f"f{j}": j for j in range(4)},
                 "stock": 30, "treasury": 5} for i in range(5)],
    "board": {f"area{k}": {f"p{k % 5}": k % 3 + 1} for k in range(60)},
    "decks": [[f"card{k}" for k in range(12)] for _ in range(9)],
}


@dataclass
class Game:
    """One timed game: its actions, CPU seconds in all, and seconds (by the wall clock) in all,
    in the bots, `apply` and `view`."""

    actions: int = 0
    total: float = 0.0
    wall: float = 0.0
    bots: float = 0.0
    apply: float = 0.0
    view: float = 0.0
    middle: list[GameState] = field(default_factory=list)  # a copy taken half-way, by turns


def play(players: int, bots: str, seed: int, ruleset: str, graph: MapGraph,
         max_turns: int, events: bool = False) -> Game:
    """`simulate`'s loop, with the wall clock read around each of its three calls."""
    state, seats, _ = start(players, [bots], seed, ruleset, graph, max_turns=max_turns,
                            events=events)
    clock = time.perf_counter
    game = Game()
    began, cpu = clock(), time.process_time()
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        t0 = clock()
        seen = view(state, who)
        t1 = clock()
        label = seats[who].choose(seen)
        t2 = clock()
        apply(state, Action(who, label))
        t3 = clock()
        game.view += t1 - t0
        game.bots += t2 - t1
        game.apply += t3 - t2
        game.actions += 1
        if not game.middle and state.turn * 2 > max_turns:
            game.middle.append(state.clone())
    game.total, game.wall = time.process_time() - cpu, clock() - began
    return game


def row(players: int, bots: str, args: argparse.Namespace,
        graph: MapGraph) -> tuple[str, float, float]:
    """One row of the table, its us/act and its `x ref`."""
    games = [play(players, bots, seed, args.ruleset, graph, args.max_turns, args.events)
             for seed in range(1, args.games + 1)]
    per_action = [g.total / max(g.actions, 1) * 1e6 for g in games]
    middle = next((g.middle[0] for g in games if g.middle), None)
    clone_us = median_ms(middle.clone, CLONE_RUNS)[1] * 1000 if middle else 0.0
    ref_us = median_ms(lambda: copy.deepcopy(REFERENCE), REFERENCE_RUNS)[1] * 1000
    wall = sum(g.wall for g in games) or 1.0
    median = statistics.median(per_action)
    shares = "".join(f"{sum(getattr(g, part) for g in games) / wall:7.0%}"
                     for part in ("bots", "apply", "view"))
    return (f"{players:7d} {bots:7s} {statistics.median(g.actions for g in games):7.0f} "
            f"{median:7.0f} {min(per_action):5.0f}-{max(per_action):<5.0f} {ref_us:7.0f} "
            f"{median / ref_us:7.2f} {clone_us:7.0f}{shares}"), median, median / ref_us


def earlier_row(players: int, bots: str, args: argparse.Namespace) -> tuple[str, float, float]:
    """The same row played by the checkout in --against, in a child process."""
    command = [sys.executable, str(Path(__file__).resolve()), "--code", args.against,
               "--rows-only", "--players", str(players), "--bots", bots,
               "--games", str(args.games), "--max-turns", str(args.max_turns),
               "--ruleset", args.ruleset, "--map", args.map,
               *(["--events"] if args.events else [])]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    lines = done.stdout.rstrip().splitlines()
    if done.returncode or not lines:
        problem = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SimulationError(f"--against {args.against}: {problem}")
    cells = lines[-1].split()
    return lines[-1], float(cells[3]), float(cells[6])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5, help="seeds 1 to GAMES per row")
    parser.add_argument("--max-turns", type=int, default=30)
    parser.add_argument("--players", type=counts, default=[5, 9, 18])
    parser.add_argument("--bots", default="normal,random")
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--map", default="oikoumene")
    parser.add_argument("--events", action="store_true", help="the Events module on")
    parser.add_argument("--against", metavar="DIR",
                        help="a checkout of an earlier version, timed row by row in this run")
    parser.add_argument("--code", metavar="DIR", help="time the game of this checkout instead")
    parser.add_argument("--rows-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.against and not (Path(args.against) / "game" / "core").is_dir():
        parser.error(f"--against: {args.against} is not a checkout of the game")
    if not 1 <= args.games <= 1000 or not 1 <= args.max_turns <= 100:
        parser.error("--games must be 1 to 1000 and --max-turns 1 to 100")
    try:
        graph = resolve_map(args.map)
        if not args.rows_only:
            print(f"{args.games} games a row (seeds 1-{args.games}), {args.ruleset}, "
                  f"map {args.map}, at most {args.max_turns} turns"
                  f"{', Events on' if args.events else ''}; CPU time")
            print(f"{'players':>7s} {'bots':7s} {'actions':>7s} {'us/act':>7s} {'min-max':11s} "
                  f"{'ref':>7s} {'x ref':>7s} {'clone':>7s}{'bots':>7s}{'apply':>7s}"
                  f"{'view':>7s}")
        for bots in args.bots.split(","):
            first: dict[str, float] = {}  # the first row's us/act, by checkout
            for players in args.players:
                if args.against:
                    before, before_us, before_ratio = earlier_row(players, bots, args)
                    print(f"{before}  {args.against}", flush=True)
                    growth(first, args.against, players, before_us, args)
                text, us, ratio = row(players, bots, args, graph)
                print(f"{text}  this checkout" if args.against else text, flush=True)
                growth(first, "this checkout" if args.against else "", players, us, args)
                if args.against:
                    print(f"{'':16s}speed-up per action: {before_us / us:.2f}x in CPU time, "
                          f"{before_ratio / ratio:.2f}x against ref "
                          f"(x ref {before_ratio:.2f} -> {ratio:.2f})", flush=True)
    except SimulationError as err:
        sys.exit(f"bench/simulate.py: {err}")


def growth(first: dict[str, float], checkout: str, players: int, us: float,
           args: argparse.Namespace) -> None:
    """After each row but a level's first, its us/act over the first row's (of the same
    checkout, in this run): how the cost of an action grows with the players."""
    if args.rows_only:
        return
    if checkout not in first:
        first[checkout] = us
        return
    print(f"{'':16s}{players} players: {us / first[checkout]:.2f}x the us/act of "
          f"{args.players[0]} players{'  ' + checkout if checkout else ''}", flush=True)


def counts(text: str) -> list[int]:
    """--players: player counts separated by commas."""
    try:
        return [int(p) for p in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not player counts: {text!r}") from None


if __name__ == "__main__":
    main()
