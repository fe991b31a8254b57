"""Bots that bargain with people (issue 39): solo games of 5 players in which one seat is driven
through the person's side of the trade protocol, and what the bots do with it.

The person seat offers by a simple rule and answers every offer made to it; its other decisions
(growth, cities, advances, ...) are a normal bot's, so it keeps up with the table. The four
bots are normal bots seated as the client seats them (`BotSeats`: told which seat a person
plays) on the real map with open bargaining, as New game starts a solo game.

The person's rule:
- offer twice per trade phase (when it can), to the bots in turn (the partner after the last);
- give the commodities it holds one of, lowest first (never a calamity unless nothing else
  is left to give), name its two highest commodities, ask for the commodity it holds most of;
- accept an offer that names a commodity it already holds, else refuse; accepting, give as
  when offering.

Printed: games in which bots offered to the person, offers per game both ways, acceptance
rates both ways (and counters), every refusal the person got with or without a reason, and
examples of the reasons' words.

    python bench/bargain.py [--games 20] [--max-turns 0] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.bots import make_bot  # noqa: E402
from game.bots.seats import BotSeats  # noqa: E402
from game.bots.talk import Remark  # noqa: E402
from game.core import (  # noqa: E402
    Action,
    GameConfig,
    PlayerView,
    TradeAccepted,
    TradeOffered,
    TradeRefused,
    TradeSideSoFar,
    apply,
    face_value,
    load_game_data,
    new_game,
    view,
)
from game.maps.files import load_map_file  # noqa: E402

MAP = ROOT / "maps" / "oikoumene.json"
KINDS = ("wants more for its", "has no use for", "fears a calamity", "asks more of",
         "has no side to give back")
OFFERS = 2  # the person's offers in a trade phase (of the 3 the rules' house limit allows)
TRADE_KINDS = ("trade_partner", "trade_card", "trade_name", "trade_review", "trade_answer")


class SimplePerson:
    """The person's side of the trade protocol, by a simple rule (see the module's text)."""

    def __init__(self, me: str) -> None:
        self.me = me
        self.offered_turn = -1
        self.made = 0  # offers made this phase
        self.next = 0

    def choose(self, seen: PlayerView) -> str:
        pending = seen.pending
        assert pending is not None
        options = list(pending.options)
        data = load_game_data()
        hand = Counter(h.card for h in seen.hand)
        cards = [o.split(":", 1)[1] for o in options if o.startswith("card:")]
        if pending.kind == "trade_partner":
            partners = sorted(o for o in options if o.startswith("player:"))
            if seen.turn != self.offered_turn:
                self.offered_turn, self.made = seen.turn, 0
            if self.made >= OFFERS or not partners:
                return "done"
            self.made += 1
            self.next += 1
            return partners[self.next % len(partners)]
        if pending.kind == "trade_card":
            if "done" in options:
                return "done"
            goods = [c for c in cards if face_value(data, c) > 0]
            pick = min(goods or cards, key=lambda c: (hand[c] > 1, face_value(data, c), c))
            return f"card:{pick}"
        if pending.kind == "trade_name":
            return "card:" + max(cards, key=lambda c: (face_value(data, c), c))
        if pending.kind == "trade_review":
            side = pending.detail
            if isinstance(side, TradeSideSoFar) and side.role != "accept" and not side.wants:
                held = [c for c in cards if hand[c]]
                if held:
                    return "card:" + max(held, key=lambda c: (hand[c], face_value(data, c), c))
            return "yes"
        if pending.kind == "trade_answer":
            named = pending.detail.offer.named if hasattr(pending.detail, "offer") else ()
            if "yes" in options and any(hand[c] for c in named):
                return "yes"
            return "no"
        raise ValueError(pending.kind)


@dataclass
class Tally:
    bot_offers: int = 0  # first offers from bots to the person
    bot_counters: int = 0  # counters from bots to the person's offers
    person_took: int = 0  # bot offers and counters the person accepted
    person_offers: int = 0  # the person's offers and counters to bots
    bots_took: int = 0  # of those, accepted by the bot
    bots_countered: int = 0
    refusals: int = 0  # bot refusals of the person's offers
    with_reason: int = 0
    counters_said: int = 0  # counters that say why the offer was not taken
    unasked: int = 0  # refusals the core made (the bot could not give a side back)
    words: list[str] = field(default_factory=list)


def play(index: int, seed: int, max_turns: int, graph: object,
         people: bool = True) -> tuple[Tally, str, int, float]:
    started = time.perf_counter()
    config = GameConfig(players=[], setup=("5-west", "5-east")[index % 2],
                        seed=seed * 1000 + index, max_turns=max_turns, open_bargaining=True)
    state = new_game(config, graph)  # type: ignore[arg-type]
    civs = list(state.players)
    person = civs[index % len(civs)]
    seats = BotSeats({c: "normal" for c in civs if c != person}, seed=config.seed)
    if not people:  # the bots as before issue 39: nobody tells them a person sits here
        seats.meet = lambda state: None  # type: ignore[method-assign]
    trader = SimplePerson(person)
    own = make_bot("normal", config.seed)  # the person's decisions outside trade
    tally = Tally()
    while not state.game_over and state.pending is not None:
        who, kind = state.pending.player, state.pending.kind
        remarks: list[Remark] = []
        answering = (kind == "trade_answer" and who != person
                     and getattr(state.pending.detail, "offer", None) is not None
                     and state.pending.detail.offer.by == person)  # type: ignore[union-attr]
        if who == person:
            seen = view(state, who)
            label = trader.choose(seen) if kind in TRADE_KINDS else own.choose(seen)
            action = Action(who, label)
        else:
            action, remark = seats.decide(state)
            remarks += [remark] if remark is not None else []
        events = apply(state, action)
        remarks += seats.unasked(state, events, action.player)
        said = {(r.by, r.to) for r in remarks}
        for r in remarks:
            tally.words.append(r.text)
        for e in events:
            if isinstance(e, TradeOffered) and e.partner == person:
                if e.counter:
                    tally.bot_counters += 1
                else:
                    tally.bot_offers += 1
            elif isinstance(e, TradeOffered) and e.player == person:
                tally.person_offers += 1
            elif isinstance(e, TradeAccepted) and e.player == person:
                tally.person_took += 1
            elif isinstance(e, TradeAccepted) and e.partner == person:
                tally.bots_took += 1
            elif isinstance(e, TradeRefused) and e.partner == person:
                tally.refusals += 1
                tally.with_reason += (e.player, person) in said
                tally.unasked += e.player != action.player
        if answering and action.label.startswith("player:"):  # a counter: said with it
            tally.bots_countered += 1
            tally.counters_said += (who, person) in said
    return tally, person, state.turn, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--max-turns", type=int, default=0, help="0: to the game's end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-people", action="store_true",
                        help="bots not told of the person (as before issue 39): the baseline")
    args = parser.parse_args(argv)
    graph, _ = load_map_file(MAP)
    tallies = []
    print("game  person     turns  bot offers  counters  person offers  bots took  "
          "refusals (with reason)  seconds")
    for i in range(args.games):
        tally, person, turns, seconds = play(i, args.seed, args.max_turns, graph,
                                             not args.no_people)
        tallies.append(tally)
        print(f"{i:>4}  {person:<10} {turns:>5}  {tally.bot_offers:>10}  {tally.bot_counters:>8}"
              f"  {tally.person_offers:>13}  {tally.bots_took:>9}  {tally.refusals:>8} "
              f"({tally.with_reason})  {seconds:>7.1f}")
    n = len(tallies)
    reached = sum(1 for t in tallies if t.bot_offers > 0)
    any_offer = sum(1 for t in tallies if t.bot_offers + t.bot_counters > 0)
    to_person = [t.bot_offers for t in tallies]
    by_person = [t.person_offers for t in tallies]
    made = sum(t.bot_offers + t.bot_counters for t in tallies)
    took = sum(t.person_took for t in tallies)
    sent = sum(by_person)
    accepted = sum(t.bots_took for t in tallies)
    countered = sum(t.bots_countered for t in tallies)
    refused = sum(t.refusals for t in tallies)
    reasons = sum(t.with_reason for t in tallies)
    counters_said = sum(t.counters_said for t in tallies)
    unasked = sum(t.unasked for t in tallies)
    print()
    print(f"games in which bots offered to the person: {reached} of {n} "
          f"({any_offer} of {n} counting counters)")
    print(f"bot offers to the person per game: median {statistics.median(to_person):g}, "
          f"mean {statistics.mean(to_person):.1f} (plus {sum(t.bot_counters for t in tallies)}"
          f" counters in all)")
    print(f"person's offers per game: median {statistics.median(by_person):g}, "
          f"mean {statistics.mean(by_person):.1f}")
    print(f"bots accepted the person's offers: {accepted} of {sent} "
          f"({100 * accepted / max(sent, 1):.0f}%), countered {countered}, refused {refused}")
    print(f"the person accepted the bots' offers and counters: {took} of {made} "
          f"({100 * took / max(made, 1):.0f}%)")
    print(f"refusals the person got with a reason: {reasons} of {refused} "
          f"({unasked} made by the core for a bot that could not give a side back); "
          f"counters with a reason: {counters_said} of {countered}")
    words = Counter(t for tally in tallies for t in tally.words)
    kinds = Counter(next((k for k in KINDS if k in text), "other") for text in words.elements())
    print("the reasons by kind: " + ", ".join(f"{k!r} {n}" for k, n in kinds.most_common()))
    print("the reasons' words, most said first:")
    shown: Counter[str] = Counter()
    for text, times in words.most_common():  # the commonest of each kind, three each
        kind = next((k for k in KINDS if k in text), "other")
        shown[kind] += 1
        if shown[kind] > 3:
            continue
        print(f"  {times:>4}  {text}")
    return 0 if reached >= 15 * n / 20 and reasons == refused and counters_said == countered \
        else 1


if __name__ == "__main__":
    sys.exit(main())
