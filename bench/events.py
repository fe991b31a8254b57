"""The Events module's figures (issue 18): per rule set and player count, how often each card
is taken, left unpicked and played from hand, and the share of a game's turns each Age spans;
use it to size the Age decks (`turns_per_age` in game/core/data/events.toml).

    python bench/events.py [--games 4] [--players 5,9,18] [--rulesets classic]
                           [--bots normal] [--max-turns 0] [--map ID]

One line per game, then per player count the median share of turns for each Age, and the
cards never taken or played, and how often each was played from hand and cancelled.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.core.eventdeck.cards import load_event_cards  # noqa: E402
from game.simulate import SimulationError, resolve_map, simulate  # noqa: E402


def age_shares(ages: dict[str, int], turns: int) -> dict[str, float]:
    """Each Age's share of the game's turns, from the turn each began ("end": events ended)."""
    starts = sorted((t, a) for a, t in ages.items())
    out: dict[str, float] = {}
    for i, (turn, age) in enumerate(starts):
        if age == "end":
            continue
        until = starts[i + 1][0] if i + 1 < len(starts) else turns + 1
        out[age] = (min(until, turns + 1) - turn) / max(turns, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", default="5,9,18")
    parser.add_argument("--rulesets", default="classic")
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--max-turns", type=int, default=0)
    parser.add_argument("--map", default=None)
    args = parser.parse_args(argv)
    try:
        counts = [int(n) for n in args.players.split(",")]
        graph = resolve_map(args.map)
    except (ValueError, SimulationError) as err:
        print(f"bench/events.py: {err}", file=sys.stderr)
        return 2
    cards = load_event_cards().cards
    for ruleset in args.rulesets.split(","):
        for players in counts:
            shares: dict[str, list[float]] = {}
            used: Counter[str] = Counter()
            played: Counter[str] = Counter()
            cancelled: Counter[str] = Counter()
            civs: set[str] = set()  # a realm event can be dealt only while its civ plays
            violations = 0
            for game in range(args.games):
                try:
                    result = simulate(players, [args.bots], seed=game + 1, ruleset=ruleset,
                                      max_turns=args.max_turns, graph=graph, events=True)
                except SimulationError as err:
                    print(f"bench/events.py: {err}", file=sys.stderr)
                    return 1
                figures = result["events"]
                civs.update(result["scores"])
                violations += result["invariant_violations"]
                used.update(figures["taken"])
                used.update(figures["played"])
                played.update(figures["played"])
                cancelled.update(figures.get("cancelled", {}))
                for age, share in age_shares(figures["ages"], result["turns"]).items():
                    shares.setdefault(age, []).append(share)
                print(f"{ruleset} {players}p game {game + 1}: {result['turns']} turns, "
                      f"ages {figures['ages']}, violations {result['invariant_violations']}")
            table = ", ".join(f"Age {a} {statistics.median(v):.0%}"
                              for a, v in sorted(shares.items()))
            never = sorted(c for c, card in cards.items() if not used[c]
                           and (not card.realm or card.realm in civs))
            print(f"{ruleset} {players}p invariant violations in {args.games} games: {violations}")
            print(f"{ruleset} {players}p median share of turns: {table}")
            print(f"{ruleset} {players}p never taken or played: {', '.join(never) or 'none'}")
            for name, tally in (("played from hand", played), ("cancelled", cancelled)):
                shown = ", ".join(f"{c} {n}" for c, n in sorted(tally.items()))
                print(f"{ruleset} {players}p {name}: {shown or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
