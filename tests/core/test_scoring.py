"""Victory points and the final ranking (rules §7.4): 5 per A.S.T. step, each advance's VP,
1 per city; the Expert bonus for a lone civilization in Late Iron; the decided tie-break."""

from __future__ import annotations

from typing import Any

from game.core.gamedata import load_game_data
from game.core.scoring import (
    ScoreBreakdown,
    final_ranking,
    lone_late_iron_player,
    score_breakdown,
    victory_points,
    winner,
)
from game.core.state import GameState
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

AREAS = {a: {"pop": 3, "site": "white"} for a in "abcdefghij"}


def build(players: dict[str, dict[str, Any]], side: str = "basic") -> GameState:
    raw = {"title": "scoring test", "ruleset": "classic", "ast_side": side,
           "map": {"areas": AREAS}, "players": players, "play": {"phase": "ast_alteration"}}
    data = load_game_data()
    return build_state(parse_scenario(raw, "test", data), data)


def test_victory_points_are_5_per_step_advance_vp_and_1_per_city() -> None:
    # law 150 (3 VP), pottery 60 (1 VP), library 220 (6 VP)
    state = build({"egypt": {"ast": 9, "cities": ["a", "b"], "advances": ["law", "pottery",
                                                                          "library"]}})
    assert score_breakdown(state, "egypt") == ScoreBreakdown(
        player="egypt", ast_steps=9, ast_points=45, advance_points=10, cities=2, city_points=2,
        lone_late_iron_bonus=0)
    assert victory_points(state, "egypt") == 45 + 10 + 2


def test_a_player_with_nothing_scores_nothing() -> None:
    state = build({"egypt": {}})
    assert victory_points(state, "egypt") == 0


def test_the_most_victory_points_win() -> None:
    state = build({"egypt": {"ast": 3}, "babylon": {"ast": 2, "cities": ["a"]}})
    assert [s.player for s in final_ranking(state)] == ["egypt", "babylon"]
    assert winner(state) == "egypt"


def test_a_tie_goes_to_the_civilization_further_along_the_ast() -> None:
    # Egypt: 2 steps + 5 cities = 15; Babylon: 3 steps = 15.
    state = build({"egypt": {"ast": 2, "cities": list("abcde")}, "babylon": {"ast": 3}})
    assert victory_points(state, "egypt") == victory_points(state, "babylon") == 15
    assert winner(state) == "babylon"


def test_then_to_the_one_with_more_cities() -> None:
    # Equal A.S.T.; Egypt: 1 city + 3 VP of cards; Babylon: 4 cities.
    state = build({"egypt": {"ast": 2, "cities": ["a"], "advances": ["law"]},
                   "babylon": {"ast": 2, "cities": list("bcde")}})
    assert victory_points(state, "egypt") == victory_points(state, "babylon")
    assert winner(state) == "babylon"


def test_then_to_ast_ranking() -> None:
    # Babylon (rank 6) ranks before Egypt (rank 17) on otherwise equal terms.
    state = build({"egypt": {"ast": 2, "cities": ["a"]}, "babylon": {"ast": 2, "cities": ["b"]}})
    assert [s.player for s in final_ranking(state)] == ["babylon", "egypt"]


def test_the_lone_late_iron_bonus_counts_only_at_the_end_of_an_expert_game() -> None:
    bonus = load_game_data().ast_numbers["vp_lone_late_iron_bonus_expert"]
    state = build({"egypt": {"ast": 15}, "babylon": {"ast": 14}}, side="expert")
    assert lone_late_iron_player(state) is None  # the game is still on
    state.ended_by = "late_iron"
    assert lone_late_iron_player(state) == "egypt"
    assert score_breakdown(state, "egypt").lone_late_iron_bonus == bonus
    assert victory_points(state, "egypt") == 75 + bonus


def test_no_lone_late_iron_bonus_when_two_share_late_iron() -> None:
    state = build({"egypt": {"ast": 15}, "babylon": {"ast": 15}}, side="expert")
    state.ended_by = "late_iron"
    assert lone_late_iron_player(state) is None
    assert victory_points(state, "egypt") == 75


def test_no_lone_late_iron_bonus_on_the_basic_side() -> None:
    state = build({"egypt": {"ast": 15}, "babylon": {"ast": 14}})
    state.ended_by = "late_iron"
    assert lone_late_iron_player(state) is None
