"""The last turn the players agree on at new game (GameConfig.last_turn, rules §7.4 "unless the
group sets a time limit"): simulate takes it, saves keep it, replays reproduce it, and games
from before it existed keep their state and hashes. Also simulate's action limit, which ends
the run with a report instead of an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import simulate as simulate_module
from game.cli import main
from game.core import GameConfig
from game.core.plain import to_plain
from game.persist import read_save, verify

ARENA = str(Path(__file__).resolve().parent / "maps" / "arena.json")


def run_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:
    code = main(["simulate", "--players", "5", "--map", ARENA, "--json", *args])
    return code, json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_simulate_ends_the_game_after_the_last_turn(capsys) -> None:
    code, result = run_json(["--last-turn", "3"], capsys)
    assert code == 0
    assert result["ended_by"] == "last_turn" and result["turns"] == 3
    assert result["winner"] and len(result["scores"]) == 5


def test_a_negative_last_turn_is_refused_with_one_line() -> None:
    """The command line refuses it in its parser (tests/test_cli.py); the set-up itself refuses
    it too, for every other caller."""
    with pytest.raises(simulate_module.SimulationError) as err:
        simulate_module.simulate(players=5, bots=["random"], map_name=ARENA, last_turn=-1)
    assert "last turn" in str(err.value) and "\n" not in str(err.value)


def test_hitting_the_action_limit_is_reported_as_the_end_not_an_error(capsys, monkeypatch):
    monkeypatch.setattr(simulate_module, "MAX_ACTIONS", 40)
    code, result = run_json([], capsys)
    assert code == 0
    assert result["ended_by"] == "max_actions" and result["actions"] == 40


def test_a_last_turn_is_saved_and_the_game_replays_to_the_same_end(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    assert main(["simulate", "--players", "5", "--map", ARENA, "--last-turn", "2",
                 "--save", str(path)]) == 0
    game = read_save(path)
    assert game.state.config.last_turn == 2
    assert game.state.ended_by == "last_turn" and game.state.game_over
    assert verify(game).actions == len(game.record.actions) > 0


def test_a_game_without_a_last_turn_writes_its_configuration_as_before() -> None:
    """Older saves have no last_turn: left out at its default, their states hash the same."""
    assert "last_turn" not in to_plain(GameConfig(players=["egypt"]))
    assert to_plain(GameConfig(players=["egypt"], last_turn=9))["last_turn"] == 9
