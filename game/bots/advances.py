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


@lru_cache(maxsize=4096)  # many advances share a price: one plan per price and hand
def _plan(held: tuple[tuple[str, int], ...], treasury: int, per_token: int,
          price: int) -> Payment | None:
    counts = dict(held)
    data = load_game_data()
    faces = {c: face_value(data, c) for c in counts}
    whole = {c: set_value(counts[c], faces[c]) for c in counts if faces[c] > 0}
    # Smallest set first: a plan hands in its sets in this order, the largest last, since it
    # may go in part once the others are in. Ties keep alphabetical order.
    kinds = sorted(whole, key=lambda c: (whole[c], c))
    # what the first 1, 2, ... cards of each kind are worth: a last set goes in with as few
    # cards as cover the rest (the first that reaches it), else whole
    parts = [[set_value(k, faces[c]) for k in range(1, counts[c] + 1)] for c in kinds]
    # what the sets from each kind on are worth together: with less than the price in cards,
    # a plan needs at least the rest in treasury tokens
    cards = [sum(whole[c] for c in kinds[i:]) for i in range(len(kinds) + 1)]
    # The best plan so far, by (cost, sets, their names sorted): among equal costs, fewer sets,
    # then alphabetical names (the order of a plain search). Kept as three plain values, and
    # the search below weighs each plan inline, without a call or a tuple per plan: it is the
    # bots' hottest loop. Costs are summed as Payment.cost sums them, so floats compare alike.
    best_cost = float("inf")
    best_sets = 0
    best_names: tuple[str, ...] = ()
    plan: Payment | None = None  # the payment the best describes
    tokens = -(-max(price, 0) // per_token)
    if tokens <= treasury:  # treasury alone
        overpay = tokens * per_token - price
        best_cost = _cost(overpay, tokens, 0)
        plan = Payment((), tokens, overpay)
    count = len(kinds)

    def extend(prefix: tuple[str, ...], rest: int, start: int) -> None:
        """Plans of `prefix` (wholly handed in, worth `rest`) plus one larger last set."""
        nonlocal best_cost, best_sets, best_names, plan
        more = len(prefix) + 1
        floor = 0.5 * more  # a plan of `more` sets costs at least 0.5 a set
        if more > 6 or best_cost < floor or (best_cost == floor and best_sets < more):
            return  # six sets at most
        need = price - rest
        for i in range(start, count):
            short = need - cards[i]
            if short > 0:
                # every plan from here on (this set or a later one last) pays at least `least`
                # tokens: out of reach, or dearer than the best plan found, it is no better
                least = -(-short // per_token)
                if least > treasury or 0.15 * least + floor > best_cost:
                    return
            values = parts[i]
            k = bisect_left(values, need)
            last = values[-1]
            value = rest + (values[k] if k < len(values) else last)
            tokens = -(-(price - value) // per_token) if value < price else 0
            order: tuple[str, ...] | None = None
            if tokens <= treasury:
                overpay = value + tokens * per_token - price
                cost = overpay + 0.15 * tokens + 0.5 * more  # _cost, inline
                if cost <= best_cost:
                    order = (*prefix, kinds[i])
                    if cost < best_cost or more < best_sets:
                        names = tuple(sorted(order))
                    elif more == best_sets:
                        names = tuple(sorted(order))
                        if names >= best_names:
                            names = ()
                    else:
                        names = ()
                    if names:
                        best_cost, best_sets, best_names = cost, more, names
                        plan = Payment(order, tokens, overpay)
            if rest + last < price:  # with this set wholly in, a larger one may follow
                extend(order or (*prefix, kinds[i]), rest + last, i + 1)

    extend((), 0, 0)
    return plan


def capacity(counts: Mapping[str, int], treasury: int, per_token: int) -> int:
    data = load_game_data()
    return (sum(set_value(n, face_value(data, c)) for c, n in counts.items())
            + treasury * per_token)
