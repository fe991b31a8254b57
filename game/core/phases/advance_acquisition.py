"""Phase 12, civilization-advance acquisition, then the hand limit (rules §4 phase 12, §8).

Players act one after another in A.S.T. ranking order. Each picks an affordable advance
(`advance:ID`) or `done`, then pays for it one commodity at a time (`card:ID`), finishing with
treasury (`number:N`), or calls the purchase off (`no`, a bounded number of times). Nothing
leaves the hand or treasury until the price is covered. Costs and values are in game/core/costs.

On purchase: Written Record and Monument add credits placed 5 points at a time; Anatomy may
take a Science advance of printed cost under 100 for free; Library makes the next advance the
player buys this turn 40 cheaper. Then the player discards down to the hand limit.

Decisions noted here for unclear rules:
- Credits of an advance bought earlier in the phase already count for later purchases (the
  tokens are taken on purchase, and Library and Anatomy act at once too).
- Library's discount goes to the next advance bought after it this turn whose cost is above 0;
  one bought before it, or taken free by Anatomy, gets nothing.
- A card pick hands in as few cards of that commodity as cover the rest of the price, else all
  of them; treasury always pays the rest in one go (with Mining 2 a token, overshooting an odd
  rest by exactly 1). No change is given.
- Anatomy's gift may be any advance with Science among its groups; the gift's own on-purchase
  effect (Written Record's credits) applies.
- Water cards count towards the hand limit; any card may be discarded to meet it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import labels
from ..costs import (
    advance_cost,
    advance_costs,
    best_card_value,
    can_stand_in,
    cards_value,
    commodity_counts,
    discounted,
    face_value,
    holds,
    payment_capacity,
    set_sizes,
    set_value,
    tokens_to_cover,
    treasury_value,
)
from ..events import Event
from ..flow import ask, done, push, register
from ..gamedata import GROUPS
from ..ops import discard_card, pay_treasury
from ..state import Detail, GameState, Player, Progress, detail_type
from ..words import Ref, ref, say

RULE = "rules:phase-12"
RULE_CREDITS = "rules:phase-12-extra-credits"
RULE_ANATOMY = "rules:phase-12-anatomy"
RULE_HAND = "rules:phase-12-hand-limit"
RULE_LIBRARY = "rules:phase-12-library"
# Player.flags keys (cleared at the end of the turn):
LIBRARY_FLAG = "library_discount"  # 1 while a Library discount waits for the next purchase
TRADE_EMPIRE_FLAG = "trade_empire_used"  # 1 once a Trade Empire stand-in was used this turn


@dataclass(frozen=True, kw_only=True)
class AdvanceBought(Event):
    player: str
    advance: str
    price: int
    cards: tuple[str, ...]  # the commodity cards handed in
    treasury: int  # treasury tokens paid


@dataclass(frozen=True, kw_only=True)
class LibraryDiscountUsed(Event):
    player: str
    advance: str
    points: int


@dataclass(frozen=True, kw_only=True)
class PurchaseCalledOff(Event):
    player: str
    advance: str


@dataclass(frozen=True, kw_only=True)
class FreeAdvanceTaken(Event):
    player: str
    advance: str


@dataclass(frozen=True, kw_only=True)
class CreditsPlaced(Event):
    player: str
    group: str
    points: int


@dataclass(frozen=True, kw_only=True)
class CardDiscarded(Event):
    player: str
    card: str


# --- Progress ---------------------------------------------------------------------------------


@dataclass(kw_only=True)
class AdvanceAcquisition(Progress):
    KIND = "phase:advance_acquisition"
    index: int = 0  # the next player to shop, in ranking order


@dataclass(kw_only=True)
class Buying:
    """A purchase being paid for: nothing leaves the hand or treasury until it is covered."""

    advance: str
    price: int
    value: int = 0  # points covered by the cards handed in so far
    taken: list[str] = field(default_factory=list)  # the cards handed in so far
    sets: dict[str, int] = field(default_factory=dict)  # commodity -> cards counted in its set
    stand_in: str = ""  # the Trade Empire stand-in used, if any
    ask_stand_in: str = ""  # the set a stand-in may join now (a decision is open)


@dataclass(kw_only=True)
class Shop(Progress):
    """One player's purchases of the phase: choose an advance, then pay for it."""

    KIND = "advance_acquisition:shop"
    player: str
    finished: bool = False
    buying: Buying | None = None
    cancels: int = 0  # purchases called off


@dataclass(kw_only=True)
class PlaceCredits(Progress):
    """Written Record, Monument: credit points placed a step at a time."""

    KIND = "advance_acquisition:credits"
    player: str
    advance: str
    picks: int  # steps still to place


@dataclass(kw_only=True)
class AnatomyGift(Progress):
    KIND = "advance_acquisition:anatomy"
    player: str
    finished: bool = False


@dataclass(kw_only=True)
class HandLimit(Progress):
    KIND = "advance_acquisition:hand_limit"
    player: str


# the kind names, for saves and tests that name tasks by kind
SHOP = Shop.KIND
CREDITS = PlaceCredits.KIND
GIFT = AnatomyGift.KIND
HAND_LIMIT = HandLimit.KIND


# --- What a decision shows its decider ----------------------------------------------------------


@detail_type
@dataclass(frozen=True)
class AdvancePrices(Detail):
    """`advance_choice`: what each advance on offer costs the decider now (Library's waiting
    discount included)."""

    prices: tuple[tuple[str, int], ...]  # (advance, price), in the order of the prompt

    def price(self, advance: str) -> int | None:
        return dict(self.prices).get(advance)


@detail_type
@dataclass(frozen=True)
class PaymentSoFar(Detail):
    """`advance_payment`, `advance_stand_in`: the purchase being paid for and the payment so
    far (nothing has left the hand yet)."""

    advance: str
    price: int
    paid: int  # points covered by the cards handed in
    cards: tuple[str, ...]  # the cards handed in, in order
    stand_in_for: str = ""  # `advance_stand_in`: the set a stand-in would join

    @property
    def rest(self) -> int:
        return self.price - self.paid


@detail_type
@dataclass(frozen=True)
class CreditsToPlace(Detail):
    """`advance_credits`: `number:i` places `points` on GROUPS[i]; `left` placings to go."""

    advance: str
    points: int
    left: int
    groups: tuple[str, ...]


@detail_type
@dataclass(frozen=True)
class HandOverLimit(Detail):
    """`hand_limit`: the limit, and how many cards must still go."""

    limit: int
    excess: int


# --- Prices and what a player may buy -------------------------------------------------------


def price_now(state: GameState, pid: str, aid: str) -> int:
    """What the advance costs the player at this moment, Library's waiting discount included."""
    player = state.players[pid]
    return _with_library(state, player, advance_cost(state.data, aid, player.advances,
                                                     player.credits))


def _with_library(state: GameState, player: Player, cost: int) -> int:
    if cost > 0 and player.flags.get(LIBRARY_FLAG):
        return discounted(cost, state.data.numbers["library_discount"])
    return cost


def _stand_in_open(state: GameState, pid: str) -> bool:
    player = state.players[pid]
    return bool(holds(state.data, player.advances, "trade_set_substitute")
                and not player.flags.get(TRADE_EMPIRE_FLAG))


def _for_sale(state: GameState, pid: str) -> list[str]:
    """Advances of the game's rule set the player does not own yet."""
    owned = set(state.players[pid].advances)
    ruleset = state.config.ruleset
    return [a.id for a in state.data.advances.values()
            if ruleset in a.rulesets and a.id not in owned]


def affordable(state: GameState, pid: str) -> dict[str, int]:
    """Advance -> price, for every advance the player can pay for now."""
    data = state.data
    player = state.players[pid]
    most = payment_capacity(data, (h.card for h in player.hand), player.treasury,
                            player.advances, set_sizes(data, state.config.setup),
                            _stand_in_open(state, pid))
    costs = advance_costs(data, player.advances, player.credits)
    if player.flags.get(LIBRARY_FLAG):
        prices = {aid: _with_library(state, player, costs[aid]) for aid in _for_sale(state, pid)}
    else:  # no discount waiting (most purchases): the table's prices as they are
        prices = {aid: costs[aid] for aid in _for_sale(state, pid)}
    return {aid: p for aid, p in prices.items() if p <= most}


# --- The shop: choose an advance, then pay for it -------------------------------------------


def _left(state: GameState, pid: str, buying: Buying) -> dict[str, int]:
    """Commodity cards still in hand and not yet handed in for this purchase."""
    counts = commodity_counts(state.data, (h.card for h in state.players[pid].hand))
    for card in buying.taken:
        counts[card] -= 1
    return {c: n for c, n in counts.items() if n > 0}


def _without(counts: dict[str, int], card: str, n: int) -> dict[str, int]:
    out = dict(counts)
    out[card] -= n
    return {c: k for c, k in out.items() if k > 0}


def _reach(state: GameState, pid: str, left: dict[str, int], stand_in: bool) -> int:
    """The most the remaining cards (with a stand-in when allowed) and treasury still pay."""
    data = state.data
    player = state.players[pid]
    sizes = set_sizes(data, state.config.setup)
    cards = best_card_value(data, left, sizes, stand_in)
    return cards + player.treasury * treasury_value(data, player.advances)


def _hand_in(state: GameState, value: int, price: int, card: str, n: int) -> int:
    """How many cards of one commodity to hand in: as few as cover the rest, else all."""
    face = face_value(state.data, card)
    for k in range(1, n + 1):
        if value + set_value(k, face) >= price:
            return k
    return n


def _card_options(state: GameState, pid: str, buying: Buying) -> list[str]:
    """The commodities whose hand-in still leaves a way to cover the price."""
    data = state.data
    value, price = buying.value, buying.price
    left = _left(state, pid, buying)
    sizes = set_sizes(data, state.config.setup)
    open_ = _stand_in_open(state, pid) and not buying.stand_in
    player = state.players[pid]
    # What `_reach` counts without a stand-in, worked out once: the left cards' sets and the
    # treasury; a card's hand-in changes only its own set's part.
    whole = cards_value(data, left)
    treasury = player.treasury * treasury_value(data, player.advances)
    options = []
    for card, n in left.items():
        face = face_value(data, card)
        k = _hand_in(state, value, price, card, n)
        after = value + set_value(k, face)
        if after >= price:
            ok = True
        elif open_:
            rest = _without(left, card, k)
            ok = after + _reach(state, pid, rest, True) >= price
            if not ok:  # the set may still grow by a stand-in right away
                grown = value + set_value(n + 1, face)
                ok = any(can_stand_in(data, card, n, other, sizes)
                         and grown + _reach(state, pid, _without(rest, other, 1), False) >= price
                         for other in rest)
        else:
            ok = after + whole - set_value(n, face) + set_value(n - k, face) + treasury >= price
        if ok:
            options.append(labels.make("card", card))
    return options


def _stand_in_options(state: GameState, pid: str, buying: Buying) -> list[str]:
    """After a whole set went in short of the price: Trade Empire stand-ins that keep the
    purchase payable, and `no` when going on without one does."""
    data = state.data
    base = buying.ask_stand_in
    n, value, price = buying.sets[base], buying.value, buying.price
    left = _left(state, pid, buying)
    sizes = set_sizes(data, state.config.setup)
    face = face_value(data, base)
    grown = value - set_value(n, face) + set_value(n + 1, face)
    options = [
        labels.make("card", other) for other in left
        if can_stand_in(data, base, n, other, sizes)
        and grown + _reach(state, pid, _without(left, other, 1), False) >= price
    ]
    if value + _reach(state, pid, left, True) >= price:
        options.append("no")
    return options


def _payment_options(state: GameState, d: Shop, buying: Buying) -> list[str]:
    pid = d.player
    if buying.ask_stand_in:
        return _stand_in_options(state, pid, buying)
    options = _card_options(state, pid, buying)
    player = state.players[pid]
    tokens = tokens_to_cover(buying.price - buying.value,
                             treasury_value(state.data, player.advances))
    if tokens <= player.treasury:
        options.append(labels.make("number", tokens))
    if d.cancels < state.data.numbers["advance_purchase_cancels_max"]:
        options.append("no")
    return options


def _payment(buying: Buying) -> PaymentSoFar:
    return PaymentSoFar(advance=buying.advance, price=buying.price, paid=buying.value,
                        cards=tuple(buying.taken), stand_in_for=buying.ask_stand_in)


def _shop_step(state: GameState, d: Shop, events: list[Event]) -> None:
    pid = d.player
    if d.finished:
        done(state, d)
        return
    buying = d.buying
    if buying is None:
        prices = affordable(state, pid)
        if not prices:
            done(state, d)
            return
        shown: list[Ref | str] = []
        for aid, p in prices.items():
            shown += [", " if shown else "", ref("advance", aid), f" {p}"]
        ask(state, pid, "advance_choice", say("Buy an advance ({shown}), or done", shown=shown),
            [*(labels.make("advance", aid) for aid in prices), "done"], RULE,
            AdvancePrices(prices=tuple(prices.items())))
        return
    options = _payment_options(state, d, buying)
    if len(options) == 1 and options[0] != "no":  # no real choice: it happens by itself
        _shop_choose(state, d, options[0], events)
        return
    payment = _payment(buying)
    if buying.ask_stand_in:
        ask(state, pid, "advance_stand_in",
            say("Trade Empire: add one card (card:ID) as one more {base} (still {rest} to "
                "pay), or no", base=ref("card", payment.stand_in_for), rest=payment.rest),
            options, RULE, payment)
    else:
        ask(state, pid, "advance_payment",
            say("Pay {rest} more for {advance}: card:ID hands in that commodity, number:N pays the "
                "rest in treasury, no calls the purchase off", rest=payment.rest,
                advance=ref("advance", payment.advance)), options, RULE,
            payment)


def _shop_choose(state: GameState, d: Shop, label: str, events: list[Event]) -> None:
    pid = d.player
    buying = d.buying
    if buying is None:
        if label == "done":
            d.finished = True
            return
        aid = labels.value(label)
        price = price_now(state, pid, aid)
        if price == 0:
            _complete(state, pid, aid, 0, [], 0, events)
            return
        d.buying = Buying(advance=aid, price=price)
        return
    if label == "no" and not buying.ask_stand_in:
        d.cancels += 1
        d.buying = None
        events.append(PurchaseCalledOff(player=pid, advance=buying.advance, rule=RULE))
        return
    if labels.kind_of(label) == "number":
        _finish_purchase(state, d, buying, labels.number(label), events)
        return
    data = state.data
    if buying.ask_stand_in:
        base = buying.ask_stand_in
        buying.ask_stand_in = ""
        if label != "no":
            other = labels.value(label)
            face, n = face_value(data, base), buying.sets[base]
            buying.value += set_value(n + 1, face) - set_value(n, face)
            buying.sets[base] = n + 1
            buying.taken.append(other)
            buying.stand_in = other
    else:
        card = labels.value(label)
        n = _left(state, pid, buying)[card]
        k = _hand_in(state, buying.value, buying.price, card, n)
        buying.value += set_value(k, face_value(data, card))
        buying.sets[card] = k
        buying.taken.extend([card] * k)
        if buying.value < buying.price and _stand_in_open(state, pid) and not buying.stand_in:
            buying.ask_stand_in = card
            if _stand_in_options(state, pid, buying) == ["no"]:
                buying.ask_stand_in = ""  # no stand-in fits: nothing to ask
    if buying.value >= buying.price:
        _finish_purchase(state, d, buying, 0, events)


def _finish_purchase(state: GameState, d: Shop, buying: Buying, tokens: int,
                     events: list[Event]) -> None:
    d.buying = None
    pid = d.player
    if buying.stand_in:
        state.player_to_change(pid).flags[TRADE_EMPIRE_FLAG] = 1
    _complete(state, pid, buying.advance, buying.price, buying.taken, tokens, events)


def _complete(state: GameState, pid: str, aid: str, price: int, cards: list[str], tokens: int,
              events: list[Event]) -> None:
    player = state.player_to_change(pid)
    cost = advance_cost(state.data, aid, player.advances, player.credits)
    if cost > 0 and player.flags.pop(LIBRARY_FLAG, 0):
        events.append(LibraryDiscountUsed(player=pid, advance=aid, points=cost - price,
                                          rule=RULE_LIBRARY))
    for card in cards:
        discard_card(state, pid, card)
    paid = pay_treasury(state, pid, tokens, events, RULE)
    events.append(AdvanceBought(player=pid, advance=aid, price=price, cards=tuple(sorted(cards)),
                                treasury=paid, rule=RULE))
    _gain(state, pid, aid)


def _gain(state: GameState, pid: str, aid: str) -> None:
    """Own the advance and set its on-purchase effects going."""
    data = state.data
    numbers = data.numbers
    player = state.player_to_change(pid)
    player.advances.append(aid)
    owned = [aid]
    if holds(data, owned, "second_advance_discount_40"):
        player.flags[LIBRARY_FLAG] = 1
    if holds(data, owned, "free_science_under_100"):
        push(state, AnatomyGift(player=pid))
    for effect, key in (("extra_credits_10", "written_record_extra_credits"),
                        ("extra_credits_20", "monument_extra_credits")):
        if holds(data, owned, effect):
            push(state, PlaceCredits(player=pid, advance=aid,
                                     picks=numbers[key] // numbers["extra_credit_step"]))


# --- On-purchase effects ----------------------------------------------------------------------


def _credits_step(state: GameState, d: PlaceCredits, events: list[Event]) -> None:
    if d.picks <= 0:
        done(state, d)
        return
    step = state.data.numbers["extra_credit_step"]
    groups = ", ".join(f"number:{i} = {g}" for i, g in enumerate(GROUPS))
    ask(state, d.player, "advance_credits",
        say("{advance}: place {step} credit points ({groups}); {picks} left to place",
            advance=ref("advance", d.advance), step=step, groups=groups, picks=d.picks),
        [labels.make("number", i) for i in range(len(GROUPS))], RULE_CREDITS,
        CreditsToPlace(advance=d.advance, points=step, left=d.picks, groups=tuple(GROUPS)))


def _credits_choose(state: GameState, d: PlaceCredits, label: str, events: list[Event]) -> None:
    pid = d.player
    step = state.data.numbers["extra_credit_step"]
    group = GROUPS[labels.number(label)]
    credits = state.player_to_change(pid).credits
    credits[group] = credits.get(group, 0) + step
    d.picks -= 1
    events.append(CreditsPlaced(player=pid, group=group, points=step, rule=RULE_CREDITS))


def gift_choices(state: GameState, pid: str) -> list[str]:
    """Anatomy: Science advances of printed cost under 100 the player does not own."""
    top = state.data.numbers["anatomy_free_max_cost"]
    data = state.data
    return [aid for aid in _for_sale(state, pid)
            if "science" in data.advances[aid].groups and data.advances[aid].cost <= top]


def _gift_step(state: GameState, d: AnatomyGift, events: list[Event]) -> None:
    choices = gift_choices(state, d.player)
    if d.finished or not choices:
        done(state, d)
        return
    ask(state, d.player, "anatomy_gift", "Anatomy: take one Science advance for free, or no",
        [*(labels.make("advance", aid) for aid in choices), "no"], RULE_ANATOMY)


def _gift_choose(state: GameState, d: AnatomyGift, label: str, events: list[Event]) -> None:
    d.finished = True
    if label == "no":
        return
    pid, aid = d.player, labels.value(label)
    events.append(FreeAdvanceTaken(player=pid, advance=aid, rule=RULE_ANATOMY))
    _gain(state, pid, aid)


# --- The hand limit -------------------------------------------------------------------------


def hand_limit(state: GameState, pid: str) -> int:
    data = state.data
    numbers = data.numbers
    setup = data.setups.get(state.config.setup)
    if setup is not None:
        limit = setup.hand_limit
    elif len(state.players) >= numbers["hand_limit_two_blocks_from_players"]:
        limit = numbers["hand_limit_two_blocks"]
    else:
        limit = numbers["hand_limit"]
    if holds(data, state.players[pid].advances, "hand_limit_up_1"):
        limit += numbers["hand_limit_roadbuilding_bonus"]
    return limit


def _hand_step(state: GameState, d: HandLimit, events: list[Event]) -> None:
    pid = d.player
    hand = state.players[pid].hand
    limit = hand_limit(state, pid)
    excess = len(hand) - limit
    if excess <= 0:
        done(state, d)
        return
    kinds = sorted({h.card for h in hand})
    if len(kinds) == 1:  # nothing to choose
        _hand_choose(state, d, labels.make("card", kinds[0]), events)
        return
    ask(state, pid, "hand_limit", f"Over the hand limit: discard {excess} more card(s)",
        [labels.make("card", c) for c in kinds], RULE_HAND,
        HandOverLimit(limit=limit, excess=excess))


def _hand_choose(state: GameState, d: HandLimit, label: str, events: list[Event]) -> None:
    pid, card = d.player, labels.value(label)
    discard_card(state, pid, card)  # water goes back beside the stacks
    events.append(CardDiscarded(player=pid, card=card, rule=RULE_HAND))


# --- The phase ------------------------------------------------------------------------------


def _step(state: GameState, d: AdvanceAcquisition, events: list[Event]) -> None:
    order = list(state.players)  # A.S.T. ranking
    index = d.index
    if index >= len(order):
        done(state, d)
        return
    d.index = index + 1
    push(state, HandLimit(player=order[index]))  # runs after the shop, which is on top
    push(state, Shop(player=order[index]))


register(AdvanceAcquisition, _step)
register(Shop, _shop_step, _shop_choose)
register(PlaceCredits, _credits_step, _credits_choose)
register(AnatomyGift, _gift_step, _gift_choose)
register(HandLimit, _hand_step, _hand_choose)
