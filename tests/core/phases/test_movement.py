"""Phase 3, token movement (rules §4 phase 3, §8 Roadbuilding, Military, Diplomacy, Cultural
Ascendancy): the order of movers, where tokens may go, how many, and that movement always ends."""

from __future__ import annotations

import random
from typing import Any

from game.core import Action, GameState, apply
from game.core.engine import advance
from game.core.events import Event, TokensMoved
from game.core.gamedata import load_game_data
from game.core.invariants import violations
from game.core.phases.movement import active_areas, movement_order
from game.core.phases.movement_reach import (
    TokensToMove,
    entries_open,
    entry_limit,
    land_targets,
)
from game.core.state import Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

PHASE = "phase:movement"
# a - b - c - d by land, e beside b; w lies across water from a.
AREAS = {
    "a": {"pop": 3, "coast": True}, "b": {"pop": 2}, "c": {"pop": 2, "site": "white"},
    "d": {"pop": 3}, "e": {"pop": 1}, "w": {"pop": 3, "coast": True},
}
LAND = [["a", "b"], ["b", "c"], ["c", "d"], ["b", "e"]]
WATER = [["a", "w"]]


def build(players: dict[str, dict[str, Any]], barbarians: dict[str, Any] | None = None,
          start: bool = True) -> GameState:
    raw: dict[str, Any] = {
        "title": "movement test", "ruleset": "classic",
        "map": {"areas": AREAS, "land": LAND, "water": WATER},
        "players": players, "play": {"phase": "movement"},
    }
    if barbarians:
        raw["barbarians"] = barbarians
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task(PHASE)]
    state.phase = "movement"
    if start:
        advance(state)
    return state


def pick(state: GameState, who: str, label: str) -> list[Event]:
    pending = state.pending
    assert pending is not None, f"no decision left for {who} {label}"
    assert pending.player == who, f"{pending.player} decides {pending.kind}, not {who}"
    assert label in pending.options, f"{label} not in {pending.options} ({pending.kind})"
    return apply(state, Action(who, label))


def test_the_highest_census_moves_first_and_ties_go_by_ast_ranking() -> None:
    state = build({"egypt": {"tokens": {"a": 3}}, "babylon": {"tokens": {"d": 3}},
                   "assyria": {"tokens": {"e": 1}}}, start=False)
    # babylon (rank 6) and egypt (rank 17) tie on 3; assyria has 1
    assert movement_order(state) == ["babylon", "egypt", "assyria"]


def test_military_holders_move_after_everyone_else_in_census_order() -> None:
    state = build({"egypt": {"tokens": {"a": 1}},
                   "babylon": {"advances": ["military"], "tokens": {"d": 3}},
                   "assyria": {"advances": ["military"], "tokens": {"b": 2}},
                   "hatti": {"tokens": {"e": 1}}}, start=False)
    # hatti and egypt tie on 1 (ranking decides); then the Military holders by census
    assert movement_order(state) == ["hatti", "egypt", "babylon", "assyria"]


def test_a_token_moves_one_area_by_land_and_never_across_water() -> None:
    state = build({"egypt": {"tokens": {"a": 2}}}, start=False)
    assert land_targets(state, "egypt", "a") == {"b": [1, 2]}


def test_tokens_that_moved_this_turn_do_not_move_again() -> None:
    state = build({"egypt": {"tokens": {"a": 2, "b": 1}}})
    pick(state, "egypt", "area:a")
    pick(state, "egypt", "area:b")
    assert state.pending is not None
    assert state.pending.detail == TokensToMove(source="a", target="b")
    pick(state, "egypt", "number:2")
    assert state.board.count("b", "egypt") == 3
    # b now holds 1 token that may still move and 2 that arrived
    assert {t: ns[-1] for t, ns in land_targets(state, "egypt", "b").items()} == {
        "a": 1, "c": 1, "e": 1}
    pick(state, "egypt", "area:b")
    pick(state, "egypt", "area:c")  # one token: no number to pick
    # every token has moved now, so no area is left to act in and the phase ends
    assert state.pending is None and not state.tasks
    assert state.board.count("b", "egypt") == 2 and state.board.count("c", "egypt") == 1


def test_a_player_with_nothing_to_move_is_passed_over_without_a_decision() -> None:
    state = build({"egypt": {"tokens": {"a": 1}}, "babylon": {}})
    assert state.pending is not None and state.pending.player == "egypt"
    pick(state, "egypt", "done")
    assert state.pending is None and not state.tasks


def test_roadbuilding_moves_two_land_areas() -> None:
    state = build({"egypt": {"advances": ["roadbuilding"], "tokens": {"a": 2}}}, start=False)
    assert land_targets(state, "egypt", "a") == {"b": [1, 2], "c": [1, 2], "e": [1, 2]}


def test_roadbuilding_never_passes_through_a_conflict_situation() -> None:
    # b (limit 2) holds 1 babylonian token: one egyptian token may pass, two would cause
    # conflict there after the first step
    state = build({"egypt": {"advances": ["roadbuilding"], "tokens": {"a": 2}},
                   "babylon": {"tokens": {"b": 1}}}, start=False)
    targets = land_targets(state, "egypt", "a")
    assert targets["c"] == [1] and targets["e"] == [1]
    assert targets["b"] == [1, 2]  # ending in a conflict situation is allowed


def test_roadbuilding_does_not_pass_an_area_already_in_conflict_or_a_foreign_city() -> None:
    state = build({"egypt": {"advances": ["roadbuilding"], "tokens": {"a": 1, "d": 1}},
                   "babylon": {"tokens": {"b": 2}, "cities": ["c"]},
                   "assyria": {"tokens": {"b": 1}}}, start=False)
    assert "c" not in land_targets(state, "egypt", "a")  # b is in conflict already
    assert "b" not in land_targets(state, "egypt", "d")  # c holds babylon's city


def test_diplomacy_closes_the_holders_city_areas_to_others() -> None:
    state = build({"egypt": {"tokens": {"b": 2}},
                   "babylon": {"advances": ["diplomacy"], "cities": ["c"]}}, start=False)
    assert "c" not in land_targets(state, "egypt", "b")
    assert entry_limit(state, "egypt", "c", 2) == 0


def test_diplomacy_and_military_holders_may_enter_diplomacy_city_areas() -> None:
    for advance_id in ("diplomacy", "military"):
        state = build({"egypt": {"advances": [advance_id], "tokens": {"b": 2}},
                       "babylon": {"advances": ["diplomacy"], "cities": ["c"]}}, start=False)
        assert land_targets(state, "egypt", "b")["c"] == [1, 2]


def test_diplomacy_opens_once_a_conflict_exists_there() -> None:
    state = build({"egypt": {"tokens": {"b": 2}},
                   "babylon": {"advances": ["diplomacy"], "cities": ["c"]},
                   "assyria": {"advances": ["military"], "tokens": {"d": 1}}},
                  start=False)
    state.board.add("d", "assyria", -1)
    state.board.add("c", "assyria", 1)  # assyria's attack makes c a conflict situation
    assert land_targets(state, "egypt", "b")["c"] == [1, 2]


def test_cultural_ascendancy_allows_entries_that_cause_no_conflict() -> None:
    # d (limit 3) holds 1 babylonian token: egypt may bring 2 but not 3
    state = build({"egypt": {"tokens": {"c": 3}},
                   "babylon": {"advances": ["cultural_ascendancy"], "tokens": {"d": 1}}},
                  start=False)
    assert land_targets(state, "egypt", "c")["d"] == [1, 2]


def test_cultural_ascendancy_and_advanced_military_holders_may_cause_that_conflict() -> None:
    for advance_id in ("cultural_ascendancy", "advanced_military"):
        state = build({"egypt": {"advances": [advance_id], "tokens": {"c": 3}},
                       "babylon": {"advances": ["cultural_ascendancy"], "tokens": {"d": 1}}},
                      start=False)
        assert land_targets(state, "egypt", "c")["d"] == [1, 2, 3]


def test_cultural_ascendancy_protects_the_holders_cities_from_attack() -> None:
    state = build({"egypt": {"tokens": {"b": 2}},
                   "babylon": {"advances": ["cultural_ascendancy"], "cities": ["c"]}},
                  start=False)
    assert "c" not in land_targets(state, "egypt", "b")


def test_entries_are_open_unless_another_player_holds_diplomacy_or_cultural_ascendancy() -> None:
    """Reach skips the area-by-area entry limits while entries_open holds: then every limit
    must let every token in, whatever the area (a city, a conflict, others' tokens)."""
    state = build({"egypt": {"advances": ["diplomacy", "cultural_ascendancy"],
                             "tokens": {"b": 2}, "cities": ["a"]},
                   "babylon": {"tokens": {"c": 2, "d": 3}, "cities": ["e"]}},
                  barbarians={"tokens": {"d": 1}}, start=False)
    assert entries_open(state, "egypt") and not entries_open(state, "babylon")
    assert all(entry_limit(state, "egypt", area, 3) == 3 for area in AREAS)
    state.players["babylon"].advances.append("cultural_ascendancy")
    assert not entries_open(state, "egypt")


def test_barbarians_hold_no_advance_that_keeps_anyone_out() -> None:
    state = build({"egypt": {"tokens": {"c": 3}}}, barbarians={"tokens": {"d": 3}},
                  start=False)
    assert land_targets(state, "egypt", "c")["d"] == [1, 2, 3]


def test_moved_tokens_are_reported_with_the_rule() -> None:
    state = build({"egypt": {"tokens": {"a": 1}}})
    events = pick(state, "egypt", "area:a")
    moved = [e for e in events if isinstance(e, TokensMoved)]
    assert moved == [TokensMoved(player="egypt", source="a", target="b", count=1,
                                 rule="rules:phase-3")]


def test_only_areas_with_a_legal_action_are_offered() -> None:
    # d's only neighbour holds a Diplomacy city and d is inland: nothing to do there; the token
    # in w cannot move by land but may pay for a ship in its coastal area
    state = build({"egypt": {"tokens": {"d": 1, "w": 1}, "treasury": 2},
                   "babylon": {"advances": ["diplomacy"], "cities": ["c"]}}, start=False)
    assert active_areas(state, "egypt") == ["w"]


def _random_phase(seed: int) -> GameState:
    rng = random.Random(seed)
    state = build({
        "egypt": {"advances": ["roadbuilding", "astronavigation"],
                  "tokens": {"a": 4, "b": 2}, "ships": {"a": 1}, "treasury": 6},
        "babylon": {"advances": ["military", "cultural_ascendancy"], "tokens": {"d": 3, "w": 2},
                    "ships": {"w": 2}, "treasury": 3, "cities": ["c"]},
        "assyria": {"advances": ["diplomacy", "naval_warfare", "cloth_making"],
                    "tokens": {"e": 1, "a": 1}, "treasury": 1},
    }, barbarians={"tokens": {"b": 1}})
    before = state.to_json()
    steps = 0
    while state.pending is not None:
        assert GameState.from_json(state.to_json()) == state
        pending = state.pending
        apply(state, Action(pending.player, rng.choice(pending.options)))
        assert violations(state) == []
        steps += 1
        assert steps < 500
    assert state.to_json() != before or steps == 0
    return state


def test_random_picks_always_end_the_phase_and_keep_every_token() -> None:
    for seed in range(30):
        state = _random_phase(seed)
        assert not state.tasks
        for player in state.players.values():
            assert state.board.ships_of(player.id) <= 4
