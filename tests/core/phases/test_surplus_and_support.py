"""Surplus removal and city support (rules §4 phases 5b, 5c and 11; §8 Agriculture, Public
Works, Cultural Ascendancy), and the shared helpers in game/core/population.py that the
calamities reuse (Slave Revolt's support check, Famine's surplus check)."""

from __future__ import annotations

import random
from typing import Any

from game.core import Action, GameState, apply
from game.core.engine import advance
from game.core.events import CityReduced, Event, TokensRemoved
from game.core.gamedata import load_game_data
from game.core.invariants import violations
from game.core.population import (
    FLAG_AGRICULTURE_SUSPENDED,
    CitySupportShort,
    mark_city_built,
    population_limit,
    reduce_city,
    remove_surplus,
    support_rate,
)
from game.core.state import BARBARIANS, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

PHASE = "phase:surplus_and_support"
AREAS = {
    "a": {"pop": 2, "site": "white"}, "b": {"pop": 2, "site": "white"},
    "c": {"pop": 3, "site": "white"}, "d": {"pop": 1}, "e": {"pop": 0}, "f": {"pop": 3},
    "g": {"pop": 5},
}
LAND = [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["f", "g"]]


def build(players: dict[str, dict[str, Any]], barbarians: dict[str, Any] | None = None,
          task: Task | None = None) -> GameState:
    raw: dict[str, Any] = {
        "title": "surplus and support test", "ruleset": "classic",
        "map": {"areas": AREAS, "land": LAND},
        "players": players, "play": {"phase": "surplus_and_support"},
    }
    if barbarians:
        raw["barbarians"] = barbarians
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [task or Task(PHASE)]
    state.phase = "surplus_and_support"
    return state


def pick(state: GameState, who: str, label: str) -> list[Event]:
    pending = state.pending
    assert pending is not None, f"no decision left for {who} {label}"
    assert pending.player == who, f"{pending.player} decides {pending.kind}, not {who}"
    assert label in pending.options, f"{label} not in {pending.options} ({pending.kind})"
    return apply(state, Action(who, label))


def support_task(player: str, extra_rate: int = 0, unusable_tokens: int = 0) -> Task:
    return Task("support:check", {"player": player, "extra_rate": extra_rate,
                                   "unusable_tokens": unusable_tokens, "rule": "test:support"})


# --- population limits ------------------------------------------------------------------------

def test_the_limit_is_the_printed_number_and_0_where_a_city_stands() -> None:
    state = build({"egypt": {"cities": ["c"], "tokens": {"f": 1}},
                   "babylon": {"advances": ["public_works"]}})
    assert population_limit(state, "f", "egypt") == 3
    assert population_limit(state, "c", "egypt") == 0
    assert population_limit(state, "c", "babylon") == 0  # Public Works helps only its own cities


def test_public_works_lets_one_token_stay_with_each_own_city() -> None:
    state = build({"egypt": {"advances": ["public_works"], "cities": ["c"]}})
    assert population_limit(state, "c", "egypt") == 1


def test_agriculture_adds_one_in_the_holders_own_areas_of_limit_0_to_2() -> None:
    state = build({"egypt": {"advances": ["agriculture"],
                             "tokens": {"a": 1, "d": 1, "e": 1, "c": 1}}})
    assert [population_limit(state, x, "egypt") for x in "adec"] == [3, 2, 1, 3]
    assert population_limit(state, "d", "egypt", ignore_agriculture=True) == 1


def test_agriculture_gives_nothing_where_others_or_barbarians_are_or_a_city_stands() -> None:
    state = build({"egypt": {"advances": ["agriculture"], "cities": ["b"],
                             "tokens": {"a": 1, "b": 1, "d": 1}},
                   "babylon": {"tokens": {"a": 1}}},
                  barbarians={"tokens": {"d": 1}})
    assert population_limit(state, "a", "egypt") == 2
    assert population_limit(state, "d", "egypt") == 1
    assert population_limit(state, "b", "egypt") == 0


def test_a_suspended_agriculture_gives_nothing() -> None:
    state = build({"egypt": {"advances": ["agriculture"], "tokens": {"a": 1}}})
    state.players["egypt"].flags[FLAG_AGRICULTURE_SUSPENDED] = 1
    assert population_limit(state, "a", "egypt") == 2


# --- surplus ----------------------------------------------------------------------------------

def test_surplus_returns_each_players_excess_to_stock_and_names_the_rule() -> None:
    state = build({"egypt": {"cities": ["a"], "tokens": {"a": 2, "d": 3, "g": 5}},
                   "babylon": {"tokens": {"f": 4}}})
    events: list[Event] = []
    removed = remove_surplus(state, events, "test:surplus")
    assert removed == {"egypt": 4, "babylon": 1}
    assert state.board.count("a", "egypt") == 0
    assert state.board.count("d", "egypt") == 1
    assert state.board.count("g", "egypt") == 5
    assert state.board.count("f", "babylon") == 3
    assert all(isinstance(e, TokensRemoved) and e.rule == "test:surplus" for e in events)
    assert violations(state) == []


def test_surplus_leaves_barbarian_tokens_alone() -> None:
    state = build({"egypt": {"tokens": {"g": 1}}}, barbarians={"tokens": {"d": 4}})
    remove_surplus(state, [], "test:surplus")
    assert state.board.count("d", BARBARIANS) == 4


def test_surplus_for_some_players_only_and_without_agriculture_for_famine() -> None:
    state = build({"egypt": {"advances": ["agriculture"], "tokens": {"a": 3}},
                   "babylon": {"advances": ["agriculture"], "tokens": {"b": 3}}})
    removed = remove_surplus(state, [], "test:famine", players=["egypt"],
                             ignore_agriculture=True)
    assert removed == {"egypt": 1}
    assert state.board.count("a", "egypt") == 2
    assert state.board.count("b", "babylon") == 3


def test_surplus_limits_are_read_before_anyone_in_the_area_is_removed() -> None:
    # Babylon's token in the limit-0 area goes; Egypt's Agriculture still saw it there.
    state = build({"egypt": {"advances": ["agriculture"], "tokens": {"e": 1}},
                   "babylon": {"tokens": {"e": 1}}})
    remove_surplus(state, [], "test:surplus")
    assert state.board.tokens.get("e") is None


# --- support ----------------------------------------------------------------------------------

def test_the_support_rate_is_2_and_3_with_cultural_ascendancy() -> None:
    state = build({"egypt": {"advances": ["cultural_ascendancy"]}, "babylon": {}})
    assert support_rate(state, "babylon") == 2
    assert support_rate(state, "egypt") == 3
    assert support_rate(state, "babylon", extra_rate=2) == 4


def test_a_supported_player_is_never_asked() -> None:
    state = build({"egypt": {"cities": ["a", "b"], "tokens": {"g": 4}}})
    events = advance(state)
    assert state.pending is None
    assert len(state.board.cities_of("egypt")) == 2
    assert not [e for e in events if isinstance(e, CitySupportShort)]


def test_an_unsupported_player_chooses_the_city_to_reduce_and_it_names_the_rule() -> None:
    state = build({"egypt": {"cities": ["a", "b", "c"], "tokens": {"g": 3}}})
    events = advance(state)
    short = [e for e in events if isinstance(e, CitySupportShort)]
    assert [(e.player, e.cities, e.tokens, e.needed) for e in short] == [("egypt", 3, 3, 6)]
    assert state.pending is not None
    assert state.pending.kind == "reduce_unsupported_city"
    assert state.pending.options == ["area:a", "area:b", "area:c"]
    events = pick(state, "egypt", "area:c")
    reduced = [e for e in events if isinstance(e, CityReduced)]
    assert [(e.area, e.tokens, e.rule) for e in reduced] == [("c", 3, "rules:phase-11")]
    assert state.pending is None  # 6 tokens carry two cities
    assert violations(state) == []


def test_cities_built_this_turn_are_reduced_first_and_without_a_question_if_alone() -> None:
    state = build({"egypt": {"cities": ["a", "b", "c"]}})
    mark_city_built(state, "egypt", "c")
    advance(state)
    # c went first (no choice); its 3 tokens carry one city, not two: a free choice.
    assert "c" not in state.board.cities
    assert state.pending is not None and state.pending.options == ["area:a", "area:b"]


def test_surplus_is_removed_before_support_is_counted() -> None:
    state = build({"egypt": {"cities": ["a"], "tokens": {"d": 3}}})
    advance(state)
    # d holds 1 after surplus: too few for the city, which is reduced (the only one).
    assert state.board.cities == {}
    assert state.board.count("a", "egypt") == 2


def test_unusable_tokens_do_not_count_for_support_slave_revolt() -> None:
    state = build({"egypt": {"cities": ["a", "b"], "tokens": {"g": 5, "f": 3}}},
                  task=support_task("egypt", unusable_tokens=5))
    advance(state)
    assert state.pending is not None  # 8 - 5 = 3 usable, 4 needed
    state = build({"egypt": {"cities": ["a", "b"], "tokens": {"g": 5, "f": 3}}},
                  task=support_task("egypt", unusable_tokens=15))
    advance(state)  # never below 0 usable: both cities go, one after the other
    assert state.pending is not None
    pick(state, "egypt", "area:a")
    assert state.pending is None and state.board.cities == {}


def test_an_extra_rate_raises_the_support_needed_mega_empires_slave_revolt() -> None:
    state = build({"egypt": {"cities": ["a", "b"], "tokens": {"g": 5}}},
                  task=support_task("egypt", extra_rate=1))
    advance(state)
    assert state.pending is not None  # 2 x 3 = 6 > 5
    pick(state, "egypt", "area:b")
    assert state.pending is None
    assert state.board.cities_of("egypt") == ["a"]


def test_public_works_reduces_to_one_fewer_only_when_its_token_is_there() -> None:
    state = build({"egypt": {"advances": ["public_works"], "cities": ["c", "f"],
                             "tokens": {"c": 1}}})
    events: list[Event] = []
    reduce_city(state, "c", events, "test:reduce")
    reduce_city(state, "f", events, "test:reduce")
    assert state.board.count("c", "egypt") == 3
    assert state.board.count("f", "egypt") == 3
    assert [e.tokens for e in events if isinstance(e, CityReduced)] == [2, 3]


def test_agriculture_places_its_extra_token_when_a_city_is_reduced() -> None:
    state = build({"egypt": {"advances": ["agriculture"], "cities": ["a", "c"]},
                   "babylon": {"tokens": {"b": 1}}})
    reduce_city(state, "a", [], "test:reduce")
    reduce_city(state, "c", [], "test:reduce")
    assert state.board.count("a", "egypt") == 3
    assert state.board.count("c", "egypt") == 3  # printed 3: no bonus


def test_a_reduction_short_of_stock_places_what_there_is() -> None:
    state = build({"egypt": {"cities": ["c"], "stock": 1}})
    reduce_city(state, "c", [], "test:reduce")
    assert state.board.count("c", "egypt") == 1
    assert violations(state) == []


def test_players_check_support_in_ast_ranking_order() -> None:
    state = build({"egypt": {"cities": ["a", "b"]}, "babylon": {"cities": ["c", "f"]}})
    advance(state)
    assert state.pending is not None and state.pending.player == "babylon"


def test_a_game_saved_at_a_reduction_resumes_the_same() -> None:
    state = build({"egypt": {"cities": ["a", "b", "c"], "tokens": {"g": 1}}})
    advance(state)
    loaded = GameState.from_json(state.to_json())
    for game in (state, loaded):
        pick(game, "egypt", "area:a")
        pick(game, "egypt", "area:b")
    assert loaded.state_hash() == state.state_hash()


def test_random_reductions_always_end_with_every_remaining_city_supported() -> None:
    for seed in range(60):
        chooser = random.Random(seed)
        cities = chooser.sample(["a", "b", "c", "d", "f", "g"], chooser.randint(1, 6))
        tokens = {x: chooser.randint(0, 3) for x in AREAS if x not in cities}
        advances = chooser.sample(["agriculture", "public_works", "cultural_ascendancy"], 2)
        state = build({"egypt": {"advances": advances, "cities": cities,
                                 "tokens": {x: n for x, n in tokens.items() if n}}})
        for city in chooser.sample(cities, len(cities) // 2):
            mark_city_built(state, "egypt", city)
        advance(state)
        while state.pending is not None:
            pick(state, "egypt", chooser.choice(state.pending.options))
            assert violations(state) == []
        left = len(state.board.cities_of("egypt"))
        assert state.board.tokens_of("egypt") >= support_rate(state, "egypt") * left
        assert not state.tasks
