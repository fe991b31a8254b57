"""Phase 2, population expansion and census (rules §4 phase 2): how much each area grows, the
choices of a player short of stock, and the census."""

from __future__ import annotations

import random
from typing import Any

from game.core import Action, GameState, apply
from game.core.engine import advance
from game.core.events import Event, TokensPlaced
from game.core.gamedata import load_game_data
from game.core.invariants import violations
from game.core.phases.population_expansion import CensusTaken, growth_due
from game.core.state import BARBARIANS, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

PHASE = "phase:population_expansion"
AREAS = {"a": {"pop": 3}, "b": {"pop": 3}, "c": {"pop": 3, "site": "white"}, "d": {"pop": 1}}


def build(players: dict[str, dict[str, Any]], barbarians: dict[str, Any] | None = None,
          ) -> GameState:
    raw: dict[str, Any] = {
        "title": "expansion test", "ruleset": "classic",
        "map": {"areas": AREAS, "land": [["a", "b"], ["b", "c"], ["c", "d"]]},
        "players": players, "play": {"phase": "population_expansion"},
    }
    if barbarians:
        raw["barbarians"] = barbarians
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task(PHASE)]
    state.phase = "population_expansion"
    return state


def pick(state: GameState, who: str, label: str) -> list[Event]:
    pending = state.pending
    assert pending is not None and pending.player == who
    assert label in pending.options, f"{label} not in {pending.options}"
    return apply(state, Action(who, label))


def test_one_token_grows_by_one_and_two_or_more_grow_by_two() -> None:
    state = build({"egypt": {"tokens": {"a": 1, "b": 2, "c": 5}}})
    assert growth_due(state, "egypt") == {"a": 1, "b": 2, "c": 2}
    advance(state)
    assert state.pending is None and not state.tasks
    assert [state.board.count(a, "egypt") for a in "abc"] == [2, 4, 7]


def test_growth_ignores_the_population_limit() -> None:
    # Area d holds at most 1, yet 1 token there still becomes 2: surplus is removed later.
    state = build({"egypt": {"tokens": {"d": 1}}})
    advance(state)
    assert state.board.count("d", "egypt") == 2


def test_barbarian_tokens_never_expand() -> None:
    state = build({"egypt": {"tokens": {"a": 1}}}, barbarians={"tokens": {"b": 3, "d": 1}})
    advance(state)
    assert state.board.count("b", BARBARIANS) == 3
    assert state.board.count("d", BARBARIANS) == 1


def test_tokens_in_a_city_area_expand_like_any_other() -> None:
    state = build({"egypt": {"cities": ["c"], "tokens": {"c": 1}}})
    advance(state)
    assert state.board.count("c", "egypt") == 2


def test_each_player_grows_only_from_their_own_tokens_in_a_shared_area() -> None:
    state = build({"egypt": {"tokens": {"a": 1}}, "babylon": {"tokens": {"a": 2}}})
    advance(state)
    assert state.board.count("a", "egypt") == 2
    assert state.board.count("a", "babylon") == 4


def test_enough_stock_expands_without_a_decision_and_names_the_rule() -> None:
    state = build({"egypt": {"tokens": {"a": 2, "b": 1}}})
    events = advance(state)
    assert state.pending is None
    placed = [e for e in events if isinstance(e, TokensPlaced)]
    assert {(e.area, e.count) for e in placed} == {("a", 2), ("b", 1)}
    assert all(e.rule == "rules:phase-2a" for e in placed)


def test_a_short_player_picks_among_areas_with_growth_still_due_and_cannot_stop() -> None:
    state = build({"egypt": {"tokens": {"a": 1, "b": 2, "c": 2}, "stock": 3}})
    advance(state)
    assert state.pending is not None
    assert state.pending.kind == "expansion_area"
    assert state.pending.options == ["area:a", "area:b", "area:c"]  # no done: all must go
    pick(state, "egypt", "area:a")
    assert state.pending is not None
    assert state.pending.options == ["area:b", "area:c"]  # a has had its 1
    pick(state, "egypt", "area:b")
    pick(state, "egypt", "area:b")
    assert state.pending is None and state.players["egypt"].stock == 0
    assert [state.board.count(x, "egypt") for x in "abc"] == [2, 4, 2]


def test_a_short_player_with_one_area_due_gets_no_question() -> None:
    state = build({"egypt": {"tokens": {"a": 5}, "stock": 1}})
    advance(state)
    assert state.pending is None
    assert state.board.count("a", "egypt") == 6
    assert state.players["egypt"].stock == 0


def test_a_player_with_empty_stock_adds_nothing() -> None:
    state = build({"egypt": {"tokens": {"a": 2, "b": 2}, "stock": 0}})
    advance(state)
    assert state.pending is None
    assert state.board.tokens_of("egypt") == 4


def test_random_picks_always_place_the_whole_stock_and_never_more_than_is_due() -> None:
    for seed in range(40):
        chooser = random.Random(seed)
        stock = chooser.randint(1, 5)  # 6 are due: always short
        state = build({"egypt": {"tokens": {"a": 1, "b": 2, "c": 3, "d": 1}, "stock": stock}})
        advance(state)
        while state.pending is not None:
            pick(state, "egypt", chooser.choice(state.pending.options))
            assert violations(state) == []
        counts = [state.board.count(x, "egypt") for x in "abcd"]
        assert state.players["egypt"].stock == 0
        assert sum(counts) == 7 + stock
        assert all(now - was <= due for now, was, due in zip(counts, [1, 2, 3, 1], [1, 2, 2, 1],
                                                             strict=True))


def test_census_counts_tokens_on_the_board_but_not_cities_or_treasury() -> None:
    state = build({
        "egypt": {"cities": ["c"], "tokens": {"a": 2}, "treasury": 9},
        "babylon": {"tokens": {"b": 1}},
    })
    state.players["egypt"].census = 99
    events = advance(state)
    assert state.players["egypt"].census == 4
    assert state.players["babylon"].census == 2
    census = [e for e in events if isinstance(e, CensusTaken)]
    assert [(e.player, e.census) for e in census] == [("babylon", 2), ("egypt", 4)]
    assert all(e.rule == "rules:phase-2b" for e in census)


def test_the_census_waits_for_every_short_player_to_finish() -> None:
    state = build({"egypt": {"tokens": {"a": 1, "b": 1}, "stock": 1}})
    advance(state)
    assert state.pending is not None
    assert state.players["egypt"].census == 2  # not yet taken
    pick(state, "egypt", "area:b")
    assert state.players["egypt"].census == 3


def test_players_are_asked_in_ast_ranking_order() -> None:
    # Babylon (rank 6) decides before Egypt (rank 17).
    state = build({
        "egypt": {"tokens": {"a": 1, "b": 1}, "stock": 1},
        "babylon": {"tokens": {"a": 1, "b": 1}, "stock": 1},
    })
    advance(state)
    assert state.pending is not None and state.pending.player == "babylon"
    pick(state, "babylon", "area:a")
    assert state.pending is not None and state.pending.player == "egypt"


def test_a_game_saved_in_the_middle_of_the_choices_resumes_the_same() -> None:
    state = build({"egypt": {"tokens": {"a": 1, "b": 2, "c": 2}, "stock": 3}})
    advance(state)
    pick(state, "egypt", "area:c")
    loaded = GameState.from_json(state.to_json())
    for game in (state, loaded):
        pick(game, "egypt", "area:c")
        pick(game, "egypt", "area:a")
    assert loaded.state_hash() == state.state_hash()
    assert [loaded.board.count(x, "egypt") for x in "abc"] == [2, 2, 4]
