"""Every prompt and option the decision bar shows reads as words: no option labels
("number:N", "card:ID", "area:x"), no area or civilization ids where names belong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.bots import make_bot
from game.core import Action, CardOffers, GameState, Pending, Words, advance, apply, view
from game.core.gamedata import load_game_data
from game.core.phases.advance_acquisition import AdvancePrices, CreditsToPlace, PaymentSoFar
from game.core.phases.trade import TableOffer, TradeAnswer
from game.core.state import Detail
from game.core.words import ref, say
from game.scenario.build import build_state
from game.scenario.parse import read_scenario
from game.scenario.runner import default_choice, start_play
from game.ui.words.options import option_text
from game.ui.words.prompts import question

from .script import make_game

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
LABEL = re.compile(r"\b(area|player|card|advance|number|sea|flood|volcano):")


def unreadable(text: str, state: GameState) -> list[str]:
    """What in `text` is an id or a label rather than a word a player knows."""
    ids = set(state.players) | {a for a, area in state.map.areas.items() if area.name != a}
    found = [m.group(0) for m in LABEL.finditer(text)]
    return found + [w for w in re.findall(r"\b[a-z][a-z0-9_]*\b", text) if w in ids or "_" in w]


def check(pending: Pending, state: GameState, problems: list[str]) -> None:
    for detail in (pending.detail, None):  # as the one deciding and everyone else see it
        shown = question(pending.kind, pending.words, detail, state.map, pending.prompt)
        if unreadable(shown, state):
            problems.append(f"{pending.kind}: {shown!r} shows {unreadable(shown, state)}")
    v = view(state, pending.player)
    for label in pending.options:
        text = option_text(label, pending.kind, v)
        if ":" in text or "_" in text or unreadable(text, state):
            problems.append(f"{pending.kind}: option {label!r} shows {text!r}")


@pytest.mark.parametrize("ruleset", ["classic", "double-empires"])
def test_prompts_and_options_of_played_turns_name_areas_civs_and_cards(ruleset: str) -> None:
    state = make_game(11)
    state.config.ruleset = ruleset
    bots = {p: make_bot("basic", i) for i, p in enumerate(state.players)}
    problems: list[str] = []
    kinds: set[str] = set()
    asked: set[str] = set()
    for _ in range(2500):
        pending = state.pending
        if pending is None or state.game_over:
            break
        kinds.add(pending.kind)
        if pending.prompt not in asked:
            asked.add(pending.prompt)
            check(pending, state, problems)
        who = pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    assert len(kinds) >= 15 and {"movement_action", "advance_payment"} <= kinds
    assert problems == []


def scenario_start(path: Path) -> GameState:
    data = load_game_data()
    scenario = read_scenario(path, data)
    state = build_state(scenario, data)
    start_play(state, scenario.phase)
    advance(state)
    return state


def test_calamity_prompts_of_every_scenario_read_as_words() -> None:
    problems: list[str] = []
    kinds: set[str] = set()
    for path in sorted(SCENARIOS.rglob("*.toml")):
        state = scenario_start(path)
        for _ in range(40):
            pending = state.pending
            if pending is None or state.game_over:
                break
            kinds.add(pending.kind)
            check(pending, state, problems)
            apply(state, Action(pending.player, default_choice(pending.options)))
    assert len(kinds) >= 40
    assert problems == []


@pytest.mark.parametrize(("kind", "words", "shown"), [
    ("movement_action", say("In {a}: area = move tokens there ...", a=ref("area", "knossos")),
     "In Knossos: click a lit area to move tokens there by land, or build or use a ship here"),
    ("special_ability", say("Use a special ability (or done)"), "Use a special ability"),
    ("build_city", say("Choose an area to build a city in, or done"),
     "Choose an area to build a city in"),
    ("ship_destination", say("Sail the ship from {a} to where? (done: it stays)",
                             a=ref("area", "picenum")),
     "Sail the ship from Picenum to where? (Done: it stays)"),
    ("name_player", say("Name a player who suffers the famine too"),
     "Name a player who suffers the famine too"),
    ("diaspora_count", say("Diaspora: how many tokens from {s} to {t}?", s=ref("area", "knossos"),
                           t=ref("area", "picenum")),
     "Diaspora: how many tokens from Knossos to Picenum?"),
    ("trade_answer", say("{o} offers you 4 cards, ... (player:{o})", o=ref("player", "carthage")),
     "Answering Carthage's offer"),
    ("flood_plain", say("Flood {f}", f=ref("flood", "nile")), "Flood the Nile flood plain"),
])
def test_decisions_are_worded_by_kind_with_the_things_they_name_by_name(
        kind: str, words: Words, shown: str) -> None:
    from game.simulate import resolve_map

    assert question(kind, words, None, resolve_map(None)) == shown


def test_a_decision_saved_before_words_were_kept_shows_its_prompt() -> None:
    assert question("build_city", None, None, None, "Choose an area") == "Choose an area"


@pytest.mark.parametrize(("detail", "shown"), [
    (PaymentSoFar(advance="cloth_making", price=56, paid=10, cards=("clay",)),
     "Pay 46 more for Cloth Making: hand in commodity cards, pay the rest from the treasury, or "
     "call the purchase off"),
    (PaymentSoFar(advance="cloth_making", price=56, paid=16, cards=("wine",),
                  stand_in_for="wine"),
     "Trade Empire: add one card as one more Wine (still 40 to pay), or no"),
    (TradeAnswer(offer=TableOffer(by="carthage", count=4, named=("clay", "bone")),
                 may_counter=True),
     "Carthage offers you 4 cards, among them Clay and Bone: accept (then choose yours), refuse, "
     "or make a counter-offer"),
    (TradeAnswer(offer=TableOffer(by="carthage", count=3, named=("clay", "bone"),
                                  wants=("wine", "iron")), may_counter=False),
     "Carthage offers you 3 cards, among them Clay and Bone: accept (then choose yours), "
     "refuse. They ask for Wine and Iron."),
    (AdvancePrices(prices=(("pottery", 45), ("mysticism", 50))),
     "Buy an advance (Pottery 45, Mysticism 50)"),
    (CreditsToPlace(advance="written_record", points=5, left=2,
                    groups=("arts", "crafts", "civics", "religion", "science")),
     "Written Record: place 5 credit points on a group of advances (2 left to place)"),
    (CardOffers(offers=((2, 5), (9, 0))),
     "Buy an extra trade card (stack 2 for 5 treasury, stack 9 free (Wonder of the World))"),
])
def test_a_decision_with_a_detail_is_worded_from_its_values(detail: Detail, shown: str) -> None:
    from game.simulate import resolve_map

    assert question("any", say("the core's own wording"), detail, resolve_map(None)) == shown


def test_numbers_say_what_they_buy_where_the_number_alone_does_not() -> None:
    assert option_text("number:2", "movement_action") == (
        "Build a ship (2 treasury, the rest in tokens)")
    assert option_text("number:1", "advance_credits") == "Civics"
    assert option_text("number:9", "buy_trade_card") == "From stack 9"
    assert option_text("number:3", "movement_tokens") == "3"
    assert option_text("no", "advance_payment") == "Call it off"


def test_a_payment_button_says_it_hands_in_the_whole_set_and_its_worth() -> None:
    from game.core import view
    from game.core.state import HandCard
    from tests.ui.script import make_game

    state = make_game(1)
    me = next(iter(state.players))
    state.players[me].hand = [HandCard("clay")] * 4 + [HandCard("wine")]
    seen = view(state, me)
    assert option_text("card:clay", "advance_payment", seen) == (
        "Hand in Clay (4 cards, worth 16)")
    assert option_text("card:wine", "advance_payment", seen) == "Hand in Wine (1 card, worth 5)"


def test_trade_buttons_say_what_they_do_for_offers_counters_and_acceptances() -> None:
    assert option_text("done", "trade_partner") == "Pass this round"
    assert option_text("no", "trade_partner") == "Pass the whole trade phase"
    assert option_text("yes", "trade_review") == "Send the offer"
    assert option_text("no", "trade_review:counter") == "Cancel the counter-offer"
    assert option_text("yes", "trade_review:accept") == "Trade — give these cards"
