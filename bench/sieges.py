"""City attacks by bots (issue 40): how often normal bots attack cities, how often the
attacks succeed, and how many siege cards they play; and whether attacking pays, in paired
games.

    python bench/sieges.py --games 20 [--events] [--seed 40] [--first 0] [--map FILE]
    python bench/sieges.py --paired --games 100 [--events] [--seed 40] [--jobs 2]
                           [--knob token_cost=3] [--against-attackers]

Count mode plays normal bots in every seat (5 players, classic rules, the shipped map, the
two 5-player set-ups in turn) and prints, per game and in total, the city attacks made by
players (not barbarians), their successes and the siege cards played (the Events module's
Breach, Siegecraft, Treason, Saint; Blasphemy, Pillaging and Orgies, Martyrdom after a city
is taken). Paired mode plays each game twice with the same seed: one seat (rotating with the
game index) with the normal bot as it is, the other four with the normal bot that never
attacks a city (the plan before issue 40), and then all five without attacks; the figure is
the seat's VP against the mean of the table, the first game minus the second (as the bots
README measures), with its standard error and the seat's wins in both. With
--against-attackers the table attacks in both games and the seat does or does not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bots.arena import against_table, match_game, wilson_interval  # noqa: E402
from game.bots.growth import Grower  # noqa: E402
from game.bots.normal import NormalBot  # noqa: E402
from game.core import (  # noqa: E402
    PIRATE,
    Action,
    apply,
    final_ranking,
    load_event_cards,
    view,
)
from game.core.event_types import CityAttacked  # noqa: E402
from game.maps.files import load_map_file  # noqa: E402

SIEGE_WINDOWS = ("siege", "after_siege")
KNOBS: dict[str, float] = {}  # a variant of the attacking bots' plan (growth.Grower's knobs)


def _set_knobs(knobs: dict[str, float]) -> None:
    KNOBS.update(knobs)


class PeacefulBot(NormalBot):
    """The normal bot without city attacks or their defence (the plan before issue 40)."""

    name = "peaceful"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.grower = Grower(attack_cities=0)


@dataclass
class Tally:
    scores: dict[str, int] = field(default_factory=dict)
    winner: str = ""
    attacks: int = 0
    taken: int = 0
    pirate_attacks: int = 0
    siege_cards: Counter[str] = field(default_factory=Counter)
    turns: int = 0
    seconds: float = 0.0
    seat: str = ""


def play(map_path: str, index: int, seed: int, events: bool, attackers: str) -> Tally:
    """One game; `attackers`: "all" (every seat the normal bot), "none" (every seat
    peaceful), "seat" (the rotating seat normal, the others peaceful) or "table" (the seat
    peaceful, the others normal)."""
    graph, _ = load_map_file(map_path)
    started = time.perf_counter()
    state, levels = match_game(graph, ["seat"] + ["table"] * 4, index, seed, events=events)
    game_seed = state.config.seed
    bots: dict[str, NormalBot] = {}
    for i, (civ, level) in enumerate(levels.items()):
        attack = attackers == "all" or (attackers == "seat" and level == "seat") or (
            attackers == "table" and level == "table")
        bots[civ] = (NormalBot if attack else PeacefulBot)(game_seed * 31 + i)
        if attack and KNOBS:
            bots[civ].grower = Grower(**KNOBS)
    tally = Tally()
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        for event in apply(state, Action(who, bots[who].choose(view(state, who)))):
            if isinstance(event, CityAttacked) and event.attacker in state.players:
                if event.defender == PIRATE:
                    tally.pirate_attacks += 1
                    continue
                tally.attacks += 1
                tally.taken += event.success
    cards = load_event_cards().cards
    for key, n in state.counters.items():
        if key.startswith("event_played:"):
            cid = key.split(":", 1)[1]
            if cid in cards and cards[cid].window in SIEGE_WINDOWS:
                tally.siege_cards[cid] += n
    ranking = final_ranking(state)
    tally.scores = {s.player: s.total for s in ranking}
    tally.winner = ranking[0].player if ranking else ""
    tally.turns = state.turn
    tally.seconds = time.perf_counter() - started
    tally.seat = next(c for c, lv in levels.items() if lv == "seat")
    return tally


def _count_job(job: tuple[str, int, int, bool, object]) -> Tally:
    return play(*job[:4], attackers="all")


def _paired_job(job: tuple[str, int, int, bool, object, bool]) -> tuple[Tally, Tally]:
    if job[5]:  # against a table that attacks
        return play(*job[:4], attackers="all"), play(*job[:4], attackers="table")
    return play(*job[:4], attackers="seat"), play(*job[:4], attackers="none")


def count(args: argparse.Namespace) -> None:
    jobs = [(args.map, i, args.seed, args.events, args.knobs) for i in range(args.first,
                                                              args.first + args.games)]
    tallies = []
    with ProcessPoolExecutor(args.jobs, initializer=_set_knobs, initargs=(args.knobs,)) as pool:
        for i, t in zip(range(args.first, args.first + args.games),
                        pool.map(_count_job, jobs), strict=True):
            tallies.append(t)
            cards = ", ".join(f"{c} {n}" for c, n in sorted(t.siege_cards.items())) or "none"
            print(f"game {i:3d}: {t.turns} turns, city attacks {t.attacks} ({t.taken} taken), "
                  f"pirate cities {t.pirate_attacks}, siege cards played: {cards} "
                  f"({t.seconds:.0f} s)", flush=True)
    n = len(tallies)
    attacks = sum(t.attacks for t in tallies)
    taken = sum(t.taken for t in tallies)
    cards_played: Counter[str] = Counter()
    for t in tallies:
        cards_played.update(t.siege_cards)
    low, high = wilson_interval(taken, attacks) if attacks else (0.0, 0.0)
    print(f"{n} games ({'events' if args.events else 'no events'}): "
          f"{attacks / n:.2f} city attacks a game, {taken} of {attacks} taken "
          f"({100 * taken / max(attacks, 1):.0f}%, CI {100 * low:.0f}-{100 * high:.0f}%), "
          f"{sum(cards_played.values()) / n:.2f} siege cards played a game "
          f"({', '.join(f'{c} {k}' for c, k in sorted(cards_played.items())) or 'none'}); "
          f"games with an attack: {sum(1 for t in tallies if t.attacks)}")


def paired(args: argparse.Namespace) -> None:
    jobs = [(args.map, i, args.seed, args.events, args.knobs, args.against_attackers)
            for i in range(args.first, args.first + args.games)]
    gains: list[float] = []
    wins = [0, 0]
    attacks = taken = 0
    with ProcessPoolExecutor(args.jobs, initializer=_set_knobs, initargs=(args.knobs,)) as pool:
        for i, (a, b) in zip(range(args.first, args.first + args.games),
                             pool.map(_paired_job, jobs), strict=True):
            seat = a.seat
            gains.append(against_table(a.scores, seat) - against_table(b.scores, seat))
            wins[0] += a.winner == seat
            wins[1] += b.winner == seat
            attacks += a.attacks
            taken += a.taken
            print(f"game {i:3d} seat {seat:10s} attacking VP {a.scores[seat]:3d} "
                  f"({against_table(a.scores, seat):+6.1f}), peaceful VP {b.scores[seat]:3d} "
                  f"({against_table(b.scores, seat):+6.1f}); attacks {a.attacks} ({a.taken} taken)",
                  flush=True)
    n = len(gains)
    spread = statistics.stdev(gains) / n ** 0.5 if n > 1 else 0.0
    table = "an attacking" if args.against_attackers else "a peaceful"
    print(f"{n} paired games ({'events' if args.events else 'no events'}, {table} table): "
          f"the attacking seat "
          f"against the table {statistics.mean(gains):+.1f} VP (se {spread:.1f}) over the "
          f"peaceful seat; wins {wins[0]} against {wins[1]}; attacks {attacks} "
          f"({taken} taken)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--events", action="store_true")
    parser.add_argument("--paired", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--against-attackers", action="store_true",
                        help="paired: the table attacks in both games of a pair")
    parser.add_argument("--knob", action="append", default=[], metavar="NAME=VALUE",
                        help="a variant of the attackers' plan, e.g. token_cost=3 gate=0")
    parser.add_argument("--map", default=str(ROOT / "maps" / "oikoumene.json"))
    args = parser.parse_args()
    args.knobs = {k: float(v) for k, v in (kv.split("=", 1) for kv in args.knob)}
    (paired if args.paired else count)(args)


if __name__ == "__main__":
    main()
