"""Phase 10: what each special ability may target, and its limits (rules §4 phase 10, §8, §10).
Every option offered must be legal, so an immune or out-of-reach target is simply never offered;
these tests pin what is left out."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.engine import advance
from game.core.phases import (
    special_diaspora,
    special_fundamentalism,
    special_monotheism,
    special_politics,
    special_provincial_empire,
    special_trade_routes,
    special_universal_doctrine,
)
from game.core.phases.special_provincial_empire import TributeGiven
from game.core.state import GameState

from .test_special_abilities import build, pick

LINE = {a: {"pop": 3, "site": "white"} for a in "abcde"}


def offered(state: GameState, who: str, ability: str) -> list[str]:
    """The options of the first pick of `ability` for `who` (who must be first to act)."""
    advance(state)
    pick(state, who, f"advance:{ability}")
    assert state.pending is not None
    return state.pending.options


# --- Fundamentalism ---------------------------------------------------------------------------


@pytest.mark.parametrize("guard", ["fundamentalism", "philosophy"])
def test_fundamentalism_spares_holders_of_fundamentalism_and_philosophy(guard: str) -> None:
    state = build({
        "egypt": {"advances": ["fundamentalism"], "tokens": {"b": 1}},
        "babylon": {"advances": [guard], "tokens": {"a": 2}},
        "assyria": {"tokens": {"c": 2}},
    })
    assert offered(state, "egypt", "fundamentalism") == ["area:c", "done"]


def test_fundamentalism_cannot_reach_barbarians_or_pirate_cities() -> None:
    state = build({"egypt": {"advances": ["fundamentalism"], "tokens": {"b": 1}}},
                  barbarians={"tokens": {"a": 3}, "pirate_cities": ["c"]})
    assert not special_fundamentalism.usable(state, "egypt")


def test_fundamentalism_reaches_only_land_adjacent_areas() -> None:
    areas = {a: {"pop": 3, "coast": True} for a in "abc"}
    state = build({
        "egypt": {"advances": ["fundamentalism"], "tokens": {"a": 1}},
        "babylon": {"tokens": {"c": 2}},  # by water only
        "assyria": {"tokens": {"b": 2}},  # by land
    }, areas, [["a", "b"]], water=[["a", "c"]])
    assert offered(state, "egypt", "fundamentalism") == ["area:b", "done"]


def test_fundamentalism_leaves_the_users_own_tokens_in_the_target() -> None:
    state = build({
        "egypt": {"advances": ["fundamentalism"], "tokens": {"a": 1, "b": 1}},
        "babylon": {"tokens": {"b": 2}},
    })
    offered(state, "egypt", "fundamentalism")
    pick(state, "egypt", "area:b")
    assert state.board.count("b", "egypt") == 1 and state.board.count("b", "babylon") == 0


# --- Monotheism ------------------------------------------------------------------------------


@pytest.mark.parametrize("guard", ["monotheism", "theology"])
def test_monotheism_spares_holders_of_monotheism_and_theology(guard: str) -> None:
    state = build({
        "egypt": {"advances": ["monotheism"], "tokens": {"b": 1}},
        "babylon": {"advances": [guard], "tokens": {"a": 2}},
        "assyria": {"tokens": {"c": 2}},
    })
    assert offered(state, "egypt", "monotheism") == ["area:c", "done"]


def test_monotheism_cannot_annex_barbarians_or_pirate_cities() -> None:
    state = build({"egypt": {"advances": ["monotheism"], "tokens": {"b": 1}}},
                  barbarians={"tokens": {"a": 3}, "pirate_cities": ["c"]})
    assert not special_monotheism.usable(state, "egypt")


def test_monotheism_needs_a_token_in_stock_for_every_token_annexed() -> None:
    state = build({
        "egypt": {"advances": ["monotheism"], "tokens": {"b": 1}, "stock": 2},
        "babylon": {"tokens": {"a": 3, "c": 2}},
    })
    assert set(special_monotheism.targets(state, "egypt")) == {"c"}


def test_monotheism_needs_a_city_in_stock_to_annex_a_city() -> None:
    areas = {a: {"pop": 3, "site": "white"} for a in "abcdefghijk"}
    nine = list("cdefghijk")
    state = build({
        "egypt": {"advances": ["monotheism"], "tokens": {"b": 1}, "cities": nine},
        "babylon": {"cities": ["a"]},
    }, areas, [["a", "b"]])
    assert not special_monotheism.usable(state, "egypt")
    state.board.cities.pop("k")
    assert set(special_monotheism.targets(state, "egypt")) == {"a"}


# --- Politics ----------------------------------------------------------------------------------


@pytest.mark.parametrize("guard", ["politics", "cultural_ascendancy"])
def test_politics_spares_holders_of_politics_and_cultural_ascendancy(guard: str) -> None:
    state = build({
        "egypt": {"advances": ["politics"], "tokens": {"b": 1}, "treasury": 20},
        "babylon": {"advances": [guard], "tokens": {"a": 2}},
        "assyria": {"tokens": {"c": 2}},
    })
    assert set(special_politics.annex_targets(state, "egypt")) == {"c"}


def test_politics_offers_only_the_annexations_the_treasury_pays_for() -> None:
    state = build({
        "egypt": {"advances": ["politics"], "tokens": {"b": 1}, "treasury": 6},
        "babylon": {"cities": ["a"], "tokens": {"a": 1}},  # 5 + 1 = 6 unit points
        "assyria": {"tokens": {"c": 3}},
    })
    assert set(special_politics.annex_targets(state, "egypt")) == {"a", "c"}
    state.players["egypt"].treasury -= 1
    state.players["egypt"].stock += 1
    assert set(special_politics.annex_targets(state, "egypt")) == {"c"}


def test_politics_treasury_is_at_most_5_and_at_most_the_stock() -> None:
    state = build({"egypt": {"advances": ["politics"], "tokens": {"a": 1}, "stock": 30}})
    assert special_politics.treasury_choices(state, "egypt") == [1, 2, 3, 4, 5]
    state.players["egypt"].stock = 3
    state.players["egypt"].treasury = 51
    assert special_politics.treasury_choices(state, "egypt") == [1, 2, 3]


def test_politics_is_one_or_the_other_never_both() -> None:
    state = build({
        "egypt": {"advances": ["politics"], "tokens": {"b": 1}, "treasury": 20},
        "assyria": {"tokens": {"c": 2}},
    })
    offered(state, "egypt", "politics")
    pick(state, "egypt", "number:5")
    assert state.pending is None  # the ability is spent; nothing else of Egypt's is left
    assert state.board.count("c", "assyria") == 2


# --- Provincial Empire ---------------------------------------------------------------------------


@pytest.mark.parametrize("guard", ["provincial_empire", "public_works"])
def test_provincial_empire_spares_holders_of_it_and_of_public_works(guard: str) -> None:
    state = build({
        "egypt": {"advances": ["provincial_empire"], "tokens": {"b": 1}},
        "babylon": {"advances": [guard], "tokens": {"a": 1}, "hand": ["wine"]},
        "assyria": {"tokens": {"c": 1}, "hand": ["wine"]},
    })
    assert special_provincial_empire.neighbours(state, "egypt") == ["assyria"]


def test_provincial_empire_reaches_neighbours_by_water_but_not_further() -> None:
    areas = {a: {"pop": 3, "coast": True} for a in "abcd"}
    state = build({
        "egypt": {"advances": ["provincial_empire"], "tokens": {"a": 1}},
        "babylon": {"tokens": {"c": 1}, "hand": ["wine"]},   # across the water
        "assyria": {"tokens": {"d": 1}, "hand": ["wine"]},   # two areas away
    }, areas, [["c", "d"]], water=[["a", "c"]])
    assert special_provincial_empire.neighbours(state, "egypt") == ["babylon"]


def test_provincial_empire_skips_players_without_a_card_of_face_value_2() -> None:
    state = build({
        "egypt": {"advances": ["provincial_empire"], "tokens": {"b": 1}},
        "babylon": {"tokens": {"a": 1}, "hand": ["ochre", "clay", "water"]},
        "assyria": {"tokens": {"c": 1}, "hand": ["papyrus", "ochre"]},
    })
    assert special_provincial_empire.neighbours(state, "egypt") == ["assyria"]
    assert special_provincial_empire.tribute_cards(state, "assyria") == ["papyrus"]


def test_provincial_empire_picks_at_most_5_players() -> None:
    areas = {a: {"pop": 3} for a in "abcdefgh"}
    land = [["a", x] for x in "bcdefg"]
    others = ["babylon", "assyria", "hatti", "rome", "persia", "nubia"]
    players: dict[str, Any] = {"egypt": {"advances": ["provincial_empire"], "tokens": {"a": 1}}}
    for pid, area in zip(others, "bcdefg", strict=True):
        players[pid] = {"tokens": {area: 1}, "hand": ["wine"]}
    state = build(players, areas, land)
    offered(state, "egypt", "provincial_empire")
    chosen = [pid for pid in state.players if pid != "egypt"][:5]
    for pid in chosen:
        pick(state, "egypt", f"player:{pid}")
    assert state.pending is None  # the fifth pick ends the picking; one card each is given
    assert sorted(h.card for h in state.players["egypt"].hand) == ["wine"] * 5


def test_a_provincial_empire_victim_with_one_kind_of_card_is_not_asked() -> None:
    state = build({
        "egypt": {"advances": ["provincial_empire"], "tokens": {"b": 1}},
        "babylon": {"tokens": {"a": 1}, "hand": ["wine", "wine", "ochre"]},
    })
    offered(state, "egypt", "provincial_empire")
    events = pick(state, "egypt", "player:babylon")
    assert state.pending is None
    assert TributeGiven(player="babylon", to="egypt", rule=special_provincial_empire.RULE) in events
    assert sorted(h.card for h in state.players["babylon"].hand) == ["ochre", "wine"]


# --- Trade Routes ------------------------------------------------------------------------------


def test_trade_routes_offers_only_commodities_the_stock_can_pay() -> None:
    state = build({"egypt": {"advances": ["trade_routes"], "tokens": {"a": 1}, "stock": 8,
                             "hand": ["gold", "oil", "papyrus", "water", "famine"]}})
    assert special_trade_routes.cashable(state, "egypt") == ["oil", "papyrus"]


def test_trade_routes_cards_go_to_their_stacks_discard_pile() -> None:
    state = build({"egypt": {"advances": ["trade_routes"], "tokens": {"a": 1}, "hand": ["oil"]}})
    offered(state, "egypt", "trade_routes")
    pick(state, "egypt", "card:oil")
    block = state.players["egypt"].block
    assert state.discards[block][3] == ["oil"]
    assert state.players["egypt"].treasury == 8


# --- Universal Doctrine -------------------------------------------------------------------------


def test_universal_doctrine_annexes_at_most_5_barbarian_tokens() -> None:
    state = build({"egypt": {"advances": ["universal_doctrine"], "tokens": {"a": 1}}},
                  barbarians={"tokens": {"b": 4, "c": 4}})
    offered(state, "egypt", "universal_doctrine")
    pick(state, "egypt", "area:b")
    pick(state, "egypt", "number:4")
    pick(state, "egypt", "area:c")  # one left: annexed without asking how many
    assert state.pending is None
    assert state.board.count("c", "egypt") == 1 and state.board.count("c", "barbarians") == 3


def test_universal_doctrine_takes_no_more_barbarians_than_the_stock_holds() -> None:
    state = build({"egypt": {"advances": ["universal_doctrine"], "tokens": {"a": 1}, "stock": 2}},
                  barbarians={"tokens": {"b": 4}})
    offered(state, "egypt", "universal_doctrine")
    pick(state, "egypt", "area:b")
    assert state.pending is not None and state.pending.options == ["number:1", "number:2", "done"]


def test_universal_doctrine_takes_a_pirate_city_or_tokens_never_both() -> None:
    state = build({"egypt": {"advances": ["universal_doctrine"], "tokens": {"a": 1}}},
                  barbarians={"tokens": {"b": 2}, "pirate_cities": ["c"]})
    offered(state, "egypt", "universal_doctrine")
    pick(state, "egypt", "area:b")
    pick(state, "egypt", "number:1")
    assert state.pending is not None and state.pending.options == ["area:b", "done"]
    pick(state, "egypt", "done")
    assert state.board.cities["c"] == "pirate"


def test_universal_doctrine_needs_a_city_in_stock_for_a_pirate_city() -> None:
    areas = {a: {"pop": 3, "site": "white"} for a in "abcdefghijk"}
    state = build({"egypt": {"advances": ["universal_doctrine"], "tokens": {"a": 1},
                             "cities": list("cdefghijk")}},
                  areas, [], barbarians={"pirate_cities": ["b"]})
    assert not special_universal_doctrine.usable(state, "egypt")


# --- Diaspora ----------------------------------------------------------------------------------


def test_diaspora_never_enters_a_city_area_without_public_works() -> None:
    state = build({
        "egypt": {"advances": ["diaspora"], "tokens": {"a": 2}, "cities": ["e"]},
        "babylon": {"cities": ["b"]},
    }, LINE, [], barbarians={"pirate_cities": ["c"]})
    assert special_diaspora.targets(state, "egypt", "a") == ["d"]


def test_diaspora_counts_every_owners_tokens_against_the_limit() -> None:
    state = build({
        "egypt": {"advances": ["diaspora"], "tokens": {"a": 2}},
        "babylon": {"tokens": {"b": 3, "c": 2}},
    }, {a: {"pop": 3} for a in "abc"}, [], barbarians={"tokens": {"c": 1}})
    assert special_diaspora.targets(state, "egypt", "a") == []
    assert not special_diaspora.usable(state, "egypt")


def test_diaspora_agriculture_adds_one_where_nobody_else_is() -> None:
    state = build({
        "egypt": {"advances": ["diaspora", "agriculture"], "tokens": {"a": 3}},
        "babylon": {"tokens": {"c": 1}},
    }, {"a": {"pop": 3}, "b": {"pop": 1}, "c": {"pop": 2}}, [])
    assert special_diaspora.room(state, "egypt", "b") == 2
    assert special_diaspora.room(state, "egypt", "c") == 1


def test_diaspora_moves_at_most_5_tokens() -> None:
    state = build({"egypt": {"advances": ["diaspora"], "tokens": {"a": 5, "b": 5}}},
                  {"a": {"pop": 5}, "b": {"pop": 5}, "c": {"pop": 5}, "d": {"pop": 5}}, [])
    offered(state, "egypt", "diaspora")
    pick(state, "egypt", "area:a")
    pick(state, "egypt", "area:c")
    pick(state, "egypt", "number:4")
    pick(state, "egypt", "area:b")
    pick(state, "egypt", "area:d")  # one token left to move: no count is asked
    assert state.pending is None
    assert state.board.count("c", "egypt") == 4 and state.board.count("d", "egypt") == 1
