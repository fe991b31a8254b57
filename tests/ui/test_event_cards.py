"""Event cards drawn from their data: their words, their families and their faces."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

import pygame
import pytest

from game.core import load_event_cards
from game.ui.cards.events import FAMILIES, card_face, card_size, family
from game.ui.theme import Theme
from game.ui.words.events import card_lines, card_text, effect_words, headline, source_line


@dataclass(frozen=True)
class FakeEffect:
    do: str
    params: MappingProxyType[str, int] = field(default_factory=lambda: MappingProxyType({}))


@pytest.fixture(scope="module")
def theme():
    pygame.init()
    yield Theme(1.0)


def test_a_primitive_the_client_does_not_know_still_gets_a_line():
    line = effect_words(FakeEffect("storm_at_sea", MappingProxyType({"ships": 2})))
    assert line == "Storm at sea (ships 2)."


def test_every_card_says_what_it_does_in_words_of_its_own():
    for card in load_event_cards().cards.values():
        words = card_text(card)
        assert words and all(w and w[0].isupper() and w.endswith(".") for w in words), card.id
        lines = card_lines(card)
        # the last line says where the card comes from in players' words (issue 36: no seed
        # numbers such as "Adapts Seed 004:16.1")
        assert lines[0] == card.title and lines[-1] == source_line(card)
        assert "Seed" not in lines[-1] and "Adapts" not in lines[-1]
        assert headline(card).startswith("Public" if card.public else "Private")


def test_a_private_event_names_its_window_and_a_marker_event_its_marker():
    cards = load_event_cards().cards
    assert headline(cards["windfall"]) == "Private · Taxation"
    assert "famine" in card_text(cards["famine"])[0]
    assert family(cards["famine"]) == "famine" and family(cards["plague"]) == "plague"
    assert family(cards["windfall"]) == "fortune" and family(cards["corruption"]) == "tribute"


def test_heresy_says_it_is_drawn_again_before_turn_3():
    # 000:event:32: "If drawn on turns 1 or 2, discard and draw again"
    text = card_text(load_event_cards().cards["heresy"])
    assert "Drawn before turn 3, another card replaces it." in text


def test_every_family_has_a_colour_and_an_emblem_and_every_card_a_family():
    for card in load_event_cards().cards.values():
        assert family(card) in FAMILIES


def test_every_card_is_readable_at_the_width_the_display_gives_it_at_1366x768(theme):
    # the display spreads 6 cards (5 players + 1) over the 946-pixel map: 142 pixels each
    for card in load_event_cards().cards:
        face = card_face(theme, card, 142)
        assert face.fitted, f"{card}: its words do not fit the card"
        assert face.surface.get_size() == card_size(142)


def test_every_effect_primitive_of_the_core_has_words_here() -> None:
    from game.core.eventdeck.cards import PRIMITIVES
    from game.ui.words.events import WORDS

    assert sorted(set(PRIMITIVES) - set(WORDS)) == []
