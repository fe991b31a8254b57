"""The arena (python -m game arena): seats and set-ups rotate, one summary line per level with
its win rate, a 95% confidence interval and mean VP; bad arguments get a clear message."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from game.bots.arena import (
    ArenaError,
    format_line,
    format_seats,
    parse_seats,
    run_arena,
    seat_levels,
    seat_wins,
    summarise,
    wilson_interval,
)
from game.bots.hard import HardBot
from game.cli import main
from game.core import GameState
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"
LINE = re.compile(r"^(\w+) +win \d+\.\d% \(CI \d+-\d+%\)  mean VP \d+")


def test_wilson_interval_brackets_the_rate_and_stays_in_0_1() -> None:
    low, high = wilson_interval(96, 100)
    assert 0.89 < low < 0.96 < high < 0.99
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0


def test_seats_are_padded_with_the_last_level_and_checked() -> None:
    assert parse_seats("normal,random", 5) == ["normal"] + ["random"] * 4
    with pytest.raises(ArenaError, match="unknown bot level"):
        parse_seats("normal,genius", 5)
    with pytest.raises(ArenaError, match="6 seats"):
        parse_seats("random," * 6, 5)


def test_seats_rotate_over_the_ranking_from_game_to_game() -> None:
    civs = ["a", "b", "c", "d", "e"]
    seats = ["normal", "random", "random", "random", "random"]
    where = {g: [c for c, lv in seat_levels(seats, civs, g).items() if lv == "normal"][0]
             for g in range(5)}
    assert sorted(where.values()) == civs


def test_a_short_match_reports_one_line_per_level() -> None:
    graph, _ = load_map_file(ARENA)
    records = run_arena(graph, parse_seats("basic,random", 5), 2, seed=3, max_turns=4)
    assert [r.setup for r in records] == ["5-west", "5-east"]
    stats = summarise(records)
    assert stats["basic"].seats == 2 and stats["random"].seats == 8
    assert sum(s.wins for s in stats.values()) == 2
    for level in ("basic", "random"):
        assert LINE.match(format_line(stats[level], 2)), format_line(stats[level], 2)


def test_the_command_refuses_an_unknown_level_with_a_message(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--seats", "normal,wizard", "--games", "1"]) == 2
    assert "unknown bot level 'wizard'" in capsys.readouterr().err


def test_arena_games_play_the_events_module_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.bots.arena as arena

    seen: list[GameState] = []

    def new_game_seen(*args: Any, **kwargs: Any) -> GameState:
        state = real(*args, **kwargs)
        seen.append(state)
        return state

    real = arena.new_game
    monkeypatch.setattr(arena, "new_game", new_game_seen)
    graph, _ = load_map_file(ARENA)
    for events in (False, True):
        run_arena(graph, parse_seats("normal,random", 5), 1, seed=3, max_turns=3,
                  events=events)
    assert [s.eventdeck is not None for s in seen] == [False, True]
    assert seen[1].eventdeck is not None and seen[1].eventdeck.log  # cards were taken


def test_the_command_refuses_a_search_budget_out_of_range(
        capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("-1", "nan", "1e9"):
        assert main(["arena", "--seats", "hard,normal", "--games", "1", "--budget", bad]) == 2
        assert capsys.readouterr().err.strip() == (
            "calamitas arena: --budget must be between 0 and 60 seconds")


def test_a_match_with_a_hard_bot_reports_its_decision_times_at_the_budget_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []  # each search's budget (timed bounds would depend on the machine)
    search = HardBot.search

    def recording(bot: HardBot, *args: Any) -> str:
        asked.append(bot.budget)
        return search(bot, *args)

    monkeypatch.setattr(HardBot, "search", recording)
    graph, _ = load_map_file(ARENA)
    records = run_arena(graph, parse_seats("hard,normal", 5), 1, seed=3, max_turns=8,
                        budget=0.1)
    stats = summarise(records)
    hard = stats["hard"].think
    assert len(hard) > 20 and stats["normal"].think
    assert asked and set(asked) == {0.1}
    for level in ("hard", "normal"):
        line = format_line(stats[level], 1)
        assert LINE.match(line) and re.search(r"decision p99 \d+\.\d+ m?s \(max ", line)


def test_wins_are_counted_by_place_in_the_ranking_for_each_level() -> None:
    graph, _ = load_map_file(ARENA)
    records = run_arena(graph, parse_seats("basic,random", 5), 5, seed=3, max_turns=3)
    basic = seat_wins(records, "basic")
    random = seat_wins(records, "random")
    assert [n for _, n in basic] == [1] * 5  # rotated: one game in each place
    assert [n for _, n in random] == [4] * 5
    assert sum(w for w, _ in basic + random) == 5  # each game has one winner
    for rec in records:  # the winner's place is credited to the winner's level
        place = list(rec.levels).index(rec.winner)
        table = basic if rec.levels[rec.winner] == "basic" else random
        assert table[place][0] >= 1
    cells = re.findall(r"(\d): (\d+)/(\d+)", format_seats("basic", basic))
    assert cells == [(str(i + 1), str(w), str(n)) for i, (w, n) in enumerate(basic)]
