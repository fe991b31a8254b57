"""The Events extension of the scenario format: old files unchanged, and every broken Events
table a FAIL naming its key, never a crash."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.scenario import run_paths

BASE = """
title = "Events"
[map]
[map.areas]
A = { pop = 3, site = "white" }
[players.egypt]
cities = ["A"]
[play]
phase = "taxation"
"""


def run_text(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    run_paths([str(path)], out)
    return out.getvalue().splitlines()


@pytest.mark.parametrize(("extra", "message"), [
    ("[events]\ndisplay = [\"no_such_card\"]\n", "events.display: unknown event 'no_such_card'"),
    ("[events]\ndisplay = [\"alliance\"]\n", "'alliance' is listed as not adapted"),
    ("[events]\nage = 5\n", "events.age: must be an integer 1-4"),
    ("[events]\nturn = -1\n", "events.turn: must be an integer 0-99"),
    ("[events]\nshuffle = true\n", "events.shuffle: unknown key"),
    ("[events]\n[dice]\nd2 = [\"maybe\"]\n", "dice.d2[0]: must be 'pass' or 'fail'"),
    ("[events]\n[[markers]]\nkind = \"locusts\"\narea = \"A\"\n", "unknown marker 'locusts'"),
    ("[events]\n[[markers]]\nkind = \"famine\"\n", "name exactly one of area, region or"),
    ("[[markers]]\nkind = \"famine\"\narea = \"A\"\n", "markers: needs an [events] table"),
])
def test_a_broken_events_table_is_a_fail_naming_its_key(tmp_path: Path, extra: str,
                                                        message: str) -> None:
    lines = run_text(tmp_path, BASE + extra)
    assert lines[0].startswith("FAIL")
    assert message in lines[1]
    assert lines[-1] == "0 passed, 1 failed"


def test_without_an_events_table_the_module_stays_off(tmp_path: Path) -> None:
    lines = run_text(tmp_path, BASE + "[expect.egypt]\ntreasury = 2\n")
    assert lines[-1] == "1 passed, 0 failed"


def test_an_event_expectation_without_events_on_fails(tmp_path: Path) -> None:
    lines = run_text(tmp_path, BASE + "[expect]\nage = 1\n")
    assert lines[0].startswith("FAIL") and "no [events]" in lines[1]


def test_event_numbers_may_be_ranges_and_the_end_of_events_is_expected(tmp_path: Path) -> None:
    lines = run_text(tmp_path, BASE + "[events]\n[expect]\nevents_over = false\n"
                     "deck_size = { max = 0 }\n")
    assert lines[-1] == "1 passed, 0 failed"
    lines = run_text(tmp_path, BASE + "[events]\n[expect]\ndeck_size = { min = 3 }\n")
    assert lines[0].startswith("FAIL") and "deck_size: expected {'min': 3}, actual 0" in lines[1]
