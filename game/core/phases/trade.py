"""Phase 7, trade (rules §4 phase 7): offers, counter-offers, acceptance and refusal.

The protocol, one pick at a time
--------------------------------
1. Turns. Players take turns in A.S.T. ranking order (the order of `state.players`), round after
   round. On their turn a player picks a partner, `player:X`, to make an offer, or passes with
   `done`. Any other player holding at least 3 cards may be picked, whatever their block (hand
   sizes are public; what is in the hand is not). A player who cannot make an offer (no offers
   left, fewer than 3 tradable cards or 2 commodities among them, or nobody to offer to) passes
   without a decision. The phase ends when every player has passed in a row.
2. Building a side. The player picks the cards they give one at a time (`card:ID`) and may stop
   with `done` once at least 3 are chosen, 2 of them commodities. Then they name the 2
   commodities they declare (`card:ID`, then `card:ID`), chosen from the commodity cards of that
   side, so a declaration is true by construction. A pick with one possible answer is automatic.
3. The offer. A finished side made on one's turn is an offer: TradeOffered tells everyone who
   offers to whom, the 2 named commodities and the number of cards, never the other cards.
4. The answer. The partner picks
   - `yes`: accept. They build their own side (step 2), and as soon as it is named both sides
     change hands at once (TradeAccepted, naming the accepter's 2 commodities and count). The
     offerer is bound by the offer they made.
   - `no`: refuse (TradeRefused). Nothing changes hands.
   - `player:<offerer>`: counter. They build a side of their own; it replaces the offer on the
     table (the old one is withdrawn) and goes back to the first player, who answers it the same
     way. Counters may go back and forth.
   `yes` and the counter are offered only to a player who can build a legal side.
5. The turn passes to the next player in ranking order after the one who made the first offer.

Open bargaining (when the game's config sets `open_bargaining`; older games keep the steps above
so their action logs replay):
6. Review. Once the 2 commodities are named, the builder of a side is asked `trade_review`:
   `card:ID` asks for that commodity by name (up to `trade_requests_most`, offers and counters
   only), `yes` sends the offer (or, accepting, hands the side over), `no` cancels.
7. Cancel (`no`, offered while a side is built, named or reviewed). A first offer is withdrawn
   unseen and the turn passes on; a counter is withdrawn and the offer it answered is back on
   the table; an acceptance is taken back and the offer waits for a new answer. Cancelling an
   acceptance uses one of the accepter's offers, and is offered only while some are left.
8. Requests. What an offer asks for travels with it (TradeOffered.wants) and closes the answer's
   prompt ("They ask for wine and gold."). Like everything said at the table beyond the 2 named
   commodities and the count, a request binds nobody (rules §4 phase 7).
9. Passing. `done` passes this round; `no` passes for the rest of the phase: that player makes
   no more offers (they may still answer offers made to them).

Bounds: every offer and counter-offer uses one of its maker's `trade_offers_per_player` (a house
limit standing in for the rules' 10-minute timer), so a phase with random bots always ends.

Hidden information: the cards of a side live only in the phase's progress (`Trade`) and in the
detail of its builder's decisions (`TradeSideSoFar`, which the view shows to the decider only).
Prompts (which the view shows to every player) name only what is announced at the table:
players, the 2 named commodities and counts; the detail of an answer (`TradeAnswer`) holds the
same.

Decisions on unclear rules
--------------------------
- Water cards are cards: they may be given and count toward the 3 cards and the declared total,
  but they are not commodities, so they can never be one of the 2 named.
- The 2 named commodities are 2 commodity cards of the side; both may be the same commodity when
  the side holds 2 of it (the rules ask for a truthful naming, not for two kinds).
- Minor calamities travel like tradable majors (seed 001 marks every minor "tradable", e.g.
  29.2.3); only the rule set's non-tradable calamities stay in the hand.
- Every card received in a trade records its giver in HandCard.traded_by (the field means "who
  last traded this card to the holder"); for a tradable calamity that giver is its beneficiary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..gamedata import Calamity, GameData
from ..ops import give_card, take_card
from ..state import Detail, GameState, HandCard, Progress, detail_type
from ..words import Words, joined, ref, say

RULE = "rules:phase-7"


@dataclass(frozen=True, kw_only=True)
class TradeOffered(Event):
    player: str  # who offers
    partner: str  # to whom
    named: tuple[str, ...]  # the 2 commodities declared
    count: int  # cards offered
    counter: bool = False  # a counter-offer replacing the partner's offer
    wants: tuple[str, ...] = ()  # commodities asked for by name (open bargaining; not binding)


@dataclass(frozen=True, kw_only=True)
class TradeAccepted(Event):
    player: str  # who accepted
    partner: str  # whose offer
    named: tuple[str, ...]  # the accepter's 2 declared commodities
    count: int  # cards the accepter gave


@dataclass(frozen=True, kw_only=True)
class TradeRefused(Event):
    player: str  # who refused
    partner: str  # whose offer


# --- Progress ---------------------------------------------------------------------------------


@dataclass(kw_only=True)
class Offer:
    """A side on the table: its cards are seen by its maker only."""

    by: str
    to: str
    cards: list[str] = field(default_factory=list)
    named: list[str] = field(default_factory=list)
    wants: list[str] = field(default_factory=list)  # asked for by name (open bargaining)


@dataclass(kw_only=True)
class Side(Offer):
    """A side being built: cards picked, then (`closed`) its 2 commodities named, then (open
    bargaining) reviewed; `accept` when it answers an offer by accepting it."""

    closed: bool = False
    accept: bool = False
    reviewed: bool = False


@dataclass(kw_only=True)
class Deal:
    """One negotiation: the offer on the table (None before the first is made) and the side
    being built (None while the offer waits for an answer)."""

    offer: Offer | None = None
    side: Side | None = None


@dataclass(kw_only=True)
class Trade(Progress):
    KIND = "phase:trade"
    seat: int = 0  # whose turn it is to offer, in ranking order
    passes: int = 0  # passes in a row
    offers: dict[str, int] = field(default_factory=dict)  # offers and counters made, per player
    out: list[str] = field(default_factory=list)  # passed for the whole phase
    deal: Deal | None = None


# --- What a decision shows its decider ----------------------------------------------------------


@dataclass(frozen=True)
class TableOffer:
    """An offer as the table heard it: who made it, how many cards, the commodities named and
    what it asks for."""

    by: str
    count: int
    named: tuple[str, ...]
    wants: tuple[str, ...] = ()


@detail_type
@dataclass(frozen=True)
class TradePartnerChoice(Detail):
    """`trade_partner`: whom the decider may offer to, and how many offers they have left."""

    offers_left: int
    may_leave: bool  # `no` passes for the whole phase (open bargaining)


@detail_type
@dataclass(frozen=True)
class TradeAnswer(Detail):
    """`trade_answer`: the offer made to the decider."""

    offer: TableOffer
    may_counter: bool


@detail_type
@dataclass(frozen=True)
class TradeSideSoFar(Detail):
    """`trade_card`, `trade_name`, `trade_review`: the decider's own side so far (theirs only
    to see), whom it goes to and as what, and the offer it answers, if any."""

    role: Literal["offer", "counter", "accept"]
    partner: str
    cards: tuple[str, ...]
    named: tuple[str, ...]
    wants: tuple[str, ...]
    least: int  # cards a side needs
    commodities: int  # commodities it names
    answering: TableOffer | None = None


# --- What may be traded ------------------------------------------------------------------------


def min_cards(data: GameData) -> int:
    return data.numbers["trade_min_cards_each"]


def named_commodities(data: GameData) -> int:
    return data.numbers["trade_named_commodities"]


def offer_limit(data: GameData) -> int:
    return data.numbers["trade_offers_per_player"]


def requests_most(data: GameData) -> int:
    return data.numbers["trade_requests_most"]


def open_bargaining(state: GameState) -> bool:
    return state.config.open_bargaining


def is_commodity(data: GameData, card: str) -> bool:
    return card in data.commodities


def is_tradable(state: GameState, card: str) -> bool:
    """Everything but the rule set's non-tradable calamities (rules §4 phase 7)."""
    return _tradable(state.ruleset.calamities, card)


def _tradable(calamities: Mapping[str, Calamity], card: str) -> bool:
    calamity = calamities.get(card)
    return calamity is None or calamity.kind != "non_tradable"


def tradable_cards(state: GameState, player: str) -> list[str]:
    calamities = state.ruleset.calamities  # once, not per card: asked at every pick of a side
    return [h.card for h in state.players[player].hand if _tradable(calamities, h.card)]


def can_build_side(state: GameState, player: str) -> bool:
    """Holds enough tradable cards, with enough commodities among them to name."""
    return _closable(state.data, tradable_cards(state, player))


def _closable(data: GameData, cards: list[str]) -> bool:
    return (len(cards) >= min_cards(data)
            and sum(is_commodity(data, c) for c in cards) >= named_commodities(data))


def side_problem(state: GameState, player: str, cards: list[str], named: list[str]) -> str:
    """Why a side breaks the rules ("" when it is legal): the core checks every side before any
    card changes hands, so a trade never needs reversing."""
    data = state.data
    least, want_named = min_cards(data), named_commodities(data)
    if len(cards) < least:
        return f"fewer than {least} cards"
    if Counter(cards) - Counter(h.card for h in state.players[player].hand):
        return "cards not in the hand"
    if not all(is_tradable(state, c) for c in cards):
        return "a non-tradable calamity"
    if len(named) != want_named or not all(is_commodity(data, c) for c in named):
        return f"not {want_named} named commodities"
    if Counter(named) - Counter(cards):
        return "a named commodity that is not in the offer"
    return ""


def offered_cards(state: GameState, player: str) -> list[str]:
    """The cards `player` has put into the side they are building or the offer they have on the
    table: theirs to see (a client may show them to that player only)."""
    for task in state.tasks:
        trade = task.data if isinstance(task.data, Trade) else None
        if trade is None or trade.deal is None:
            continue
        for side in (trade.deal.side, trade.deal.offer):
            if side is not None and side.by == player:
                return list(side.cards)
    return []


# --- Turns ------------------------------------------------------------------------------------


def _partners(state: GameState, player: str, d: Trade) -> list[str]:
    if d.offers.get(player, 0) >= offer_limit(state.data) or not can_build_side(state, player):
        return []
    if player in d.out:
        return []
    least = min_cards(state.data)
    return [p.id for p in state.players.values() if p.id != player and len(p.hand) >= least]


def _step(state: GameState, d: Trade, events: list[Event]) -> None:
    if d.deal is not None:
        _deal_step(state, d, d.deal, events)
        return
    order = list(state.players)
    while d.passes < len(order):
        player = order[d.seat % len(order)]
        partners = _partners(state, player, d)
        if partners:
            left = offer_limit(state.data) - d.offers.get(player, 0)
            passes = ["done", "no"] if open_bargaining(state) else ["done"]
            rest = " for this round (done) or for the whole phase (no)" if len(passes) > 1 else ""
            ask(state, player, "trade_partner",
                f"Trade: choose a player to make an offer to ({left} offers left), or pass{rest}",
                [*(labels.make("player", p) for p in partners), *passes], RULE,
                TradePartnerChoice(offers_left=left, may_leave=len(passes) > 1))
            return
        _pass(d, len(order))
    done(state, d)


def _pass(d: Trade, players: int) -> None:
    d.passes += 1
    d.seat = (d.seat + 1) % players


def _choose(state: GameState, d: Trade, label: str, events: list[Event]) -> None:
    if d.deal is not None:
        _deal_choose(state, d, d.deal, label, events)
        return
    order = list(state.players)
    player = order[d.seat % len(order)]
    if label in ("done", "no"):
        if label == "no":  # out of the phase: no more offers of one's own
            d.out.append(player)
        _pass(d, len(order))
        return
    partner = labels.value(label)
    _count_offer(d, player)
    d.passes = 0
    d.seat = (d.seat + 1) % len(order)
    d.deal = Deal(side=Side(by=player, to=partner))


def _count_offer(d: Trade, player: str) -> None:
    d.offers[player] = d.offers.get(player, 0) + 1


# --- One negotiation -----------------------------------------------------------------------


def _deal_step(state: GameState, d: Trade, deal: Deal, events: list[Event]) -> None:
    side = deal.side
    if side is None:
        _ask_answer(state, d, deal, events)
        return
    if len(side.named) < named_commodities(state.data):
        options, prompt = _side_options(state, side)
        if _may_cancel(state, d, side):
            options.append("no")
        if len(options) > 1:
            kind = "trade_name" if side.closed else "trade_card"
            ask(state, side.by, kind, prompt, options, RULE, _side_detail(state, deal, side))
        else:
            _pick(side, options[0])  # one possible answer: no decision
        return
    if open_bargaining(state) and not side.reviewed:
        _ask_review(state, d, deal, side)
        return
    if side.accept:
        assert deal.offer is not None
        _exchange(state, deal.offer, side, events)
        d.deal = None
        return
    events.append(TradeOffered(player=side.by, partner=side.to, named=tuple(side.named),
                               count=len(side.cards), counter=deal.offer is not None,
                               wants=tuple(side.wants), rule=RULE))
    deal.offer = Offer(by=side.by, to=side.to, cards=list(side.cards), named=list(side.named),
                       wants=list(side.wants))
    deal.side = None


def _shown(offer: Offer) -> TableOffer:
    """What the table heard of an offer."""
    return TableOffer(by=offer.by, count=len(offer.cards), named=tuple(offer.named),
                      wants=tuple(offer.wants))


def _side_detail(state: GameState, deal: Deal, side: Side) -> TradeSideSoFar:
    role: Literal["offer", "counter", "accept"] = (
        "accept" if side.accept else "counter" if deal.offer is not None else "offer")
    return TradeSideSoFar(
        role=role, partner=side.to, cards=tuple(side.cards), named=tuple(side.named),
        wants=tuple(side.wants), least=min_cards(state.data),
        commodities=named_commodities(state.data),
        answering=_shown(deal.offer) if deal.offer is not None else None)


def _side_options(state: GameState, side: Side) -> tuple[list[str], Words | str]:
    """The picks open to the builder of a side, and the prompt (counts only: others see it)."""
    data = state.data
    least, named = min_cards(data), named_commodities(data)
    cards = side.cards
    if side.closed:
        left = _left_over([c for c in cards if is_commodity(data, c)], side.named)
        which = "first" if not side.named else "second"
        return ([labels.make("card", c) for c in left],
                f"Name the {which} of the {named} commodities you declare in your offer")
    options = [labels.make("card", c) for c in _left_over(tradable_cards(state, side.by), cards)]
    if _closable(data, cards):
        options.append("done")
    verb = "accepting the offer of" if side.accept else "offering to"
    return options, say(f"Trade, {verb} {{to}}: choose a card to give ({{n}} chosen; at least "
                        f"{least}, {named} of them commodities)", to=ref("player", side.to),
                        n=len(cards))


def _left_over(cards: list[str], taken: list[str]) -> list[str]:
    """The different cards of `cards` still there once `taken` are taken out, sorted (as
    `sorted(Counter(cards) - Counter(taken))`, without two Counters at every pick)."""
    left: dict[str, int] = {}
    for card in cards:
        left[card] = left.get(card, 0) + 1
    for card in taken:
        left[card] = left.get(card, 0) - 1
    return sorted(card for card, n in left.items() if n > 0)


def _may_cancel(state: GameState, d: Trade, side: Side) -> bool:
    """Open bargaining lets a side be called off; taking back an acceptance costs an offer, so
    that a phase still always ends."""
    if not open_bargaining(state):
        return False
    return not side.accept or d.offers.get(side.by, 0) < offer_limit(state.data)


def _ask_review(state: GameState, d: Trade, deal: Deal, side: Side) -> None:
    wants = side.wants
    options = ["yes"]
    if _may_cancel(state, d, side):
        options.append("no")
    if not side.accept and len(wants) < requests_most(state.data):
        options += [labels.make("card", c) for c in sorted(state.data.commodities)
                    if c not in wants]
    # counts only, as everywhere while a side is built: the cards stay unseen until sent
    if side.accept:
        prompt = say("Trade, accepting the offer of {to}: hand over your {n} cards (yes), or "
                     "take the acceptance back (no)", to=ref("player", side.to), n=len(side.cards))
    else:
        prompt = say("Trade, offering to {to}: review your {n} cards ({asked} asked for). Ask "
                     "for a commodity by name (card), send the offer (yes) or cancel it (no)",
                     to=ref("player", side.to), n=len(side.cards), asked=len(wants))
    ask(state, side.by, "trade_review", prompt, options, RULE, _side_detail(state, deal, side))


def _cancel(d: Trade, deal: Deal, side: Side) -> None:
    if side.accept:
        _count_offer(d, side.by)
    if deal.offer is None:
        d.deal = None  # a first offer, withdrawn before anyone saw it
    else:
        deal.side = None  # the offer on the table waits for a new answer


def _review(side: Side, label: str) -> None:
    if label == "yes":
        side.reviewed = True
    else:
        side.wants.append(labels.value(label))


def _pick(side: Side, label: str) -> None:
    if side.closed:
        side.named.append(labels.value(label))
    elif label == "done":
        side.closed = True
    else:
        side.cards.append(labels.value(label))


def _ask_answer(state: GameState, d: Trade, deal: Deal, events: list[Event]) -> None:
    offer = deal.offer
    assert offer is not None
    answerer, offerer = offer.to, offer.by
    options = ["no"]
    if can_build_side(state, answerer):
        options.append("yes")
        if d.offers.get(answerer, 0) < offer_limit(state.data):
            options.append(labels.make("player", offerer))
    if options == ["no"]:  # nothing to give back: refusing is the only answer
        _refuse(d, answerer, offerer, events)
        return
    shown = _shown(offer)
    counter = f" or make a counter-offer (player:{offerer})" if len(options) > 2 else ""
    asked = [". They ask for ", *joined(shown.wants, "card"), "."] if shown.wants else ""
    ask(state, answerer, "trade_answer",
        say("{offerer} offers you {count} cards, among them {named}: accept (yes, then choose "
            "yours), refuse (no){counter}{asked}", offerer=ref("player", offerer),
            count=shown.count, named=joined(shown.named, "card"), counter=counter, asked=asked),
        options, RULE,
        TradeAnswer(offer=shown, may_counter=len(options) > 2))


def _refuse(d: Trade, player: str, partner: str, events: list[Event]) -> None:
    events.append(TradeRefused(player=player, partner=partner, rule=RULE))
    d.deal = None


def _deal_choose(state: GameState, d: Trade, deal: Deal, label: str,
                 events: list[Event]) -> None:
    side = deal.side
    if side is not None:
        if label == "no":
            _cancel(d, deal, side)
        elif len(side.named) >= named_commodities(state.data):
            _review(side, label)
        else:
            _pick(side, label)
        return
    offer = deal.offer
    assert offer is not None
    if label == "no":
        _refuse(d, offer.to, offer.by, events)
        return
    counter = label != "yes"
    if counter:
        _count_offer(d, offer.to)
    deal.side = Side(by=offer.to, to=offer.by, accept=not counter)


def _exchange(state: GameState, offer: Offer, side: Side, events: list[Event]) -> None:
    """Both sides change hands at the same time, after both are checked."""
    for s in (offer, side):
        problem = side_problem(state, s.by, s.cards, s.named)
        if problem:
            raise RuntimeError(f"an illegal trade side from {s.by}: {problem}")
    given: list[tuple[str, str, list[HandCard]]] = [
        (s.by, s.to, [take_card(state, s.by, c) for c in s.cards]) for s in (offer, side)
    ]
    for giver, taker, cards in given:
        for held in cards:
            give_card(state, taker, held.card, traded_by=giver)
    events.append(TradeAccepted(player=side.by, partner=side.to, named=tuple(side.named),
                                count=len(side.cards), rule=RULE))


register(Trade, _step, _choose)
