"""python -m game ...: play (default), simulate, scenario, replay, validate-map, selftest, arena,
serve, netcheck."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn

NOT_BUILT = 2
SEEDS = 2**64  # the generator takes 64 bits; a save's reader refuses longer numbers
PLAYERS = (5, 18)  # the set-ups' range
TURNS = 10_000  # the highest turn a save may hold


def _not_built(what: str) -> int:
    print(f"calamitas: {what} is not built yet", file=sys.stderr)
    return NOT_BUILT


def cmd_play(args: argparse.Namespace) -> int:
    from game.ui.app import run_client

    return run_client(load=args.load)


def cmd_selftest(args: argparse.Namespace) -> int:
    from game.ui.checks.selftest import run_layout_check, run_selftest

    if args.tutorial:
        if args.layout or args.calamity or args.event:
            print("calamitas selftest: --tutorial goes with none of --layout, --calamity and "
                  "--event", file=sys.stderr)
            return 2
        from game.ui.checks.tutorial import run_tutorial

        return run_tutorial(screenshots=args.screenshots)
    if args.layout:
        if args.calamity or args.event:
            print("calamitas selftest: --layout goes with neither --calamity nor --event",
                  file=sys.stderr)
            return 2
        return run_layout_check(frames=min(args.frames, 60), players=args.players,
                                seed=args.seed, screenshots=args.screenshots)
    return run_selftest(frames=args.frames, players=args.players, seed=args.seed,
                        screenshots=args.screenshots, calamity=args.calamity,
                        ruleset=args.ruleset, event=args.event)


def cmd_arena(args: argparse.Namespace) -> int:
    import os

    from game.bots.arena import (
        ArenaError,
        format_line,
        format_seats,
        parse_seats,
        run_arena,
        seat_wins,
        summarise,
    )
    from game.core import MapError
    from game.maps.files import find_maps, load_map_file
    from game.resources import resource_path

    maps = find_maps()  # the shipped map once it exists, else the arena test map
    path = next(iter(maps.values()), resource_path("tests", "maps", "arena.json"))
    try:
        graph, _ = load_map_file(path)
        seats = parse_seats(args.seats, args.players)
        done: list[int] = []

        def progress(rec: object) -> None:
            done.append(1)
            print(f"\r{len(done)}/{args.games} games", end="", file=sys.stderr, flush=True)

        records = run_arena(graph, seats, args.games, seed=args.seed, ruleset=args.ruleset,
                            workers=min(os.cpu_count() or 1, args.games), on_game=progress,
                            events=args.events, budget=args.budget)
    except (ArenaError, MapError) as err:
        print(f"calamitas arena: {err}", file=sys.stderr)
        return 2
    print(file=sys.stderr)
    errors = [e for rec in records for e in rec.errors]
    if errors:
        print(f"calamitas arena: {len(errors)} bot decision(s) failed and were played safe; "
              f"first: {errors[0]}", file=sys.stderr)
    stats = summarise(records)
    for level in dict.fromkeys(seats):
        print(format_line(stats[level], len(records)))
    if len(set(seats)) > 1:  # a mixed table: where each level sat matters (arena.seat_wins)
        for level in dict.fromkeys(seats):
            print(format_seats(level, seat_wins(records, level)))
    return 0


def _phase_words(phase: str) -> str:
    """A phase as a person names it ("Phase 13: A.S.T. alteration"), never its id."""
    if not phase:
        return "game over"
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.theme import PHASE_NAMES
    from game.ui.words.rules import step_number

    mark = step_number(phase)
    named = PHASE_NAMES.get(phase, phase.replace("_", " ").capitalize())
    return named if mark == "E" else f"phase {mark}: {named}"


def _action_words(game: object) -> Iterator[str]:
    """Each action of a save's log in words: who, and what they chose as the client's button
    says it ("Minoa: Breach", "Hatti: Mohenjo-daro"), replayed to know what each answered; the
    labels as they are from the first action the rules refuse (a damaged log)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.core import load_game_data
    from game.persist import ReplayError
    from game.persist.replay import start_state, step
    from game.ui.words.options import option_text
    from game.ui.words.prompts import label_name

    record = game.record  # type: ignore[attr-defined]
    civs = load_game_data().civilizations
    try:
        state = start_state(game)  # type: ignore[arg-type]
    except ReplayError:
        state = None
    for i, action in enumerate(record.actions):
        who = civs[action.player].name if action.player in civs else action.player
        if state is None or state.pending is None:
            yield f"{who}: {action.label}"
            continue
        kind = state.pending.kind
        label = action.label
        words = (label_name(label, state.map) if label.startswith("area:")
                 else option_text(label, kind))
        yield f"{who}: {words}"
        try:
            step(state, record, i + 1)
        except ReplayError:
            state = None


def cmd_replay(args: argparse.Namespace) -> int:
    from game.persist import ReplayError, SaveError, read_save, verify
    from game.ui.words.ended import ended_words

    try:
        game = read_save(args.file)
    except SaveError as err:
        print(f"calamitas replay: {err}", file=sys.stderr)
        return 1
    state, record = game.state, game.record
    print(f"{args.file}: save format {game.format_version}, Calamitas {game.game_version or '?'}"
          f", {state.config.ruleset}, map {state.map.id}, {len(state.players)} players, "
          f"{len(record.actions)} actions, turn {state.turn}, {_phase_words(state.phase)}"
          + (f"; the game ended: {ended_words(state.ended_by)}" if state.game_over else ""))
    if args.verify:
        try:
            report = verify(game)
        except ReplayError as err:
            print(f"calamitas replay: {args.file}: {err}", file=sys.stderr)
            return 1
        print(f"verified: {report.actions} actions re-applied, {report.hashes} state hashes "
              f"match (final {report.final_hash})")
    elif not args.view:
        turns = dict((a, t) for t, a in record.turn_starts())
        try:
            for i, line in enumerate(_action_words(game)):
                if i in turns:
                    print(f"turn {turns[i]}")
                print(f"  {i + 1:6d} {line}")
        except BrokenPipeError:  # e.g. piped into head: stop quietly
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if args.view:
        from game.ui.app import run_client

        return run_client(replay=args.file)
    return 0


def cmd_scenario(args: argparse.Namespace) -> int:
    from game.scenario import list_ids, run_paths

    if args.list_ids:
        list_ids(sys.stdout)
        return 0
    if not args.paths:
        print("calamitas scenario: give scenario files or folders, or --list-ids", file=sys.stderr)
        return 2
    return run_paths(args.paths, sys.stdout)


def cmd_validate_map(args: argparse.Namespace) -> int:
    from game.maps.files import validate_map_file

    ok, report = validate_map_file(args.file)
    print(report)
    return 0 if ok else 1


def result_lines(result: dict[str, object]) -> list[str]:
    """A simulated game's summary in words: why and when it ended, who won, the scores."""
    from game.core import load_game_data
    from game.ui.words.ended import ended_words

    civs = {c.id: c.name for c in load_game_data().civilizations.values()}
    turns = int(str(result["turns"]))
    why = ended_words(str(result["ended_by"]))
    why = why[:1].upper() + why[1:]
    winner = civs.get(str(result["winner"]), str(result["winner"]))
    lines = [f"{why} after {turns} turn{'s' * (turns != 1)}; {winner} wins"]
    scores = result["scores"]
    if isinstance(scores, dict):
        lines += [f"  {civs.get(civ, civ):12s} {score}" for civ, score in scores.items()]
    return lines


PROGRESS_EVERY = 5.0  # seconds between progress lines of a long simulated game


def who_plays(bots: list[str], players: int) -> str:
    """Which bots play, in one line: "Normal bots in all 5 seats", "Seats: hard, random, ..."."""
    if len(bots) == 1:
        return f"{bots[0].capitalize()} bots in all {players} seats"
    return "Bots by seat: " + ", ".join(bots)


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.core import GameState
    from game.simulate import SimulationError, simulate

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    started = time.perf_counter()
    if not args.json:
        print(f"{who_plays(bots, args.players)}; {args.ruleset} calamities; seed {args.seed}",
              flush=True)
    last = [started]
    decisions = [0]

    def progress(state: GameState, _events: object) -> None:
        """A line on stderr now and then, so that a long game shows it is going on."""
        decisions[0] += 1
        now = time.perf_counter()
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            n = decisions[0]
            print(f"… turn {state.turn}, {n:,} decision{'s' * (n != 1)}, "
                  f"{now - started:.0f} s", file=sys.stderr, flush=True)

    try:
        result = simulate(
            players=args.players, bots=bots, seed=args.seed, ruleset=args.ruleset,
            map_name=args.map, ast_side=args.ast, max_turns=args.max_turns, save=args.save,
            last_turn=args.last_turn,
            events=args.events,
            observe=progress,
        )
    except SimulationError as err:
        print(f"calamitas simulate: {err}", file=sys.stderr)
        return err.exit_code
    result["seconds"] = round(time.perf_counter() - started, 3)
    result["bots"] = bots if len(bots) > 1 else bots * int(result["players"])
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for line in result_lines(result):
            print(line)
    return 0


class _Parser(argparse.ArgumentParser):
    """Bad arguments get one line (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {' '.join(message.split())} (see --help)\n")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, else one line naming both."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # also digits past Python's conversion limit
            value = None
        if value is None or not low <= value <= high:
            shown = text if len(text) <= 24 else text[:21] + "..."
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high}, got {shown!r}")
        return value

    return parse


def _levels() -> list[str]:
    from game.bots import LEVELS

    return list(LEVELS)


def cmd_serve(args: argparse.Namespace) -> int:
    from game.net.server import serve_forever
    from game.persist.paths import data_dir

    return serve_forever(args.host, args.port, data_dir() / "net", args.cert, args.key,
                         bot_workers=args.bot_workers)


def cmd_netcheck(args: argparse.Namespace) -> int:
    from game.net.netcheck import run_netcheck

    return run_netcheck(args.players, args.seed, args.max_turns, args.events)


def build_parser() -> argparse.ArgumentParser:
    players, seed = whole(*PLAYERS), whole(0, SEEDS - 1)
    parser = _Parser(
        prog="calamitas",
        description="Calamitas: the Mega Civilization family of board games. "
        "With no command, starts the desktop client.",
    )
    parser.add_argument("--data-dir", metavar="DIR", help="keep saves, autosaves, replays, "
                        "settings and logs in DIR (also: CALAMITAS_DATA_DIR)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="start the desktop client (the default)")
    play.add_argument("--load", metavar="FILE", help="open a saved game")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="play a whole game headless, normal bots in every "
                         "seat unless --bots says otherwise")
    sim.add_argument("--players", type=players, default=5, metavar="N", help="seats (default 5)")
    sim.add_argument("--bots", default="normal", metavar="LEVELS",
                     help="bot levels, one per seat or one for all, comma-separated: "
                          f"{', '.join(_levels())} (default normal, the bots of a game in "
                          "the client; random plays any legal move)")
    sim.add_argument("--seed", type=seed, default=1, help="the game's random seed")
    sim.add_argument("--ruleset", default="classic",
                     choices=["classic", "mega-empires", "double-empires"],
                     help="the rule set (default classic)")
    sim.add_argument("--map", metavar="ID", help="a map id from maps/ or a map file")
    sim.add_argument("--ast", default="basic", choices=["basic", "expert"],
                     help="the A.S.T. side (default basic)")
    sim.add_argument("--max-turns", type=whole(0, TURNS), default=0, metavar="T",
                     help="stop after T turns (default 0: play until the rules end the game)")
    sim.add_argument("--last-turn", type=whole(0, TURNS), default=0, metavar="T",
                     help="the game ends after this turn, scored as usual (0: no last turn)")
    sim.add_argument("--save", metavar="FILE", help="save the finished game to FILE")
    sim.add_argument("--events", action="store_true", help="play with the Events module")
    sim.add_argument("--json", action="store_true", help="one JSON object on the last line")
    sim.set_defaults(func=cmd_simulate)

    scen = sub.add_parser("scenario", help="run conformance scenarios")
    scen.add_argument("paths", nargs="*", metavar="PATH",
                      help="scenario files or folders (default: the bundled scenarios)")
    scen.add_argument("--list-ids", action="store_true", help="every id a scenario may use")
    scen.set_defaults(func=cmd_scenario)

    rep = sub.add_parser("replay", help="re-apply a save's action log")
    rep.add_argument("file", metavar="FILE", help="a saved game")
    rep.add_argument("--verify", action="store_true", help="check every stored state hash")
    rep.add_argument("--view", action="store_true",
                     help="watch it in the client's replay viewer (after --verify, if given)")
    rep.set_defaults(func=cmd_replay)

    val = sub.add_parser("validate-map", help="check a map file")
    val.add_argument("file", metavar="FILE", help="a map file (JSON)")
    val.set_defaults(func=cmd_validate_map)

    st = sub.add_parser("selftest", help="run the client headless with bots in every seat")
    st.add_argument("--frames", type=whole(1, 10_000_000), default=120,
                    help="frames to draw (default 120)")
    st.add_argument("--players", type=players, default=5, help="seats (default 5)")
    st.add_argument("--seed", type=seed, default=1, help="the game's random seed")
    st.add_argument("--screenshots", metavar="DIR", help="save a picture of every screen in DIR")
    st.add_argument("--calamity", metavar="ID",
                    help="resolve this calamity on a board set up for it and take pictures at "
                         "the start, middle and end of its animation (also: earthquake)")
    st.add_argument("--event", metavar="ID",
                    help="take this public event card on a settled board, with pictures at "
                         "the start, middle and end of its animation")
    st.add_argument("--ruleset", default=None,
                    help="with --calamity: the rule set (default: the first that has it)")
    st.add_argument("--layout", action="store_true",
                    help="visit every screen at 1366x768, 1920x1080 and 2560x1440, at UI scale "
                         "1, 1.25 and 1.5, and fail where a text is clipped, two widgets "
                         "overlap or anything falls off the window")
    st.add_argument("--tutorial", action="store_true",
                    help="play Learn to play, the guided first game, to its end, clicking what "
                         "the coach points at")
    st.set_defaults(func=cmd_selftest)

    arena = sub.add_parser("arena", help="headless bot matches")
    arena.add_argument("--players", type=players, default=5, help="seats per game (default 5)")
    arena.add_argument("--seats", default="random", metavar="LEVELS",
                       help="bot levels, one per seat or one for all, comma-separated: "
                            f"{', '.join(_levels())} (default random)")
    arena.add_argument("--games", type=whole(1, 100_000), default=10,
                       help="games to play (default 10)")
    arena.add_argument("--ruleset", default="classic", help="the rule set (default classic)")
    arena.add_argument("--seed", type=seed, default=1, help="the first game's random seed")
    arena.add_argument("--events", action="store_true", help="with the Events module on")
    arena.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                       help="hard bots' search time per decision (default 1.5)")
    arena.set_defaults(func=cmd_arena)

    srv = sub.add_parser("serve", help="host network games (no window)")
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on (default: "
                     "this machine only; 0.0.0.0 for the network)")
    srv.add_argument("--port", type=whole(0, 65535), default=8765, metavar="P",
                     help="port to listen on (default 8765; 0: any free port)")
    srv.add_argument("--cert", metavar="FILE", help="TLS certificate (PEM); without: plain")
    srv.add_argument("--key", metavar="FILE", help="the certificate's private key (PEM)")
    srv.add_argument("--bot-workers", type=whole(0, 256), default=None, metavar="N",
                     help="processes bots think in (default: one per core given to the "
                     "server; 0: bots think in the server's own process)")
    srv.set_defaults(func=cmd_serve)

    nc = sub.add_parser("netcheck", help="a whole bot game through a server and N clients")
    nc.add_argument("--players", type=players, default=5, metavar="N", help="seats (default 5)")
    nc.add_argument("--seed", type=seed, default=1, help="the game's random seed")
    nc.add_argument("--max-turns", type=whole(0, TURNS), default=0, metavar="T",
                    help="stop after T turns (default 0: play until the rules end the game)")
    nc.add_argument("--events", action="store_true", help="with the Events module on")
    nc.set_defaults(func=cmd_netcheck)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        given = list(sys.argv[1:] if argv is None else argv)
        args = parser.parse_args([*given, "play"])
    if args.data_dir:
        from game.persist.paths import use_data_dir

        use_data_dir(args.data_dir)
    code: int = args.func(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
