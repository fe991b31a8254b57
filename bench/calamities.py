"""How often each calamity of a rule set is resolved over many seeded headless games: prints one
table per rule set (calamity, times resolved, games in which it came up), and the calamities
that never came up; then a few totals of what the calamities and tax revolts did (`effects`,
see Effects), and how the games ended.

    python bench/calamities.py [--games 200] [--players 5] [--bots normal] [--map oikoumene]
                               [--jobs 2] [--out results.jsonl]

With --out every finished game is appended to a JSON-lines file, and games already there are
not played again: a long run can be stopped and resumed, and the table printed at any point.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from functools import cache
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game.simulate as sim  # noqa: E402
from game.core.gamedata import load_game_data  # noqa: E402
from game.core.mapgraph import MapGraph  # noqa: E402


@cache
def _graph(map_name: str) -> MapGraph:
    """One map load per worker process, not one per game."""
    return sim.resolve_map(map_name)


TRIBAL_CONFLICT_RULES = ("001:29.7.3.1",)  # the classic card empties areas of all tokens
TAX_REVOLT_RULE = "rules:phase-1b"


class Effects:
    """Per game: cities reduced by calamities and the tokens that replaced them (Agriculture's
    bonus apart), barbarian tokens moving on or eliminated for want of a step, tax revolts and
    the beneficiaries that took their cities, barbarian tokens removed by Tribal Conflict."""

    KEYS = ("calamity_reductions", "reduction_tokens", "agriculture_tokens",
            "barbarians_moved", "barbarians_disbanded", "tax_revolts",
            "tax_revolt_beneficiaries", "tribal_conflict_barbarians")

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter(dict.fromkeys(self.KEYS, 0))
        self.phase = ""
        self.revolts: set[tuple[int, str]] = set()
        self.takers: set[tuple[int, str, str]] = set()

    def __call__(self, state: Any, events: list[Any]) -> None:
        for e in events:
            kind = type(e).__name__
            rule = getattr(e, "rule", "")
            if kind == "PhaseStarted":
                self.phase = e.phase
            elif kind == "CityReduced" and self.phase == "calamity_resolution":
                self.counts["calamity_reductions"] += 1
                self.counts["reduction_tokens"] += e.tokens
            elif (kind == "TokensPlaced" and rule == "rules:8-agriculture"
                  and self.phase == "calamity_resolution"):
                self.counts["agriculture_tokens"] += e.count
            elif kind == "BarbariansMoved":
                self.counts["barbarians_moved"] += e.count
            elif kind == "BarbariansDisbanded":
                self.counts["barbarians_disbanded"] += e.count
            elif kind in ("CityAnnexed", "CityDestroyed") and rule == TAX_REVOLT_RULE:
                victim = e.previous if kind == "CityAnnexed" else e.player
                self.revolts.add((state.turn, victim))
                if kind == "CityAnnexed":
                    self.takers.add((state.turn, victim, e.player))
            elif (kind == "TokensRemoved" and e.player == "barbarians"
                  and rule in TRIBAL_CONFLICT_RULES):
                self.counts["tribal_conflict_barbarians"] += e.count
        self.counts["tax_revolts"] = len(self.revolts)
        self.counts["tax_revolt_beneficiaries"] = len(self.takers)


def play(job: tuple[str, int, int, str, str, int]) -> dict[str, Any]:
    ruleset, seed, players, bots, map_name, max_turns = job
    effects = Effects()
    result = sim.simulate(players=players, bots=[bots], seed=seed, ruleset=ruleset,
                          max_turns=max_turns, check=False, graph=_graph(map_name),
                          observe=effects)
    return {"ruleset": ruleset, "seed": seed, "players": players,
            "calamities": result["calamities"], "turns": result["turns"],
            "ended_by": result["ended_by"], "effects": dict(effects.counts)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="5")
    parser.add_argument("--bots", default="normal")
    parser.add_argument("--max-turns", type=int, default=40)
    parser.add_argument("--rulesets", default="classic,mega-empires,double-empires")
    parser.add_argument("--map", default="oikoumene")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="JSON-lines file of finished games (resumable)")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]
    rulesets = args.rulesets.split(",")
    results: list[dict[str, Any]] = []
    out = Path(args.out) if args.out else None
    if out is not None and out.exists():
        results = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    done = {(r["ruleset"], r["seed"]) for r in results}
    # Rule sets interleaved, so a run stopped early still covers all three evenly.
    jobs = [(ruleset, i + 1, counts[i % len(counts)], args.bots, args.map, args.max_turns)
            for i in range(args.games) for ruleset in rulesets
            if (ruleset, i + 1) not in done]
    with Pool(args.jobs) as pool:
        for result in pool.imap(play, jobs):
            results.append(result)
            if out is not None:
                with out.open("a") as f:
                    f.write(json.dumps(result) + "\n")
    data = load_game_data()
    for ruleset in rulesets:
        mine = [r for r in results if r["ruleset"] == ruleset and r["seed"] <= args.games]
        times: Counter[str] = Counter()
        games: Counter[str] = Counter()
        for r in mine:
            times.update(r["calamities"])
            games.update(r["calamities"].keys())
        print(f"{ruleset}: {len(mine)} games, {args.bots} bots, map {args.map}, "
              f"players {args.players}, at most {args.max_turns} turns")
        ids = data.rulesets[ruleset].calamities
        for cid in ids:
            print(f"  {cid:24s} {times[cid]:6d} resolved in {games[cid]:4d} games")
        never = [c for c in ids if not times[c]]
        print(f"  never resolved: {', '.join(never) or 'none'}")
        effects: Counter[str] = Counter()
        for r in mine:
            effects.update(r.get("effects", {}))
        print("  effects: " + ", ".join(f"{k} {effects[k]}" for k in Effects.KEYS))
        ends = Counter(r.get("ended_by", "?") for r in mine)
        print("  ended by: " + ", ".join(f"{k} {n}" for k, n in sorted(ends.items())))


if __name__ == "__main__":
    main()
