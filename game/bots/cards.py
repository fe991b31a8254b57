"""What cards are worth to the viewer, and what the cards the viewer cannot see may be.

The unseen pool is every card of the viewer's block (the set-up's commodities, the rule set's
calamities in those stacks) minus the viewer's own hand: a view shows nothing else of them, so
the pool is the honest prior for another hand, a deck or an offer's unnamed cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache

from game.core import GameData, face_value, load_game_data, set_value

from .reading import Reading

# Expected points lost when a calamity card is still held when calamities resolve.
TRADABLE_COST = 70.0
MINOR_COST = 22.0


def commodity_counts(cards: Iterable[str]) -> Counter[str]:
    data = load_game_data()
    return Counter(c for c in cards if face_value(data, c) > 0)


def sets_points(counts: Mapping[str, int]) -> float:
    data = load_game_data()
    return float(sum(set_value(n, face_value(data, c)) for c, n in counts.items() if n > 0))


@cache
def block_cards(setup: str, ruleset: str, block: str) -> tuple[tuple[str, int, int], ...]:
    """(card, stack, copies) for every card of a block's nine stacks."""
    data = load_game_data()
    found = data.setups.get(setup)
    if found is None:
        return ()
    stacks = found.stacks.get(block) or next(iter(found.stacks.values()), ())
    rules = data.rulesets[ruleset]
    out: list[tuple[str, int, int]] = []
    for s in stacks:
        out += [(card, s.stack, n) for card, n in s.commodities]
        out += [(c.id, s.stack, 1) for c in rules.in_stack(s.stack, found.minors)]
    return tuple(out)


def calamity_cost(r: Reading, card: str) -> float:
    """What holding the card into calamity resolution is expected to cost (0: harmless)."""
    kind = r.calamity(card)
    if kind == "tradable":
        return TRADABLE_COST
    if kind == "minor":
        return MINOR_COST
    if kind == "non_tradable":
        return TRADABLE_COST
    return 0.0


def hand_points(r: Reading, cards: Iterable[str]) -> float:
    """Sets at their value, calamities at their expected cost."""
    cards = list(cards)
    return sets_points(commodity_counts(cards)) - sum(calamity_cost(r, c) for c in cards)


def unseen_pool(r: Reading) -> Counter[str]:
    """Cards of the viewer's block that the viewer does not hold (water left out)."""
    pool: Counter[str] = Counter()
    block = r.mine.block
    for card, _stack, n in block_cards(r.view.config.setup, r.view.config.ruleset, block):
        pool[card] += n
    pool.subtract(Counter(r.hand))
    return +pool


def gain_of(r: Reading, hand: Counter[str], card: str) -> float:
    """Points the card adds to a hand (negative for a calamity)."""
    cost = calamity_cost(r, card)
    if cost:
        return -cost
    face = face_value(r.data, card)
    if face <= 0:
        return 0.0
    n = hand.get(card, 0)
    return float(set_value(n + 1, face) - set_value(n, face))


def loss_of(r: Reading, hand: Counter[str], card: str) -> float:
    """Points the hand loses without the card (negative for a calamity: a relief)."""
    cost = calamity_cost(r, card)
    if cost:
        return -cost if r.calamity(card) != "non_tradable" else 0.0
    face = face_value(r.data, card)
    if face <= 0:
        return 0.0
    n = hand.get(card, 0)
    return float(set_value(n, face) - set_value(max(n - 1, 0), face))


def unknown_card_value(r: Reading, hand: Counter[str], wary: float = 2.0) -> float:
    """Expected gain of one card nobody named: a commodity drawn from the unseen pool, or,
    more often than the pool says (offers hide their worst), a tradable calamity."""
    # It depends only on the set-up, rule set, block and hand of the viewer, the counts asked
    # about and the rules' data: trade rounds ask it again of unchanged hands, so it is kept.
    config = r.view.config
    key = (config.setup, config.ruleset, r.mine.block, tuple(sorted(r.hand)),
           tuple(sorted((c, n) for c, n in hand.items() if n)), wary)
    kept = _UNKNOWN.get(key)
    if kept is None or kept[0] is not r.data:
        if len(_UNKNOWN) >= _UNKNOWN_KEPT:
            _UNKNOWN.clear()
        kept = _UNKNOWN[key] = (r.data, _unknown_card_value(r, hand, wary))
    return kept[1]


_UNKNOWN: dict[tuple[object, ...], tuple[GameData, float]] = {}
_UNKNOWN_KEPT = 4096


def _unknown_card_value(r: Reading, hand: Counter[str], wary: float) -> float:
    pool = unseen_pool(r)
    total = sum(pool.values())
    if not total:
        return 0.0
    bad = sum(n for c, n in pool.items() if r.calamity(c) in ("tradable", "minor"))
    q = min(0.5, max(0.1, wary * bad / total))
    goods = [(c, n) for c, n in pool.items() if face_value(r.data, c) > 0]
    weight = sum(n for _, n in goods) or 1
    ev_good = sum(gain_of(r, hand, c) * n for c, n in goods) / weight
    ev_bad = -TRADABLE_COST * 0.8
    return (1 - q) * 0.7 * ev_good + q * ev_bad
