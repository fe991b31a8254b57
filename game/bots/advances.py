"""Buying advances: what an advance is worth to the viewer, and how to pay for it with the least
waste. Values are in "points", the unit advance prices are counted in.

An advance's worth = its victory points + the credits it gives towards advances still to buy +
its effects + the calamity losses it saves (weighted by how exposed the viewer is) + a bonus when
it meets a requirement of the viewer's next A.S.T. spaces.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

from game.core import credit_savings, face_value, load_game_data, set_value

from .reading import Reading

POINTS_PER_VP = 32.0
CREDIT_USE = 0.55  # how likely a credit is to be used on a later purchase
HORIZON = 14.0  # turns a protection is expected to keep paying
UNIT_POINTS = 3.0  # points one unit point (a token) is worth

# Rough worth of the in-game effects (advances.toml [effects]); calamity effects come from the
# rule set's own modifiers, below.
EFFECT_POINTS: Mapping[str, float] = {
    "treasury_worth_2": 70, "population_limit_up_1": 45, "city_extra_token": 25,
    "support_rate_up_1": -35, "land_move_2": 20, "hand_limit_up_1": 10, "tax_rate_up_1": 12,
    "tax_rate_up_or_down_1": 12, "no_tax_revolt": 6, "extra_credits_10": 12,
    "extra_credits_20": 25, "city_tokens_from_treasury": 15, "wilderness_city_adjacent_tokens": 8,
    "extra_cards_stack_2_and_7": 15, "extra_cards_stack_3": 10, "extra_cards_stack_6_and_8": 15,
    "free_card_above_cities": 30, "trade_set_substitute": 20, "second_advance_discount_40": 25,
    "free_science_under_100": 45, "special_destroy_adjacent_area": 15,
    "special_annex_barbarians": 12, "special_cards_to_treasury": 20, "special_move_tokens": 12,
    "special_tribute": 30, "special_annex_adjacent_area": 20, "special_treasury_or_annex": 25,
    "counts_as_city_for_ast": 40, "cities_closed_to_entry": 8, "areas_closed_to_conflict": 10,
    "conflict_others_remove_first": 4, "ships_move_5": 2, "ships_carry_6": 2,
}

# Calamities that strike by geography, and what of the viewer's they strike.
COASTAL = {"cyclone", "tsunamis", "coastal_migration", "piracy", "tempest"}


def _modifier_scale(key: str) -> float:
    """Unit points one step of a modifier is worth (positive: a loss grows)."""
    if "ast_steps" in key:
        return 25.0
    if "cities" in key:
        return 5.0
    if "face_value" in key or "payment" in key or "treasury" in key:
        return 0.5
    return 1.0


@cache
def protections(ruleset: str) -> dict[str, dict[str, float]]:
    """advance -> calamity -> unit points saved (negative: made worse) when struck once."""

    out: dict[str, dict[str, float]] = {}
    for cid, cal in load_game_data().rulesets[ruleset].calamities.items():
        for key, value in cal.params.items():
            if key.endswith("_modifiers") and isinstance(value, Mapping):
                good = -1.0 if ("kept" in key or "selects" in key or "ships" in key) else 1.0
                for aid, delta in value.items():
                    saved = -float(delta) * _modifier_scale(key) * good
                    out.setdefault(aid, {}).setdefault(cid, 0.0)
                    out[aid][cid] += saved
            elif key.endswith("_advances") and isinstance(value, (tuple, list)):
                harm = "loss_advances" in key or "surplus" in key or "fixed" in key
                for aid in value:
                    out.setdefault(aid, {}).setdefault(cid, 0.0)
                    out[aid][cid] += -4.0 if harm else 7.0
    return out


def exposure(r: Reading, calamity: str) -> float:
    """How much of the viewer a calamity of this kind can reach (1: all of it)."""
    key = ("exposure", calamity)
    if key not in r.memo:
        r.memo[key] = _exposure(r, calamity)
    return r.memo[key]


def _exposure(r: Reading, calamity: str) -> float:
    cities = r.my_cities
    if calamity == "flood":
        plain = sum(r.count(a) for a in r.my_areas if r.map.areas[a].flood_plain)
        plain += 5 * sum(1 for a in cities if r.map.areas[a].flood_plain)
        return min(1.5, plain / 8.0)
    if calamity == "volcanic_eruption":
        near = {a for v in r.map.volcanoes.values() for a in v.areas}
        return 1.0 if any(a in near for a in cities) else 0.5
    if calamity in COASTAL:
        coastal = sum(1 for a in cities if r.map.areas[a].coastal)
        return min(1.2, 0.2 + coastal / 3.0)
    return 1.0


def hit_rate(r: Reading, calamity: str) -> float:
    """Chance a turn that this calamity strikes the viewer (a rough prior)."""
    cal = r.data.rulesets[r.view.config.ruleset].calamities[calamity]
    reach = max(r.mine.cities, 1) + 1
    base = 0.06 if cal.stack <= reach else 0.02
    return base * (1.3 if cal.kind != "non_tradable" else 1.0)


def protection_points(r: Reading, aid: str) -> float:
    saved = protections(r.view.config.ruleset).get(aid, {})
    return sum(hit_rate(r, cid) * HORIZON * pts * UNIT_POINTS * exposure(r, cid)
               for cid, pts in saved.items())


def credit_points(r: Reading, aid: str) -> float:
    """What the advance's credits take off the advances the viewer may still buy."""
    me = r.mine
    others = [target for target in r.for_sale() if target != aid]
    total = 0.0
    for saved in credit_savings(r.data, me.advances, dict(me.credits), aid, others):
        total += saved * CREDIT_USE
    return total


def ast_points(r: Reading, aid: str) -> float:
    """A bonus for meeting an advance requirement of the next A.S.T. spaces."""
    card = r.data.advances[aid]
    n = r.data.ast_numbers
    bonus = 0.0
    for ahead, weight in ((0, 160.0), (1, 90.0), (2, 50.0)):
        missing = r.ast_missing(ahead=ahead)
        if not missing:
            continue
        if missing.get("advances", 0) > 0:
            bonus += weight * 0.6
        if missing.get("advances_100", 0) > 0 and card.cost >= n["vp_threshold_100"]:
            bonus += weight
        if missing.get("advances_200", 0) > 0 and card.cost >= n["vp_threshold_200"]:
            bonus += weight
        if missing.get("advances_under_100", 0) > 0 and card.cost < n["vp_threshold_100"]:
            bonus += weight
        if missing.get("advance_vp", 0) > 0:
            bonus += weight * min(1.0, card.vp / missing["advance_vp"])
    return bonus


def advance_worth(r: Reading, aid: str) -> float:
    card = r.data.advances[aid]
    effects = sum(EFFECT_POINTS.get(e, 0.0) for e in card.effects)
    return (card.vp * POINTS_PER_VP + credit_points(r, aid) + effects
            + protection_points(r, aid) + ast_points(r, aid))


# --- Paying --------------------------------------------------------------------------------


def _cost(overpay: float, tokens: int, sets: int) -> float:
    """What a payment throws away: overpay, plus a little for each token and set used, so
    cards (which calamities and the hand limit threaten) go before treasury."""
    return overpay + 0.15 * tokens + 0.5 * sets


@dataclass(frozen=True)
class Payment:
    sets: tuple[str, ...]  # commodities handed in, in order (the last may go in part)
    treasury: int  # tokens paid after the cards
    overpay: float  # points paid above the price

    @property
    def cost(self) -> float:
        return _cost(self.overpay, self.treasury, len(self.sets))


def plan_payment(counts: Mapping[str, int], treasury: int, per_token: int,
                 price: int) -> Payment | None:
    """The cheapest way to cover `price` with whole commodity sets (the last one may go in
    part, as the core hands in as few cards as cover the rest) and treasury; None if none."""
    held = tuple(sorted((c, n) for c, n in counts.items() if n > 0))
    return _plan(held, treasury, per_token, price)


MAX_SETS = 6  # a plan hands in six commodity sets at most


@lru_cache(maxsize=4096)  # many advances share a price: one plan per price and hand
def _plan(held: tuple[tuple[str, int], ...], treasury: int, per_token: int,
          price: int) -> Payment | None:
    """The plan of least cost; among equal costs, of fewer sets, then of the sets whose names,
    sorted, come first. A plan hands in its sets smallest first (by whole worth, ties in
    alphabetical order), the last one in part: as few of its cards as cover what the others
    leave (the first that reaches it), else whole and the rest in treasury tokens; the sets
    before the last are worth less than the price together.

    A plan's cost follows from the worth and number of its sets before the last and from the
    last set alone, so the search goes over the last set in that order and keeps, for each
    worth and number of sets the earlier kinds can make (below the price), only the first of
    them by name: the bots' hottest loop (issue 40), it weighs each (worth, number) once
    rather than each combination of sets (the plans of three 18-player games took 3.1 times
    as long that way), and finds the very plan a plain search over every combination finds
    (tests/bots/test_payment_search.py)."""
    data = load_game_data()
    whole: dict[str, int] = {}
    faces: dict[str, int] = {}
    for c, n in held:
        face = face_value(data, c)
        if face > 0:
            faces[c] = face
            whole[c] = set_value(n, face)
    kinds = sorted(whole, key=lambda c: (whole[c], c))
    count = len(kinds)
    best_cost = float("inf")
    plan: Payment | None = None
    tokens = -(-max(price, 0) // per_token)
    if tokens <= treasury:  # treasury alone
        overpay = tokens * per_token - price
        best_cost = _cost(overpay, tokens, 0)
        plan = Payment((), tokens, overpay)
    if not count:
        return plan
    counts = dict(held)
    # Sets of kinds as bits, the alphabetically first kind the highest: of two sets of as many
    # kinds, the one whose sorted names come first has the larger number.
    bits = [0] * count
    for rank, at in enumerate(sorted(range(count), key=kinds.__getitem__)):
        bits[at] = 1 << (count - 1 - rank)
    # The best plan so far, by (cost, sets, names): kept as plain values, weighed inline
    # (costs summed as Payment.cost sums them, so floats compare alike); its sets are
    # `best_mask`, the last of them kinds[best_at].
    best_sets = best_mask = best_tokens = best_over = 0
    best_at = -1
    # What the kinds before the last can hand in wholly, by their number of sets: worth (below
    # the price) -> the set of kinds of that worth whose names come first.
    groups: list[dict[int, int]] = [{0: 0}] + [{} for _ in range(MAX_SETS - 1)]
    top = 0  # the most sets a group holds so far
    for j in range(count):
        face = faces[kinds[j]]
        # what the first 1, 2, ... cards of the last set are worth
        values = [set_value(k, face) for k in range(1, counts[kinds[j]] + 1)]
        last, size, bit = values[-1], len(values), bits[j]
        for sets in range(top + 1):
            more = sets + 1
            if 0.5 * more > best_cost:
                break  # a plan of `more` sets costs at least 0.5 a set
            for rest, mask in groups[sets].items():
                need = price - rest
                k = bisect_left(values, need)
                if k < size:  # the first k + 1 cards cover the rest
                    overpay, tokens = values[k] - need, 0
                else:  # the whole set and tokens
                    short = need - last
                    tokens = -(-short // per_token)
                    if tokens > treasury:
                        continue
                    overpay = tokens * per_token - short
                cost = overpay + 0.15 * tokens + 0.5 * more  # _cost, inline
                if cost <= best_cost and (cost < best_cost or more < best_sets or (
                        more == best_sets and mask | bit > best_mask)):
                    best_cost, best_sets, best_mask = cost, more, mask | bit
                    best_at, best_tokens, best_over = j, tokens, overpay
        if j + 1 < count:  # this set wholly in, before a later last one
            for sets in range(min(top, MAX_SETS - 2), -1, -1):  # most first: this set once
                grown = groups[sets + 1]
                for rest, mask in groups[sets].items():
                    worth = rest + last
                    if worth < price:
                        now = mask | bit
                        if grown.get(worth, -1) < now:
                            grown[worth] = now
                            top = max(top, sets + 1)
    if best_at >= 0:
        order = tuple(kinds[i] for i in range(best_at + 1) if best_mask & bits[i])
        plan = Payment(order, best_tokens, best_over)
    return plan


def capacity(counts: Mapping[str, int], treasury: int, per_token: int) -> int:
    data = load_game_data()
    return (sum(set_value(n, face_value(data, c)) for c, n in counts.items())
            + treasury * per_token)
