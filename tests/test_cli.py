from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
