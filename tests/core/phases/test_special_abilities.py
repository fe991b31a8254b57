"""Phase 10, special abilities (rules §4 phase 10): who acts when, each ability once per turn,
only abilities that can do something are offered, and the phase can be saved mid-ability."""

from __future__ import annotations

from typing import Any

from game.core import Action, GameState, apply
from game.core.engine import advance
from game.core.events import Event
from game.core.gamedata import load_game_data
from game.core.invariants import card_census, violations
from game.core.phases.special_abilities import ABILITIES, abilities_of
from game.core.phases.special_common import AbilityUsed
from game.core.state import Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

PHASE = "phase:special_abilities"


def build(players: dict[str, dict[str, Any]], areas: dict[str, Any] | None = None,
          land: list[list[str]] | None = None, barbarians: dict[str, Any] | None = None,
          water: list[list[str]] | None = None) -> GameState:
    raw: dict[str, Any] = {
        "title": "special abilities test", "ruleset": "classic",
        "map": {"areas": areas or {"a": {"pop": 3}, "b": {"pop": 3}, "c": {"pop": 3}},
                "land": land if land is not None else [["a", "b"], ["b", "c"]],
                "water": water or []},
        "players": players,
        "play": {"phase": "special_abilities"},
    }
    if barbarians:
        raw["barbarians"] = barbarians
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task(PHASE)]
    state.phase = "special_abilities"
    return state


def pick(state: GameState, who: str, label: str) -> list[Event]:
    pending = state.pending
    assert pending is not None, f"no decision left for {who} {label}"
    assert pending.player == who, f"{pending.player} decides {pending.kind}, not {who}"
    assert label in pending.options, f"{label} not in {pending.options} ({pending.kind})"
    return apply(state, Action(who, label))


def test_every_special_ability_effect_of_the_data_has_a_procedure() -> None:
    effects = load_game_data().effects
    special = {e for e in effects if e.startswith("special_")}
    assert special == set(ABILITIES)


def test_players_act_in_ast_ranking_order() -> None:
    # Egypt is listed first here, but Babylon (rank 6) comes before Egypt (rank 17).
    state = build({
        "egypt": {"advances": ["politics"], "tokens": {"a": 1}},
        "babylon": {"advances": ["politics"], "tokens": {"c": 1}},
    })
    advance(state)
    assert state.pending is not None and state.pending.player == "babylon"
    pick(state, "babylon", "done")
    assert state.pending is not None and state.pending.player == "egypt"
    pick(state, "egypt", "done")
    assert state.pending is None and not state.tasks


def test_each_ability_may_be_used_once_per_turn_in_the_holders_order() -> None:
    state = build({"egypt": {"advances": ["politics", "trade_routes"], "tokens": {"a": 1},
                             "stock": 30, "hand": ["wine"]}})
    advance(state)
    assert state.pending is not None
    assert state.pending.options == ["advance:politics", "advance:trade_routes", "done"]
    events = pick(state, "egypt", "advance:politics")
    assert AbilityUsed(player="egypt", ability="politics", rule="rules:phase-10") in events
    pick(state, "egypt", "number:2")
    assert state.pending is not None and state.pending.options == ["advance:trade_routes", "done"]
    pick(state, "egypt", "advance:trade_routes")
    pick(state, "egypt", "card:wine")
    assert state.pending is None and not state.tasks  # nothing left to use: the phase is over
    assert state.players["egypt"].stock == 30 - 2 - 10


def test_an_ability_that_can_do_nothing_is_not_offered() -> None:
    # Fundamentalism with nobody land-adjacent, Trade Routes with an empty hand.
    state = build({
        "egypt": {"advances": ["fundamentalism", "trade_routes"], "tokens": {"a": 1}},
        "babylon": {"tokens": {"c": 1}},
    })
    advance(state)
    assert state.pending is None and not state.tasks


def test_a_player_without_special_abilities_is_never_asked() -> None:
    state = build({
        "egypt": {"advances": ["philosophy", "public_works"], "tokens": {"a": 1}},
        "babylon": {"tokens": {"b": 1}},
    })
    assert abilities_of(state, "egypt") == {}
    advance(state)
    assert state.pending is None


def test_declining_with_done_changes_nothing() -> None:
    state = build({
        "egypt": {"advances": ["fundamentalism"], "tokens": {"a": 1}},
        "babylon": {"tokens": {"b": 2}},
    })
    before = state.board.tokens.copy()
    advance(state)
    pick(state, "egypt", "done")
    assert state.pending is None and state.board.tokens == before


def test_the_phase_can_be_saved_and_loaded_in_the_middle_of_an_ability() -> None:
    state = build({"egypt": {"advances": ["diaspora"], "tokens": {"a": 3}}})
    advance(state)
    pick(state, "egypt", "advance:diaspora")
    pick(state, "egypt", "area:a")
    again = GameState.from_json(state.to_json())
    assert again == state
    pick(again, "egypt", "area:c")
    pick(again, "egypt", "number:2")
    assert again.board.count("c", "egypt") == 2


def test_random_picks_always_end_the_phase_and_keep_every_invariant() -> None:
    players = {
        "egypt": {"advances": ["diaspora", "politics", "trade_routes", "universal_doctrine"],
                  "tokens": {"a": 2, "b": 1}, "stock": 20, "hand": ["wine", "salt", "ochre"]},
        "babylon": {"advances": ["fundamentalism", "monotheism", "provincial_empire"],
                    "cities": ["c"], "tokens": {"d": 2}, "hand": ["papyrus", "gold"]},
        "assyria": {"advances": ["politics"], "tokens": {"b": 1, "e": 3}, "treasury": 12,
                    "hand": ["iron", "tin"]},
    }
    areas = {a: {"pop": 3, "site": "white"} for a in "abcdef"}
    land = [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "f"], ["a", "f"]]
    for seed in range(40):
        state = build(players, areas, land, {"tokens": {"f": 4}, "pirate_cities": ["f"]})
        cards = card_census(state)
        state.rng.state ^= seed
        advance(state)
        for _ in range(200):
            if state.pending is None:
                break
            label = state.rng.choice(list(state.pending.options))
            apply(state, Action(state.pending.player, label))
            assert not violations(state, cards)
        assert state.pending is None and not state.tasks
