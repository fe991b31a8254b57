"""No raw ids (issue 36): no text drawn on screen or printed by the CLI holds an id of the
game's data or a bare label word in parentheses. The check (game/ui/checks/words.py) runs over
every text drawn during the selftest's tour and makes it fail; here: what it finds and what it
lets be, that the tour passes it, that a raw id drawn makes the tour fail, and the CLI."""

from __future__ import annotations

import pytest

from game.cli import main
from game.ui.checks.selftest import run_selftest
from game.ui.checks.words import problems, raw_ids_in
from game.ui.words.prompts import settled_plurals

SEEN = [  # texts a person saw in issue 36, each must be caught
    "Trade: pass for this round (done) or for the whole phase (no)",
    "Trade, offering to egypt: your Salt",
    "late_iron after 264 turns",
    "rules:phase-5b · city_construction",
    "(X) · 000·30",
    "Remove 4 more unit point(s): pick an area",
    "event:face_down:3",
]
WORDS = [  # texts that are words, never caught
    "Trade, offering to Egypt: your Salt", "Crete", "Minoa takes Good Omens",
    "normal, plus look-ahead on purchases and trades (slower)", "Here (you)",
    "Census order (movement)", "a famine marker on Cyrenaica", "pay in gold", "Turn 3, 10:45",
    "Saved as classic_turn_11.json", "Why: Event action (rule 004:16.2)",
]


@pytest.mark.parametrize("text", SEEN)
def test_each_raw_id_the_issue_saw_is_caught(text: str) -> None:
    assert raw_ids_in(text), text


@pytest.mark.parametrize("text", WORDS)
def test_words_are_not_taken_for_ids(text: str) -> None:
    assert raw_ids_in(text) == [], text


def test_a_finding_names_where_and_the_text() -> None:
    line, = problems([("game-log", "Barbarians strike egypt")])
    assert line.startswith("game-log: the civilization id 'egypt'") and "Barbarians strike" in line


def test_plurals_of_the_core_prompts_are_settled() -> None:
    assert settled_plurals("Remove 1 more unit point(s): pick an area") == (
        "Remove 1 more unit point: pick an area")
    assert settled_plurals("discard 3 more card(s)") == "discard 3 more cards"


def test_the_selftest_tour_draws_no_raw_id(capsys) -> None:
    assert run_selftest(frames=40, players=5, seed=1) == 0
    assert "raw id" not in capsys.readouterr().err


def test_a_raw_id_drawn_in_the_tour_fails_the_selftest(monkeypatch, capsys) -> None:
    from game.ui.theme import PHASE_SHORT

    monkeypatch.setitem(PHASE_SHORT, "taxation", "tax_rate")  # the phase track draws it
    assert run_selftest(frames=20, players=5, seed=1) == 1
    err = capsys.readouterr().err
    assert "raw id: menu" not in err  # the main menu has no phase track
    assert "raw id: game: the decision kind id 'tax_rate' in '1 tax_rate'" in err


def test_the_cli_prints_no_raw_id(tmp_path, capsys) -> None:
    from pathlib import Path

    arena = str(Path(__file__).resolve().parents[1] / "maps" / "arena.json")
    save = tmp_path / "g.json"
    assert main(["simulate", "--events", "--players", "6", "--max-turns", "3", "--map", arena,
                 "--save", str(save)]) == 0
    assert main(["replay", str(save), "--verify"]) == 0
    assert main(["replay", str(save)]) == 0  # the action log, in the buttons' words
    assert main(["selftest", "--event", "plague"]) == 0  # "taken by Minoa", not "by minoa"
    out = capsys.readouterr().out.splitlines()
    assert any(line.split()[1:2] == ["Minoa:"] for line in out), out[:12]
    found = problems((f"CLI line {i + 1}", line) for i, line in enumerate(out))
    assert found == [], "\n".join(found)
