"""The normal bot: a strong heuristic player that sees only its PlayerView.

It grows toward city sites and builds only the cities it can support, attacks an enemy city
when the attack pays and defends its own (growth.py), buys trade cards when their expected
worth beats the price, trades by value and passes its tradable
calamities to the leader or a rival (trading.py), buys advances by what they are worth to it —
victory points, credits, A.S.T. requirements, protection against the calamities it is exposed
to — and pays with the least waste (advances.py), and makes calamity choices that cost it least
and hurt the leader most (choices.py). With the Events module on it takes the display's card
worth most, aims a harmful card at the leader and plays a private card when it helps (events.py),
a siege card only where it turns the attack.

Every decision kind the core asks has a handler method `_<kind>`; a kind without one falls to
the generic choices by option type, so a new decision in the core never stops the bot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from game.core import (
    GROUPS,
    AdvancePrices,
    CancelOffer,
    CardOffers,
    CivilWarSelection,
    Detail,
    EventOption,
    EventStep,
    PaymentSoFar,
    PlayerView,
    Rng,
    TaxRevoltCity,
    TradeAnswer,
    advance_cost,
    advance_costs,
    face_value,
    treasury_value,
)

from . import advances as adv
from . import events as ev
from .cards import block_cards, calamity_cost, gain_of, loss_of
from .choices import (
    harm_score,
    pick_area,
    pick_loss_area,
    pick_number,
    pick_player,
    pick_site,
    units_worth,
)
from .growth import Grower, siege_turns
from .reading import Reading, numbers_in, value_of, with_prefix
from .talk import Remark
from .trading import Trader, commodity

Handler = Callable[[Reading, list[str]], str | None]


class NormalBot:
    name = "normal"
    # How much a point kept (cards, treasury) is worth against a point spent on an advance.
    keep_factor = 0.85

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = Rng.seeded(seed, stream=11)
        self.grower = Grower()
        self.trader = Trader()
        self.detail: Detail | None = None  # the typed facts of the decision asked
        self.errors: list[str] = []  # decisions where the policy failed and played safe
        self.said: Remark | None = None  # what it says with its last answer (talk.py)

    def choose(self, view: PlayerView) -> str:
        pending = view.pending
        if pending is None or not pending.options or pending.player != view.viewer:
            raise ValueError("the bot was asked without a decision of its own")
        options = list(pending.options)
        self.said = None
        if len(options) == 1:
            return options[0]
        r = Reading(view)
        self.detail = pending.detail
        try:
            choice = self.decide(r, pending.kind, options)
        except Exception as err:  # a bot's own bug must never stop a game: it plays safe
            self.errors.append(f"{pending.kind}: {type(err).__name__}: {err}")
            choice = None
        final = str(choice) if choice in options else self.fallback(r, pending.kind, options)
        if self.trader.people and pending.kind == "trade_answer":
            self.said = self.answer_remark(r, final)
        return final

    def answer_remark(self, r: Reading, label: str) -> Remark | None:
        """Why it refused or countered a person's offer, in words for that person."""
        offer = self.detail.offer if isinstance(self.detail, TradeAnswer) else None
        if offer is None or label == "yes" or offer.by not in self.trader.people:
            return None
        try:
            why = self.trader.reason(r, offer)
        except Exception as err:  # words must never stop a game either
            self.errors.append(f"trade reason: {type(err).__name__}: {err}")
            return None
        if label != "no":
            # each commodity is asked for once (the core's review offers it once)
            asks = " and ".join(commodity(r, c) for c in dict.fromkeys(self.trader.asks))
            why += ": it counters with cards of its own" + (f" and asks for {asks}" if asks
                                                           else "")
        return Remark(by=r.me, to=offer.by, text=why + ".", label=label)

    def decide(self, r: Reading, kind: str, options: list[str]) -> str | None:
        handler: Handler | None = getattr(self, "_" + kind, None)
        if handler is not None:
            return handler(r, options)
        return self.generic(r, kind, options)

    # -- generic choices by option type ------------------------------------------------------
    def generic(self, r: Reading, kind: str, options: list[str]) -> str | None:
        first = options[0].split(":", 1)[0]
        if first == "area":
            return pick_area(r, kind, options)
        if first == "player":
            return pick_player(r, kind, options)
        if first == "number":
            return pick_number(r, kind, options)
        if first in ("volcano", "flood", "sea"):
            return pick_site(r, options)
        if first == "card":
            return self._give_card(r, options)
        if first == "advance":
            return self._best_advance(r, options)
        return None

    # -- the Events module (events.py values the cards) ---------------------------------------
    def _event_take(self, r: Reading, options: list[str]) -> str:
        """The display's card worth most; a face-down one at the average of what it can be."""
        return max(options, key=lambda o: (ev.take_value(r.view, o), o))

    def _event_target(self, r: Reading, options: list[str]) -> str:
        """A card striking a chosen player: the viewer if it helps, else the leader."""
        card = ev.card_titled(r.view.pending.prompt if r.view.pending else "")
        me = f"player:{r.me}"
        if card is not None and me in options and ev.strike_value(
                r.view, ev.cards()[card], r.me) > 0:
            return me
        victim = ev.leader(r.view, [value_of(o) for o in options if o != me])
        return f"player:{victim}" if victim else options[0]

    def _event_option(self, r: Reading, options: list[str]) -> str | None:
        detail = self.detail  # the card named by the decision (004:16.3), else by its title
        card = detail.card if isinstance(detail, EventOption) else ev.card_titled(
            r.view.pending.prompt if r.view.pending else "")
        if card is None or not ev.cards()[card].choice:
            return None
        values = [ev.effects_value(r.view, r.me, o) for o in ev.cards()[card].choice]
        return "option:b" if len(values) > 1 and values[1] > values[0] else "option:a"

    def _event_play(self, r: Reading, options: list[str]) -> str:
        """A private event is played when it helps: a window offers a card only where it can
        act for it (a battle it fights, a city attack it can still turn); the best one. A
        siege card is kept unless it turns an attack (one card a window, 004:16.1)."""
        def worth(label: str) -> float:
            cid = value_of(label)
            card = ev.cards().get(cid)
            if card is not None and card.window == "siege" and not siege_turns(r, cid):
                return 0.0
            return ev.play_value(r.view, cid)

        cards = [o for o in options if o.startswith("event:")]
        best = max(cards, key=lambda o: (worth(o), o), default="no")
        return best if best != "no" and worth(best) > 0 else "no"

    def _event_cancel(self, r: Reading, options: list[str]) -> str:
        """Cancellation spent on another player's private event (which always helps it)."""
        offer = self.detail
        if isinstance(offer, CancelOffer) and offer.private and offer.player != r.me:
            return "yes"
        return "no"

    # where and how much inside an event's effect (the one it serves or strikes chooses)
    def _event_place(self, r: Reading, options: list[str]) -> str:
        """A gained token: into the area with most room left under the limit."""
        return "area:" + max(with_prefix(options, "area"),
                             key=lambda a: (r.limit(a) - r.count(a), -r.count(a), a))

    def _event_city_site(self, r: Reading, options: list[str]) -> str:
        """A free city: where most of its tokens stand (they go back to stock, a city pays)."""
        return "area:" + max(with_prefix(options, "area"), key=lambda a: (r.count(a), a))

    def _event_ship(self, r: Reading, options: list[str]) -> str:
        """A free ship: beside the most tokens, which it can carry."""
        return "area:" + max(with_prefix(options, "area"), key=lambda a: (r.count(a), a))

    def _event_spend(self, r: Reading, options: list[str]) -> str:
        """Monasteries: 3 VP for 5 treasury beats any advance; all it may."""
        return f"number:{max(numbers_in(options))}"

    def _event_steps(self, r: Reading, options: list[str]) -> str:
        """Forward on the A.S.T.: never worse, so as far as it may."""
        return f"number:{max(numbers_in(options))}"

    def _event_sea(self, r: Reading, options: list[str]) -> str:
        """Pirates: the sea whose coasts hold most cities of others and fewest of its own."""
        def hurt(label: str) -> tuple[int, str]:
            sea = r.map.seas.get(value_of(label))
            owners = [r.board.cities.get(a) for a in (sea.borders if sea else ())]
            return (sum(1 for o in owners if o not in (None, r.me)) * 2
                    - sum(1 for o in owners if o == r.me), label)
        return max(options, key=hurt)

    def _event_enemy(self, r: Reading, options: list[str]) -> str:
        """A mortal enemy: the one with most tokens on the board (the most to win from)."""
        return max(options, key=lambda o: (sum(here.get(value_of(o), 0)
                                               for here in r.board.tokens.values()), o))

    def _event_marker_area(self, r: Reading, options: list[str]) -> str:
        """A revolt placed by the one drawn to choose: on another's city (it pays no tax and
        Unrest may reduce it), on its own nation where it costs least (no city, fewest tokens)."""
        detail = self.detail
        victim = detail.player if isinstance(detail, EventStep) and detail.player else r.me
        areas = with_prefix(options, "area")

        def harm(a: str) -> tuple[int, int, str]:
            return (r.board.cities.get(a) == victim, r.count(a, victim), a)

        return "area:" + (min(areas, key=harm) if victim == r.me else max(areas, key=harm))

    def _event_ship_lost(self, r: Reading, options: list[str]) -> str:
        """Lost at Sea: its own ship where it carries least; another's where it carries most."""
        detail = self.detail
        owner = detail.player if isinstance(detail, EventStep) and detail.player else r.me
        areas = with_prefix(options, "area")

        def carries(a: str) -> tuple[int, str]:
            return (r.count(a, owner), a)

        return "area:" + (min(areas, key=carries) if owner == r.me else max(areas, key=carries))

    def _event_lose(self, r: Reading, options: list[str]) -> str:
        return pick_loss_area(r, options)

    def fallback(self, r: Reading, kind: str, options: list[str]) -> str:
        for preferred in ("done", "no"):
            if preferred in options:
                return preferred
        return options[0]

    # -- phase 1: tax ------------------------------------------------------------------------
    def _tax_rate(self, r: Reading, options: list[str]) -> str:
        rates = sorted(numbers_in(options))
        cities = max(r.mine.cities, 1)
        growth = sum(2 if r.count(a) >= 2 else 1 for a in r.my_areas)
        stock = r.mine.stock
        for rate in reversed(rates):
            if rate * cities <= stock - growth:
                return f"number:{rate}"
        paying = [rt for rt in rates if rt * cities <= stock]
        return f"number:{paying[-1] if paying else rates[0]}"

    def _tax_revolt_city(self, r: Reading, options: list[str]) -> str:
        detail = r.view.pending.detail if r.view.pending else None
        if isinstance(detail, TaxRevoltCity) and detail.beneficiary:  # the city comes to us
            areas = with_prefix(options, "area")
            return "area:" + max(areas, key=lambda a: (
                sum(r.count(n) for n in r.map.land.get(a, ())), r.map.areas[a].pop, a))
        return pick_loss_area(r, options)

    # -- phases 2, 3, 5: growth --------------------------------------------------------------
    def _expansion_area(self, r: Reading, options: list[str]) -> str:
        return self.grower.expansion_area(r, options)

    def _movement_area(self, r: Reading, options: list[str]) -> str:
        return self.grower.movement_area(r, options)

    def _movement_action(self, r: Reading, options: list[str]) -> str:
        return self.grower.movement_action(r, options)

    def _movement_tokens(self, r: Reading, options: list[str]) -> str:
        return self.grower.movement_tokens(r, options)

    def _build_city(self, r: Reading, options: list[str]) -> str:
        return self.grower.build_city(r, options)

    def _city_treasury_tokens(self, r: Reading, options: list[str]) -> str:
        return self.grower.city_treasury_tokens(r, options)

    def _city_adjacent_tokens(self, r: Reading, options: list[str]) -> str:
        return self.grower.city_adjacent_tokens(r, options)

    def _reduce_unsupported_city(self, r: Reading, options: list[str]) -> str:
        return pick_loss_area(r, options)

    def _ship_upkeep(self, r: Reading, options: list[str]) -> str:
        return "number:1" if "number:1" in options else pick_loss_area(r, options)

    def _ship_destination(self, r: Reading, options: list[str]) -> str:
        return self.grower.ship_destination(r, options)

    def _ship_cargo(self, r: Reading, options: list[str]) -> str:
        return self.grower.ship_cargo(r, options)

    def _ship_payment_token(self, r: Reading, options: list[str]) -> str:
        areas = with_prefix(options, "area")
        return "area:" + max(areas, key=lambda a: (r.count(a) - r.limit(a), a))

    # -- phase 4: conflict -------------------------------------------------------------------
    def _conflict_loss(self, r: Reading, options: list[str]) -> str:
        areas = [o for o in options if o.startswith("area:")]
        return pick_loss_area(r, areas) if areas else options[0]

    def _plunder_card(self, r: Reading, options: list[str]) -> str:
        return "yes"

    def _plunder_treasury(self, r: Reading, options: list[str]) -> str:
        return f"number:{max(numbers_in(options))}"

    # -- phase 6: trade cards ----------------------------------------------------------------
    def _buy_trade_card(self, r: Reading, options: list[str]) -> str:
        detail = r.view.pending.detail if r.view.pending else None
        prices = dict(detail.offers) if isinstance(detail, CardOffers) else {}
        hand = Counter(r.hand)
        if len(r.hand) >= r.hand_limit():
            return "done"
        per_token = treasury_value(r.data, r.mine.advances)
        best, best_gain = "done", 0.0
        for stack in numbers_in(options):
            price = prices.get(stack, 15)
            worth = self.draw_worth(r, hand, stack)
            gain = worth - price * per_token * 0.9
            if gain > best_gain:
                best, best_gain = f"number:{stack}", gain
        return best

    def draw_worth(self, r: Reading, hand: Counter[str], stack: int) -> float:
        """Expected points of the top card of a stack: its commodities and calamities, as the
        set-up lists them, minus what the viewer holds."""
        cards = [(c, n) for c, s, n in block_cards(r.view.config.setup, r.view.config.ruleset,
                                                   r.mine.block) if s == stack]
        total = sum(n for _, n in cards)
        if not total:
            return 0.0
        worth = 0.0
        for card, n in cards:
            held = hand.get(card, 0)
            left = max(n - held, 0)
            if calamity_cost(r, card):
                trade_away = 0.5 if r.calamity(card) != "non_tradable" else 1.0
                worth -= left * calamity_cost(r, card) * trade_away
            else:
                worth += left * (gain_of(r, hand, card) + 2.0)  # +2: currency for trades
        return worth / total

    # -- phase 7: trade ----------------------------------------------------------------------
    def _trade_partner(self, r: Reading, options: list[str]) -> str:
        return self.trader.partner(r, options)

    def _trade_answer(self, r: Reading, options: list[str]) -> str:
        return self.trader.answer(r, self.detail, options)

    def _trade_card(self, r: Reading, options: list[str]) -> str:
        return self.trader.pick_card(r, self.detail, options)

    def _trade_name(self, r: Reading, options: list[str]) -> str:
        return self.trader.name(r, options)

    def _trade_review(self, r: Reading, options: list[str]) -> str:
        return self.trader.review(r, self.detail, options)

    # -- phase 10: special abilities ---------------------------------------------------------
    def _special_ability(self, r: Reading, options: list[str]) -> str:
        for label in options:
            if label != "advance:diaspora" and label.startswith("advance:"):
                return label
        return "done"

    def _fundamentalism_area(self, r: Reading, options: list[str]) -> str:
        areas = [o for o in options if o.startswith("area:")]
        if not areas:
            return "done"
        pick = pick_area(r, "fundamentalism_area", areas)
        return pick if harm_score(r, value_of(pick)) > 2.0 else "done"

    def _politics(self, r: Reading, options: list[str]) -> str:
        areas = [o for o in options if o.startswith("area:")]
        if areas:
            pick = pick_area(r, "monotheism_area", areas)
            if r.foreign_in(value_of(pick)) >= 5:
                return pick
        numbers = numbers_in(options)
        return f"number:{max(numbers)}" if numbers else "done"

    def _provincial_empire_player(self, r: Reading, options: list[str]) -> str:
        players = [o for o in options if o.startswith("player:")]
        return pick_player(r, "provincial_empire_player", players) if players else "done"

    def _trade_routes_card(self, r: Reading, options: list[str]) -> str:
        hand = Counter(r.hand)
        per_token = treasury_value(r.data, r.mine.advances)
        cards = [c for c in with_prefix(options, "card")
                 if 2 * face_value(r.data, c) * per_token > loss_of(r, hand, c) + 1]
        if not cards:
            return "done"
        return "card:" + min(cards, key=lambda c: (loss_of(r, hand, c), c))

    def _universal_doctrine_area(self, r: Reading, options: list[str]) -> str:
        areas = [o for o in options if o.startswith("area:")]
        return max(areas, key=lambda o: (r.foreign_in(value_of(o)), o)) if areas else "done"

    def _universal_doctrine_city(self, r: Reading, options: list[str]) -> str:
        return "yes"

    def _universal_doctrine_count(self, r: Reading, options: list[str]) -> str:
        numbers = numbers_in(options)
        return f"number:{max(numbers)}" if numbers else "done"

    def _monotheism_area(self, r: Reading, options: list[str]) -> str:
        areas = [o for o in options if o.startswith("area:")]
        return pick_area(r, "monotheism_area", areas) if areas else "done"

    def _diaspora_source(self, r: Reading, options: list[str]) -> str:
        return "done"

    # -- phase 12: advances ------------------------------------------------------------------
    def advance_value(self, r: Reading, aid: str, price: int) -> float:
        """What owning the advance is worth, less what its price is worth kept."""
        return adv.advance_worth(r, aid) - self.keep_factor * price

    def advance_net(self, r: Reading, aid: str, price: int) -> float:
        """What buying the advance now gains, after what its payment throws away."""
        return self._after_payment(r, self.advance_value(r, aid, price), price)

    def _after_payment(self, r: Reading, value: float, price: int) -> float:
        hand = Counter(c for c in r.hand if face_value(r.data, c) > 0)
        per_token = treasury_value(r.data, r.mine.advances)
        plan = adv.plan_payment(hand, r.mine.treasury, per_token, price)
        if plan is None:
            return float("-inf")
        return value - 0.8 * plan.overpay

    def _advance_choice(self, r: Reading, options: list[str]) -> str:
        prices = dict(self.detail.prices) if isinstance(self.detail, AdvancePrices) else {}
        best, best_net = "done", 0.0
        for aid in with_prefix(options, "advance"):
            price = prices.get(aid)
            if price is None:
                me = r.mine
                price = advance_cost(r.data, aid, me.advances, dict(me.credits))
            value = self.advance_value(r, aid, price)
            if value <= best_net:
                continue  # its payment only takes from it: it cannot beat the best so far
            net = self._after_payment(r, value, price)
            if net > best_net:
                best, best_net = f"advance:{aid}", net
        return best

    def _advance_payment(self, r: Reading, options: list[str]) -> str:
        payment = self.detail
        if not isinstance(payment, PaymentSoFar):
            return self.fallback(r, "advance_payment", options)
        counts = Counter(c for c in r.hand if face_value(r.data, c) > 0)
        counts.subtract(Counter(payment.cards))  # handed in, still in the hand until paid
        rest = payment.rest
        per_token = treasury_value(r.data, r.mine.advances)
        plan = adv.plan_payment(+counts, r.mine.treasury, per_token, rest)
        if plan is not None:
            for card in plan.sets:
                if f"card:{card}" in options:
                    return f"card:{card}"
            tokens = f"number:{plan.treasury}"
            if tokens in options:
                return tokens
        numbers = [o for o in options if o.startswith("number:")]
        if numbers:
            return numbers[0]
        cards = with_prefix(options, "card")
        if cards:
            card = min(cards, key=lambda c: (counts[c] * counts[c] * face_value(r.data, c), c))
            return f"card:{card}"
        return "no"

    def _advance_stand_in(self, r: Reading, options: list[str]) -> str:
        hand = Counter(r.hand)
        cards = with_prefix(options, "card")
        if not cards:
            return "no"
        return "card:" + min(cards, key=lambda c: (loss_of(r, hand, c), c))

    def _advance_credits(self, r: Reading, options: list[str]) -> str:
        me = r.mine
        credits = dict(me.credits)
        step = r.data.numbers["extra_credit_step"]
        now = advance_costs(r.data, me.advances, credits)

        def saving(index: int) -> float:
            group = GROUPS[index]
            more = dict(credits)
            more[group] = more.get(group, 0) + step
            after = advance_costs(r.data, me.advances, more)
            return sum(now[t] - after[t] for t in r.for_sale())

        return "number:" + str(max(numbers_in(options), key=lambda i: (saving(i), -i)))

    def _anatomy_gift(self, r: Reading, options: list[str]) -> str:
        return self._best_advance(r, options) or "no"

    def _best_advance(self, r: Reading, options: list[str]) -> str | None:
        aids = with_prefix(options, "advance")
        if not aids:
            return None
        return "advance:" + max(aids, key=lambda a: (adv.advance_worth(r, a), a))

    def _hand_limit(self, r: Reading, options: list[str]) -> str:
        return self._give_card(r, options)

    def _give_card(self, r: Reading, options: list[str]) -> str:
        """A card leaves the hand: the one missed least (a calamity first)."""
        hand = Counter(r.hand)
        cards = with_prefix(options, "card")
        if not cards:
            return options[0]
        return "card:" + min(cards, key=lambda c: (-calamity_cost(r, c), loss_of(r, hand, c),
                                                   face_value(r.data, c), c))

    # -- calamities with a yes / no --------------------------------------------------------------
    def _city_in_flames_pay(self, r: Reading, options: list[str]) -> str:
        return "yes"

    def _banditry_pay(self, r: Reading, options: list[str]) -> str:
        return "yes" if r.mine.treasury >= 12 else "no"

    def _regression_cancel(self, r: Reading, options: list[str]) -> str:
        return "no"

    def _civil_war_keep(self, r: Reading, options: list[str]) -> str:
        return "yes"

    def _civil_war_select(self, r: Reading, options: list[str]) -> str:
        areas = with_prefix(options, "area")
        detail = self.detail
        if (isinstance(detail, CivilWarSelection) and detail.first_faction
                and detail.victim == r.me):  # the victim builds the faction it will keep
            return "area:" + max(areas, key=lambda a: (units_worth(r, a, r.me), a))
        return pick_area(r, "civil_war_select", options)

    def _iconoclasm_spare_card(self, r: Reading, options: list[str]) -> str:
        hand = Counter(r.hand)
        cards = with_prefix(options, "card")
        cheap = [c for c in cards if loss_of(r, hand, c) < 12]
        if not cheap:
            return "no" if "no" in options else "card:" + cards[0]
        return "card:" + min(cheap, key=lambda c: (loss_of(r, hand, c), c))

    def _attack_wait(self, r: Reading, options: list[str]) -> str:
        return "yes"
