"""Phase 5a, building cities (rules §4 phase 5a, §8 Architecture, Urbanism, Public Works):
where a city may stand, what it costs, the once-per-turn advances, and what building clears."""

from __future__ import annotations

import random
from typing import Any

from game.core import Action, GameState, apply
from game.core.engine import advance
from game.core.events import CityBuilt, Event, TokensMoved, TokensRemoved, TreasuryChanged
from game.core.gamedata import load_game_data
from game.core.invariants import violations
from game.core.phases.city_construction import buildable_areas
from game.core.population import cities_built_this_turn
from game.core.state import BARBARIANS, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

PHASE = "phase:city_construction"
# A line of areas: s (site) - w (wilderness) - x - y, z (limit 0, site) next to s; v lies
# across water from w.
AREAS = {
    "s": {"pop": 3, "site": "white"}, "k": {"pop": 2, "site": "black"},
    "w": {"pop": 2}, "x": {"pop": 3}, "y": {"pop": 3}, "z": {"pop": 0, "site": "white"},
    "v": {"pop": 3, "coast": True}, "far": {"pop": 5},
}
LAND = [["s", "w"], ["w", "x"], ["x", "y"], ["s", "z"], ["s", "k"]]
WATER = [["w", "v"]]


def build(players: dict[str, dict[str, Any]], barbarians: dict[str, Any] | None = None,
          extra_areas: dict[str, Any] | None = None) -> GameState:
    raw: dict[str, Any] = {
        "title": "city construction test", "ruleset": "classic",
        "map": {"areas": {**AREAS, **(extra_areas or {})}, "land": LAND, "water": WATER},
        "players": players, "play": {"phase": "city_construction"},
    }
    if barbarians:
        raw["barbarians"] = barbarians
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task(PHASE)]
    state.phase = "city_construction"
    return state


def pick(state: GameState, who: str, label: str) -> list[Event]:
    pending = state.pending
    assert pending is not None, f"no decision left for {who} {label}"
    assert pending.player == who, f"{pending.player} decides {pending.kind}, not {who}"
    assert label in pending.options, f"{label} not in {pending.options} ({pending.kind})"
    return apply(state, Action(who, label))


def test_a_site_needs_six_tokens_and_the_wilderness_twelve() -> None:
    state = build({"egypt": {"tokens": {"s": 6, "k": 5, "w": 12, "x": 11}}})
    assert buildable_areas(state, "egypt") == ["s", "w"]


def test_building_is_offered_area_by_area_with_done() -> None:
    state = build({"egypt": {"tokens": {"s": 6, "w": 12, "far": 2}}})
    advance(state)
    assert state.pending is not None
    assert state.pending.kind == "build_city"
    assert state.pending.options == ["area:s", "area:w", "done"]
    pick(state, "egypt", "done")
    assert state.pending is None
    assert state.board.cities == {}


def test_no_city_in_a_limit_0_area_whatever_the_advances() -> None:
    state = build({"egypt": {"advances": ["agriculture", "architecture", "urbanism"],
                             "tokens": {"z": 12, "s": 2}, "treasury": 10}})
    assert "z" not in buildable_areas(state, "egypt")


def test_one_city_per_area_a_pirate_city_included() -> None:
    state = build({"egypt": {"cities": ["s"], "tokens": {"s": 6}},
                   "babylon": {"cities": ["w"], "tokens": {"w": 12}}})
    assert buildable_areas(state, "egypt") == []
    assert buildable_areas(state, "babylon") == []
    state = build({"egypt": {"tokens": {"s": 6}}}, barbarians={"pirate_cities": ["s"]})
    assert buildable_areas(state, "egypt") == []


def test_no_tenth_city() -> None:
    towns = {f"t{i}": {"pop": 1, "site": "white"} for i in range(1, 10)}
    state = build({"egypt": {"cities": sorted(towns), "tokens": {"s": 6}}}, extra_areas=towns)
    assert buildable_areas(state, "egypt") == []
    del state.board.cities["t9"]
    assert buildable_areas(state, "egypt") == ["s"]


def test_building_returns_every_token_in_the_area_and_names_the_rule() -> None:
    state = build({"egypt": {"tokens": {"s": 7, "far": 4}}, "babylon": {"tokens": {"s": 1}}},
                  barbarians={"tokens": {"s": 2}})
    advance(state)
    events = pick(state, "egypt", "area:s")
    assert state.board.cities == {"s": "egypt"}
    assert state.board.tokens.get("s") is None
    assert state.players["babylon"].stock == 55
    assert state.board.tokens_of(BARBARIANS) == 0
    removed = {(e.player, e.count) for e in events
               if isinstance(e, TokensRemoved) and e.area == "s"}
    assert removed == {("egypt", 7), ("babylon", 1), (BARBARIANS, 2)}
    built = [e for e in events if isinstance(e, CityBuilt)]
    assert [(e.player, e.area, e.rule) for e in built] == [("egypt", "s", "rules:phase-5a")]
    assert violations(state) == []


def test_a_city_built_this_turn_is_recorded_for_the_support_check() -> None:
    state = build({"egypt": {"cities": ["k"], "tokens": {"s": 6, "far": 5}}})
    advance(state)
    pick(state, "egypt", "area:s")
    assert cities_built_this_turn(state, "egypt") == ["s"]


def test_architecture_pays_the_shortfall_from_treasury_up_to_half() -> None:
    state = build({"egypt": {"advances": ["architecture"],
                             "tokens": {"s": 3, "k": 2, "far": 4}, "treasury": 10}})
    assert buildable_areas(state, "egypt") == ["s"]  # k would need 4 from treasury
    advance(state)
    events = pick(state, "egypt", "area:s")
    assert state.board.cities == {"s": "egypt"}
    assert state.players["egypt"].treasury == 7
    paid = [e for e in events if isinstance(e, TreasuryChanged)]
    assert [(e.change, e.rule) for e in paid] == [(-3, "rules:8-architecture")]


def test_architecture_is_limited_by_the_treasury_held() -> None:
    state = build({"egypt": {"advances": ["architecture"], "tokens": {"s": 4}, "treasury": 1}})
    assert buildable_areas(state, "egypt") == []


def test_architecture_works_once_per_turn_and_only_when_used() -> None:
    state = build({"egypt": {"advances": ["architecture"],
                             "tokens": {"s": 6, "k": 4, "far": 5}, "treasury": 10}})
    advance(state)
    pick(state, "egypt", "area:s")  # 6 tokens: Architecture not needed, so not spent
    assert state.players["egypt"].treasury == 10
    assert state.pending is not None and state.pending.options == ["area:k", "done"]
    pick(state, "egypt", "area:k")
    assert state.players["egypt"].treasury == 8
    state = build({"egypt": {"advances": ["architecture"],
                             "tokens": {"s": 4, "k": 4, "far": 5}, "treasury": 10}})
    advance(state)
    pick(state, "egypt", "area:s")
    assert state.pending is None  # k needs Architecture again
    assert state.board.cities == {"s": "egypt"}


def test_urbanism_brings_tokens_from_land_neighbours_only() -> None:
    # w: 8 of its own + x's 4 by land; v's tokens lie across water and do not count.
    state = build({"egypt": {"advances": ["urbanism"], "tokens": {"w": 8, "x": 4, "v": 3}}})
    assert buildable_areas(state, "egypt") == ["w"]
    state = build({"egypt": {"advances": ["urbanism"], "tokens": {"w": 8, "x": 3, "v": 3}}})
    assert buildable_areas(state, "egypt") == []


def test_urbanism_brings_at_most_four_and_only_to_a_wilderness_city() -> None:
    state = build({"egypt": {"advances": ["urbanism"], "tokens": {"w": 7, "s": 3, "x": 5}}})
    assert buildable_areas(state, "egypt") == []  # w: 7 + 4 < 12; s is no wilderness
    state = build({"egypt": {"advances": ["urbanism"], "tokens": {"k": 5, "s": 4}}})
    assert buildable_areas(state, "egypt") == []


def test_urbanism_asks_for_each_source_while_the_choice_matters() -> None:
    state = build({"egypt": {"advances": ["urbanism"],
                             "tokens": {"w": 8, "s": 2, "x": 3, "far": 4}}})
    advance(state)
    pick(state, "egypt", "area:w")
    assert state.pending is not None
    assert state.pending.kind == "city_adjacent_tokens"
    assert state.pending.options == ["area:s", "area:x"]
    events = pick(state, "egypt", "area:s")
    # 3 still to come from s (1) and x (3): still a choice.
    assert state.pending is not None and state.pending.kind == "city_adjacent_tokens"
    events += pick(state, "egypt", "area:s")
    # s is empty: the last 2 come from x without a question.
    assert state.board.cities.get("w") == "egypt"
    assert state.board.count("x", "egypt") == 1
    moved = [(e.source, e.count, e.rule) for e in events if isinstance(e, TokensMoved)]
    assert moved == [("s", 1, "rules:8-urbanism"), ("s", 1, "rules:8-urbanism"),
                     ("x", 2, "rules:8-urbanism")]
    assert violations(state) == []


def test_urbanism_works_once_per_turn() -> None:
    state = build({"egypt": {"advances": ["urbanism"],
                             "tokens": {"w": 10, "s": 2, "x": 4, "y": 10, "far": 5}}})
    advance(state)
    assert state.pending is not None and state.pending.options == ["area:w", "area:y", "done"]
    pick(state, "egypt", "area:w")
    pick(state, "egypt", "area:s")
    pick(state, "egypt", "area:s")
    # x's 4 and y's 10 would be enough for y, but Urbanism has been used this turn.
    assert state.pending is None
    assert state.board.cities == {"w": "egypt"}


def test_with_both_advances_the_treasury_share_is_asked_only_when_it_can_vary() -> None:
    state = build({"egypt": {"advances": ["architecture", "urbanism"],
                             "tokens": {"w": 2, "x": 4, "far": 5}, "treasury": 6}})
    advance(state)
    pick(state, "egypt", "area:w")  # 10 short: 6 treasury + 4 adjacent, no other way
    assert state.pending is None
    assert state.players["egypt"].treasury == 0
    assert state.board.count("x", "egypt") == 0
    state = build({"egypt": {"advances": ["architecture", "urbanism"],
                             "tokens": {"w": 5, "x": 4, "far": 5}, "treasury": 9}})
    advance(state)
    pick(state, "egypt", "area:w")  # 7 short: 3 to 6 from treasury
    assert state.pending is not None and state.pending.kind == "city_treasury_tokens"
    assert state.pending.options == ["number:3", "number:4", "number:5", "number:6"]
    pick(state, "egypt", "number:6")
    assert state.players["egypt"].treasury == 3
    assert state.board.count("x", "egypt") == 3


def test_public_works_keeps_one_token_only_when_more_stood_than_needed() -> None:
    state = build({"egypt": {"advances": ["public_works"],
                             "tokens": {"s": 7, "k": 6, "far": 5}}})
    advance(state)
    pick(state, "egypt", "area:s")
    pick(state, "egypt", "area:k")
    assert state.board.count("s", "egypt") == 1
    assert state.board.count("k", "egypt") == 0


def test_players_build_in_ast_ranking_order() -> None:
    state = build({"egypt": {"tokens": {"s": 6, "far": 2}},
                   "babylon": {"tokens": {"k": 6, "x": 3}}})
    advance(state)
    assert state.pending is not None and state.pending.player == "babylon"
    pick(state, "babylon", "done")
    assert state.pending is not None and state.pending.player == "egypt"


def test_random_builders_keep_tokens_whole_and_always_finish() -> None:
    for seed in range(60):
        chooser = random.Random(seed)
        tokens = {a: chooser.randint(0, 7) for a in AREAS}  # at most 56 - 8 on the board
        state = build({
            "egypt": {"advances": chooser.sample(
                ["architecture", "urbanism", "public_works", "agriculture",
                 "cultural_ascendancy"], 3),
                "tokens": {a: n for a, n in tokens.items() if n}, "treasury": 8},
            "babylon": {"tokens": {"far": chooser.randint(0, 4)}},
        })
        advance(state)
        for _ in range(200):
            if state.pending is None:
                break
            pending = state.pending
            apply(state, Action(pending.player, chooser.choice(pending.options)))
            assert violations(state) == []
        assert state.pending is None and not state.tasks
        for area, owner in state.board.cities.items():
            assert state.map.areas[area].pop > 0, f"a city of {owner} in a limit-0 area"
