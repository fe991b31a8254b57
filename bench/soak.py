"""A soak: thousands of bot games over every rule set and table size, checking everything.

    python bench/soak.py --games N [--jobs J] [--out DIR] [--max-turns T] [--only I]

Game i's settings and seed come from i alone (`settings(i)`), so a run is reproducible and can
be resumed: over the three rule sets (i mod 3), 5 to 18 players, bot mixes of random, easy and
normal bots (one game in HARD_EVERY seats a hard bot with a short budget: its searches run
against the clock, so that game alone does not replay the same from its seed), the Events
module on or off (with its optional rules now and then), open bargaining on or off, the basic or
expert A.S.T., and a turn cap (or an agreed last turn) so that every game ends in bounded time.

Each game (`play_game`):
- checks the core's invariants (`game.core.violations`: tokens, cities, ships, trade cards
  conserved, nothing out of play, a decision with options) after every action, and the
  population limits where the board stands as phase 5 or 11 left it (as
  tests/core/test_random_play.py does);
- saves and loads at random decisions through the real save files (write_save, read_save): the
  loaded state and record must equal the saved ones, play goes on from the loaded state, and
  for the next SHADOW actions the state it left behind is played beside it (the same actions)
  with the views and state hashes compared after each;
- at the end writes the game's save and verifies its replay as `python -m game replay --verify`
  does (the log re-applied from the start gives every recorded hash and the final state's).

Any exception inside a game, an invariant broken, a load that differs, a replay that diverges
or a game that does not end within MAX_ACTIONS is a *break*: recorded with the game's seed,
settings and traceback (and its save, in DIR/failures/), never the end of the run.

Games run in parallel on --jobs processes (default: the cores this process may use). Each
finished game is appended to DIR/results.jsonl as one line the moment it ends; a run killed
part-way loses at most the games under way, and the next run with the same DIR skips the games
already there. The summary (also DIR/summary.txt) says what was played and checked, lists each
break with the command to reproduce it, and ends with one line of totals; exit status 1 if any
game broke, 2 on a bad argument.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.core import (  # noqa: E402
    Action,
    CalamityResolved,
    EventsOptions,
    GameConfig,
    apply,
    card_census,
    choose_setup,
    event_counts,
    load_game_data,
    new_game,
    population_limit,
    view,
    violations,
)

if TYPE_CHECKING:
    from game.bots import Bot
    from game.core import GameState, MapGraph
    from game.persist import GameRecord

MAP = "oikoumene"
RULESETS = ("classic", "mega-empires", "double-empires")
RESULTS = "results.jsonl"
SUMMARY = "summary.txt"
RUN_FILE = "run.json"  # the options a results file was made with; a resume must match them
MAX_ACTIONS = 100_000  # a capped game still going after this many actions is a break
HARD_EVERY = 40  # about one game in this many seats one hard bot
HARD_BUDGET = 0.2  # its search time per decision, seconds (the game's 1.5 s would be slow)
LOADS_PER_ACTION = 1 / 250  # chance of a save and load at each decision, besides the first
SHADOW = 20  # actions played beside a loaded game on the state it was saved from
AFTER_SUPPORT = {"trade_card_acquisition", "trade", "calamity_selection", "advance_acquisition"}
PLANT = "CALAMITAS_SOAK_PLANT"  # tests only: "I" plants an invariant break in game I,
#                                 "I:crash" an exception


@dataclass(frozen=True)
class Settings:
    """Everything that decides one soak game, derived from its index alone."""

    index: int
    seed: int
    ruleset: str
    players: int
    bots: tuple[str, ...]
    max_turns: int
    last_turn: int
    ast_side: str
    open_bargaining: bool
    events: bool
    events_options: tuple[bool, bool, bool]  # randomise_x, reveal_more, random_b
    load_seed: int  # where the saves and loads fall

    def describe(self) -> str:
        levels = Counter(self.bots)
        mix = ", ".join(f"{n} {level}" for level, n in sorted(levels.items()))
        bound = f"last turn {self.last_turn}" if self.last_turn else f"max {self.max_turns} turns"
        extras = [bound]
        if self.events:
            rules = [name for name, on in zip(("randomise X", "reveal more", "random B"),
                                              self.events_options, strict=True) if on]
            extras.append("events" + (f" ({', '.join(rules)})" if rules else ""))
        extras += ["open bargaining"] * self.open_bargaining + ["expert A.S.T."] * (
            self.ast_side == "expert")
        return (f"seed {self.seed}, {self.ruleset}, {self.players} players ({mix}), "
                + ", ".join(extras))


def settings(index: int, max_turns: int | None = None) -> Settings:
    """Game `index`'s settings and seed; `max_turns` (if given) caps every game at that many
    turns instead of the drawn cap."""
    rng = random.Random(f"calamitas-soak-{index}")
    ruleset = RULESETS[index % len(RULESETS)]
    players = rng.choice((5, 5, 6, 7, 8, 9, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18))
    mix = rng.choice(("random", "random", "mixed", "mixed", "normal", "easy"))
    if mix == "mixed":
        bots = [rng.choice(("random", "easy", "normal")) for _ in range(players)]
    else:
        bots = [mix] * players
    if rng.randrange(HARD_EVERY) == 0 and players <= 9:
        bots[rng.randrange(players)] = "hard"
    long = rng.randrange(12) == 0
    bound = rng.choice((24, 30)) if long else rng.choice((3, 4, 5, 6, 8, 10))
    if max_turns is not None:
        bound = max_turns
    by_last_turn = rng.randrange(5) == 0
    events = rng.randrange(2) == 0
    options = (rng.randrange(4) == 0, rng.randrange(4) == 0, rng.randrange(4) == 0)
    return Settings(
        index=index,
        seed=rng.getrandbits(32),
        ruleset=ruleset,
        players=players,
        bots=tuple(bots),
        max_turns=0 if by_last_turn else bound,
        last_turn=bound if by_last_turn else 0,
        ast_side="expert" if rng.randrange(6) == 0 else "basic",
        open_bargaining=rng.randrange(3) == 0,
        events=events,
        events_options=options if events else (False, False, False),
        load_seed=rng.getrandbits(32),
    )


# --- one game ---------------------------------------------------------------------------------


class Break(Exception):
    """Something a soak game found wrong (not a crash of the soak's own code)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


Checker = Callable[["GameState", Counter[str]], list[str]]


def over_limit(state: GameState) -> list[str]:
    """Population limits, where the board stands as phase 5 or phase 11 left it."""
    if state.phase not in AFTER_SUPPORT:
        return []
    out = []
    for area, here in state.board.tokens.items():
        for owner, n in here.items():
            if owner in state.players and n > population_limit(state, area, owner):
                out.append(f"{owner} has {n} tokens in {area}")
    return out


def check_state(state: GameState, cards: Counter[str]) -> list[str]:
    """Every invariant the soak checks after each action; empty when all hold."""
    return violations(state, cards) + over_limit(state)


@cache
def _graph() -> MapGraph:
    from game.simulate import resolve_map

    return resolve_map(MAP)


def new_state(s: Settings) -> GameState:
    data = load_game_data()
    x, more, random_b = s.events_options
    config = GameConfig(
        players=[], ruleset=s.ruleset, ast_side=s.ast_side, seed=s.seed,
        max_turns=s.max_turns, last_turn=s.last_turn, open_bargaining=s.open_bargaining,
        events=EventsOptions(randomise_x=x, reveal_more=more, random_b=random_b)
        if s.events else None)
    config.setup = choose_setup(data, GameConfig(players=["?"] * s.players)).id
    return new_game(config, _graph(), data)


def seat_bots(s: Settings, state: GameState) -> dict[str, Bot]:
    """A bot in every seat, seeded as `simulate` seeds them."""
    from game.bots import HardBot, make_bot

    seats: dict[str, Bot] = {}
    for i, (pid, level) in enumerate(zip(state.players, s.bots, strict=True)):
        seats[pid] = (HardBot(s.seed * 1000 + i, budget=HARD_BUDGET) if level == "hard"
                      else make_bot(level, s.seed * 1000 + i))
    return seats


class Game:
    """One soak game under way: the state, its record, the bots, and the tallies."""

    def __init__(self, s: Settings, work: Path, checker: Checker) -> None:
        from game.persist import GameRecord

        self.s = s
        self.work = work
        self.checker = checker
        self.state = new_state(s)
        self.record: GameRecord = GameRecord.begin(self.state, from_new_game=True)
        self.record.seats = dict(zip(self.state.players, s.bots, strict=True))
        self.seats = seat_bots(s, self.state)
        self.cards = card_census(self.state)
        self.actions = 0
        self.calamities: Counter[str] = Counter()
        self.loads = 0
        self.shadowed = 0  # actions played beside a loaded game and found the same
        self.replays = 0
        self.shadow: GameState | None = None
        self.shadow_left = 0
        self.loader = random.Random(s.load_seed)
        self.next_load = self.loader.randrange(1, 120)  # the first load comes early
        plant = os.environ.get(PLANT, "")
        where, _, how = plant.partition(":")
        self.plant = (how or "break") if where == str(s.index) else ""

    def where(self) -> str:
        phase = self.state.phase
        return f"after action {self.actions} (turn {self.state.turn}, {phase})"

    def play(self) -> None:
        bad = self.checker(self.state, self.cards)
        if bad:
            raise Break("invariant", f"at the start: {'; '.join(bad)}")
        while not self.state.game_over and self.state.pending is not None:
            if self.actions >= MAX_ACTIONS:
                raise Break("endless", f"still going after {MAX_ACTIONS} actions, turn "
                                       f"{self.state.turn} ({self.state.phase})")
            if self.actions == self.next_load:
                self.save_and_load()
            self.step()
        if not self.state.game_over:
            raise Break("stuck", f"no decision pending {self.where()}, yet the game is not over")
        self.verify_replay()

    def step(self) -> None:
        state = self.state
        assert state.pending is not None
        who = state.pending.player
        seen = view(state, who)
        if self.shadow is not None and view(self.shadow, who) != seen:
            raise Break("load", f"the loaded game's view for {who} differs from the saved "
                                f"game's {self.where()}, {self.loads} load(s)")
        action = Action(who, self.seats[who].choose(seen))
        happened = apply(state, action)
        self.record.note(action, state)
        self.actions += 1
        for event in happened:
            if isinstance(event, CalamityResolved):
                self.calamities[event.calamity] += 1
        if self.shadow is not None:
            apply(self.shadow, action)
            if self.shadow.state_hash() != state.state_hash():
                raise Break("load", f"play from the loaded game diverged from the saved "
                                    f"game's {self.where()}: {action.player} chose "
                                    f"{action.label!r}")
            self.shadowed += 1
            self.shadow_left -= 1
            if self.shadow_left <= 0 or state.game_over:
                self.shadow = None
        if self.plant == "crash" and self.actions == 5:
            raise RuntimeError("a crash planted for the soak's tests")
        bad = self.checker(state, self.cards)
        if self.plant == "break" and self.actions == 5:
            bad = [*bad, "a break planted for the soak's tests"]
        if bad:
            raise Break("invariant", f"{self.where()}, {action.player} chose "
                                     f"{action.label!r}: {'; '.join(bad)}")

    def save_and_load(self) -> None:
        """Save to a file, read it back: the same state and record; play on from the copy read,
        the state saved played beside it for SHADOW actions."""
        from game.persist import read_save, write_save

        path = write_save(self.work / f"game-{self.s.index}-load.json", self.record, self.state)
        game = read_save(path)
        if game.state.state_hash() != self.state.state_hash() or game.state != self.state:
            raise Break("load", f"the state loaded differs from the state saved {self.where()}")
        if (game.record.actions != self.record.actions
                or game.record.hashes != self.record.hashes
                or game.record.config != self.record.config
                or game.record.seats != self.record.seats):
            raise Break("load", f"the record loaded differs from the record saved "
                                f"{self.where()}")
        game.record.resume(game.state)
        self.shadow, self.shadow_left = self.state, SHADOW
        self.state, self.record = game.state, game.record
        self.loads += 1
        path.unlink()
        self.next_load = self.actions + 1
        while self.loader.random() >= LOADS_PER_ACTION:
            self.next_load += 1

    def verify_replay(self) -> None:
        """The finished game's save, re-applied from its start, as `replay --verify` does."""
        from game.persist import ReplayError, read_save, verify, write_save

        path = write_save(self.work / f"game-{self.s.index}.json", self.record, self.state)
        game = read_save(path)
        try:
            report = verify(game)
        except ReplayError as err:
            raise Break("replay", str(err)) from None
        if report.final_hash != self.state.state_hash():
            raise Break("replay", f"the replay ends at {report.final_hash}, the game at "
                                  f"{self.state.state_hash()}")
        self.replays += 1
        path.unlink()

    def keep_save(self, folder: Path) -> str:
        """The game as far as it went, saved for a look; its path ("" if it cannot be saved)."""
        from game.persist import write_save

        try:
            return str(write_save(folder / f"game-{self.s.index}.json", self.record, self.state))
        except Exception:
            return ""


def play_game(index: int, out: str, max_turns: int | None = None,
              checker: Checker = check_state) -> dict[str, Any]:
    """Play soak game `index`; what it did and found, as one line of the results file. Never
    raises: anything wrong, its own crash included, is a break in the result."""
    started, cpu = time.perf_counter(), time.process_time()
    s = settings(index, max_turns)
    work = Path(out) / "work"
    work.mkdir(parents=True, exist_ok=True)
    game: Game | None = None
    broke: dict[str, Any] | None = None
    try:
        game = Game(s, work, checker)
        game.play()
    except Break as err:
        broke = {"kind": err.kind, "message": str(err), "traceback": ""}
    except Exception as err:
        broke = {"kind": "crash", "message": f"{type(err).__name__}: {err}",
                 "traceback": traceback.format_exc()}
    if broke is not None and game is not None:
        broke["where"] = game.where()
        broke["save"] = game.keep_save(Path(out) / "failures")
        if game.shadow is not None:  # the state before the load, as the game would have been
            from game.persist import write_save

            with contextlib.suppress(Exception):
                write_save(Path(out) / "failures" / f"game-{index}-saved.json", game.record,
                           game.shadow)
    state = game.state if game is not None else None
    events = event_counts(state) if state is not None and s.events else {}
    return {
        "index": index,
        "settings": asdict(s),
        "describe": s.describe(),
        "actions": game.actions if game else 0,
        "turns": state.turn if state is not None else 0,
        "ended_by": state.ended_by if state is not None else "",
        "calamities": dict(sorted(game.calamities.items())) if game else {},
        "events": {kind: sum(events.get(kind, {}).values())
                   for kind in ("taken", "unpicked", "played", "cancelled")},
        "loads": game.loads if game else 0,
        "shadowed": game.shadowed if game else 0,
        "replays": game.replays if game else 0,
        "seconds": round(time.perf_counter() - started, 3),
        "cpu": round(time.process_time() - cpu, 3),
        "break": broke,
    }


# --- the results file -------------------------------------------------------------------------


def read_results(path: Path) -> dict[int, dict[str, Any]]:
    """The games already finished, by index. A line cut short by a kill is dropped, and cut
    off the file so that the next line appended starts clean."""
    if not path.exists():
        return {}
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with open(path, "r+b") as handle:
            handle.truncate(end)
            handle.flush()
            os.fsync(handle.fileno())
    done: dict[int, dict[str, Any]] = {}
    for line in data[:end].splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue  # a damaged line: that game is played again
        if isinstance(row, dict) and isinstance(row.get("index"), int):
            done[row["index"]] = row
    return done


def append_result(path: Path, row: dict[str, Any]) -> None:
    """One line, written with one call and fsynced: a kill loses at most this game."""
    line = (json.dumps(row, separators=(",", ":")) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        written = os.write(fd, line)
        while written < len(line):  # a short write: finish it
            written += os.write(fd, line[written:])
        os.fsync(fd)
    finally:
        os.close(fd)


# --- running many -----------------------------------------------------------------------------


def run_games(todo: list[int], out: Path, jobs: int, max_turns: int | None,
              ) -> Iterator[dict[str, Any]]:
    """Each game's result as it finishes, on `jobs` processes (in this one for 1)."""
    if jobs <= 1:
        for index in todo:
            yield play_game(index, str(out), max_turns)
        return
    queue = list(reversed(todo))
    while queue:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            running: dict[Future[dict[str, Any]], int] = {}
            broken = False
            while (queue or running) and not broken:
                while queue and len(running) < jobs * 2:
                    index = queue.pop()
                    running[pool.submit(play_game, index, str(out), max_turns)] = index
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    index = running.pop(future)
                    try:
                        yield future.result()
                    except BrokenProcessPool:
                        broken = True
                        yield died(index, max_turns)
            if broken:  # the games under way with the one that died are played again
                queue.extend(reversed(sorted(running.values())))


def died(index: int, max_turns: int | None) -> dict[str, Any]:
    s = settings(index, max_turns)
    return {"index": index, "settings": asdict(s), "describe": s.describe(), "actions": 0,
            "turns": 0, "ended_by": "", "calamities": {}, "events": {}, "loads": 0,
            "shadowed": 0, "replays": 0, "seconds": 0.0, "cpu": 0.0,
            "break": {"kind": "crash", "message": "the process playing this game died",
                      "traceback": traceback.format_exc(), "where": "", "save": ""}}


def reproduce(row: dict[str, Any], max_turns: int | None) -> str:
    cap = f" --max-turns {max_turns}" if max_turns is not None else ""
    hard = (" (a hard bot's searches run against the clock: its game may not play the same "
            "again)") if "hard" in row["settings"]["bots"] else ""
    return (f"python bench/soak.py --only {row['index']}{cap} "
            f"--out /tmp/soak-game-{row['index']}{hard}")


def summary(rows: list[dict[str, Any]], wanted: int, out: Path, max_turns: int | None,
            wall: float) -> list[str]:
    """The report a person reads; its last line is the totals."""
    games = len(rows)
    actions = sum(r["actions"] for r in rows)
    calamities: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for r in rows:
        calamities.update(r["calamities"])
        events.update(r["events"])
    loads = sum(r["loads"] for r in rows)
    replays = sum(r["replays"] for r in rows)
    breaks = [r for r in rows if r["break"]]
    per: dict[str, Counter[Any]] = {k: Counter() for k in (
        "ruleset", "players", "ended", "bots")}
    for r in rows:
        s = r["settings"]
        per["ruleset"][s["ruleset"]] += 1
        per["players"][s["players"]] += 1
        per["ended"][r["ended_by"] or "broke"] += 1
        per["bots"].update(set(s["bots"]))
    events_on = sum(1 for r in rows if r["settings"]["events"])
    open_on = sum(1 for r in rows if r["settings"]["open_bargaining"])
    cpu = sum(r["cpu"] for r in rows)
    resolved = events["taken"] + events["unpicked"] + events["played"]

    def counts(c: Counter[Any], sep: str = " ") -> str:
        ordered = sorted(c.items(), key=lambda kv: (isinstance(kv[0], str), kv[0]))
        return ", ".join(f"{k}{sep}{n}" for k, n in ordered)

    lines = [
        f"soak: {games} of {wanted} games in {out} "
        f"(this run {wall:.0f} s wall; {cpu:.0f} s of CPU over all sessions, "
        f"{cpu / max(games, 1):.2f} s a game)",
        f"  rule sets: {counts(per['ruleset'])}",
        f"  games at each table size: {counts(per['players'], ' players: ')}",
        f"  games with each bot level: {counts(per['bots'])}",
        f"  Events module on in {events_on}, open bargaining in {open_on}",
        f"  ended by: {counts(per['ended'])}",
        f"  actions: {actions:,} ({actions / max(cpu, 1e-9):,.0f} a CPU second, checks "
        f"included), invariants checked after every one",
        f"  calamities resolved: {sum(calamities.values()):,} of {len(calamities)} kinds",
        *([f"    {counts(calamities)}"] if calamities else []),
        f"  events resolved: {resolved:,} (taken {events['taken']:,}, unpicked "
        f"{events['unpicked']:,}, private played {events['played']:,}; cancelled "
        f"{events['cancelled']:,})",
        f"  saves loaded: {loads:,} (each equal to the save, {sum(r['shadowed'] for r in rows):,}"
        f" actions after them played beside the game saved, identically)",
        f"  replays checked: {replays:,} (every finished game's log re-applied, every hash "
        f"equal)",
        f"  breaks: {len(breaks)}",
    ]
    for r in sorted(breaks, key=lambda r: r["index"]):
        b = r["break"]
        lines += [f"  BREAK game {r['index']} ({r['describe']}): {b['kind']}: {b['message']}",
                  f"    where: {b.get('where') or '-'}; save: {b.get('save') or '-'}",
                  f"    reproduce: {reproduce(r, max_turns)}"]
        lines += [f"    {t}" for t in b["traceback"].rstrip().splitlines()]
    lines.append(f"TOTAL games {games}, actions {actions}, calamities "
                 f"{sum(calamities.values())}, events {resolved}, saves loaded {loads}, "
                 f"replays checked {replays}, breaks {len(breaks)}")
    return lines


def cores() -> int:
    """The cores this process may run on (all of them where the system cannot say)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Soak: bot games over every rule set and table size, checked throughout.")
    parser.add_argument("--games", type=int, default=None, help="games 0 to N-1")
    parser.add_argument("--jobs", type=int, default=cores(),
                        help="processes (default: the cores this process may use)")
    parser.add_argument("--out", default="soak-out", help="results, summary and failures")
    parser.add_argument("--max-turns", type=int, default=None,
                        help="cap every game at T turns instead of its drawn cap")
    parser.add_argument("--only", type=int, default=None,
                        help="play game I alone (to reproduce a break)")
    args = parser.parse_args(argv)
    if args.only is None and (args.games is None or args.games < 1):
        parser.error("--games N (at least 1) or --only I is needed")
    if args.jobs < 1 or (args.max_turns is not None and args.max_turns < 1):
        parser.error("--jobs and --max-turns are at least 1")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    run = {"map": MAP, "max_turns": args.max_turns}
    run_file = out / RUN_FILE
    if run_file.exists() and json.loads(run_file.read_text()) != run:
        parser.error(f"{out} holds a soak made with {run_file.read_text().strip()}; "
                     f"this one is {json.dumps(run)}: use another --out")
    run_file.write_text(json.dumps(run) + "\n")
    results = out / RESULTS
    done = read_results(results)
    wanted_ids = [args.only] if args.only is not None else list(range(args.games))
    if args.only is not None:
        done.pop(args.only, None)  # reproducing: played again, whatever DIR holds
    todo = [i for i in wanted_ids if i not in done]
    print(f"soak: {len(wanted_ids) - len(todo)} of {len(wanted_ids)} games already done in "
          f"{out}; playing {len(todo)} on {min(args.jobs, max(len(todo), 1))} process(es)",
          flush=True)
    started = time.perf_counter()
    for row in run_games(todo, out, args.jobs, args.max_turns):
        append_result(results, row)
        done[row["index"]] = row
        b = row["break"]
        print(f"game {row['index']}: {row['actions']} actions, {row['describe']}"
              + (f": BREAK {b['kind']}: {b['message']}" if b else ""), flush=True)
    rows = [done[i] for i in wanted_ids if i in done]
    lines = summary(rows, len(wanted_ids), out, args.max_turns, time.perf_counter() - started)
    (out / SUMMARY).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if any(r["break"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
