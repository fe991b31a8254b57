"""What things cost in phase 12 (rules §4 phase 12, §8) and what a player can pay with.

Pure functions of plain values (advance ids, credits, card ids, treasury) and the rules' data
(the game's `state.data`, passed in), so the client and bots can show prices from a PlayerView
exactly as the core computes them from a state.

- An advance costs its printed cost, minus the best single group credit among its groups (the
  groups of a two-group card never add up), minus the specific credits owned advances give it,
  never below 0.
- A set of n identical commodity cards is worth n² × face value; water and calamities are worth
  nothing and are never handed in.
- Treasury is worth 1 a token, 2 with Mining.
- Trade Empire: once per turn one commodity card of at least the same face value may stand in
  as one more card of an incomplete set.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .gamedata import GROUPS, Advance, GameData


def holds(data: GameData, advances: Iterable[str], effect: str) -> bool:
    """Whether any of the advances has the in-game effect (an id of [effects] in
    advances.toml). Effects, not advance names, decide, so the data stays the one source."""
    return not data.advances_with(effect).isdisjoint(advances)


def group_credits(
    data: GameData, advances: Iterable[str], extra: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Credit points per group: the group credits printed on the owned advances plus the
    player's own credit tokens (starting credits, Written Record and Monument choices)."""
    out = dict.fromkeys(GROUPS, 0)
    for aid in advances:
        for group, points in data.advances[aid].group_credits.items():
            out[group] += points
    for group, points in (extra or {}).items():
        out[group] = out.get(group, 0) + points
    return out


def specific_credits(data: GameData, advances: Iterable[str], target: str) -> int:
    """The specific credits the owned advances give towards `target`."""
    return sum(data.advances[aid].specific_credits.get(target, 0) for aid in advances)


def advance_cost(
    data: GameData, target: str, advances: Iterable[str], credits: Mapping[str, int] | None = None
) -> int:
    """Printed cost - best group credit among the target's groups - specific credits, >= 0."""
    return advance_costs(data, advances, credits)[target]


def advance_costs(
    data: GameData, advances: Iterable[str], credits: Mapping[str, int] | None = None
) -> Mapping[str, int]:
    """What every advance costs a player who owns `advances` and holds `credits` (as
    advance_cost). Prices are asked for every advance at every decision of phase 12, by the
    core and by the bots, and only change when the advances or credits do: the table is kept,
    keyed on exactly those (and the rules' data), and read-only."""
    return _prices(data, advances, credits).table


def credit_savings(
    data: GameData, advances: Iterable[str], credits: Mapping[str, int] | None, more: str,
    targets: Iterable[str],
) -> list[int]:
    """How much less each of `targets` would cost (in their order) once the advance `more` is
    owned too: advance_costs of `advances` less advance_costs with `more` added, worked out
    only for the advances its credits reach. The bots weigh each advance they might buy by
    what it takes off the others."""
    prices = _prices(data, advances, credits)
    table, specific = prices.table, prices.specific
    card = data.advances[more]
    groups = dict(prices.groups)
    for group, points in card.group_credits.items():
        groups[group] += points
    gained = card.specific_credits
    reached = _reached(data, more)
    saved = []
    for target in targets:
        if target in reached:
            later = price(data.advances[target], groups,
                          specific.get(target, 0) + gained.get(target, 0))
            saved.append(table[target] - later)
        else:
            saved.append(0)  # none of its credits count towards this one
    return saved


def _reached(data: GameData, more: str) -> frozenset[str]:
    """The advances the credits of `more` count towards (specific credits, or group credits
    in one of their groups): fixed by the rules' data, so worked out once per advance."""
    hit = _REACHED.get(more)
    if hit is not None and hit[0] is data:
        return hit[1]
    card = data.advances[more]
    raised = frozenset(g for g, points in card.group_credits.items() if points)
    reached = frozenset(target for target, other in data.advances.items()
                        if target in card.specific_credits
                        or not raised.isdisjoint(other.groups))
    _REACHED[more] = (data, reached)
    return reached


_REACHED: dict[str, tuple[GameData, frozenset[str]]] = {}


def price(card: Advance, groups: Mapping[str, int], specific: int) -> int:
    """Printed cost - best group credit among the card's groups - specific credits, >= 0."""
    return max(card.cost - max([groups[g] for g in card.groups]) - specific, 0)


@dataclass(frozen=True)
class _Prices:
    """The price of every advance for one set of advances and credits, and the credit points
    it was worked out from (group -> points, target advance -> specific points)."""

    table: Mapping[str, int]
    groups: Mapping[str, int]
    specific: Mapping[str, int]


def _prices(data: GameData, advances: Iterable[str],
            credits: Mapping[str, int] | None) -> _Prices:
    owned = tuple(advances)
    key = (id(data), owned, tuple(sorted((credits or {}).items())))
    hit = _COSTS.get(key)
    if hit is not None and hit[0] is data:
        return hit[1]
    groups = group_credits(data, owned, credits)
    specific: dict[str, int] = {}
    for aid in owned:
        for target, points in data.advances[aid].specific_credits.items():
            specific[target] = specific.get(target, 0) + points
    table = {card.id: price(card, groups, specific.get(card.id, 0))
             for card in data.advances.values()}
    prices = _Prices(MappingProxyType(table), MappingProxyType(groups),
                     MappingProxyType(specific))
    if len(_COSTS) >= _COSTS_KEPT:
        _COSTS.clear()
    _COSTS[key] = (data, prices)
    return prices


_COSTS: dict[tuple[int, tuple[str, ...], tuple[tuple[str, int], ...]],
             tuple[GameData, _Prices]] = {}
_COSTS_KEPT = 2048  # a long game meets a few hundred sets of advances


def discounted(cost: int, discount: int) -> int:
    """A cost after a flat discount (Library), never below 0."""
    return max(cost - discount, 0)


def set_value(count: int, face: int) -> int:
    """A set of `count` identical commodity cards of face value `face`."""
    return count * count * face


def face_value(data: GameData, card: str) -> int:
    """A commodity's face value; 0 for water and calamities (they pay for nothing)."""
    commodity = data.commodities.get(card)
    return commodity.value if commodity else 0


def commodity_counts(data: GameData, cards: Iterable[str]) -> dict[str, int]:
    """How many of each commodity the cards hold; water and calamities are left out."""
    commodities = data.commodities  # face_value's look-up, inline: a hand's every card
    out: dict[str, int] = {}
    for card in cards:
        commodity = commodities.get(card)
        if commodity is not None and commodity.value:
            out[card] = out.get(card, 0) + 1
    return out


def cards_value(data: GameData, counts: Mapping[str, int]) -> int:
    """Every commodity handed in as one set."""
    return sum(set_value(n, face_value(data, card)) for card, n in counts.items())


def set_sizes(data: GameData, setup_id: str) -> Mapping[str, int]:
    """The longest set of each commodity in a set-up: the cards of it in all blocks together.
    Empty for an unknown set-up, which leaves every set open to a Trade Empire stand-in.
    Kept per set-up (read-only): the shop asks it for every card it offers."""
    key = (id(data), setup_id)
    hit = _SIZES.get(key)
    if hit is None or hit[0] is not data:
        if len(_SIZES) >= _COSTS_KEPT:
            _SIZES.clear()
        hit = _SIZES[key] = (data, MappingProxyType(_count_set_sizes(data, setup_id)))
    return hit[1]


_SIZES: dict[tuple[int, str], tuple[GameData, Mapping[str, int]]] = {}


def _count_set_sizes(data: GameData, setup_id: str) -> dict[str, int]:
    setup = data.setups.get(setup_id)
    out: dict[str, int] = {}
    if setup is None:
        return out
    for stacks in setup.stacks.values():
        for stack in stacks:
            for card, n in stack.commodities:
                out[card] = out.get(card, 0) + n
    return out


def can_stand_in(
    data: GameData, base: str, base_count: int, stand_in: str, sizes: Mapping[str, int]
) -> bool:
    """Trade Empire: a card of another commodity, of at least the same face value, may be one
    more card of a set of `base_count` cards that is not yet complete."""
    face, other = face_value(data, base), face_value(data, stand_in)
    if base == stand_in or base_count < 1 or face < 1 or other < face:
        return False
    return base not in sizes or base_count < sizes[base]


def substitute_gain(
    data: GameData, counts: Mapping[str, int], sizes: Mapping[str, int], base: str, stand_in: str
) -> int | None:
    """What a Trade Empire stand-in adds when a `stand_in` card completes the set of `base`
    (its own set loses that card); None when the rules do not allow it."""
    n, m = counts.get(base, 0), counts.get(stand_in, 0)
    if m < 1 or not can_stand_in(data, base, n, stand_in, sizes):
        return None
    face, other = face_value(data, base), face_value(data, stand_in)
    grown = set_value(n + 1, face) - set_value(n, face)
    lost = set_value(m, other) - set_value(m - 1, other)
    return grown - lost


def best_card_value(
    data: GameData, counts: Mapping[str, int], sizes: Mapping[str, int], substitute: bool
) -> int:
    """The most the cards can pay: every set handed in, with the best stand-in if allowed."""
    value = cards_value(data, counts)
    if not substitute:
        return value
    gains = (substitute_gain(data, counts, sizes, a, b) for a in counts for b in counts)
    return value + max([g for g in gains if g is not None and g > 0], default=0)


def treasury_value(data: GameData, advances: Iterable[str]) -> int:
    """Points one treasury token pays towards an advance."""
    return data.numbers["mining_treasury_value"] if holds(data, advances, "treasury_worth_2") else 1


def tokens_to_cover(points: int, per_token: int) -> int:
    """Treasury tokens needed to pay `points`; with tokens worth 2 an odd amount is overshot by
    exactly 1, which Mining allows."""
    return -(-max(points, 0) // per_token)


def payment_capacity(
    data: GameData,
    cards: Iterable[str],
    treasury: int,
    advances: Iterable[str],
    sizes: Mapping[str, int],
    substitute: bool,
) -> int:
    """The most a player can pay for one advance: all commodity sets (with a Trade Empire
    stand-in when `substitute`) plus the whole treasury."""
    owned = list(advances)
    counts = commodity_counts(data, cards)
    return (best_card_value(data, counts, sizes, substitute)
            + treasury * treasury_value(data, owned))
