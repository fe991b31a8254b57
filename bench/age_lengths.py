"""The Events module's Age lengths per rule set (issue 34): over N seeded normal-bot games per
rule set with events on, the turns each Age lasted (median and spread), the game's length,
and the share of the game's turns played with events; use it to size the Ages
(`turns_per_age` in game/core/data/events.toml, per rule set).

    python bench/age_lengths.py [--games 200] [--players 5] [--rulesets classic,mega-empires,
                                 double-empires] [--bots normal] [--first-seed 1] [--map ID]

An Age's length is from the turn it began to the turn the next began (Age IV: to the turn
events ended); an Age the game ended inside counts the turns it was played (a cut-short Age is
counted apart, in "cut"). Spread: the 10th-90th percentile and min-max.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.simulate import SimulationError, resolve_map, simulate  # noqa: E402

AGES = ("1", "2", "3", "4")


def age_lengths(ages: dict[str, int], turns: int) -> dict[str, tuple[int, bool]]:
    """Age -> (turns played in it, whether the game ended inside it), from the turn each Age
    began (`ages`, with "end" the turn events ended) and the game's last turn."""
    starts = sorted((t, a) for a, t in ages.items())
    out: dict[str, tuple[int, bool]] = {}
    for i, (turn, age) in enumerate(starts):
        if age == "end" or turn > turns:
            continue
        last = i + 1 == len(starts)  # no next Age began, nor did events end: cut short
        until = turns + 1 if last else starts[i + 1][0]
        out[age] = (min(until, turns + 1) - turn, last or until > turns + 1)
    return out


def spread(values: list[int]) -> str:
    if not values:
        return "no games"
    ordered = sorted(values)
    low = ordered[int(0.1 * (len(ordered) - 1))]
    high = ordered[int(0.9 * (len(ordered) - 1) + 0.5)]
    return (f"median {statistics.median(ordered):g} (10-90%: {low}-{high}, "
            f"min-max {ordered[0]}-{ordered[-1]})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per rule set")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--rulesets", default="classic,mega-empires,double-empires")
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--map", default=None)
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    try:
        graph = resolve_map(args.map)
    except SimulationError as err:
        print(f"bench/age_lengths.py: {err}", file=sys.stderr)
        return 2
    for ruleset in args.rulesets.split(","):
        lengths: dict[str, list[int]] = {a: [] for a in AGES}
        cut: dict[str, int] = dict.fromkeys(AGES, 0)
        games: list[int] = []
        with_events: list[float] = []
        after: list[int] = []
        for game in range(args.games):
            seed = args.first_seed + game
            try:
                result = simulate(args.players, [args.bots], seed=seed, ruleset=ruleset,
                                  graph=graph, events=True)
            except SimulationError as err:
                print(f"bench/age_lengths.py: {err}", file=sys.stderr)
                return 1
            turns = result["turns"]
            ages = result["events"]["ages"]
            games.append(turns)
            for age, (n, short) in age_lengths(ages, turns).items():
                if short:
                    cut[age] += 1
                else:
                    lengths[age].append(n)
            end = ages.get("end", turns + 1)
            after.append(max(0, turns + 1 - end))
            with_events.append(min(end - 1, turns) / max(turns, 1))
            if not args.quiet:
                print(f"{ruleset} seed {seed}: {turns} turns, ages {ages}", flush=True)
        n = len(games)
        print(f"== {ruleset}, {args.players} players, {n} {args.bots}-bot games, events on")
        for age in AGES:
            print(f"{ruleset} Age {age}: {spread(lengths[age])} turns; "
                  f"the game ended inside it in {cut[age]} games")
        print(f"{ruleset} game length: {spread(games)} turns")
        print(f"{ruleset} turns after events ended: {spread(after)}; "
              f"median share of turns with events {statistics.median(with_events):.0%}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
