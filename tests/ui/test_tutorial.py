"""Learn to play (issue 39): the guided first game, played through the real client by clicking
what the coach points at, to its end; left halfway (Menu, Main menu) and continued; a player who
does otherwise at a step still reaches the end; and the coach's place is derived from the
game's state (a lesson opened at any phase resumes at that phase's first step)."""

from __future__ import annotations

from typing import Any

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
                 "quake", "calamity", "advance", "event", "windfall", "ast", "taxes", "play_on"):
        assert step in ids, f"the coach never showed {step}: {ids}"
    calamity = next(line for line in shown if line.startswith("calamity:"))
    assert "Engineering" in calamity  # what the player's advance did to the earthquake


def test_the_trade_step_a_fair_offer_to_a_bot_is_accepted_and_the_hand_changes() -> None:
    """Issue 39: "a trade with a bot that accepts a fair offer". The coach points at the trade
    window's widgets in turn (Egypt; Ochre, Hides, Bone, Done; name Ochre and Hides; ask for
    Clay; Send), Egypt (a normal bot, game/bots/trading.py Trader.answer) accepts, the player's
    Clay is a set of four, and the coach says what it is worth, then points at passing."""
    from game.ui.panels.coach import point_rect

    hands: dict[str, list[str]] = {}
    pointed: list[str] = []
    done: list[str] = []

    def looking(name: str, game: object) -> None:
        scene: Any = game
        state = scene.session.state
        hands.setdefault(name, sorted(h.card for h in state.players["hatti"].hand))
        if name != "trade":
            return
        target = scene.coach.target(state, scene.labels())
        assert point_rect(scene, target) is not None, f"the arrow points at nothing: {target}"
        if not pointed or pointed[-1] != target:
            pointed.append(target)
        if scene.coach.goal_met(state) and not done:
            done.extend(scene.coach.words(state, scene.labels())[1])

    assert run_tutorial(quiet=True, looking=looking) == 0
    assert pointed == ["player:egypt", "card:ochre", "card:hides", "card:bone", "done",
                       "card:ochre", "card:hides", "card:clay", "yes", "no"]
    before, after = hands["trade"], hands["quake"]
    assert before.count("clay") == 2 and after.count("clay") == 4
    for card in ("ochre", "bone"):
        assert card in before and card not in after
    assert any("set of four" in line and "16" in line for line in done), done


def test_a_refused_offer_shows_the_bots_reason_and_the_coach_offers_it_again() -> None:
    """If the bot refuses, its reason is shown and the coach suggests the offer again or going
    on: the arrow is back on Egypt, and the words say both ways."""
    from game.core import TradeRefused

    seen: list[tuple[list[str], str]] = []

    def looking(name: str, game: object) -> None:
        scene: Any = game
        state = scene.session.state
        pending = state.pending
        if name != "trade" or seen or pending is None or pending.kind != "trade_partner":
            return
        coach = scene.coach
        coach.saw([TradeRefused(player="egypt", partner="hatti", rule="test")])
        coach.heard = "Egypt wants more for its Clay."
        labels = scene.labels()
        seen.append((coach.words(state, labels)[1], coach.target(state, labels)))
        coach.refusals, coach.heard = 0, ""  # the lesson goes on as it was

    assert run_tutorial(quiet=True, looking=looking) == 0
    (words, target), = seen
    step = next(s for s in load_lesson().steps if s.id == "trade")
    assert words[0] == step.refused and "“Egypt wants more for its Clay.”" in words
    assert target == "player:egypt"
    assert "offer again" in step.refused and "pass the whole trade phase" in step.refused


def test_the_event_step_an_event_card_taken_and_played() -> None:
    """Issue 39: "an event card" (the Events module, seeds 004 and 000). Turn 4 opens with the
    Event Action (004:16.2): Windfall lies face up for the player (the bots before them took
    the Caravans), the coach points at it, it goes to the hand as a private event, and as
    Taxation begins the player plays it: 10 tokens into the treasury (000:event:67)."""
    from game.ui.panels.coach import point_rect

    looks: dict[str, tuple[list[str], int, bool]] = {}

    def looking(name: str, game: object) -> None:
        scene: Any = game
        state = scene.session.state
        deck = state.eventdeck
        assert deck is not None
        if name in looks:
            return
        target = scene.coach.target(state, scene.labels())
        looks[name] = (list(deck.hands.get("hatti", ())), state.players["hatti"].treasury,
                       point_rect(scene, target) is not None and target == "event:windfall")

    shown: list[str] = []
    assert run_tutorial(quiet=True, looking=looking, record=shown) == 0
    assert looks["event"][2], "the coach does not point at Windfall in the display"
    held, treasury, pointed = looks["windfall"]
    assert held == ["windfall"] and pointed
    assert "windfall" not in looks["ast"][0]
    assert looks["ast"][1] >= treasury + 10
    event = next(line for line in shown if line.startswith("event:"))
    assert "Windfall" in event and "private" in event


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
