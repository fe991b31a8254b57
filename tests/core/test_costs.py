"""Advance costs and payment values (rules §4 phase 12, §5.4, §8), as core/costs computes them."""

from __future__ import annotations

from game.core.costs import (
    advance_cost,
    advance_costs,
    best_card_value,
    can_stand_in,
    cards_value,
    commodity_counts,
    credit_savings,
    group_credits,
    holds,
    payment_capacity,
    set_sizes,
    set_value,
    specific_credits,
    substitute_gain,
    tokens_to_cover,
    treasury_value,
)
from game.core.gamedata import load_game_data

DATA = load_game_data()


def test_a_two_group_advance_takes_only_the_larger_group_credit() -> None:
    owned = ["sculpture", "mythology", "deism"]  # Arts 15, Religion 20
    assert group_credits(DATA, owned)["arts"] == 15
    assert group_credits(DATA, owned)["religion"] == 20
    assert advance_cost(DATA, "mysticism", owned) == 50 - 20


def test_a_one_group_advance_ignores_credits_of_other_groups() -> None:
    assert advance_cost(DATA, "sculpture", ["deism", "mythology"]) == 50 - 5  # mythology's Arts 5


def test_player_credit_tokens_add_to_the_printed_group_credits() -> None:
    owned = ["sculpture"]
    starting = {g: 10 for g in ("arts", "civics", "crafts", "religion", "science")}
    assert group_credits(DATA, owned, starting)["arts"] == 20
    assert advance_cost(DATA, "drama_and_poetry", owned, starting) == 80 - 20


def test_specific_credits_come_off_on_top_of_the_best_group_credit() -> None:
    owned = ["mythology", "sculpture"]
    assert specific_credits(DATA, owned, "literacy") == 10
    assert specific_credits(DATA, owned, "medicine") == 0
    assert advance_cost(DATA, "literacy", owned) == 110 - 15 - 10


def test_an_advance_never_costs_less_than_zero() -> None:
    owned = ["sculpture", "drama_and_poetry", "music", "diplomacy", "architecture", "mythology"]
    assert group_credits(DATA, owned)["arts"] > 50
    assert advance_cost(DATA, "mysticism", owned) == 0


def test_what_one_more_advance_saves_is_the_price_difference_with_the_larger_set() -> None:
    starting = {"arts": 10, "science": 5}
    owned_sets = ([], ["sculpture", "mythology"], ["pottery", "calendar", "law", "deism"])
    for owned in owned_sets:
        now = advance_costs(DATA, owned, starting)
        for more in DATA.advances:
            later = advance_costs(DATA, [*owned, more], starting)
            saved = credit_savings(DATA, owned, starting, more, list(DATA.advances))
            assert saved == [now[target] - later[target] for target in DATA.advances], more


def test_a_set_of_n_identical_cards_is_worth_n_squared_times_face_value() -> None:
    assert [set_value(n, 5) for n in range(1, 6)] == [5, 20, 45, 80, 125]
    counts = commodity_counts(DATA, ["fish", "fish", "fish", "iron", "iron", "gold"])
    assert counts == {"fish": 3, "iron": 2, "gold": 1}
    assert cards_value(DATA, counts) == 27 + 8 + 9


def test_water_and_calamities_pay_nothing() -> None:
    assert commodity_counts(DATA, ["water", "famine", "epidemic", "salt"]) == {"salt": 1}


def test_treasury_tokens_pay_two_each_with_mining() -> None:
    assert treasury_value(DATA, []) == 1
    assert treasury_value(DATA, ["mining"]) == 2
    assert tokens_to_cover(75, 2) == 38  # 76: the odd rest is overshot by exactly 1
    assert tokens_to_cover(50, 2) == 25
    assert tokens_to_cover(13, 1) == 13
    assert tokens_to_cover(-4, 1) == 0


def test_a_trade_empire_stand_in_needs_at_least_the_same_face_value() -> None:
    sizes = set_sizes(DATA, "5-west")
    assert can_stand_in(DATA, "fish", 3, "wine", sizes)  # 5 >= 3
    assert can_stand_in(DATA, "fish", 3, "salt", sizes)  # 3 >= 3, another commodity
    assert not can_stand_in(DATA, "wine", 2, "fish", sizes)  # 3 < 5
    assert not can_stand_in(DATA, "fish", 3, "fish", sizes)  # a card of the set itself
    assert not can_stand_in(DATA, "fish", 0, "wine", sizes)  # no set to complete
    assert not can_stand_in(DATA, "fish", 3, "water", sizes)


def test_a_trade_empire_stand_in_cannot_grow_a_complete_set() -> None:
    sizes = set_sizes(DATA, "5-west")
    assert sizes["fish"] == 8
    assert can_stand_in(DATA, "fish", 7, "gold", sizes)
    assert not can_stand_in(DATA, "fish", 8, "gold", sizes)


def test_the_best_stand_in_is_counted_only_when_it_gains() -> None:
    sizes = set_sizes(DATA, "5-west")
    counts = {"fish": 3, "wine": 1}
    assert substitute_gain(DATA, counts, sizes, "fish", "wine") == (48 - 27) - 5
    assert best_card_value(DATA, counts, sizes, substitute=False) == 32
    assert best_card_value(DATA, counts, sizes, substitute=True) == 48
    # Breaking a big wine set to add to a single fish loses: no stand-in then.
    big = {"fish": 1, "wine": 4}
    assert substitute_gain(DATA, big, sizes, "fish", "wine") == (12 - 3) - (80 - 45)
    assert best_card_value(DATA, big, sizes, substitute=True) == 3 + 80


def test_longest_sets_of_a_two_block_setup_count_both_blocks() -> None:
    assert set_sizes(DATA, "12")["clay"] == 9  # 5 West + 4 East
    assert set_sizes(DATA, "no-such-setup") == {}


def test_payment_capacity_is_all_sets_plus_the_treasury() -> None:
    hand = ["fish", "fish", "fish", "wine", "water", "famine"]
    sizes = set_sizes(DATA, "5-west")
    assert payment_capacity(DATA, hand, 10, [], sizes, substitute=False) == 27 + 5 + 10
    assert payment_capacity(DATA, hand, 10, ["mining"], sizes, substitute=True) == 48 + 20


def test_effects_are_looked_up_by_effect_id() -> None:
    assert holds(DATA, ["cartography"], "extra_cards_stack_2_and_7")
    assert not holds(DATA, ["sculpture"], "extra_cards_stack_2_and_7")
