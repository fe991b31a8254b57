"""The scenario runner keeps the SCENARIOS.md contract: one line per scenario, a closing
`N passed, M failed`, FAIL (never a crash) for anything broken or unknown."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.scenario import list_ids, run_file, run_paths

BASE = """
title = "Tax is two per city"
clauses = ["rules:phase-1a"]
ruleset = "classic"
[map]
land = [["A", "B"]]
[map.areas]
A = { pop = 3, site = "white" }
B = { pop = 2 }
[players.egypt]
cities = ["A"]
tokens = { B = 2 }
[players.babylon]
[play]
phase = "taxation"
[expect.egypt]
treasury = 2
stock = 51
"""


def run_text(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    run_paths([str(path)], out)
    return out.getvalue().splitlines()


def test_a_passing_scenario_prints_pass_and_the_summary(tmp_path: Path) -> None:
    assert run_text(tmp_path, BASE) == ["PASS Tax is two per city", "1 passed, 0 failed"]


def test_an_unmet_expectation_names_key_expected_and_actual(tmp_path: Path) -> None:
    lines = run_text(tmp_path, BASE.replace("treasury = 2", "treasury = 5"))
    assert lines[0] == "FAIL Tax is two per city"
    assert lines[1].strip() == "egypt.treasury: expected 5, actual 2"
    assert lines[-1] == "0 passed, 1 failed"


def test_a_range_expectation(tmp_path: Path) -> None:
    lines = run_text(tmp_path, BASE.replace("treasury = 2", "treasury = { min = 1, max = 3 }"))
    assert lines[0].startswith("PASS")
    lines = run_text(tmp_path, BASE.replace("treasury = 2", "treasury = { min = 3 }"))
    assert "egypt.treasury: expected 3.., actual 2" in lines[1]


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (('advances = []', 'advances = ["alchemy"]'), "players.egypt.advances"),
        (('[players.babylon]', '[players.atlantis]'), "players.atlantis"),
        (('ruleset = "classic"', 'ruleset = "chess"'), "ruleset"),
        (('phase = "taxation"', 'phase = "dinner"'), "play.phase"),
        (('cities = ["A"]', 'cities = ["Z"]'), "players.egypt.cities"),
        (('B = { pop = 2 }', 'B = { pop = 9 }'), "map.areas.B.pop"),
        (('stock = 51', 'stok = 51'), "expect.egypt.stok"),
        (('tokens = { B = 2 }', 'tokens = { B = 2 }\nhand = ["gold<x"]'), "players.egypt.hand"),
    ],
)
def test_unknown_ids_fail_naming_file_and_key(
    tmp_path: Path, change: tuple[str, str], key: str
) -> None:
    text = BASE.replace("[players.egypt]", "[players.egypt]\nadvances = []")
    text = text.replace(*change)
    lines = run_text(tmp_path, text)
    assert lines[0].startswith("FAIL")
    assert f"s.toml: {key}" in lines[1], lines
    assert lines[-1] == "0 passed, 1 failed"


def test_a_file_that_does_not_parse_fails_without_stopping_the_run(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text("title = [unclosed", encoding="utf-8")
    (tmp_path / "b.toml").write_text(BASE, encoding="utf-8")
    out = io.StringIO()
    assert run_paths([str(tmp_path)], out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("FAIL") and "not valid TOML" in lines[1]
    assert lines[2].startswith("PASS") and lines[-1] == "1 passed, 1 failed"


def test_a_100000_deep_array_fails_its_file_and_the_run_goes_on(tmp_path: Path) -> None:
    deep = tmp_path / "a.toml"
    deep.write_text("title = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    (tmp_path / "b.toml").write_text(BASE, encoding="utf-8")
    out = io.StringIO()
    assert run_paths([str(tmp_path)], out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0] == f"FAIL {deep}"
    assert lines[1] == f"    {deep}: file: not valid TOML: nested too deeply"
    assert lines[2].startswith("PASS") and lines[-1] == "1 passed, 1 failed"


def test_stock_and_treasury_that_do_not_add_up_fail(tmp_path: Path) -> None:
    text = BASE.replace("tokens = { B = 2 }", "tokens = { B = 2 }\nstock = 10\ntreasury = 10")
    lines = run_text(tmp_path, text)
    assert "board + stock + treasury must be 55" in lines[1]


def test_a_scripted_pick_that_is_not_legal_fails_naming_the_legal_labels(tmp_path: Path) -> None:
    text = BASE.replace('phase = "taxation"',
                        'phase = "taxation"\nchoices = [{ by = "egypt", pick = "number:7" }]')
    text = text.replace('[players.egypt]', '[players.egypt]\nadvances = ["monarchy"]')
    lines = run_text(tmp_path, text)
    assert "scripted pick 'number:7' is not legal; legal: number:2, number:3" in lines[1]


def test_a_scripted_choice_is_used_by_the_matching_decision(tmp_path: Path) -> None:
    text = BASE.replace('phase = "taxation"',
                        'phase = "taxation"\nchoices = [{ by = "egypt", pick = "number:3" }]')
    text = text.replace('[players.egypt]', '[players.egypt]\nadvances = ["monarchy"]')
    text = text.replace("treasury = 2\nstock = 51", "treasury = 3\nstock = 50")
    assert run_text(tmp_path, text)[0].startswith("PASS")


def test_a_phase_without_procedure_fails_as_not_implemented(tmp_path: Path, monkeypatch) -> None:
    from game.core import flow

    monkeypatch.delitem(flow.PROCEDURES, "phase:taxation")
    lines = run_text(tmp_path, BASE)
    assert lines[1].strip() == "phase not implemented: phase:taxation"


def test_list_ids_names_every_kind_of_id() -> None:
    out = io.StringIO()
    list_ids(out)
    text = out.getvalue()
    for needle in ("rule sets: classic, mega-empires, double-empires", "taxation", "egypt",
                   "drama_and_poetry", "ochre", "epidemic", "area:ID", "number:N"):
        assert needle in text


def test_run_file_reports_a_missing_file(tmp_path: Path) -> None:
    result = run_file(tmp_path / "nowhere.toml")
    assert not result.passed and "cannot read" in result.failures[0]
