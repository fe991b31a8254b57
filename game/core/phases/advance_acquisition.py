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

from dataclasses import dataclass
from typing import Any

from ..costs import (
    advance_cost,
    best_card_value,
    can_stand_in,
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
from ..flow import ask, done, push, register_legacy
from ..gamedata import GROUPS
from ..ops import discard_card, pay_treasury
from ..state import GameState, Task

RULE = "rules:phase-12"
RULE_CREDITS = "rules:phase-12-extra-credits"
RULE_ANATOMY = "rules:phase-12-anatomy"
RULE_HAND = "rules:phase-12-hand-limit"
RULE_LIBRARY = "rules:phase-12-library"
# Player.flags keys (cleared at the end of the turn):
LIBRARY_FLAG = "library_discount"  # 1 while a Library discount waits for the next purchase
TRADE_EMPIRE_FLAG = "trade_empire_used"  # 1 once a Trade Empire stand-in was used this turn

SHOP = "advance_acquisition:shop"
CREDITS = "advance_acquisition:credits"
GIFT = "advance_acquisition:anatomy"
HAND_LIMIT = "advance_acquisition:hand_limit"


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


# --- Prices and what a player may buy -------------------------------------------------------


def price_now(state: GameState, pid: str, aid: str) -> int:
    """What the advance costs the player at this moment, Library's waiting discount included."""
    player = state.players[pid]
    cost = advance_cost(aid, player.advances, player.credits)
    if cost > 0 and player.flags.get(LIBRARY_FLAG):
        return discounted(cost, state.data.numbers["library_discount"])
    return cost


def _stand_in_open(state: GameState, pid: str) -> bool:
    player = state.players[pid]
    return bool(holds(player.advances, "trade_set_substitute")
                and not player.flags.get(TRADE_EMPIRE_FLAG))


def _for_sale(state: GameState, pid: str) -> list[str]:
    """Advances of the game's rule set the player does not own yet."""
    owned = set(state.players[pid].advances)
    ruleset = state.config.ruleset
    return [a.id for a in state.data.advances.values()
            if ruleset in a.rulesets and a.id not in owned]


def affordable(state: GameState, pid: str) -> dict[str, int]:
    """Advance -> price, for every advance the player can pay for now."""
    player = state.players[pid]
    most = payment_capacity((h.card for h in player.hand), player.treasury, player.advances,
                            set_sizes(state.config.setup), _stand_in_open(state, pid))
    prices = {aid: price_now(state, pid, aid) for aid in _for_sale(state, pid)}
    return {aid: p for aid, p in prices.items() if p <= most}


# --- The shop: choose an advance, then pay for it -------------------------------------------


def _left(state: GameState, pid: str, buying: dict[str, Any]) -> dict[str, int]:
    """Commodity cards still in hand and not yet handed in for this purchase."""
    counts = commodity_counts(h.card for h in state.players[pid].hand)
    for card in buying["taken"]:
        counts[card] -= 1
    return {c: n for c, n in counts.items() if n > 0}


def _without(counts: dict[str, int], card: str, n: int) -> dict[str, int]:
    out = dict(counts)
    out[card] -= n
    return {c: k for c, k in out.items() if k > 0}


def _reach(state: GameState, pid: str, left: dict[str, int], stand_in: bool) -> int:
    """The most the remaining cards (with a stand-in when allowed) and treasury still pay."""
    player = state.players[pid]
    sizes = set_sizes(state.config.setup)
    cards = best_card_value(left, sizes, stand_in)
    return cards + player.treasury * treasury_value(player.advances)


def _hand_in(value: int, price: int, card: str, n: int) -> int:
    """How many cards of one commodity to hand in: as few as cover the rest, else all."""
    face = face_value(card)
    for k in range(1, n + 1):
        if value + set_value(k, face) >= price:
            return k
    return n


def _card_options(state: GameState, pid: str, buying: dict[str, Any]) -> list[str]:
    """The commodities whose hand-in still leaves a way to cover the price."""
    value, price = buying["value"], buying["price"]
    left = _left(state, pid, buying)
    sizes = set_sizes(state.config.setup)
    open_ = _stand_in_open(state, pid) and not buying["stand_in"]
    options = []
    for card, n in left.items():
        k = _hand_in(value, price, card, n)
        after = value + set_value(k, face_value(card))
        rest = _without(left, card, k)
        ok = after >= price or after + _reach(state, pid, rest, open_) >= price
        if not ok and open_:  # the set may still grow by a stand-in right away
            grown = value + set_value(n + 1, face_value(card))
            ok = any(can_stand_in(card, n, other, sizes)
                     and grown + _reach(state, pid, _without(rest, other, 1), False) >= price
                     for other in rest)
        if ok:
            options.append(f"card:{card}")
    return options


def _stand_in_options(state: GameState, pid: str, buying: dict[str, Any]) -> list[str]:
    """After a whole set went in short of the price: Trade Empire stand-ins that keep the
    purchase payable, and `no` when going on without one does."""
    base = buying["ask_stand_in"]
    n, value, price = buying["sets"][base], buying["value"], buying["price"]
    left = _left(state, pid, buying)
    sizes = set_sizes(state.config.setup)
    grown = value - set_value(n, face_value(base)) + set_value(n + 1, face_value(base))
    options = [
        f"card:{other}" for other in left
        if can_stand_in(base, n, other, sizes)
        and grown + _reach(state, pid, _without(left, other, 1), False) >= price
    ]
    if value + _reach(state, pid, left, True) >= price:
        options.append("no")
    return options


def _payment_options(state: GameState, pid: str, task: Task) -> list[str]:
    buying = task.data["buying"]
    if buying["ask_stand_in"]:
        return _stand_in_options(state, pid, buying)
    options = _card_options(state, pid, buying)
    player = state.players[pid]
    tokens = tokens_to_cover(buying["price"] - buying["value"], treasury_value(player.advances))
    if tokens <= player.treasury:
        options.append(f"number:{tokens}")
    cancels = state.data.numbers["advance_purchase_cancels_max"]
    if task.data.get("cancels", 0) < cancels:
        options.append("no")
    return options


def _shop_step(state: GameState, task: Task, events: list[Event]) -> None:
    pid = task.data["player"]
    if task.data.get("finished"):
        done(state, task)
        return
    buying = task.data.get("buying")
    if buying is None:
        prices = affordable(state, pid)
        if not prices:
            done(state, task)
            return
        shown = ", ".join(f"{aid} {p}" for aid, p in prices.items())
        ask(state, pid, "advance_choice", f"Buy an advance ({shown}), or done",
            [*(f"advance:{aid}" for aid in prices), "done"], RULE)
        return
    options = _payment_options(state, pid, task)
    if len(options) == 1 and options[0] != "no":  # no real choice: it happens by itself
        _shop_choose(state, task, options[0], events)
        return
    rest = buying["price"] - buying["value"]
    if buying["ask_stand_in"]:
        ask(state, pid, "advance_stand_in",
            f"Trade Empire: add one card (card:ID) as one more {buying['ask_stand_in']} "
            f"(still {rest} to pay), or no", options, RULE)
    else:
        ask(state, pid, "advance_payment",
            f"Pay {rest} more for {buying['advance']}: card:ID hands in that commodity, "
            "number:N pays the rest in treasury, no calls the purchase off", options, RULE)


def _shop_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    data = task.data
    pid = data["player"]
    buying = data.get("buying")
    if buying is None:
        if label == "done":
            data["finished"] = True
            return
        aid = label.split(":", 1)[1]
        price = price_now(state, pid, aid)
        if price == 0:
            _complete(state, pid, aid, 0, [], 0, events)
            return
        data["buying"] = {"advance": aid, "price": price, "value": 0, "taken": [], "sets": {},
                          "stand_in": "", "ask_stand_in": ""}
        return
    if label == "no" and not buying["ask_stand_in"]:
        data["cancels"] = data.get("cancels", 0) + 1
        del data["buying"]
        events.append(PurchaseCalledOff(player=pid, advance=buying["advance"], rule=RULE))
        return
    if label.startswith("number:"):
        _finish_purchase(state, task, int(label.split(":", 1)[1]), events)
        return
    if buying["ask_stand_in"]:
        base = buying["ask_stand_in"]
        buying["ask_stand_in"] = ""
        if label != "no":
            other = label.split(":", 1)[1]
            face, n = face_value(base), buying["sets"][base]
            buying["value"] += set_value(n + 1, face) - set_value(n, face)
            buying["sets"][base] = n + 1
            buying["taken"].append(other)
            buying["stand_in"] = other
    else:
        card = label.split(":", 1)[1]
        n = _left(state, pid, buying)[card]
        k = _hand_in(buying["value"], buying["price"], card, n)
        buying["value"] += set_value(k, face_value(card))
        buying["sets"][card] = k
        buying["taken"].extend([card] * k)
        if buying["value"] < buying["price"] and _stand_in_open(state, pid) \
                and not buying["stand_in"]:
            buying["ask_stand_in"] = card
            if _stand_in_options(state, pid, buying) == ["no"]:
                buying["ask_stand_in"] = ""  # no stand-in fits: nothing to ask
    if buying["value"] >= buying["price"]:
        _finish_purchase(state, task, 0, events)


def _finish_purchase(state: GameState, task: Task, tokens: int, events: list[Event]) -> None:
    buying = task.data.pop("buying")
    pid = task.data["player"]
    if buying["stand_in"]:
        state.players[pid].flags[TRADE_EMPIRE_FLAG] = 1
    _complete(state, pid, buying["advance"], buying["price"], buying["taken"], tokens, events)


def _complete(state: GameState, pid: str, aid: str, price: int, cards: list[str], tokens: int,
              events: list[Event]) -> None:
    player = state.players[pid]
    cost = advance_cost(aid, player.advances, player.credits)
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
    numbers = state.data.numbers
    player = state.players[pid]
    player.advances.append(aid)
    owned = [aid]
    if holds(owned, "second_advance_discount_40"):
        player.flags[LIBRARY_FLAG] = 1
    if holds(owned, "free_science_under_100"):
        push(state, GIFT, player=pid)
    for effect, key in (("extra_credits_10", "written_record_extra_credits"),
                        ("extra_credits_20", "monument_extra_credits")):
        if holds(owned, effect):
            push(state, CREDITS, player=pid, advance=aid,
                 picks=numbers[key] // numbers["extra_credit_step"])


# --- On-purchase effects ----------------------------------------------------------------------


def _credits_step(state: GameState, task: Task, events: list[Event]) -> None:
    if task.data["picks"] <= 0:
        done(state, task)
        return
    step = state.data.numbers["extra_credit_step"]
    groups = ", ".join(f"number:{i} = {g}" for i, g in enumerate(GROUPS))
    ask(state, task.data["player"], "advance_credits",
        f"{task.data['advance']}: place {step} credit points ({groups}); "
        f"{task.data['picks']} left to place", [f"number:{i}" for i in range(len(GROUPS))],
        RULE_CREDITS)


def _credits_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    pid = task.data["player"]
    step = state.data.numbers["extra_credit_step"]
    group = GROUPS[int(label.split(":", 1)[1])]
    credits = state.players[pid].credits
    credits[group] = credits.get(group, 0) + step
    task.data["picks"] -= 1
    events.append(CreditsPlaced(player=pid, group=group, points=step, rule=RULE_CREDITS))


def gift_choices(state: GameState, pid: str) -> list[str]:
    """Anatomy: Science advances of printed cost under 100 the player does not own."""
    top = state.data.numbers["anatomy_free_max_cost"]
    data = state.data
    return [aid for aid in _for_sale(state, pid)
            if "science" in data.advances[aid].groups and data.advances[aid].cost <= top]


def _gift_step(state: GameState, task: Task, events: list[Event]) -> None:
    pid = task.data["player"]
    choices = gift_choices(state, pid)
    if task.data.get("finished") or not choices:
        done(state, task)
        return
    ask(state, pid, "anatomy_gift", "Anatomy: take one Science advance for free, or no",
        [*(f"advance:{aid}" for aid in choices), "no"], RULE_ANATOMY)


def _gift_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    task.data["finished"] = True
    if label == "no":
        return
    pid, aid = task.data["player"], label.split(":", 1)[1]
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
    if holds(state.players[pid].advances, "hand_limit_up_1"):
        limit += numbers["hand_limit_roadbuilding_bonus"]
    return limit


def _hand_step(state: GameState, task: Task, events: list[Event]) -> None:
    pid = task.data["player"]
    hand = state.players[pid].hand
    excess = len(hand) - hand_limit(state, pid)
    if excess <= 0:
        done(state, task)
        return
    kinds = sorted({h.card for h in hand})
    if len(kinds) == 1:  # nothing to choose
        _hand_choose(state, task, f"card:{kinds[0]}", events)
        return
    ask(state, pid, "hand_limit", f"Over the hand limit: discard {excess} more card(s)",
        [f"card:{c}" for c in kinds], RULE_HAND)


def _hand_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    pid, card = task.data["player"], label.split(":", 1)[1]
    discard_card(state, pid, card)  # water goes back beside the stacks
    events.append(CardDiscarded(player=pid, card=card, rule=RULE_HAND))


# --- The phase ------------------------------------------------------------------------------


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    order = list(state.players)  # A.S.T. ranking
    index = task.data.get("index", 0)
    if index >= len(order):
        done(state, task)
        return
    task.data["index"] = index + 1
    push(state, HAND_LIMIT, player=order[index])  # runs after the shop, which is on top
    push(state, SHOP, player=order[index])


register_legacy("phase:advance_acquisition", _step)
register_legacy(SHOP, _shop_step, _shop_choose)
register_legacy(CREDITS, _credits_step, _credits_choose)
register_legacy(GIFT, _gift_step, _gift_choose)
register_legacy(HAND_LIMIT, _hand_step, _hand_choose)
