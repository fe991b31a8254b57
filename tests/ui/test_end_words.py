"""How a game ended, in one wording wherever it is said (issue 36, defect 10): the end screen,
the game log (and so the replay's log) and the command line say "a civilization reached the
end of the A.S.T.", never "late iron" or "late_iron" (the core's GameEnded.ended_by, rules §4
phase 13)."""

from __future__ import annotations

import pytest

from game.cli import main, result_lines
from game.core import GameEnded
from game.persist import read_save
from game.simulate import simulate
from game.ui.app import App
from game.ui.scenes.end import EndScene
from game.ui.seat.session import Seat, Session
from game.ui.words.ended import ENDED, ended_words
from game.ui.words.log import log_line

from .driver import Driver

SAID = "a civilization reached the end of the A.S.T."


def test_every_way_a_game_ends_has_player_words() -> None:
    assert ended_words("late_iron") == SAID
    assert ended_words("") == ""
    for words in ENDED.values():
        assert "_" not in words and "iron" not in words.lower()


def test_the_end_screen_says_why_in_player_words(app: App, tmp_path) -> None:
    path = tmp_path / "short.json"
    simulate(players=5, bots=["random"], seed=4, max_turns=2, save=str(path))
    game = read_save(path)
    state = game.state
    state.ended_by = "late_iron"  # as a game that reached the A.S.T.'s end
    seats = {p: Seat(p, p, human=False, level="basic") for p in state.players}
    end = EndScene(app, Session(state, seats, record=game.record))
    app.push(end)
    app.theme._text.clear()
    Driver(app).frames(2)
    drawn = [key[2] for key in app.theme._text]
    assert f"The game ended: {SAID}" in drawn
    assert not any("iron" in text.lower() for text in drawn), drawn


def test_the_log_line_says_it_in_the_same_words() -> None:
    line = log_line(GameEnded(ended_by="late_iron", scores=(("egypt", 60),)), 264, "ast_alteration")
    assert f"({SAID})" in line.text and "iron" not in line.text


def test_the_command_line_says_it_in_the_same_words(tmp_path, capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    lines = result_lines({"ended_by": "late_iron", "turns": 264, "winner": "egypt",
                          "scores": {"egypt": 60}})
    assert lines[0].startswith(SAID[0].upper() + SAID[1:] + " after 264 turns")
    path = tmp_path / "over.json"
    simulate(players=5, bots=["random"], seed=4, max_turns=2, save=str(path))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("; the game ended: the turn limit was reached")
