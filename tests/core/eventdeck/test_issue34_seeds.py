"""Where the Events module followed its seeds too loosely (issue 34): Heresy drawn early is
drawn again (000:event:32), Pool returns the discards (000:event:47), A- and B-events per Age
(004:16.1), regions told apart by their land (000's re-roll), Ages per rule set."""

from __future__ import annotations

from pathlib import Path

from game.core import GameConfig, GameState, new_game
from game.core.eventdeck.deck import lay_out
from game.core.eventdeck.model import EventsOptions
from game.core.gamedata import load_game_data
from game.core.setup import choose_setup
from game.mapfile import load_map_file

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
