"""Bots bargain with people (issue 39, "Bots that bargain with people"; rules §4 phase 7: offers,
counter-offers, refusals): in solo games of 5 players a seat driven through the person's side
of the trade protocol (bench/bargain.py's simple rule) receives offers from the bots, and every
refusal or counter a bot gives it says why, in words for players.

Before issue 39 no bot offered a person anything (a bot made an offer only to pass on a
calamity, to the leader: its offering test never passed without one) and a refusal said
nothing.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from game.bots.reading import Reading
from game.bots.seats import BotSeats
from game.bots.talk import unasked_refusals
from game.bots.trading import Trader
from game.core import (
    GameConfig,
    TableOffer,
    TradeRefused,
    apply,
    load_game_data,
    new_game,
    view,
)
from game.maps.files import load_map_file

ROOT = Path(__file__).resolve().parents[2]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bargain", ROOT / "bench" / "bargain.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_bots_offer_to_a_person_and_say_why_they_refuse_or_counter() -> None:
    b = bench()
    graph, _ = load_map_file(b.MAP)
    reached = refusals = 0
    names = {c.name for c in load_game_data().civilizations.values()}
    commodities = {c.name for c in load_game_data().commodities.values()}
    for index in range(3):
        tally, _person, _turns, _seconds = b.play(index, 1, 15, graph)
        reached += tally.bot_offers > 0
        refusals += tally.refusals
        assert tally.with_reason == tally.refusals, "a refusal without a reason"
        assert tally.counters_said == tally.bots_countered, "a counter without a reason"
        for words in tally.words:
            assert words.split(" ", 1)[0] in names, words  # the civilization, by name
            assert not re.search(r"[a-z]+_[a-z]+", words), words  # no ids
            named = re.findall(r"(?:its|for|use for|or|and|two) ([A-Z][a-z]+)", words)
            assert all(n in commodities for n in named), words
    assert reached >= 2, "bots offered to the person in fewer than 2 of 3 games"
    assert refusals > 0  # (so that "every refusal has a reason" was put to the test)


def test_a_bots_refusal_names_what_it_would_give_up_or_has_no_use_for() -> None:
    """The reason is the bot's own value model: the costliest card of the side it would give
    ('wants more for its ...') or named commodities it holds none of ('has no use for ...')."""
    graph, _ = load_map_file(ROOT / "maps" / "oikoumene.json")
    state = new_game(GameConfig(players=[], setup="5-west", seed=5, open_bargaining=True),
                     graph)
    seats = BotSeats({c: "normal" for c in state.players}, seed=5)
    while state.turn < 4 or state.phase != "trade":
        apply(state, seats.decide(state)[0])
    me, person = list(state.players)[:2]
    r = Reading(view(state, me))
    trader = Trader()
    trader.people = frozenset({person})
    data = load_game_data()
    absent = sorted(c for c in data.commodities if c not in r.hand)[:2]
    why = trader.reason(r, TableOffer(by=person, count=3, named=tuple(absent)))
    civ = data.civilizations[me].name
    assert why.startswith(civ + " "), why
    assert any(k in why for k in ("wants more for its", "has no use for", "fears a calamity",
                                  "asks more of")), why


def test_a_refusal_the_core_makes_for_a_bot_gets_its_words() -> None:
    """An offer to a bot that holds no side to give back is refused by the core without asking
    the bot (trade.py, step 4): the person still reads why."""
    config = GameConfig(players=["egypt", "hatti"], setup="5-west")
    events = [TradeRefused(player="hatti", partner="egypt", rule="rules:phase-7")]
    said = unasked_refusals(config, events, bots=["hatti"], mover="egypt")
    assert [(s.by, s.to) for s in said] == [("hatti", "egypt")]
    assert said[0].text.startswith("Hatti has no side to give back: it does not hold 3 cards")
    # the bot's own refusal carries its own words; a person refusing says nothing for them
    assert unasked_refusals(config, events, bots=["hatti"], mover="hatti") == []
    assert unasked_refusals(config, events, bots=[], mover="egypt") == []
