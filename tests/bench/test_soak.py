"""bench/soak.py (issue 40, "A soak that runs for hours"): a tiny soak runs on one process and
on two and prints its totals; a soak killed after a game resumes without playing that game
again; a break (planted through the soak's test hook, or a checker that fails) gives exit
status 1 and the failing game's seed and settings in the summary; a line cut short by a kill is
dropped from the results file. Games are capped at a few turns: each takes well under a second."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOAK = ROOT / "bench" / "soak.py"
TURNS = "2"  # every game capped at 2 turns: under half a second each


def load_soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("soak", SOAK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module
    spec.loader.exec_module(module)
    return module


soak = load_soak()


def run(out: Path, *args: str, plant: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(soak.PLANT, None)
    if plant:
        env[soak.PLANT] = plant
    return subprocess.run([sys.executable, str(SOAK), "--out", str(out), "--max-turns", TURNS,
                           *args], capture_output=True, text=True, env=env, timeout=300)


def rows(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / soak.RESULTS).read_text().splitlines()]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_tiny_soak_plays_checks_and_prints_its_totals(tmp_path: Path, jobs: str) -> None:
    done = run(tmp_path, "--games", "3", "--jobs", jobs)
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.rstrip().splitlines()[-1]
    assert last.startswith("TOTAL games 3, actions ")
    assert last.endswith("breaks 0")
    played = rows(tmp_path)
    assert sorted(r["index"] for r in played) == [0, 1, 2]
    assert f"actions {sum(r['actions'] for r in played)}," in last
    assert "replays checked 3," in last  # every finished game's replay verified
    assert sum(r["loads"] for r in played) >= 1  # a save loaded mid-game (games 1 and 2 load once)
    assert (tmp_path / soak.SUMMARY).read_text().rstrip().splitlines()[-1] == last


def test_a_soak_killed_after_a_game_resumes_without_playing_it_again(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(soak.PLANT, None)
    results = tmp_path / soak.RESULTS
    first = subprocess.Popen([sys.executable, str(SOAK), "--out", str(tmp_path), "--games", "5",
                              "--jobs", "1", "--max-turns", TURNS],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 120
        while not (results.exists() and results.read_bytes().count(b"\n") >= 1):
            assert first.poll() is None, "the soak ended before it was killed"
            assert time.monotonic() < deadline
            time.sleep(0.005)
        first.send_signal(signal.SIGKILL)
    finally:
        first.wait()
    before = rows(tmp_path)
    assert 1 <= len(before) < 5
    again = run(tmp_path, "--games", "5", "--jobs", "1")
    assert again.returncode == 0, again.stdout + again.stderr
    lines = again.stdout.rstrip().splitlines()
    assert lines[0].startswith(f"soak: {len(before)} of 5 games already done")
    after = rows(tmp_path)
    assert after[:len(before)] == before
    assert Counter(r["index"] for r in after) == Counter(range(5))  # each game played once
    replayed = [line for line in lines if line.startswith("game ")]
    assert len(replayed) == 5 - len(before)
    assert lines[-1].startswith(f"TOTAL games 5, actions {sum(r['actions'] for r in after)},")


def test_a_planted_break_fails_the_soak_and_names_the_seed(tmp_path: Path) -> None:
    done = run(tmp_path, "--games", "2", "--jobs", "1", plant="1")
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.rstrip().splitlines()
    assert lines[-1].endswith("breaks 1")
    s = soak.settings(1, int(TURNS))
    report = "\n".join(lines)
    assert f"BREAK game 1 (seed {s.seed}, {s.ruleset}, {s.players} players" in report
    assert "a break planted for the soak's tests" in report
    assert "reproduce: python bench/soak.py --only 1 --max-turns 2" in report
    broke = [r for r in rows(tmp_path) if r["break"]]
    assert [r["index"] for r in broke] == [1]
    assert Path(broke[0]["break"]["save"]).is_file()  # the game as far as it went, kept


def test_a_crash_inside_a_game_is_a_break_with_its_traceback_and_the_run_goes_on(
        tmp_path: Path) -> None:
    done = run(tmp_path, "--games", "2", "--jobs", "2", plant="0:crash")
    assert done.returncode == 1, done.stdout + done.stderr
    report = done.stdout
    assert "BREAK game 0" in report and "RuntimeError: a crash planted" in report
    assert "Traceback (most recent call last)" in report
    assert report.rstrip().splitlines()[-1].startswith("TOTAL games 2,")
    assert [r["index"] for r in rows(tmp_path) if not r["break"]] == [1]


def test_the_worker_reports_a_failing_checker_as_an_invariant_break(tmp_path: Path) -> None:
    def failing(state: Any, cards: Any) -> list[str]:
        return ["the checker says no"] if state.turn >= 2 else []

    row = soak.play_game(2, str(tmp_path), max_turns=3, checker=failing)
    assert row["break"]["kind"] == "invariant"
    assert "the checker says no" in row["break"]["message"]
    assert row["settings"]["seed"] == soak.settings(2, 3).seed
    assert row["replays"] == 0


def test_the_same_index_gives_the_same_settings_and_the_same_game(tmp_path: Path) -> None:
    assert soak.settings(7) == soak.settings(7) != soak.settings(8)
    one = soak.play_game(0, str(tmp_path), max_turns=2)
    two = soak.play_game(0, str(tmp_path), max_turns=2)
    assert (one["actions"], one["calamities"]) == (two["actions"], two["calamities"])


def test_the_settings_cover_rule_sets_table_sizes_bots_and_options() -> None:
    drawn = [soak.settings(i) for i in range(300)]
    assert {s.ruleset for s in drawn} == set(soak.RULESETS)
    assert {s.players for s in drawn} == set(range(5, 19))
    assert {b for s in drawn for b in s.bots} == {"random", "easy", "normal", "hard"}
    assert {s.events for s in drawn} == {True, False}
    assert {s.open_bargaining for s in drawn} == {True, False}
    assert all(s.max_turns or s.last_turn for s in drawn)  # every game capped


def test_a_line_cut_short_by_a_kill_is_dropped_and_cut_off(tmp_path: Path) -> None:
    path = tmp_path / soak.RESULTS
    soak.append_result(path, {"index": 0, "actions": 3})
    with open(path, "ab") as handle:
        handle.write(b'{"index": 1, "act')
    assert list(soak.read_results(path)) == [0]
    soak.append_result(path, {"index": 1, "actions": 4})
    assert soak.read_results(path) == {0: {"index": 0, "actions": 3},
                                       1: {"index": 1, "actions": 4}}


def test_a_load_that_differs_from_the_save_is_a_break(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import game.persist

    real = game.persist.read_save

    def damaged(path: Any) -> Any:
        loaded = real(path)
        if "-load" in str(path):
            loaded.state.turn += 1  # not the state that was saved
        return loaded

    monkeypatch.setattr(game.persist, "read_save", damaged)
    row = soak.play_game(1, str(tmp_path), max_turns=2)
    assert row["break"]["kind"] == "load"
    assert "the state loaded differs from the state saved" in row["break"]["message"]


def test_a_replay_that_diverges_is_a_break(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import game.persist

    def diverges(saved: Any) -> Any:
        raise game.persist.ReplayError("diverged at action 7: planted")

    monkeypatch.setattr(game.persist, "verify", diverges)
    row = soak.play_game(0, str(tmp_path), max_turns=2)
    assert row["break"]["kind"] == "replay" and "planted" in row["break"]["message"]
    assert row["replays"] == 0
