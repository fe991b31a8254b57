"""What things cost in phase 12 (rules §4 phase 12, §8) and what a player can pay with.

Pure functions of plain values (advance ids, credits, card ids, treasury), so the client and
bots can show prices from a PlayerView exactly as the core computes them from a state.

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

from .gamedata import GROUPS, load_game_data


def holds(advances: Iterable[str], effect: str) -> bool:
    """Whether any of the advances has the in-game effect (an id of [effects] in
    advances.toml). Effects, not advance names, decide, so the data stays the one source."""
    data = load_game_data()
    return any(effect in data.advances[aid].effects for aid in advances)


def group_credits(
    advances: Iterable[str], extra: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Credit points per group: the group credits printed on the owned advances plus the
    player's own credit tokens (starting credits, Written Record and Monument choices)."""
    data = load_game_data()
    out = dict.fromkeys(GROUPS, 0)
    for aid in advances:
        for group, points in data.advances[aid].group_credits.items():
            out[group] += points
    for group, points in (extra or {}).items():
        out[group] = out.get(group, 0) + points
    return out


def specific_credits(advances: Iterable[str], target: str) -> int:
    """The specific credits the owned advances give towards `target`."""
    data = load_game_data()
    return sum(data.advances[aid].specific_credits.get(target, 0) for aid in advances)


def advance_cost(
    target: str, advances: Iterable[str], credits: Mapping[str, int] | None = None
) -> int:
    """Printed cost - best group credit among the target's groups - specific credits, >= 0."""
    owned = list(advances)
    card = load_game_data().advances[target]
    groups = group_credits(owned, credits)
    best = max(groups[g] for g in card.groups)
    return max(card.cost - best - specific_credits(owned, target), 0)


def discounted(cost: int, discount: int) -> int:
    """A cost after a flat discount (Library), never below 0."""
    return max(cost - discount, 0)


def set_value(count: int, face: int) -> int:
    """A set of `count` identical commodity cards of face value `face`."""
    return count * count * face


def face_value(card: str) -> int:
    """A commodity's face value; 0 for water and calamities (they pay for nothing)."""
    commodity = load_game_data().commodities.get(card)
    return commodity.value if commodity else 0


def commodity_counts(cards: Iterable[str]) -> dict[str, int]:
    """How many of each commodity the cards hold; water and calamities are left out."""
    out: dict[str, int] = {}
    for card in cards:
        if face_value(card):
            out[card] = out.get(card, 0) + 1
    return out


def cards_value(counts: Mapping[str, int]) -> int:
    """Every commodity handed in as one set."""
    return sum(set_value(n, face_value(card)) for card, n in counts.items())


def set_sizes(setup_id: str) -> dict[str, int]:
    """The longest set of each commodity in a set-up: the cards of it in all blocks together.
    Empty for an unknown set-up, which leaves every set open to a Trade Empire stand-in."""
    setup = load_game_data().setups.get(setup_id)
    out: dict[str, int] = {}
    if setup is None:
        return out
    for stacks in setup.stacks.values():
        for stack in stacks:
            for card, n in stack.commodities:
                out[card] = out.get(card, 0) + n
    return out


def can_stand_in(base: str, base_count: int, stand_in: str, sizes: Mapping[str, int]) -> bool:
    """Trade Empire: a card of another commodity, of at least the same face value, may be one
    more card of a set of `base_count` cards that is not yet complete."""
    face, other = face_value(base), face_value(stand_in)
    if base == stand_in or base_count < 1 or face < 1 or other < face:
        return False
    return base not in sizes or base_count < sizes[base]


def substitute_gain(
    counts: Mapping[str, int], sizes: Mapping[str, int], base: str, stand_in: str
) -> int | None:
    """What a Trade Empire stand-in adds when a `stand_in` card completes the set of `base`
    (its own set loses that card); None when the rules do not allow it."""
    n, m = counts.get(base, 0), counts.get(stand_in, 0)
    if m < 1 or not can_stand_in(base, n, stand_in, sizes):
        return None
    face, other = face_value(base), face_value(stand_in)
    grown = set_value(n + 1, face) - set_value(n, face)
    lost = set_value(m, other) - set_value(m - 1, other)
    return grown - lost


def best_card_value(
    counts: Mapping[str, int], sizes: Mapping[str, int], substitute: bool
) -> int:
    """The most the cards can pay: every set handed in, with the best stand-in if allowed."""
    value = cards_value(counts)
    if not substitute:
        return value
    gains = (substitute_gain(counts, sizes, a, b) for a in counts for b in counts)
    return value + max([g for g in gains if g is not None and g > 0], default=0)


def treasury_value(advances: Iterable[str]) -> int:
    """Points one treasury token pays towards an advance."""
    numbers = load_game_data().numbers
    return numbers["mining_treasury_value"] if holds(advances, "treasury_worth_2") else 1


def tokens_to_cover(points: int, per_token: int) -> int:
    """Treasury tokens needed to pay `points`; with tokens worth 2 an odd amount is overshot by
    exactly 1, which Mining allows."""
    return -(-max(points, 0) // per_token)


def payment_capacity(
    cards: Iterable[str],
    treasury: int,
    advances: Iterable[str],
    sizes: Mapping[str, int],
    substitute: bool,
) -> int:
    """The most a player can pay for one advance: all commodity sets (with a Trade Empire
    stand-in when `substitute`) plus the whole treasury."""
    owned = list(advances)
    counts = commodity_counts(cards)
    return best_card_value(counts, sizes, substitute) + treasury * treasury_value(owned)
