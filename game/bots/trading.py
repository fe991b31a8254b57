"""Trading (phase 7) by value, the same with every partner, human or bot.

What the table shows is all a trader knows of an offer: who offers, how many cards and the two
commodities declared (the detail of `trade_answer` carries them; the core makes every declaration
true). The other cards are unknown and valued warily, since a side is where calamities go. A
side the bot builds holds its tradable calamities and the cards it misses least; it declares
its two most attractive commodities (truthful, as the core demands) and says nothing else.

- Offer (`trade_partner`): when the bot holds a tradable calamity, or cards that fit none of
  its sets, to the partner it most wants to hurt when dumping, else to the weakest player.
- Review (`trade_review`, open bargaining): ask for the one commodity that would add most to
  its own sets, then send; an acceptance is handed over as planned. Requests made to it bind
  nobody, so it answers by value alone.
- Answer (`trade_answer`): accept when what comes in (declared sets + wary unknowns) beats what
  goes out; against a rival, counter with a side of its own rather than refuse when it has
  something to dump; otherwise refuse.
"""

from __future__ import annotations

from collections import Counter

from game.core import Detail, GameData, TradeAnswer, TradeSideSoFar, face_value

from .cards import gain_of, loss_of, unknown_card_value
from .reading import Reading, with_prefix

MIN_CARDS = 3
ASKED_BONUS = 1.5  # points a requested card's loss is eased by when choosing what to give
NAMED = 2


def plan_side(r: Reading, hand: list[str], asked: tuple[str, ...] = ()) -> list[str]:
    """The cards to give: every tradable calamity, then the cards missed least, until the side
    holds 3 cards with 2 commodities (more only when calamities fill it). A card the partner
    asked for counts as missed a little less (ASKED_BONUS): obliging costs little and helps the
    trade along."""
    # The side depends only on the hand, the asked cards and the rule set's calamity kinds (and
    # the rules' data): a trade round asks it again and again of unchanged hands, so it is kept.
    key = (r.view.config.ruleset, tuple(hand), asked)
    kept = _SIDES.get(key)
    if kept is None or kept[0] is not r.data:
        if len(_SIDES) >= _SIDES_KEPT:
            _SIDES.clear()
        kept = _SIDES[key] = (r.data, tuple(_plan_side(r, hand, asked)))
    return list(kept[1])


_SIDES: dict[tuple[str, tuple[str, ...], tuple[str, ...]], tuple[GameData, tuple[str, ...]]] = {}
_SIDES_KEPT = 4096


def _plan_side(r: Reading, hand: list[str], asked: tuple[str, ...]) -> list[str]:
    counts = Counter(hand)
    tradable = [c for c in hand if r.calamity(c) in ("tradable", "minor")]
    side: list[str] = list(tradable)
    left = Counter(hand) - Counter(side)
    goods = sorted((c for c in left.elements() if face_value(r.data, c) > 0 or r.calamity(c) == ""),
                   key=lambda c: (loss_of(r, counts, c) - ASKED_BONUS * (c in asked),
                                  -face_value(r.data, c), c))
    commodities = sum(1 for c in side if face_value(r.data, c) > 0)
    for card in goods:
        if len(side) >= MIN_CARDS and commodities >= NAMED:
            break
        if face_value(r.data, card) <= 0 and len(side) + (NAMED - commodities) >= MIN_CARDS:
            continue  # water only fills a side that still has room besides commodities
        side.append(card)
        counts[card] -= 1
        commodities += face_value(r.data, card) > 0
    return side


def side_loss(r: Reading, hand: list[str], side: list[str]) -> float:
    """Points the hand loses by giving the side (negative: giving it is a relief)."""
    counts = Counter(hand)
    total = 0.0
    for card in side:
        total += loss_of(r, counts, card)
        counts[card] -= 1
    return total


def can_build(r: Reading, hand: list[str]) -> bool:
    tradable = [c for c in hand if r.calamity(c) != "non_tradable"]
    return (len(tradable) >= MIN_CARDS
            and sum(1 for c in tradable if face_value(r.data, c) > 0) >= NAMED)


def incoming_value(r: Reading, hand: list[str], named: list[str], count: int) -> float:
    counts = Counter(hand)
    total = 0.0
    for card in named:
        total += gain_of(r, counts, card)
        counts[card] += 1
    return total + max(count - len(named), 0) * unknown_card_value(r, counts)


def expected_return(r: Reading, hand: list[str]) -> float:
    """What a partner's side (of their choosing) is worth before it is seen: two commodities
    from the pool and one unknown card."""
    counts = Counter(hand)
    unknown = unknown_card_value(r, counts, wary=2.5)
    return 2 * max(unknown, 0.0) + 1.5 + unknown


class Trader:
    """Keeps its own picks of the side being built between picks. The decision's detail shows
    the whole side so far, but that also holds the cards the core added by itself (a pick with
    one possible answer), which the bot's plan has never counted: reading them would change
    its sides, and the golden games pin them as they are."""

    def __init__(self) -> None:
        self.plan: list[str] = []
        self.picked: list[str] = []

    # -- making an offer ----------------------------------------------------------------------
    def partner(self, r: Reading, options: list[str]) -> str:
        partners = with_prefix(options, "player")
        if not partners or not can_build(r, r.hand):
            return "done"
        side = plan_side(r, r.hand)
        relief = side_loss(r, r.hand, side)
        dumping = any(r.calamity(c) in ("tradable", "minor") for c in side)
        if dumping:
            return f"player:{r.leader_among(partners)}"
        if relief > 6.0 or expected_return(r, r.hand) - relief < 2.0:
            return "done"
        return f"player:{r.weakest_among(partners)}"

    # -- answering --------------------------------------------------------------------------
    def answer(self, r: Reading, detail: Detail | None, options: list[str]) -> str:
        offer = detail.offer if isinstance(detail, TradeAnswer) else None
        if offer is None or "yes" not in options:
            return "no"
        offerer, count, named = offer.by, offer.count, list(offer.named)
        side = plan_side(r, r.hand, offer.wants)
        give = side_loss(r, r.hand, side)
        get = incoming_value(r, r.hand, named, count)
        # a trade helps the partner too: ask more of it the stronger they are
        margin = 2.0 + 6.0 * max(r.threat(offerer) - 0.6, 0.0)
        if get - give > margin:
            return "yes"
        counter = f"player:{offerer}"
        dumping = any(r.calamity(c) in ("tradable", "minor") for c in side)
        if counter in options and dumping and r.threat(offerer) >= 0.6:
            return counter
        return "no"

    # -- building a side ----------------------------------------------------------------------
    def pick_card(self, r: Reading, detail: Detail | None, options: list[str]) -> str:
        side = detail if isinstance(detail, TradeSideSoFar) else None
        chosen = len(side.cards) if side is not None else len(self.picked)
        if chosen == 0 or not self.plan:
            # an acceptance obliges what the offer it accepts asks for
            answering = side.answering if side is not None and side.role == "accept" else None
            self.plan = plan_side(r, r.hand, answering.wants if answering is not None else ())
            self.picked = []
        self.picked = self.picked[:chosen]
        wanted = Counter(self.plan) - Counter(self.picked)
        for card in self.plan:
            if wanted.get(card, 0) > 0 and f"card:{card}" in options:
                self.picked.append(card)
                return f"card:{card}"
        if "done" in options:
            return "done"
        counts = Counter(r.hand)
        cards = with_prefix(options, "card")
        # not yet a legal side: add the commodity missed least
        best = min(cards, key=lambda c: (face_value(r.data, c) <= 0, loss_of(r, counts, c), c))
        self.picked.append(best)
        return f"card:{best}"

    def review(self, r: Reading, detail: Detail | None, options: list[str]) -> str:
        """Ask once for the commodity worth most to its own sets, then send."""
        asks = with_prefix(options, "card")
        side = detail if isinstance(detail, TradeSideSoFar) else None
        if (not asks or "yes" not in options or side is None or side.role == "accept"
                or side.wants):
            return "yes"
        counts = Counter(r.hand)
        best = max(asks, key=lambda c: (gain_of(r, counts, c), c))
        return f"card:{best}" if gain_of(r, counts, best) > 0 else "yes"

    def name(self, r: Reading, options: list[str]) -> str:
        """Declare the most attractive commodities of the side."""
        cards = with_prefix(options, "card")
        return "card:" + max(cards, key=lambda c: (face_value(r.data, c), c))
