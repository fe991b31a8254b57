"""The normal bot's payment search (`advances.plan_payment`) finds the very plan a plain search
over every combination of sets finds (issue 40: the search was made to weigh each worth and
number of sets once; no payment, and so no decision, may change with it)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from game.bots import advances
from game.bots.advances import MAX_SETS, Payment, plan_payment
from game.core import face_value, load_game_data, set_value


def plain_search(counts: dict[str, int], treasury: int, per_token: int,
                 price: int) -> Payment | None:
    """Every plan, weighed one by one: sets handed in smallest first (by whole worth, then by
    name), the last in part (the fewest of its cards that cover the rest, else whole and the
    rest in treasury tokens), those before it worth less than the price together; six sets at
    most. The least (cost, number of sets, sorted names) wins; treasury alone is a plan too."""
    data = load_game_data()
    faces = {c: face_value(data, c) for c, n in counts.items() if n > 0}
    kinds = sorted((c for c in faces if faces[c] > 0),
                   key=lambda c: (set_value(counts[c], faces[c]), c))
    plans: list[tuple[tuple[float, int, tuple[str, ...]], Payment]] = []
    tokens = -(-max(price, 0) // per_token)
    if tokens <= treasury:
        overpay = tokens * per_token - price
        plans.append(((Payment((), tokens, overpay).cost, 0, ()), Payment((), tokens, overpay)))
    for size in range(1, MAX_SETS + 1):
        for chosen in combinations(range(len(kinds)), size):
            *before, at = chosen
            rest = sum(set_value(counts[kinds[i]], faces[kinds[i]]) for i in before)
            if rest >= price and before:
                continue  # the sets before the last already cover the price
            last = kinds[at]
            parts = [set_value(k, faces[last]) for k in range(1, counts[last] + 1)]
            value = rest + next((v for v in parts if rest + v >= price), parts[-1])
            tokens = -(-(price - value) // per_token) if value < price else 0
            if tokens > treasury:
                continue
            order = tuple(kinds[i] for i in chosen)
            plan = Payment(order, tokens, value + tokens * per_token - price)
            plans.append(((plan.cost, size, tuple(sorted(order))), plan))
    return min(plans, key=lambda kp: kp[0])[1] if plans else None


def _plan(counts: dict[str, int], treasury: int, per_token: int, price: int) -> Payment | None:
    advances._plan.cache_clear()
    return plan_payment(counts, treasury, per_token, price)


@pytest.mark.parametrize("seed", range(4))
def test_payment_search_finds_the_plain_searchs_plan(seed: int) -> None:
    """Random hands of up to 10 kinds (commodities of equal face value among them, so ties by
    name are met), treasuries and prices, tokens worth 1 to 3."""
    data = load_game_data()
    names = sorted(c for c, card in data.commodities.items() if card.value > 0)
    rng = random.Random(seed)
    for _ in range(150):
        kinds = rng.sample(names, rng.randint(0, 10))
        counts = {c: rng.choice((1, 1, 1, 2, 2, 3, 4, 6)) for c in kinds}
        treasury = rng.choice((0, 1, 4, 10, 25, 60))
        per_token = rng.choice((1, 1, 2, 3))
        price = rng.choice((rng.randint(-3, 12), rng.randint(10, 80), rng.randint(60, 260)))
        assert _plan(counts, treasury, per_token, price) == \
            plain_search(counts, treasury, per_token, price), (counts, treasury, per_token, price)


def test_payment_ties_go_to_fewer_sets_then_names() -> None:
    # one card of each commodity of face 3, for a price of 3: every one of them covers it
    # alone at the same cost, and the first by name is handed in
    data = load_game_data()
    threes = sorted(c for c, card in data.commodities.items() if card.value == 3)
    assert len(threes) >= 2
    counts = {c: 1 for c in threes}
    plan = _plan(counts, 0, 1, 3)
    assert plan == plain_search(counts, 0, 1, 3)
    assert plan is not None and plan.sets == (threes[0],) and plan.overpay == 0
