"""Learn to play (issue 39): the guided first game, played through the real client by clicking
what the coach points at, to its end; left halfway (Menu, Main menu) and continued; a player who
does otherwise at a step still reaches the end; and the coach's place is derived from the
game's state (a lesson opened at any phase resumes at that phase's first step)."""

from __future__ import annotations

import pytest

from game.core import GameConfig, choose_setup, load_game_data, new_game
from game.simulate import resolve_map
from game.ui.checks.tutorial import run_tutorial
from game.ui.seat.lesson import Coach, is_lesson, lesson_start, load_lesson, place_of
from game.ui.seat.session import Seat, Session


def test_the_guided_first_game_runs_to_its_end_by_clicking_what_the_coach_points_at() -> None:
    shown: list[str] = []
    assert run_tutorial(quiet=True, record=shown) == 0
    ids = [line.split(":", 1)[0] for line in shown]
    for step in ("welcome", "tokens", "move", "conflict", "city", "support", "cards", "trade",
                 "quake", "calamity", "advance", "ast", "taxes", "play_on"):
        assert step in ids, f"the coach never showed {step}: {ids}"
    calamity = next(line for line in shown if line.startswith("calamity:"))
    assert "Engineering" in calamity  # what the player's advance did to the earthquake


def test_the_lesson_left_halfway_continues_where_it_was_left_and_ends() -> None:
    shown: list[str] = []
    assert run_tutorial(quiet=True, leave_at="support", record=shown) == 0
    assert "continued at support" in shown
    assert shown[-1].startswith("play_on")


def test_a_player_who_does_otherwise_is_never_stuck() -> None:
    """No city built where the coach pointed: the coach says so gently and the lesson goes on
    to its end (the earthquake then misses the player, and the coach says that too)."""
    shown: list[str] = []
    assert run_tutorial(quiet=True, contrary=frozenset({"city"}), record=shown) == 0
    assert shown[-1].startswith("play_on")
    assert not any(line.startswith("quake") for line in shown)
    calamity = next(line for line in shown if line.startswith("calamity:"))
    assert "No calamity struck you" in calamity


def test_the_coach_resumes_at_the_first_step_of_the_phase_the_game_is_in() -> None:
    lesson = load_lesson()
    state = lesson_start(resolve_map(None))
    coach = Coach(lesson, state)
    first = coach.current()
    assert first is not None and first.id == "welcome"
    state.phase = "trade_card_acquisition"
    later = Coach(lesson, state)
    step = later.current()
    assert step is not None and step.place >= place_of(state)
    assert all(s.place < place_of(state) for s in lesson.steps[:later.index])


def test_only_the_lesson_has_a_coach() -> None:
    graph = resolve_map(None)
    lesson = lesson_start(graph)
    seats = {pid: Seat(pid, pid, human=pid == "hatti") for pid in lesson.players}
    assert is_lesson(Session(lesson, seats))
    data = load_game_data()
    config = GameConfig(players=[], seed=39)
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    other = new_game(config, graph, data)
    assert not is_lesson(Session(other, {pid: Seat(pid, pid, human=False)
                                         for pid in other.players}))


@pytest.mark.parametrize("step", [s.id for s in load_lesson().steps])
def test_every_step_names_a_phase_of_the_turn(step: str) -> None:
    found = next(s for s in load_lesson().steps if s.id == step)
    assert found.words and found.title


def test_a_move_the_coach_did_not_point_at_gets_a_gentle_word_and_no_arrow_until_done() -> None:
    """The player starts another move than the coach's: the coach says so kindly, points at
    nothing while that move is half made (it is theirs to finish), and once it is made points
    again at the move it had in mind."""
    from game.core import Action, GameState, apply, legal_actions

    def options(state: GameState) -> list[str]:
        return [a.label for a in legal_actions(state)]

    lesson = load_lesson()
    state = lesson_start(resolve_map(None))
    coach = Coach(lesson, state)
    coach.next_clicked()
    coach.next_clicked()  # welcome, tokens
    me = lesson.person
    assert state.pending is not None and state.pending.player == me
    labels = options(state)
    assert coach.target(state, labels) == "area:galatia"
    coach.picked(state, "area:pontus", labels)
    apply(state, Action(me, "area:pontus"))
    labels = options(state)
    assert "done" not in labels
    assert coach.target(state, labels) == ""
    _, words = coach.words(state, labels)
    step = coach.current()
    assert step is not None and step.wrong in words
    for label in ("area:hattusa", "number:1"):  # the player's own move, made
        now = options(state)
        pick = label if label in now else now[0]
        apply(state, Action(me, pick))
        if "done" in options(state):
            break
    labels = options(state)
    assert coach.target(state, labels) == "area:galatia"
