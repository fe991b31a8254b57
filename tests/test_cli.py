from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser, main

TINY = str(Path(__file__).resolve().parent / "maps" / "tiny.json")
COMMANDS = ("play", "simulate", "scenario", "replay", "validate-map", "selftest", "arena")


def test_help_lists_every_subcommand() -> None:
    text = build_parser().format_help()
    for command in COMMANDS:
        assert command in text


def test_python_dash_m_game_help_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "--help"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "simulate" in done.stdout


def test_validate_map_exits_0_on_a_good_map_and_1_on_a_bad_one(tmp_path, capsys) -> None:
    assert main(["validate-map", TINY]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["validate-map", str(bad)]) == 1


ARENA_MAP = str(Path(__file__).resolve().parent / "maps" / "arena.json")
NUMBERS = [  # every numeric option of every command, with values it must refuse
    ("simulate", "--players", ["99999999999999999999999", "4", "19", "-5", "five", "5.0"]),
    ("simulate", "--seed", [str(2**80), str(2**64), "-1", "1e3"]),
    ("simulate", "--max-turns", ["-1", "10001", "9" * 5000]),
    ("simulate", "--last-turn", ["-1", "10001", "two"]),
    ("selftest", "--frames", ["-1", "0", "1" + "0" * 30]),
    ("selftest", "--players", ["0", "99"]),
    ("selftest", "--seed", ["-1", str(2**64)]),
    ("arena", "--players", ["4", "1" * 30]),
    ("arena", "--games", ["0", "-3", "100001"]),
    ("arena", "--seed", ["-2", str(2**70)]),
]


@pytest.mark.parametrize(("command", "option", "value"),
                         [(c, o, v) for c, o, values in NUMBERS for v in values])
def test_a_number_out_of_range_is_refused_by_the_parser_with_one_line_and_exit_2(
    command, option, value, capsys, tmp_path
) -> None:
    save = tmp_path / "never.json"
    with pytest.raises(SystemExit) as stop:
        main([command, option, value, *(["--save", str(save)] if command == "simulate" else [])])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.count("\n") == 1 and err.startswith(f"calamitas {command}: argument {option}:")
    assert "expected a whole number from" in err and len(err) < 200
    assert not save.exists()


def test_the_largest_seed_plays_saves_and_replays(tmp_path, capsys) -> None:
    save = tmp_path / "big-seed.json"
    assert main(["simulate", "--seed", str(2**64 - 1), "--max-turns", "2", "--map", ARENA_MAP,
                 "--save", str(save)]) == 0
    assert main(["replay", str(save), "--verify"]) == 0
    assert "verified:" in capsys.readouterr().out


def test_every_option_of_every_command_has_help() -> None:
    parser = build_parser()
    subs = next(a for a in parser._actions if a.dest == "command")
    for command, sub in subs.choices.items():  # type: ignore[union-attr]
        for action in sub._actions:
            assert action.help, f"{command} {action.option_strings or action.dest} has no help"


def test_arena_seats_help_lists_the_bot_levels() -> None:
    from game.bots import LEVELS

    subs = next(a for a in build_parser()._actions if a.dest == "command")
    text = subs.choices["arena"].format_help()  # type: ignore[union-attr]
    assert all(level in text for level in LEVELS)


def test_simulate_with_an_unknown_map_lists_the_known_maps(capsys) -> None:
    from game.maps.files import find_maps

    assert main(["simulate", "--map", "atlantis", "--max-turns", "1"]) != 0
    err = capsys.readouterr().err
    assert "no map 'atlantis'" in err and all(name in err for name in find_maps())
    assert len(err.strip().splitlines()) == 1


def test_selftest_with_an_unknown_rule_set_blames_the_rule_set(capsys) -> None:
    assert main(["selftest", "--calamity", "cyclone", "--ruleset", "nonsense"]) != 0
    err = capsys.readouterr().err
    assert "no rule set 'nonsense'" in err and "classic" in err


def test_simulate_plays_normal_bots_unless_told_and_says_which(capsys) -> None:
    """Issue 36 (12e): "a game" is a normal one; the help and the output say which bots play."""
    subs = next(a for a in build_parser()._actions if a.dest == "command")
    text = " ".join(subs.choices["simulate"].format_help().split())  # type: ignore[union-attr]
    assert "default normal" in text
    assert main(["simulate", "--max-turns", "1", "--map", ARENA_MAP, "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["bots"] == ["normal"] * 5
    assert main(["simulate", "--max-turns", "1", "--map", ARENA_MAP, "--bots", "random"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == \
        "Random bots in all 5 seats; classic calamities; seed 1"


def test_a_long_simulated_game_prints_its_progress(capsys, monkeypatch) -> None:
    import game.cli

    monkeypatch.setattr(game.cli, "PROGRESS_EVERY", 0.0)  # every decision counts as long
    assert main(["simulate", "--max-turns", "2", "--map", ARENA_MAP, "--json"]) == 0
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert lines[0].startswith("… turn 1, 1 decision, ")
    assert any(line.startswith("… turn 2, ") and " decisions, " in line for line in lines)
    json.loads(out.strip().splitlines()[-1])  # stdout stays one JSON object
