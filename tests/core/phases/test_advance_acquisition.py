"""Phase 12, advance acquisition and the hand limit (rules §4 phase 12, §8)."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.engine import Action, advance, apply
from game.core.gamedata import GROUPS, load_game_data
from game.core.invariants import card_census, violations
from game.core.phases.advance_acquisition import (
    LIBRARY_FLAG,
    TRADE_EMPIRE_FLAG,
    AdvanceBought,
    AdvancePrices,
    CardDiscarded,
    CreditsPlaced,
    HandOverLimit,
    LibraryDiscountUsed,
    PaymentSoFar,
    PurchaseCalledOff,
    affordable,
    gift_choices,
    hand_limit,
    price_now,
)
from game.core.player_view import view
from game.core.rng import Rng
from game.core.state import GameState, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario


def make(players: dict[str, dict[str, Any]], seed: int = 1,
         ruleset: str = "classic") -> GameState:
    raw = {
        "title": "test", "ruleset": ruleset, "seed": seed,
        "map": {"areas": {"a": {"pop": 3}}},
        "players": players, "play": {"phase": "advance_acquisition"},
    }
    data = load_game_data()
    return build_state(parse_scenario(raw, "test", data), data)


def start(state: GameState) -> list[Any]:
    state.tasks = [Task("phase:advance_acquisition")]
    return advance(state)


def pick(state: GameState, label: str) -> list[Any]:
    assert state.pending is not None
    assert label in state.pending.options, (label, state.pending.options)
    return apply(state, Action(state.pending.player, label))


def options(state: GameState) -> list[str]:
    assert state.pending is not None
    return state.pending.options


def hand(state: GameState, pid: str) -> list[str]:
    return sorted(h.card for h in state.players[pid].hand)


def test_players_buy_one_after_another_in_ast_ranking_order() -> None:
    state = make({"egypt": {"treasury": 50}, "babylon": {"treasury": 50},
                  "assyria": {"treasury": 50}})
    start(state)
    asked = []
    while state.pending is not None:
        asked.append(state.pending.player)
        pick(state, "done")
    assert asked == ["assyria", "babylon", "egypt"]


def test_only_advances_the_player_can_pay_for_are_offered() -> None:
    state = make({"egypt": {"treasury": 50, "advances": ["sculpture"]}, "babylon": {}})
    prices = affordable(state, "egypt")
    assert prices["mysticism"] == 40 and prices["cloth_making"] == 50
    assert "sculpture" not in prices  # owned once at most
    assert "pottery" not in prices  # 60 - 5 = 55 > 50
    start(state)
    assert options(state) == sorted(f"advance:{a}" for a in prices) + ["done"]


def test_advances_of_another_rule_set_cannot_be_bought() -> None:
    for ruleset, offered in (("classic", True), ("mega-empires", False)):
        state = make({"egypt": {"treasury": 55, "hand": ["gold", "gold", "gold"]},
                      "babylon": {}}, ruleset=ruleset)
        assert ("irrigation" in affordable(state, "egypt")) is offered


def test_a_player_who_can_afford_nothing_is_not_asked() -> None:
    state = make({"egypt": {"treasury": 10, "hand": ["ochre"]}, "babylon": {}})
    start(state)
    assert state.pending is None and not state.tasks


def test_paying_hands_in_cards_to_their_discard_piles_and_treasury_to_stock() -> None:
    state = make({"egypt": {"treasury": 15, "hand": ["fish", "fish", "fish", "iron", "iron"]},
                  "babylon": {}})
    cards = card_census(state)
    start(state)
    pick(state, "advance:sculpture")
    assert options(state) == ["card:fish", "card:iron", "no"]  # 15 treasury cannot pay 50
    pick(state, "card:fish")
    assert options(state) == ["card:iron", "no"]  # 27 + 15 < 50: iron must go in too
    pick(state, "card:iron")
    assert options(state) == ["number:15", "no"]
    events = pick(state, "number:15")
    bought = [e for e in events if isinstance(e, AdvanceBought)]
    assert [(e.advance, e.price, e.treasury) for e in bought] == [("sculpture", 50, 15)]
    assert hand(state, "egypt") == []
    assert state.discards["west"][2].count("fish") == 3
    assert state.discards["west"][1].count("iron") == 2
    assert (state.players["egypt"].treasury, state.players["egypt"].stock) == (0, 55)
    assert not violations(state, cards)


def test_a_card_that_cannot_lead_to_a_full_payment_is_not_offered() -> None:
    # Price 50, payable only as four fish (the wine standing in) and 2 treasury: handing in the
    # wine first would leave 27 + 2, so it is not offered.
    state = make({"egypt": {"advances": ["trade_empire"], "treasury": 2,
                            "hand": ["fish", "fish", "fish", "wine"]}, "babylon": {}})
    start(state)
    pick(state, "advance:sculpture")
    assert options(state) == ["card:fish", "no"]


def test_calamities_and_water_are_never_offered_as_payment() -> None:
    state = make({"egypt": {"treasury": 45, "hand": ["gold", "famine", "water"]},
                  "babylon": {}})
    start(state)
    pick(state, "advance:sculpture")
    assert options(state) == ["card:gold", "no"]  # 45 treasury alone cannot pay 50


def test_treasury_pays_the_exact_rest_and_with_mining_overshoots_by_one_at_most() -> None:
    state = make({"egypt": {"treasury": 40, "advances": ["mining"]}, "babylon": {}})
    start(state)
    assert price_now(state, "egypt", "astronavigation") == 75
    pick(state, "advance:astronavigation")
    assert options(state) == ["number:38", "no"]
    pick(state, "number:38")
    assert state.players["egypt"].treasury == 2


def test_calling_a_purchase_off_hands_nothing_in_and_is_limited() -> None:
    limit = load_game_data().numbers["advance_purchase_cancels_max"]
    state = make({"egypt": {"treasury": 50, "hand": ["fish", "fish"]}, "babylon": {}})
    start(state)
    for _ in range(limit):
        pick(state, "advance:sculpture")
        pick(state, "card:fish")
        events = pick(state, "no")
        assert [e.advance for e in events if isinstance(e, PurchaseCalledOff)] == ["sculpture"]
        assert hand(state, "egypt") == ["fish", "fish"]
        assert state.players["egypt"].treasury == 50
    pick(state, "advance:sculpture")
    assert "no" not in options(state)


def test_credits_of_an_advance_bought_this_turn_count_for_the_next() -> None:
    state = make({"egypt": {"treasury": 55}, "babylon": {}})
    start(state)
    pick(state, "advance:sculpture")
    pick(state, "number:50")
    assert price_now(state, "egypt", "drama_and_poetry") == 80 - 10


def test_library_takes_40_off_the_next_advance_bought_after_it_once() -> None:
    state = make({"egypt": {"treasury": 55, "hand": ["gold"] * 5, "advances": ["cartography"]},
                  "babylon": {}})
    start(state)
    pick(state, "advance:library")  # 220 - 10 science - 20 specific = 190
    pick(state, "card:gold")
    assert state.players["egypt"].flags[LIBRARY_FLAG] == 1
    assert price_now(state, "egypt", "pottery") == 60 - 40
    events = pick(state, "advance:pottery")
    events += pick(state, "number:20")
    assert [(e.advance, e.points) for e in events if isinstance(e, LibraryDiscountUsed)] == [
        ("pottery", 40)]
    assert LIBRARY_FLAG not in state.players["egypt"].flags
    assert price_now(state, "egypt", "masonry") == 60 - 10  # Pottery's crafts credit only


def test_library_bought_after_another_advance_gives_that_one_nothing() -> None:
    state = make({"egypt": {"treasury": 55, "hand": ["gold"] * 5, "advances": ["cartography"]},
                  "babylon": {}})
    start(state)
    pick(state, "advance:sculpture")
    pick(state, "number:45")  # full price (50 - 5 arts): Library is not owned yet
    pick(state, "advance:library")
    events = pick(state, "card:gold")
    assert not [e for e in events if isinstance(e, LibraryDiscountUsed)]
    assert state.players["egypt"].treasury == 10
    assert state.players["egypt"].flags[LIBRARY_FLAG] == 1  # still waiting for a purchase


def test_trade_empire_stand_in_completes_a_set_once_per_turn() -> None:
    state = make({"egypt": {"advances": ["trade_empire"], "treasury": 40,
                            "hand": ["fish", "fish", "fish", "wine", "salt", "salt", "gold"]},
                  "babylon": {}})
    start(state)
    pick(state, "advance:sculpture")
    pick(state, "card:fish")
    assert state.pending is not None and state.pending.kind == "advance_stand_in"
    # wine (5) and gold (9) may stand in for a fish (3); salt (3) too; all keep it payable.
    assert options(state) == ["card:gold", "card:salt", "card:wine", "no"]
    pick(state, "card:wine")  # 4 fish = 48
    pick(state, "number:2")
    assert state.players["egypt"].flags[TRADE_EMPIRE_FLAG] == 1
    assert hand(state, "egypt") == ["gold", "salt", "salt"]
    pick(state, "advance:pottery")  # 60 - 20 crafts = 40
    pick(state, "card:salt")  # 12: no stand-in question this time
    assert state.pending is not None and state.pending.kind == "advance_payment"


def test_trade_empire_is_not_offered_for_a_stand_in_of_lower_face_value() -> None:
    state = make({"egypt": {"advances": ["trade_empire"], "treasury": 40,
                            "hand": ["wine", "wine", "fish"]}, "babylon": {}})
    start(state)
    pick(state, "advance:sculpture")
    pick(state, "card:wine")  # 20; fish (3) may not stand in for wine (5): no question
    assert state.pending is not None and state.pending.kind == "advance_payment"


def test_a_stand_in_makes_an_advance_affordable_that_plain_sets_do_not() -> None:
    state = make({"egypt": {"hand": ["fish", "fish", "fish", "wine"], "treasury": 2},
                  "babylon": {}})
    assert "sculpture" not in affordable(state, "egypt")  # 27 + 5 + 2 = 34
    state.players["egypt"].advances.append("trade_empire")
    assert "sculpture" in affordable(state, "egypt")  # 48 + 2 = 50
    start(state)
    pick(state, "advance:sculpture")
    pick(state, "card:fish")  # the only stand-in that completes it is applied by itself
    assert options(state) == ["number:2", "no"]
    pick(state, "number:2")
    assert hand(state, "egypt") == []
    assert "sculpture" in state.players["egypt"].advances


def test_anatomy_offers_science_advances_under_100_not_owned() -> None:
    state = make({"egypt": {"advances": ["empiricism"]}, "babylon": {}})
    assert sorted(gift_choices(state, "egypt")) == ["astronavigation", "coinage",
                                                    "written_record"]


def test_anatomy_may_be_declined() -> None:
    state = make({"egypt": {"advances": ["medicine", "cartography", "coinage"],
                            "hand": ["gold"] * 5}, "babylon": {}})
    start(state)
    pick(state, "advance:anatomy")  # 270 - 30 science - 20 specific = 220 <= 5 gold (225)
    pick(state, "card:gold")
    assert state.pending is not None and state.pending.kind == "anatomy_gift"
    pick(state, "no")
    assert sorted(state.players["egypt"].advances) == ["anatomy", "cartography", "coinage",
                                                      "medicine"]


def test_an_anatomy_gift_of_written_record_brings_its_credits() -> None:
    state = make({"egypt": {"advances": ["medicine", "cartography", "coinage"],
                            "hand": ["gold"] * 5}, "babylon": {}})
    start(state)
    pick(state, "advance:anatomy")
    pick(state, "card:gold")
    pick(state, "advance:written_record")
    events = pick(state, "number:2")
    events += pick(state, "number:2")
    assert [(e.group, e.points) for e in events if isinstance(e, CreditsPlaced)] == [
        ("crafts", 5), ("crafts", 5)]
    assert state.players["egypt"].credits == {"crafts": 10}


def test_written_record_credits_are_placed_five_at_a_time_in_chosen_groups() -> None:
    state = make({"egypt": {"treasury": 55, "advances": ["urbanism"]}, "babylon": {}})
    start(state)
    pick(state, "advance:written_record")  # 60 - 10 civics
    pick(state, "number:50")
    assert state.pending is not None and state.pending.kind == "advance_credits"
    assert options(state) == [f"number:{i}" for i in range(len(GROUPS))]
    pick(state, "number:0")
    pick(state, "number:4")
    assert state.players["egypt"].credits == {"arts": 5, "science": 5}


def test_monument_credits_are_four_picks_of_five() -> None:
    state = make({"egypt": {"advances": ["mysticism", "deism", "mythology", "theocracy"],
                            "hand": ["gold"] * 4}, "babylon": {}})
    start(state)
    pick(state, "advance:monument")
    pick(state, "card:gold")
    for label in ("number:1", "number:1", "number:3", "number:1"):
        pick(state, label)
    assert state.players["egypt"].credits == {"civics": 15, "religion": 5}


def test_the_hand_limit_is_eight_nine_in_two_block_games_and_one_more_with_roadbuilding() -> (
        None):
    state = make({"egypt": {}, "babylon": {"advances": ["roadbuilding"]}})
    assert hand_limit(state, "egypt") == 8
    assert hand_limit(state, "babylon") == 9
    state.config.setup = "12"
    assert hand_limit(state, "egypt") == 9
    state.config.setup = ""  # no set-up: the general numbers by player count
    assert hand_limit(state, "egypt") == 8


def test_excess_cards_are_discarded_by_choice_and_water_goes_beside_the_stacks() -> None:
    state = make({"egypt": {"hand": ["ochre"] * 6 + ["water"] * 3 + ["clay"]}, "babylon": {}})
    start(state)
    assert state.pending is not None and state.pending.kind == "hand_limit"
    assert options(state) == ["card:clay", "card:ochre", "card:water"]
    events = pick(state, "card:water")
    events += pick(state, "card:clay")
    assert [e.card for e in events if isinstance(e, CardDiscarded)] == ["water", "clay"]
    assert len(state.players["egypt"].hand) == 8
    assert "water" not in [c for pile in state.discards["west"] for c in pile]
    assert state.discards["west"][0].count("clay") == 1


def test_a_hand_of_one_kind_over_the_limit_is_cut_without_asking() -> None:
    state = make({"egypt": {"hand": ["ochre"] * 11}, "babylon": {}})
    start(state)
    pick(state, "done")  # 121 would buy something; Egypt does not
    assert state.pending is None
    assert hand(state, "egypt") == ["ochre"] * 8


@pytest.mark.parametrize("seed", range(12))
def test_random_play_always_ends_with_every_option_legal_and_everything_whole(seed: int) -> None:
    state = make({
        "egypt": {"treasury": 30, "advances": ["trade_empire", "mining", "library"],
                  "hand": ["fish"] * 3 + ["wine", "salt", "salt", "gold", "gold", "iron"]},
        "babylon": {"treasury": 25, "advances": ["anatomy", "cartography"],
                    "hand": ["gold"] * 4 + ["ochre"] * 5 + ["water"]},
        "assyria": {"treasury": 40, "advances": ["roadbuilding"],
                    "hand": ["wool"] * 4 + ["oil"] * 3 + ["clay"] * 3},
    }, seed=seed)
    cards = card_census(state)
    start(state)
    rng = Rng.seeded(seed, stream=3)
    for _ in range(500):
        if state.pending is None:
            break
        apply(state, Action(state.pending.player, rng.choice(state.pending.options)))
        assert not violations(state, cards)
        assert GameState.from_json(state.to_json()) == state
    assert state.pending is None and not state.tasks
    for pid in state.players:
        assert len(state.players[pid].hand) <= hand_limit(state, pid)
        assert len(set(state.players[pid].advances)) == len(state.players[pid].advances)


def test_the_shop_shows_its_decider_the_prices_and_the_payment_so_far_as_typed_details() -> None:
    # rules §4 phase 12: the price of each advance on offer, then what is handed in so far
    state = make({"egypt": {"treasury": 15, "hand": ["fish", "fish", "fish", "iron", "iron"]},
                  "babylon": {}})
    start(state)
    assert state.pending is not None and isinstance(state.pending.detail, AdvancePrices)
    assert dict(state.pending.detail.prices) == affordable(state, "egypt")
    assert state.pending.detail.price("sculpture") == 50
    pick(state, "advance:sculpture")
    assert state.pending.detail == PaymentSoFar(advance="sculpture", price=50, paid=0, cards=())
    pick(state, "card:fish")
    assert state.pending.detail == PaymentSoFar(advance="sculpture", price=50, paid=27,
                                                cards=("fish", "fish", "fish"))
    assert state.pending.detail.rest == 23 and "Pay 23 more for sculpture" in state.pending.prompt
    assert view(state, "babylon").pending.detail is None  # the decider's alone


def test_a_stand_in_question_names_the_set_it_would_join() -> None:
    state = make({"egypt": {"advances": ["trade_empire"], "treasury": 40,
                            "hand": ["fish", "fish", "fish", "wine", "salt", "salt", "gold"]},
                  "babylon": {}})
    start(state)
    pick(state, "advance:sculpture")
    pick(state, "card:fish")
    assert state.pending.detail == PaymentSoFar(advance="sculpture", price=50, paid=27,
                                                cards=("fish",) * 3, stand_in_for="fish")


def test_the_hand_limit_question_says_the_limit_and_how_many_must_go() -> None:
    state = make({"egypt": {"hand": ["ochre"] * 6 + ["water"] * 3 + ["clay"]}, "babylon": {}})
    start(state)
    assert state.pending.detail == HandOverLimit(limit=8, excess=2)
    pick(state, "card:water")
    assert state.pending.detail == HandOverLimit(limit=8, excess=1)
