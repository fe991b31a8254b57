"""Heuristic variants of the normal bot, weighed in paired games (issue 40: where the hard bot's
strength can come from without search).

    python bench/variants.py SPEC [--base SPEC] [--games 200] [--events] [--seed 5] [--jobs 2]

Each game is played twice from the same seed: one seat (rotating with the game index, the two
5-player set-ups in turn, classic rules, the shipped map) plays SPEC, then the base (default
the normal bot); the other four seats are normal bots both times. The figure is the seat's VP
against the mean of the other four, SPEC minus base, with its standard error and the seat's
wins in both (as the bots README measures). A normal game plays in under a second, so 200
paired games take a few minutes.

A SPEC is a plan and changes, joined by ";":
  normal            the normal bot
  g6                the normal bot gathering on city sites from turn 6 (hard.GATHER_FROM)
  grower.KNOB=V     a knob of growth.Grower (gather_from, seed_from, token_cost, gate...)
  MODULE.NAME=V     a weight of a bots module (events.RIVAL, growth.ATTACK_MARGIN...), set
                    only while the seat decides
  NAME=V            an attribute of the bot (keep_factor)
e.g. `python bench/variants.py "g6;events.RIVAL=1.0" --base g6 --events`.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bots.arena import against_table, match_game  # noqa: E402
from game.bots.growth import Grower  # noqa: E402
from game.bots.hard import GATHER_FROM  # noqa: E402
from game.bots.normal import NormalBot  # noqa: E402
from game.core import (  # noqa: E402
    Action,
    MapGraph,
    PlayerView,
    apply,
    final_ranking,
    view,
)
from game.maps.files import load_map_file  # noqa: E402

MAP = ROOT / "maps" / "oikoumene.json"


class Variant(NormalBot):
    """The normal bot with changed weights: module weights are set while it decides only, so
    the other seats in the same process keep theirs."""

    weights: list[tuple[ModuleType, str, float]]

    def choose(self, view: PlayerView) -> str:
        kept = [(module, name, getattr(module, name)) for module, name, _ in self.weights]
        for module, name, value in self.weights:
            setattr(module, name, value)
        try:
            return super().choose(view)
        finally:
            for module, name, value in kept:
                setattr(module, name, value)


def _number(text: str) -> float | int:
    return float(text) if "." in text else int(text)


def make(spec: str, seed: int) -> NormalBot:
    plan, *changes = spec.split(";")
    if plan not in ("normal", "g6"):
        raise SystemExit(f"variants: unknown plan {plan!r} (normal or g6)")
    bot = Variant(seed)
    bot.weights = []
    knobs: dict[str, float | int] = {"gather_from": GATHER_FROM} if plan == "g6" else {}
    for change in changes:
        name, _, value = change.partition("=")
        if name.startswith("grower."):
            knobs[name.removeprefix("grower.")] = _number(value)
        elif "." in name:
            module, attr = name.rsplit(".", 1)
            found = importlib.import_module(f"game.bots.{module}")
            if not hasattr(found, attr):
                raise SystemExit(f"variants: game.bots.{module} has no {attr}")
            bot.weights.append((found, attr, float(value)))
        else:
            setattr(bot, name, _number(value))
    bot.grower = Grower(**knobs)  # type: ignore[arg-type]
    return bot


_GRAPH: MapGraph | None = None


def play(index: int, seed: int, events: bool, spec: str) -> tuple[str, dict[str, int], str]:
    """One game with `spec` in the rotating seat: the seat, everyone's final VP, the winner."""
    global _GRAPH
    if _GRAPH is None:
        _GRAPH, _ = load_map_file(MAP)
    state, levels = match_game(_GRAPH, ["seat"] + ["table"] * 4, index, seed, events=events)
    game_seed = state.config.seed
    bots = {civ: make(spec, game_seed * 31 + i) if level == "seat"
            else NormalBot(game_seed * 31 + i) for i, (civ, level) in enumerate(levels.items())}
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    seat = next(civ for civ, level in levels.items() if level == "seat")
    ranking = final_ranking(state)
    return seat, {s.player: s.total for s in ranking}, ranking[0].player


def _pair(job: tuple[int, int, bool, str, str]) -> tuple[float, bool, bool]:
    index, seed, events, spec, base = job
    seat, tried, first = play(index, seed, events, spec)
    _, against, first_base = play(index, seed, events, base)
    gain = against_table(tried, seat) - against_table(against, seat)
    return gain, first == seat, first_base == seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("spec")
    parser.add_argument("--base", default="normal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--events", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    make(args.spec, 0), make(args.base, 0)  # a bad spec stops here, before any game
    jobs = [(i, args.seed, args.events, args.spec, args.base) for i in range(args.games)]
    gains: list[float] = []
    wins = [0, 0]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for gain, won, won_base in pool.map(_pair, jobs):
            gains.append(gain)
            wins[0] += won
            wins[1] += won_base
            if len(gains) % 50 == 0 and len(gains) < args.games:
                print(f"{len(gains)} games: {statistics.mean(gains):+.1f} VP "
                      f"({time.perf_counter() - started:.0f} s)", flush=True)
    n = len(gains)
    spread = statistics.stdev(gains) / n ** 0.5 if n > 1 else 0.0
    print(f"{args.spec} against {args.base} ({'events' if args.events else 'no events'}, seed "
          f"{args.seed}): {statistics.mean(gains):+.1f} VP (se {spread:.1f}) over {n} paired "
          f"games; the seat won {wins[0]} against {wins[1]}")


if __name__ == "__main__":
    main()
