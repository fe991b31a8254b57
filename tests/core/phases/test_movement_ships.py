"""Phase 3, ships (rules §4 phase 3, §8 Cloth Making, Astronavigation, Naval Warfare): building
and its three prices, upkeep, the end-of-movement loss, range, open seas and cargo."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.core import Action, GameState, apply
from game.core.conflict_rules import ShipsLost
from game.core.engine import advance
from game.core.events import Event
from game.core.gamedata import load_game_data
from game.core.mapgraph import Sea
from game.core.phases.movement import area_actions
from game.core.phases.movement_reach import (
    TokensToMove,
    cargo_choices,
    land_targets,
    ship_destinations,
)
from game.core.phases.movement_ships import ShipBuilt, ShipSailed, ShipUpkeep, build_payments
from game.core.state import Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

# A chain of coastal areas c0 - c1 - ... - c6 by water; i is inland beside c0; o1 and o2 touch
# open sea s1 (no water border between them); o3 touches open sea s2.
AREAS: dict[str, Any] = {f"c{i}": {"pop": 3, "coast": True} for i in range(7)}
AREAS.update({"i": {"pop": 3}, "o1": {"pop": 3, "coast": True}, "o2": {"pop": 3, "coast": True},
              "o3": {"pop": 3, "coast": True}})
WATER = [[f"c{i}", f"c{i + 1}"] for i in range(6)]
LAND = [["i", "c0"]]
SEAS = {"s1": {"open": True, "borders": ["o1", "o2"]}, "s2": {"open": True, "borders": ["o3"]}}


def build(players: dict[str, dict[str, Any]], start: bool = True) -> GameState:
    raw: dict[str, Any] = {
        "title": "ship test", "ruleset": "classic",
        "map": {"areas": AREAS, "land": LAND, "water": WATER, "seas": SEAS},
        "players": players, "play": {"phase": "movement"},
    }
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task("phase:movement")]
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


def test_a_ship_is_built_only_in_a_coastal_area_holding_a_token() -> None:
    state = build({"egypt": {"tokens": {"i": 3, "c0": 1}, "treasury": 5}}, start=False)
    assert build_payments(state, "egypt", "i") == []
    assert build_payments(state, "egypt", "c1") == []
    assert build_payments(state, "egypt", "c0") == [2, 1, 0]


def test_the_price_is_two_treasury_or_one_and_a_token_there_or_two_tokens() -> None:
    for treasury, tokens, expected in [
        (0, {"c0": 1, "i": 1}, [0]), (1, {"c0": 1}, [1]), (1, {"c0": 2}, [1, 0]),
        (2, {"c0": 1}, [2, 1]), (0, {"c0": 1}, []),
    ]:
        state = build({"egypt": {"tokens": tokens, "treasury": treasury}}, start=False)
        assert build_payments(state, "egypt", "c0") == expected, (treasury, tokens)


def test_paying_with_two_tokens_takes_one_from_the_area_and_one_of_the_players_choice() -> None:
    state = build({"egypt": {"tokens": {"c0": 1, "i": 2, "c3": 1}}})
    pick(state, "egypt", "area:c0")
    pick(state, "egypt", "number:0")
    assert state.pending.kind == "ship_payment_token"
    assert state.pending.options == ["area:c3", "area:i"]
    events = pick(state, "egypt", "area:i")
    assert ShipBuilt(player="egypt", area="c0", treasury=0, tokens=2,
                     rule="rules:phase-3 ships") in events
    assert state.board.ships == {"c0": {"egypt": 1}}
    assert state.board.tokens_of("egypt") == 2 and state.players["egypt"].stock == 53


def test_at_most_four_ships_are_built_in_a_turn() -> None:
    state = build({"egypt": {"tokens": {"c0": 9}, "treasury": 20}}, start=False)
    state.players["egypt"].flags["movement.built"] = 4
    assert build_payments(state, "egypt", "c0") == []


def test_with_all_four_ships_kept_no_fifth_can_be_built() -> None:
    state = build({"egypt": {"tokens": {"c0": 2}, "ships": {"c0": 4}, "treasury": 9}},
                  start=False)
    state.players["egypt"].flags["movement.kept:c0"] = 4
    assert build_payments(state, "egypt", "c0") == []


def test_an_unkept_ship_may_lapse_to_be_built_again_elsewhere() -> None:
    state = build({"egypt": {"tokens": {"c6": 1}, "ships": {"c0": 2, "c3": 2},
                             "treasury": 2}})
    pick(state, "egypt", "area:c6")
    pick(state, "egypt", "number:2")
    assert state.pending.kind == "ship_lapse" and state.pending.options == ["area:c0", "area:c3"]
    events = pick(state, "egypt", "area:c3")
    assert ShipsLost(player="egypt", area="c3", count=1, rule="rules:phase-3 ships",
                     cause=("ship_lapse",)) in events
    assert state.board.ships == {"c0": {"egypt": 2}, "c3": {"egypt": 1}, "c6": {"egypt": 1}}


def test_an_old_ship_needs_upkeep_before_it_sails_and_a_new_one_does_not() -> None:
    state = build({"egypt": {"tokens": {"c0": 1, "c6": 1}, "ships": {"c0": 1},
                             "treasury": 3}})
    pick(state, "egypt", "area:c0")
    pick(state, "egypt", "yes")
    assert state.pending.kind == "ship_upkeep"
    assert state.pending.options == ["area:c0", "area:c6", "number:1"]
    pick(state, "egypt", "number:1")
    assert state.pending.kind == "ship_destination"
    pick(state, "egypt", "done")  # it stays; kept anyway
    pick(state, "egypt", "area:c6")
    pick(state, "egypt", "number:2")  # a new ship, paid from treasury
    pick(state, "egypt", "area:c6")
    pick(state, "egypt", "yes")
    assert state.pending.kind == "ship_destination"  # no upkeep for a ship built this turn
    assert state.players["egypt"].treasury == 0


def test_ships_neither_built_nor_maintained_are_lost_when_the_player_ends_movement() -> None:
    state = build({"egypt": {"tokens": {"c0": 1}, "ships": {"c0": 1, "c2": 2},
                             "treasury": 1}})
    pick(state, "egypt", "area:c0")
    pick(state, "egypt", "yes")
    pick(state, "egypt", "area:c0")  # upkeep paid with the token in c0
    pick(state, "egypt", "done")
    events = pick(state, "egypt", "done")
    assert ShipsLost(player="egypt", area="c2", count=2, rule="rules:phase-3 ships",
                     cause=("ship_upkeep",)) in events  # the loss says why (issue 36)
    assert state.board.ships == {"c0": {"egypt": 1}}


def test_a_ship_sails_four_areas_and_five_with_cloth_making() -> None:
    plain = build({"egypt": {"tokens": {"c0": 1}, "ships": {"c0": 1}}}, start=False)
    assert ship_destinations(plain, "egypt", "c0") == ["c1", "c2", "c3", "c4"]
    cloth = build({"egypt": {"advances": ["cloth_making"], "tokens": {"c0": 1}}}, start=False)
    assert ship_destinations(cloth, "egypt", "c0") == ["c1", "c2", "c3", "c4", "c5"]


def test_open_sea_stops_ships_without_astronavigation() -> None:
    state = build({"egypt": {"tokens": {"o1": 1}}}, start=False)
    assert ship_destinations(state, "egypt", "o1") == []


def test_astronavigation_crosses_open_seas_but_never_ends_there() -> None:
    state = build({"egypt": {"advances": ["astronavigation"], "tokens": {"o1": 1}}},
                  start=False)
    assert ship_destinations(state, "egypt", "o1") == ["o2"]
    # with s1 bordering s2 the ship goes on: o1 -> s1 -> s2 -> o3 is three steps
    graph = state.map
    seas = dict(graph.seas)
    seas["s1"] = Sea("s1", "s1", ("o1", "o2"))
    state.map = dataclasses.replace(graph, seas=seas, sea_links={"s1": ("s2",), "s2": ("s1",)})
    assert ship_destinations(state, "egypt", "o1") == ["o2", "o3"]


def test_a_ship_carries_five_tokens_and_six_with_naval_warfare() -> None:
    plain = build({"egypt": {"tokens": {"c0": 9}}}, start=False)
    assert cargo_choices(plain, "egypt", "c0", "c1") == [0, 1, 2, 3, 4, 5]
    naval = build({"egypt": {"advances": ["naval_warfare"], "tokens": {"c0": 9}}}, start=False)
    assert cargo_choices(naval, "egypt", "c0", "c1")[-1] == 6


def test_tokens_that_sailed_do_not_move_again_by_land() -> None:
    state = build({"egypt": {"tokens": {"c1": 3}, "ships": {"c1": 1}, "treasury": 1}})
    pick(state, "egypt", "area:c1")
    pick(state, "egypt", "yes")
    assert state.pending is not None and state.pending.detail == ShipUpkeep(area="c1", left=1)
    pick(state, "egypt", "number:1")  # upkeep from treasury
    pick(state, "egypt", "area:c0")
    assert state.pending.detail == TokensToMove(source="c1", target="c0")
    events = pick(state, "egypt", "number:3")
    assert ShipSailed(player="egypt", source="c1", target="c0", carried=3,
                      rule="rules:phase-3 ships") in events
    assert land_targets(state, "egypt", "c0") == {}
    # nor does the ship sail twice
    assert "yes" not in area_actions(state, "egypt", "c0")


def test_cargo_obeys_cultural_ascendancy_but_an_empty_ship_may_go_anywhere() -> None:
    state = build({"egypt": {"tokens": {"c0": 4}, "ships": {"c0": 1}},
                   "babylon": {"advances": ["cultural_ascendancy"], "tokens": {"c2": 3}}},
                  start=False)
    assert "c2" in ship_destinations(state, "egypt", "c0")
    assert cargo_choices(state, "egypt", "c0", "c2") == [0]


def test_a_kept_ship_that_stays_has_used_its_move() -> None:
    state = build({"egypt": {"tokens": {"c0": 2}, "treasury": 2}})
    pick(state, "egypt", "area:c0")
    pick(state, "egypt", "number:2")
    pick(state, "egypt", "area:c0")
    pick(state, "egypt", "yes")
    pick(state, "egypt", "done")
    assert "yes" not in area_actions(state, "egypt", "c0")
