"""Phase 13, A.S.T. alteration (rules §4 phase 13, §7.3, §7.4, §3.4): the end of the game on
both sides, the events, and the discard piles going back under their stacks."""

from __future__ import annotations

from typing import Any

from game.core.engine import advance
from game.core.events import Event, GameEnded
from game.core.gamedata import load_game_data
from game.core.invariants import card_census
from game.core.phases.ast_alteration import (
    FIRST_LATE_IRON_TURN,
    AstAdvanced,
    AstRegressed,
    DiscardsReturned,
    missing_requirements,
    next_requirement,
)
from game.core.state import GameState, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

PHASE = "phase:ast_alteration"
SIX_POINTERS = ["library", "democracy", "mining"]  # cost 200 or more
AREAS = {a: {"pop": 3, "site": "white"} for a in "abcdefghijkl"}


def build(players: dict[str, dict[str, Any]], side: str = "basic", seed: int = 0) -> GameState:
    raw = {
        "title": "ast test", "ruleset": "classic", "ast_side": side, "seed": seed,
        "map": {"areas": AREAS}, "players": players, "play": {"phase": "ast_alteration"},
    }
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task(PHASE)]
    state.phase = "ast_alteration"
    return state


def run(state: GameState) -> list[Event]:
    state.tasks = [Task(PHASE)]
    events = advance(state)
    assert state.pending is None and not state.tasks  # phase 13 never asks anything
    return events


def late_iron_ready(cities: str) -> dict[str, Any]:
    """A civilization one step before Late Iron that qualifies for it on the Basic side."""
    return {"ast": 14, "cities": list(cities), "advances": SIX_POINTERS}


def test_markers_move_and_the_events_name_space_epoch_and_rule() -> None:
    state = build({"egypt": {"ast": 4, "cities": ["a", "b"]}})
    events = run(state)
    assert AstAdvanced(player="egypt", space=5, epoch="early_bronze", rule="rules:7.3") in events


def test_expert_regression_reports_the_space_moved_back_to() -> None:
    state = build({"egypt": {"ast": 5}}, side="expert")
    events = run(state)
    assert AstRegressed(player="egypt", space=4, epoch="stone_age",
                        rule="rules:7.3-expert-regression") in events
    assert not [e for e in events if isinstance(e, AstAdvanced)]


def test_missing_requirements_names_every_shortfall() -> None:
    state = build({"egypt": {"ast": 7, "cities": ["a"], "advances": ["pottery"]}})
    req = next_requirement(state, "egypt")
    assert req is not None and req.epoch == "middle_bronze"
    assert missing_requirements(state, "egypt", req) == {"cities": 2, "advances": 2}


def test_a_marker_on_the_last_space_stays_there() -> None:
    state = build({"egypt": {"ast": 15, "cities": list("abcde"), "advances": SIX_POINTERS}})
    assert next_requirement(state, "egypt") is None
    run(state)
    assert state.players["egypt"].ast == 15


def test_the_basic_game_ends_once_a_marker_enters_late_iron() -> None:
    state = build({"egypt": late_iron_ready("abcde"), "babylon": {"ast": 9, "cities": ["f"]}})
    events = run(state)
    assert state.ended_by == "late_iron"
    ended = [e for e in events if isinstance(e, GameEnded)]
    egypt_vp = 15 * 5 + 3 * 6 + 5
    babylon_vp = 9 * 5 + 1
    assert ended == [GameEnded(ended_by="late_iron", scores=(("egypt", egypt_vp),
                                                             ("babylon", babylon_vp)),
                               rule="rules:7.4")]


def test_the_basic_game_goes_on_while_nobody_is_in_late_iron() -> None:
    state = build({"egypt": {"ast": 13, "cities": list("abcd"), "advances": SIX_POINTERS[:2]}})
    events = run(state)
    assert state.players["egypt"].ast == 14
    assert not state.ended_by and not [e for e in events if isinstance(e, GameEnded)]


def test_the_game_task_ends_the_game_after_the_phase_that_set_ended_by() -> None:
    state = build({"egypt": late_iron_ready("abcde")})
    state.tasks = [Task("game", {"started": True}), Task(PHASE)]
    advance(state)
    assert state.game_over and state.ended_by == "late_iron"


def test_expert_plays_one_more_turn_after_the_first_marker_enters_late_iron() -> None:
    egypt = {"ast": 14, "cities": list("abcdef"), "advances": expert_late_iron_cards()}
    state = build({"egypt": egypt, "babylon": {"ast": 3}}, side="expert")
    state.turn = 7
    run(state)
    assert state.players["egypt"].ast == 15
    assert not state.ended_by and state.counters[FIRST_LATE_IRON_TURN] == 7
    state.turn = 8
    events = run(state)
    assert state.ended_by == "late_iron"
    bonus = load_game_data().ast_numbers["vp_lone_late_iron_bonus_expert"]
    ended = next(e for e in events if isinstance(e, GameEnded))
    egypt_vp = 15 * 5 + 17 * 1 + 7 * 6 + 6 + bonus
    assert ended.scores[0] == ("egypt", egypt_vp)


def test_expert_ends_after_the_extra_turn_even_if_late_iron_is_left_again() -> None:
    state = build({"egypt": {"ast": 15, "cities": ["a"]}}, side="expert")
    state.counters[FIRST_LATE_IRON_TURN] = 4
    state.turn = 5
    state.players["egypt"].ast = 14  # pushed back by Regression during the extra turn
    run(state)
    assert state.ended_by == "late_iron"


def test_the_game_ends_after_the_last_turn_the_players_agreed_on_scored_as_usual() -> None:
    state = build({"egypt": {"ast": 4, "cities": ["a"]}, "babylon": {"ast": 3}})
    state.config.last_turn = 6
    state.turn = 5
    assert not [e for e in run(state) if isinstance(e, GameEnded)] and not state.ended_by
    state.turn = 6
    events = run(state)
    assert state.ended_by == "last_turn"
    # Scored after this turn's alteration: Babylon's marker has moved on to space 4.
    assert state.players["babylon"].ast == 4
    assert [e for e in events if isinstance(e, GameEnded)] == [
        GameEnded(ended_by="last_turn", scores=(("egypt", 4 * 5 + 1), ("babylon", 4 * 5)),
                  rule="rules:7.4-time-limit")]


def test_reaching_late_iron_on_the_last_turn_ends_the_game_by_the_rules() -> None:
    state = build({"egypt": late_iron_ready("abcde")})
    state.config.last_turn = state.turn
    run(state)
    assert state.ended_by == "late_iron"


def expert_late_iron_cards() -> list[str]:
    data = load_game_data()
    cheap = [a.id for a in data.advances.values() if a.cost < 100 and "classic" in a.rulesets]
    dear = [a.id for a in data.advances.values() if a.cost >= 200][:7]
    return cheap[:17] + dear


def test_discard_piles_are_shuffled_with_the_game_rng_and_put_under_their_stacks() -> None:
    state = build({"egypt": {"ast": 0}}, seed=3)
    block = next(iter(state.discards))
    stack = state.stacks[block][3]
    pile = [stack.pop(0) for _ in range(6)]  # six cards played from the top of stack 4
    state.discards[block][3] = list(pile)
    cards = card_census(state)
    left = list(stack)
    shuffled = list(pile)
    state.clone().rng.shuffle(shuffled)  # the very draws the phase will make
    assert shuffled != pile
    events = run(state)
    assert state.stacks[block][3] == left + shuffled
    assert state.discards[block][3] == []
    assert DiscardsReturned(block=block, stack=4, count=6, rule="rules:3.4") in events
    assert card_census(state) == cards


def test_water_cards_never_go_back_into_a_stack() -> None:
    state = build({"egypt": {"ast": 0}})
    block = next(iter(state.discards))
    state.discards[block][0].append("water")
    size = len(state.stacks[block][0])
    run(state)
    assert state.discards[block][0] == [] and len(state.stacks[block][0]) == size
    assert "water" not in state.stacks[block][0]
