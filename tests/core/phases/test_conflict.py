"""Phase 4, conflict (rules §4 phase 4, §8 Metalworking, Advanced Military, Naval Warfare,
Engineering, §10 barbarians and pirates): what counts as conflict, the rounds of removal, the
order of resolution, city attacks and their plunder."""

from __future__ import annotations

import random
from typing import Any

from game.core import Action, GameState, apply
from game.core.conflict_rules import (
    CITY_ATTACK,
    CardPlundered,
    CityAttacked,
    CityTaken,
    ConflictLoss,
    Plunder,
    attack_numbers,
    entry_causes_conflict,
    in_conflict,
    removal_groups,
)
from game.core.engine import advance
from game.core.events import Event
from game.core.gamedata import load_game_data
from game.core.invariants import violations
from game.core.phases.conflict import AttackWait, pending_attacks, token_conflict_areas
from game.core.state import BARBARIANS, PIRATE, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

AREAS = {
    "x": {"pop": 2, "site": "white", "coast": True}, "y": {"pop": 3, "site": "white"},
    "z": {"pop": 1, "site": "white"}, "w": {"pop": 3},
}
LAND = [["x", "y"], ["y", "z"], ["z", "w"]]


def build(players: dict[str, dict[str, Any]], barbarians: dict[str, Any] | None = None,
          start: bool = True, seed: int = 1) -> GameState:
    raw: dict[str, Any] = {
        "title": "conflict test", "ruleset": "classic", "seed": seed,
        "map": {"areas": AREAS, "land": LAND}, "players": players,
        "play": {"phase": "conflict"},
    }
    if barbarians:
        raw["barbarians"] = barbarians
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task("phase:conflict")]
    state.phase = "conflict"
    if start:
        advance(state)
    return state


def pick(state: GameState, who: str, label: str) -> list[Event]:
    pending = state.pending
    assert pending is not None, f"no decision left for {who} {label}"
    assert pending.player == who, f"{pending.player} decides {pending.kind}, not {who}"
    assert label in pending.options, f"{label} not in {pending.options} ({pending.kind})"
    return apply(state, Action(who, label))


# --- what is a conflict ----------------------------------------------------------------------


def test_tokens_of_several_players_within_the_limit_simply_share_the_area() -> None:
    state = build({"egypt": {"tokens": {"y": 2}}, "babylon": {"tokens": {"y": 1}}})
    assert not in_conflict(state, "y") and state.pending is None
    assert state.board.tokens["y"] == {"egypt": 2, "babylon": 1}


def test_a_players_own_tokens_over_the_limit_are_no_conflict() -> None:
    state = build({"egypt": {"tokens": {"y": 5}}}, start=False)
    assert not in_conflict(state, "y")


def test_entering_a_foreign_city_area_is_an_attack_even_with_one_token() -> None:
    state = build({"egypt": {"tokens": {"w": 1}}, "babylon": {"cities": ["y"]}}, start=False)
    assert entry_causes_conflict(state, "egypt", "y", 1)
    assert not entry_causes_conflict(state, "babylon", "y", 1)


def test_entering_causes_conflict_only_when_the_limit_becomes_exceeded() -> None:
    state = build({"babylon": {"tokens": {"y": 2}}, "egypt": {"tokens": {"w": 5}}}, start=False)
    assert not entry_causes_conflict(state, "egypt", "y", 1)
    assert entry_causes_conflict(state, "egypt", "y", 2)


def test_barbarian_tokens_at_a_pirate_city_are_one_side_and_no_conflict() -> None:
    state = build({"egypt": {}}, barbarians={"tokens": {"y": 4}, "pirate_cities": ["y"]},
                  start=False)
    assert not in_conflict(state, "y") and token_conflict_areas(state) == []
    assert pending_attacks(state) == []


# --- rounds of removal -----------------------------------------------------------------------


def test_removal_groups_put_the_fewest_first_and_equal_counts_together() -> None:
    state = build({"egypt": {"tokens": {"w": 3}}, "babylon": {"tokens": {"w": 1}},
                   "assyria": {"tokens": {"w": 3}}}, start=False)
    assert removal_groups(state, "w") == [["babylon"], ["assyria", "egypt"]]


def test_metalworking_holders_remove_after_everyone_without_it() -> None:
    state = build({"egypt": {"advances": ["metalworking"], "tokens": {"w": 1}},
                   "babylon": {"advances": ["metalworking"], "tokens": {"w": 2}},
                   "assyria": {"tokens": {"w": 5}}}, barbarians={"tokens": {"w": 4}},
                  start=False)
    assert removal_groups(state, "w") == [[BARBARIANS], ["assyria"], ["egypt"], ["babylon"]]


def test_in_a_city_area_removal_goes_on_until_one_player_is_left() -> None:
    # y (limit 3) holds babylon's city; egypt 2 and assyria 2 attack it together: both remove
    # until one of them is gone, far below the limit
    state = build({"babylon": {"cities": ["y"]}, "egypt": {"tokens": {"y": 2}},
                   "assyria": {"tokens": {"y": 2}}})
    # equal counts remove together, so both empty the area at once and nobody attacks
    assert state.board.tokens.get("y") is None
    assert state.board.cities["y"] == "babylon"


def test_ships_never_count_toward_the_majority() -> None:
    state = build({"egypt": {"tokens": {"x": 2}, "ships": {"x": 4}},
                   "babylon": {"tokens": {"x": 3}}})
    # egypt (2 tokens) is the minority despite its ships: it removes first each round
    assert state.board.count("x", "egypt") == 0
    assert state.board.count("x", "babylon") == 2
    assert state.board.ships_of("egypt") == 4


def test_naval_warfare_may_take_a_ship_as_a_loss_instead_of_a_token() -> None:
    state = build({"egypt": {"advances": ["naval_warfare"], "tokens": {"x": 2},
                             "ships": {"x": 1}},
                   "babylon": {"tokens": {"x": 3}}})
    assert state.pending.kind == "conflict_loss" and state.pending.options == ["area:x", "yes"]
    assert state.pending.detail == ConflictLoss(area="x")
    pick(state, "egypt", "yes")
    # round 2: 2 against 2, both remove at once and 1 + 1 holds the limit
    assert state.board.ships_of("egypt") == 0
    assert state.board.tokens["x"] == {"egypt": 1, "babylon": 1}


def test_advanced_military_may_take_losses_from_land_adjacent_areas() -> None:
    state = build({"egypt": {"advances": ["advanced_military"], "tokens": {"x": 1, "y": 2}},
                   "babylon": {"tokens": {"x": 3}}})
    assert state.pending.options == ["area:x", "area:y"]
    pick(state, "egypt", "area:y")
    # babylon removed too; round 2 asks egypt again, its token in x still standing
    assert state.pending.options == ["area:x", "area:y"]
    assert state.board.count("x", "egypt") == 1 and state.board.count("y", "egypt") == 1
    assert state.board.count("x", "babylon") == 2


def test_advanced_military_holders_wait_for_the_other_conflicts() -> None:
    state = build({"egypt": {"advances": ["advanced_military"], "tokens": {"w": 4}},
                   "babylon": {"tokens": {"w": 3, "y": 3}}, "assyria": {"tokens": {"y": 2}}},
                  start=False)
    assert token_conflict_areas(state) == ["y", "w"]


# --- city attacks ----------------------------------------------------------------------------


def test_engineering_changes_the_attack_and_defence_numbers_when_one_side_holds_it() -> None:
    state = build({"egypt": {"advances": ["engineering"]}, "babylon": {},
                   "assyria": {"advances": ["engineering"]}}, start=False)
    assert attack_numbers(state, BARBARIANS, "babylon") == (7, 6)
    assert attack_numbers(state, "egypt", "babylon") == (6, 5)
    assert attack_numbers(state, "babylon", "assyria") == (8, 7)
    assert attack_numbers(state, "egypt", "assyria") == (7, 6)
    assert attack_numbers(state, "egypt", PIRATE) == (6, 6)
    assert attack_numbers(state, BARBARIANS, "assyria") == (8, 7)


def test_a_capture_yields_one_random_card_without_naming_it() -> None:
    state = build({"egypt": {"tokens": {"y": 9}},
                   "babylon": {"cities": ["y"], "hand": ["salt", "grain", "ochre"]}})
    assert state.pending.kind == "plunder_card"
    assert state.pending.detail == Plunder(area="y", defender="babylon")
    events = pick(state, "egypt", "yes")
    assert CardPlundered(player="egypt", victim="babylon", rule="rules:phase-4b") in events
    assert "salt" not in repr(events) and "grain" not in repr(events)
    assert len(state.players["egypt"].hand) == 1 and len(state.players["babylon"].hand) == 2
    assert state.pending.kind == "plunder_treasury"
    assert state.pending.options == ["number:0", "number:1", "number:2", "number:3"]
    assert state.pending.detail == Plunder(area="y", defender="babylon", most=3)


def test_the_random_card_follows_the_games_random_generator() -> None:
    taken = set()
    for seed in range(12):
        state = build({"egypt": {"tokens": {"y": 9}},
                       "babylon": {"cities": ["y"], "hand": ["salt", "grain", "ochre"]}},
                      seed=seed)
        again = state.clone()
        pick(state, "egypt", "yes")
        pick(again, "egypt", "yes")
        assert state.players["egypt"].hand == again.players["egypt"].hand
        taken.add(state.players["egypt"].hand[0].card)
    assert len(taken) > 1


def test_treasury_after_a_capture_is_limited_by_the_attackers_stock() -> None:
    # babylon has no stock: the city becomes no tokens, so egypt loses none to a conflict
    state = build({"egypt": {"tokens": {"y": 9}, "stock": 2},
                   "babylon": {"cities": ["y"], "stock": 0}})
    assert state.pending.kind == "plunder_treasury"
    assert state.pending.options == ["number:0", "number:1", "number:2"]
    pick(state, "egypt", "number:2")
    assert state.players["egypt"].stock == 0 and state.board.tokens["y"] == {"egypt": 9}


def test_a_taken_city_becomes_only_as_many_tokens_as_the_defender_has_in_stock() -> None:
    state = build({"egypt": {"tokens": {"y": 7}}, "babylon": {"cities": ["y"], "stock": 2}})
    # babylon's 2 tokens fight egypt's 7 (limit 3): round 1 leaves 1 + 6, then babylon's last
    # token goes and egypt is alone
    assert state.board.tokens["y"] == {"egypt": 6}


def test_barbarians_may_attack_a_city_through_the_shared_sub_task() -> None:
    state = build({"babylon": {"cities": ["y"], "hand": ["salt"]}},
                  barbarians={"tokens": {"y": 7}}, start=False)
    state.tasks = [Task(CITY_ATTACK, {"area": "y", "attacker": BARBARIANS, "rule": "001:x"})]
    events = advance(state)
    assert state.pending is None  # no card and no treasury for the barbarians
    assert CityAttacked(attacker=BARBARIANS, defender="babylon", area="y", tokens=7, needed=7,
                        success=True, rule="001:x") in events
    assert "y" not in state.board.cities
    assert state.players["babylon"].hand[0].card == "salt"
    assert state.board.count("y", BARBARIANS) == 2 and state.board.count("y", "babylon") == 1


def test_a_failed_barbarian_attack_loses_every_barbarian_there() -> None:
    state = build({"babylon": {"cities": ["y"]}}, barbarians={"tokens": {"y": 6}}, start=False)
    state.tasks = [Task(CITY_ATTACK, {"area": "y", "attacker": BARBARIANS})]
    advance(state)
    assert state.board.count("y", BARBARIANS) == 0 and state.board.cities["y"] == "babylon"


def test_the_wait_question_is_asked_and_yes_resolves_the_own_attack_first() -> None:
    # babylon (rank 6) defends y; egypt (rank 17) defends z, which babylon attacks
    state = build({"hatti": {"tokens": {"y": 7}},
                   "babylon": {"cities": ["y"], "tokens": {"z": 3}, "stock": 2},
                   "egypt": {"cities": ["z"]}})
    assert state.pending is not None and state.pending.kind == "attack_wait"
    assert state.pending.player == "babylon"
    assert state.pending.detail == AttackWait(area="y", attacker="hatti")
    events = pick(state, "babylon", "yes")
    attacks = [e for e in events if isinstance(e, CityAttacked)]
    assert [(a.area, a.success) for a in attacks] == [("z", False), ("y", True)]
    # the failed attack at z put babylon's 3 tokens back in stock: y became 5 tokens, not 2
    taken = [e for e in events if isinstance(e, CityTaken)]
    assert [(t.area, t.tokens) for t in taken] == [("y", 5)]


def test_a_defender_who_does_not_wait_loses_the_city_first() -> None:
    state = build({"hatti": {"tokens": {"y": 7}},
                   "babylon": {"cities": ["y"], "tokens": {"z": 3}, "stock": 2},
                   "egypt": {"cities": ["z"]}})
    events = pick(state, "babylon", "no")
    events += pick(state, "hatti", "number:0")  # hatti's plunder, then babylon's attack at z
    attacks = [e for e in events if isinstance(e, CityAttacked)]
    assert [a.area for a in attacks] == ["y", "z"]
    assert [(t.area, t.tokens) for t in events if isinstance(t, CityTaken)] == [("y", 2)]


def test_random_picks_always_end_the_phase_and_keep_every_token() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = build({
            "egypt": {"advances": ["advanced_military", "naval_warfare"],
                      "tokens": {"x": 4, "y": 3, "w": 2}, "ships": {"x": 2}, "stock": 20,
                      "hand": ["salt"]},
            "babylon": {"advances": ["metalworking"], "cities": ["y"], "tokens": {"x": 3},
                        "stock": 4, "hand": ["grain", "ochre"]},
            "assyria": {"advances": ["engineering"], "cities": ["w"], "tokens": {"z": 2}},
        }, barbarians={"tokens": {"z": 2, "w": 1}}, seed=seed)
        steps = 0
        while state.pending is not None:
            assert GameState.from_json(state.to_json()) == state
            apply(state, Action(state.pending.player, rng.choice(state.pending.options)))
            assert violations(state) == []
            steps += 1
        assert not state.tasks and steps < 200
        assert token_conflict_areas(state) == [] and pending_attacks(state) == []
