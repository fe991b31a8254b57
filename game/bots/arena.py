"""Headless bot matches (python -m game arena): many games, seats and civilizations rotated, one
summary line per bot level with its win rate, a 95% confidence interval and its mean VP.

Each bot sees only `view(state, its_civ)`; the arena is the referee that holds the state.
Seats rotate so that every level plays every position of the A.S.T. ranking in turn, and the
set-ups for the player count alternate, so a level is never tied to one civilization.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.core import (
    Action,
    EventsOptions,
    GameConfig,
    GameState,
    MapGraph,
    apply,
    final_ranking,
    load_game_data,
    new_game,
    view,
)

from . import LEVELS, make_bot
from .hard import HardBot
from .workers import worker_pool

# A game that reaches this many turns is stopped and scored (random bots can wander long).
DEFAULT_MAX_TURNS = 250


class ArenaError(ValueError):
    """A configuration the arena cannot play (unknown level, wrong seat count, ...)."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game: who sat where at which level, and the final scores."""

    index: int
    seed: int
    setup: str
    levels: dict[str, str]  # civ -> level
    scores: dict[str, int]
    winner: str
    turns: int
    ended_by: str
    seconds: float
    errors: tuple[str, ...] = ()  # bot policy failures (each played a safe option instead)
    think: tuple[tuple[str, tuple[float, ...]], ...] = ()  # level -> seconds of each decision


@dataclass
class LevelStats:
    level: str
    seats: int = 0  # seat-games played
    wins: int = 0
    vp: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=list)  # seconds of each decision

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def mean_vp(self) -> float:
        return sum(self.vp) / len(self.vp) if self.vp else 0.0


def wilson_interval(wins: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (sound near 0% and 100%)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = wins / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of `values`; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


def seconds(t: float) -> str:
    return f"{t:.2f} s" if t >= 0.1 else f"{1000 * t:.1f} ms"


def parse_seats(text: str, players: int) -> list[str]:
    """`normal,random` -> one level per seat; a short list is padded with its last level."""
    levels = [s.strip() for s in text.split(",") if s.strip()]
    if not levels:
        raise ArenaError("--seats needs at least one bot level")
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        raise ArenaError(f"unknown bot level {unknown[0]!r} (known: {', '.join(LEVELS)})")
    if len(levels) > players:
        raise ArenaError(f"{len(levels)} seats given for {players} players")
    return levels + [levels[-1]] * (players - len(levels))


def setups_for(players: int) -> list[str]:
    found = [s.id for s in load_game_data().setups_for(players)]
    if not found:
        raise ArenaError(f"no set-up for {players} players (5 to 18 are supported)")
    return found


def seat_levels(seats: list[str], civs: list[str], index: int) -> dict[str, str]:
    """Game `index` shifts the seat list by `index` places along the ranking order."""
    n = len(civs)
    return {civ: seats[(i + index) % n] for i, civ in enumerate(civs)}


def match_game(graph: MapGraph, seats: list[str], index: int, seed: int,
               ruleset: str = "classic", max_turns: int = 0,
               events: bool = False) -> tuple[GameState, dict[str, str]]:
    """Game number `index` of a match, set up: its state (the set-ups for the player count in
    turn, a seed of its own) and each civilization's seat (seat_levels). A seat's bot is
    seeded `state.config.seed * 31 + i`, i its place in the returned order."""
    setups = setups_for(len(seats))
    config = GameConfig(players=[], ruleset=ruleset, setup=setups[index % len(setups)],
                        seed=seed * 100_003 + index, max_turns=max_turns,
                        events=EventsOptions() if events else None)
    state = new_game(config, graph)
    return state, seat_levels(seats, list(state.players), index)


def play_game(
    graph: MapGraph,
    seats: list[str],
    index: int,
    seed: int,
    ruleset: str = "classic",
    max_turns: int = DEFAULT_MAX_TURNS,
    events: bool = False,
    budget: float | None = None,
) -> GameRecord:
    """Play game number `index` of a match to its end and score it; `events` turns the
    Events module on; `budget` sets the hard bots' search seconds per decision."""
    started = time.perf_counter()
    state, levels = match_game(graph, seats, index, seed, ruleset, max_turns, events)
    game_seed, setup = state.config.seed, state.config.setup
    bots = {civ: make_bot(level, game_seed * 31 + i)
            for i, (civ, level) in enumerate(levels.items())}
    for bot in bots.values():
        if budget is not None and isinstance(bot, HardBot):
            bot.budget = budget
    think: dict[str, list[float]] = {level: [] for level in levels.values()}
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        seen = view(state, who)
        t0 = time.perf_counter()
        label = bots[who].choose(seen)
        think[levels[who]].append(time.perf_counter() - t0)
        apply(state, Action(who, label))
    ranking = final_ranking(state)
    return GameRecord(
        index=index, seed=game_seed, setup=setup, levels=levels,
        scores={s.player: s.total for s in ranking},
        winner=ranking[0].player if ranking else "",
        turns=state.turn - (1 if state.ended_by == "max_turns" else 0),
        ended_by=state.ended_by or "stuck",
        seconds=time.perf_counter() - started,
        errors=tuple(f"{civ}: {e}" for civ, bot in bots.items()
                     for e in getattr(bot, "errors", ())),
        think=tuple((level, tuple(times)) for level, times in think.items()),
    )


def summarise(records: Iterable[GameRecord]) -> dict[str, LevelStats]:
    stats: dict[str, LevelStats] = {}
    for rec in records:
        for civ, level in rec.levels.items():
            s = stats.setdefault(level, LevelStats(level))
            s.seats += 1
            s.vp.append(rec.scores.get(civ, 0))
            s.wins += civ == rec.winner
        for level, times in rec.think:
            stats[level].think.extend(times)
    return stats


def format_line(s: LevelStats, games: int) -> str:
    low, high = wilson_interval(s.wins, s.seats)
    per_game = s.seats // games if games else 0
    seats = f"  ({per_game} seats a game)" if per_game > 1 else ""
    think = ""
    if s.think:
        think = f"  decision p99 {seconds(percentile(s.think, 99))} (max {seconds(max(s.think))})"
    return (f"{s.level:8s}win {100 * s.win_rate:.1f}% (CI {100 * low:.0f}-{100 * high:.0f}%)"
            f"  mean VP {s.mean_vp:.0f}{seats}{think}")


def seat_wins(records: Iterable[GameRecord], level: str) -> list[tuple[int, int]]:
    """(wins, seat-games) of a level at each place of the A.S.T. ranking: the places are far
    from equal (with normal bots at 5 players the 3rd civilization wins about half the games
    and the 1st almost none), so a level's rate is read against where it sat."""
    table: list[list[int]] = []
    for rec in records:
        for place, (civ, lv) in enumerate(rec.levels.items()):
            while len(table) <= place:
                table.append([0, 0])
            if lv == level:
                table[place][0] += civ == rec.winner
                table[place][1] += 1
    return [(w, n) for w, n in table]


def against_table(scores: dict[str, int], seat: str) -> float:
    """A seat's VP against the mean of the table's other seats (paired measurements compare
    this figure for the same seat in two games of one seed)."""
    others = [v for c, v in scores.items() if c != seat]
    return scores[seat] - sum(others) / len(others)


def format_seats(level: str, places: list[tuple[int, int]]) -> str:
    cells = "  ".join(f"{i + 1}: {w}/{n}" for i, (w, n) in enumerate(places) if n)
    return f"{'':8s}{level} wins by place in the ranking  {cells}"


# Each worker process receives the map once, through the pool's initializer, so nothing but
# small result records crosses between processes afterwards.
_GRAPH: MapGraph | None = None


def _receive_map(graph: MapGraph) -> None:
    global _GRAPH
    _GRAPH = graph


def _worker(args: tuple[list[str], int, int, str, int, bool, float | None]) -> GameRecord:
    assert _GRAPH is not None
    seats, index, seed, ruleset, max_turns, events, budget = args
    return play_game(_GRAPH, seats, index, seed, ruleset, max_turns, events, budget)


def run_arena(
    graph: MapGraph,
    seats: list[str],
    games: int,
    seed: int = 1,
    ruleset: str = "classic",
    max_turns: int = DEFAULT_MAX_TURNS,
    workers: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
    events: bool = False,
    budget: float | None = None,
) -> list[GameRecord]:
    """Play `games` games; `on_game` hears of each as it ends (in finishing order); `budget`
    sets the hard bots' search seconds per decision (default: the level's own)."""
    if ruleset not in load_game_data().rulesets:
        raise ArenaError(f"unknown rule set {ruleset!r}")
    if games < 1:
        raise ArenaError("--games must be at least 1")
    setups_for(len(seats))
    if budget is not None and not 0 <= budget <= 60:
        raise ArenaError("--budget must be between 0 and 60 seconds")
    jobs = [(seats, i, seed, ruleset, max_turns, events, budget) for i in range(games)]
    records: list[GameRecord] = []
    if workers <= 1 or games == 1:
        for job in jobs:
            rec = play_game(graph, *job)
            records.append(rec)
            if on_game:
                on_game(rec)
        return records
    with worker_pool(workers, _receive_map, (graph,)) as pool:
        for rec in pool.map(_worker, jobs):
            records.append(rec)
            if on_game:
                on_game(rec)
    return sorted(records, key=lambda r: r.index)
