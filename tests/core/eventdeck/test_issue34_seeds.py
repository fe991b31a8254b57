"""Where the Events module followed its seeds too loosely (issue 34): Heresy drawn early is
drawn again (000:event:32), Pool returns the discards (000:event:47), A- and B-events per Age
(004:16.1), regions told apart by their land (000's re-roll), Ages per rule set."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core import GameConfig, GameState, new_game
from game.core.eventdeck.cards import Effect, load_event_cards, load_event_cards_from
from game.core.eventdeck.deck import b_events, lay_out
from game.core.eventdeck.effects.hands import pool
from game.core.eventdeck.model import EventsOptions
from game.core.gamedata import DataError, load_game_data
from game.core.rng import Rng
from game.core.setup import choose_setup
from game.maps.files import load_map_file

DATA = Path(__file__).resolve().parents[3] / "game" / "core" / "data"
ARENA = Path(__file__).resolve().parents[2] / "maps" / "arena.json"


def game(players: int = 5, seed: int = 1, events: EventsOptions | None = None,
         ruleset: str = "classic") -> GameState:
    setup = choose_setup(load_game_data(), GameConfig(players=["?"] * players))
    config = GameConfig(players=[], setup=setup.id, seed=seed, ruleset=ruleset,
                        events=events or EventsOptions())
    return new_game(config, load_map_file(ARENA)[0])


def test_heresy_drawn_on_turns_1_or_2_is_discarded_and_the_next_card_drawn() -> None:
    """000:event:32 "If drawn on turns 1 or 2, discard and draw again"."""
    state = game()
    deck = state.eventdeck
    assert deck is not None
    n = len(state.players) + 1
    rest = ["bad_luck"] * n
    for turn, laid in ((1, rest[:n]), (2, rest[:n]), (3, ["heresy", *rest[:n - 1]])):
        state.turn = turn
        deck.deck, deck.display, deck.discards = ["heresy", *rest], [], []
        lay_out(state, deck)
        assert deck.display == laid
        assert deck.discards == ([] if turn == 3 else ["heresy"])


def test_heresy_is_laid_out_when_no_card_is_left_to_draw_instead() -> None:
    """000:event:32: the display stays full; taken then, from_turn voids the card."""
    state = game()
    deck = state.eventdeck
    assert deck is not None
    n = len(state.players) + 1
    state.turn = 1
    deck.deck, deck.display, deck.discards = ["bad_luck", "heresy", *["windfall"] * (n - 2)], [], []
    lay_out(state, deck)
    assert deck.display == ["bad_luck", "heresy", *["windfall"] * (n - 2)]
    assert deck.discards == []


def test_every_age_holds_8_a_events_and_the_rest_are_b_events() -> None:
    """004:16.1 "All scenarios must include 8 A-Events per Age"; Age IV has only 5 cards, all
    A-events (events.toml). Ages I and II leave B-events out of the standard game's list."""
    cards = load_event_cards().cards.values()
    for age, a_events, listed, unlisted in ((1, 8, 6, 2), (2, 8, 6, 2), (3, 8, 1, 0),
                                            (4, 5, 0, 0)):
        of_age = [c for c in cards if c.age == age and c.kind != "realm"]
        assert sum(c.kind == "A" for c in of_age) == a_events
        assert sum(c.kind == "B" and c.listed for c in of_age) == listed
        assert sum(c.kind == "B" and not c.listed for c in of_age) == unlisted


def test_random_b_swaps_in_unlisted_b_events_as_many_per_age_as_are_listed() -> None:
    """004:16.1 "it is possible to replace these Events with other B-Events"."""
    cards = load_event_cards()
    swapped = False
    for seed in range(1, 21):
        chosen = b_events(cards, EventsOptions(random_b=True), Rng.seeded(seed))
        for age in range(1, 5):
            listed = sum(1 for c in cards.cards.values()
                         if c.kind == "B" and c.listed and c.age == age)
            assert sum(1 for c in chosen if cards.cards[c].age == age) == listed
        swapped |= any(not cards.cards[c].listed for c in chosen)
    assert swapped


def test_a_new_game_with_random_b_writes_its_choice_and_deals_it() -> None:
    state = game(events=EventsOptions(random_b=True), seed=3)
    options = state.config.events
    assert options is not None and len(options.b_events) == 13
    deck = state.eventdeck
    assert deck is not None
    age_one_b = {c for c in options.b_events if load_event_cards().cards[c].age == 1}
    dealt = {c for c in (*deck.deck, *deck.display) if load_event_cards().cards[c].kind == "B"}
    assert dealt == age_one_b


@pytest.mark.parametrize(("ruleset", "turns"), [("classic", 6), ("mega-empires", 6),
                                                 ("double-empires", 9)])
def test_an_age_lasts_by_the_rule_set_as_its_games_do(ruleset: str, turns: int) -> None:
    """004:16 (the Ages are the course of the game): Double Empires games run longer (median
    37 turns at 5 players against 26 and 27), so their Ages do (events.toml)."""
    state = game(ruleset=ruleset)
    deck = state.eventdeck
    assert deck is not None
    assert load_event_cards().age_turns(5, ruleset) == turns
    assert len(deck.deck) + len(deck.display) == 6 * turns


@pytest.mark.parametrize(("old", "new", "key"), [
    ("[deck.ruleset_turns_per_age.double-empires]", "[deck.ruleset_turns_per_age.triple]",
     "deck.ruleset_turns_per_age.triple"),
    ("\n5 = 9\n", "\nfive = 9\n", "deck.ruleset_turns_per_age.double-empires.five"),
    ("[deck.turns_per_age]", "[deck.turns_per_ages]", "deck.turns_per_ages"),
])
def test_a_broken_rule_set_age_length_fails_with_one_line_naming_the_key(
        tmp_path: Path, old: str, new: str, key: str) -> None:
    for item in DATA.iterdir():
        shutil.copy(item, tmp_path / item.name)
    text = (tmp_path / "events.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "events.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_event_cards_from(tmp_path)
    assert err.value.key == key and "\n" not in str(err.value)


def test_pool_shuffles_in_every_older_discard_and_leaves_this_turns_cards_out() -> None:
    """000:event:47: the lost cards go back "along with all the discards"; "Ignore event cards
    drawn this turn (set them aside til this is resolved)". The deck keeps its size."""
    state = game()
    deck = state.eventdeck
    assert deck is not None
    first, second = list(state.players)[:2]
    deck.discards = ["archers", "tactics"]  # from earlier turns
    deck.deck = ["commerce"] + ["windfall"] * 11 + ["famine", "famine"]
    lay_out(state, deck)  # six cards drawn this turn; one taken and discarded
    assert deck.older_discards == 2
    deck.discards.append(deck.display.pop(0))
    deck.hands[first], deck.hands[second] = ["bravery", "bravery"], ["caravan"]
    size = len(deck.deck)
    pool(state, first, Effect("pool", {}), "000:event:47", [])
    assert len(deck.deck) == size
    everything = sorted(deck.deck + deck.discards)
    assert everything == sorted(["windfall"] * 6 + ["famine", "famine", "archers", "tactics",
                                                    "bravery", "commerce"])
    assert deck.discards[-1] == "commerce" and "commerce" not in deck.deck  # set aside
    assert deck.hands[first] == ["bravery"] and deck.hands[second] == ["caravan"]
