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

At a table with people (`people`, told by whoever seats the bot: `talk.meet_people`) the value
model stays the same; three things are added for the people, and none of them changes a game
of bots alone (the golden games pin those):
- Offers reach people: an offer the bot would make anyway (its value test passed, no calamity
  in it) goes first to a person it has not yet offered to this phase, the weakest such. A bot
  passing a calamity on still gives it to the leader, person or not.
- A person's offer it refuses, it counters (once a phase per person; later offers are refused)
  when it would accept a side naming the two commodities it most wants (`wanted_pair`) for
  the side it offers of its own choosing: its cards missed least, asking for that pair.
- It says why (`reason`), in its own terms: what it would give up ("Hatti wants more for its
  Iron"), what the offer brings it ("Hatti has no use for Salt"), the unnamed cards, or the
  offerer's lead. The words travel beside its answer (talk.py), never into the core.
"""

from __future__ import annotations

from collections import Counter

from game.core import Detail, GameData, TableOffer, TradeAnswer, TradeSideSoFar, face_value

from .cards import gain_of, loss_of, unknown_card_value, unseen_pool
from .reading import Reading, with_prefix

MIN_CARDS = 3
ASKED_BONUS = 1.5  # points a requested card's loss is eased by when choosing what to give
NAMED = 2
# The share of requests a person honours, as the bot counts on it when offering to a person
# (asking_return). A guess, not a measurement of people: 0.3 keeps offers to sides that gain
# something real; the bench (bench/bargain.py) shows what it gives.
HONOURED = 0.3


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


def speaker(r: Reading, pid: str) -> str:
    """A civilization as the table calls it: the seat's name, else the civilization's."""
    named = r.view.config.names.get(pid, "")
    found = r.data.civilizations.get(pid)
    return named or (found.name if found is not None else pid)


def commodity(r: Reading, card: str) -> str:
    found = r.data.commodities.get(card)
    return found.name if found is not None else card


def costliest(r: Reading, hand: list[str], side: list[str]) -> str:
    """The commodity of the side the hand misses most ("" when none is missed)."""
    counts = Counter(hand)
    worst, most = "", 0.0
    for card in side:
        loss = loss_of(r, counts, card)
        counts[card] -= 1
        if face_value(r.data, card) > 0 and loss > most:
            worst, most = card, loss
    return worst


def wanted_pair(r: Reading, hand: list[str]) -> list[str]:
    """The two commodities worth asking for, one after the other: what each adds to its sets,
    times how many of it are out of its sight (the unseen pool: a card with few copies left is
    seldom in a partner's hand)."""
    counts = Counter(hand)
    pool = unseen_pool(r)
    most = max(pool.values(), default=1)
    pair: list[str] = []
    for _ in range(NAMED):
        best = max(sorted(r.data.commodities),
                   key=lambda c: gain_of(r, counts, c) * pool.get(c, 0) / most)
        if pool.get(best, 0) <= 0:
            break
        pair.append(best)
        counts[best] += 1
        pool[best] -= 1
    return pair


def asking_return(r: Reading, hand: list[str]) -> float:
    """What a person's side is worth before it is seen when the offer asks for the commodity
    that adds most to the bot's sets (as `Trader.review` asks): a person reads the request and
    gives the card when they hold it and can spare it, HONOURED of the time, else as a side of
    their choosing."""
    counts = Counter(hand)
    best = max((gain_of(r, counts, c) for c in r.data.commodities), default=0.0)
    return expected_return(r, hand) + HONOURED * max(best, 0.0)


class Trader:
    """Keeps its own picks of the side being built between picks. The decision's detail shows
    the whole side so far, but that also holds the cards the core added by itself (a pick with
    one possible answer), which the bot's plan has never counted: reading them would change
    its sides, and the golden games pin them as they are."""

    def __init__(self) -> None:
        self.plan: list[str] = []
        self.picked: list[str] = []
        self.people: frozenset[str] = frozenset()  # the seats people play (talk.meet_people)
        self.offered: tuple[int, frozenset[str]] = (0, frozenset())  # turn, partners offered
        self.asks: list[str] = []  # what its counter to a person asks for (review)
        self.countered: tuple[int, str] = (0, "")  # turn, the person it last countered

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
        if relief > 6.0:
            return "done"
        if expected_return(r, r.hand) - relief >= 2.0:
            chosen = self.spread(r, partners) if self.people else r.weakest_among(partners)
            return f"player:{chosen}"
        fresh = self.fresh_people(r, partners)
        if fresh and asking_return(r, r.hand) - relief >= 2.0:
            return f"player:{self.spread(r, fresh)}"
        return "done"

    def fresh_people(self, r: Reading, partners: list[str]) -> list[str]:
        """The people among `partners` it has not offered to this phase."""
        turn, done = self.offered
        return [p for p in partners if p in self.people and (turn != r.view.turn
                                                             or p not in done)]

    def spread(self, r: Reading, partners: list[str]) -> str:
        """With people at the table: a person not yet offered to this phase first (the weakest
        such), else the weakest partner as among bots."""
        turn, done = self.offered
        if turn != r.view.turn:
            done = frozenset()
        fresh = self.fresh_people(r, partners)
        chosen = r.weakest_among(fresh or partners)
        self.offered = (r.view.turn, done | {chosen})
        return chosen

    def would_offer(self, r: Reading, person: str) -> bool:
        """Its offering test to a person without a calamity to pass on: a side it can build,
        that costs it little and that the person's side should repay (asked for by name)."""
        if not can_build(r, r.hand):
            return False
        relief = side_loss(r, r.hand, plan_side(r, r.hand))
        back = asking_return(r, r.hand) if person in self.people else expected_return(r, r.hand)
        return relief <= 6.0 and back - relief >= 2.0

    # -- answering --------------------------------------------------------------------------
    def answer(self, r: Reading, detail: Detail | None, options: list[str]) -> str:
        self.asks = []  # a counter's requests are decided anew at each answer
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
        if counter in options and offerer in self.people and self.countered != (
                r.view.turn, offerer):
            pair = wanted_pair(r, r.hand)
            if pair and self.would_take(r, offerer, pair):
                self.asks = pair  # the deal it would take instead, put on the table
                self.countered = (r.view.turn, offerer)  # once a phase: then it refuses
                return counter
        return "no"

    def would_take(self, r: Reading, offerer: str, named: list[str]) -> bool:
        """Whether a counter is worth making: the side it gives when it offers (its own choice
        of cards) against what comes back, as `answer` weighs an offer. A person names the
        commodities asked for (`named`) HONOURED of the time, else gives a side of their
        choosing (as `asking_return` counts a request)."""
        side = plan_side(r, r.hand)
        get = (HONOURED * incoming_value(r, r.hand, named, MIN_CARDS)
               + (1 - HONOURED) * expected_return(r, r.hand))
        margin = 2.0 + 6.0 * max(r.threat(offerer) - 0.6, 0.0)
        return get - side_loss(r, r.hand, side) > margin

    # -- saying why -------------------------------------------------------------------------
    def reason(self, r: Reading, offer: TableOffer) -> str:
        """Why it does not take `offer` as it stands, in its own terms: the same figures as
        `answer` weighs, the largest shortfall named."""
        me = speaker(r, r.me)
        named, count = list(offer.named), offer.count
        side = plan_side(r, r.hand, offer.wants)
        give = side_loss(r, r.hand, side)
        counts = Counter(r.hand)
        gains: list[tuple[float, str]] = []
        for card in named:
            gains.append((gain_of(r, counts, card), card))
            counts[card] += 1
        named_gain = sum(g for g, _ in gains)
        unseen = max(count - len(named), 0)
        unknown = unseen * unknown_card_value(r, Counter(r.hand) + Counter(named))
        margin = 2.0 + 6.0 * max(r.threat(offer.by) - 0.6, 0.0)
        if named_gain - give > margin and unknown < 0:
            cards = "the card" if unseen == 1 else f"the {unseen} cards"
            return f"{me} fears a calamity in {cards} you did not name"
        if named_gain + unknown - give > 2.0 and margin > 2.0:
            return f"{me} asks more of a player as strong as {speaker(r, offer.by)}"
        held = Counter(r.hand)
        useless = sorted({c for g, c in gains if held[c] == 0 and g <= face_value(r.data, c)})
        if useless and named_gain <= give:
            return f"{me} has no use for {' or '.join(commodity(r, c) for c in useless)}"
        costly = costliest(r, r.hand, side)
        if costly:
            return f"{me} wants more for its {commodity(r, costly)}"
        return f"{me} wants more for its cards"

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
        if self.asks and side is not None and side.role == "counter":
            more = [c for c in self.asks if c not in side.wants and c in asks]
            if more:
                return f"card:{more[0]}"
            self.asks = []
            return "yes"
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
