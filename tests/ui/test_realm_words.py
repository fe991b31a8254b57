"""A public realm-specific event names the civilization it strikes (issue 36, defect 5).

Seed 004:16.1 and realm_events.toml (target "realm"): the card strikes or rewards its own
civilization whoever takes it. Everyone sees the card, so its face, its tooltip and the log name
that civilization; "you"/"your" would read as the taker ("Nile Flood Bounty — Place 3 tokens in
your homeland", taken by Minoa, gave Egypt the tokens)."""

from __future__ import annotations

import re

import pytest

from game.core import EventCardTaken, load_event_cards, load_game_data
from game.ui.words.events import card_lines, card_text, headline
from game.ui.words.log import log_line

YOU = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def _civ(ident: str) -> str:
    return next(c.name for c in load_game_data().civilizations.values() if c.id == ident)


REALM_CARDS = sorted(c.id for c in load_event_cards().cards.values() if c.target == "realm")


def test_there_are_public_realm_events() -> None:
    assert len(REALM_CARDS) > 100


@pytest.mark.parametrize("card_id", REALM_CARDS)
def test_a_public_realm_event_names_its_civilization_and_never_says_you(card_id: str) -> None:
    card = load_event_cards().cards[card_id]
    civ = _civ(card.realm)
    assert headline(card) == f"Public · strikes {civ}"
    body = card_text(card)
    assert not any(YOU.search(line) for line in body), body
    assert any(civ in line for line in body), body
    tip = card_lines(card)
    assert not any(YOU.search(line) for line in tip), tip
    assert f"Public, strikes {civ}" in tip[1]


def test_the_cards_seen_at_1366x768_name_their_civilization() -> None:
    cards = load_event_cards().cards
    silver = cards["iberia_silver_of_tartessos"]
    assert headline(silver) == "Public · strikes Iberia"
    assert card_text(silver) == ["Iberia gains 4 treasury tokens from stock."]
    ships = cards["minoa_thalassocracy_of_minos"]
    assert card_text(ships)[0] == "A free ship in one of Minoa's coastal areas, kept this turn."
    nile = cards["egypt_nile_flood_bounty"]
    assert card_text(nile) == ["Egypt places 3 tokens in its homeland."]


def test_the_log_says_whom_a_realm_event_taken_strikes() -> None:
    nile = load_event_cards().cards["egypt_nile_flood_bounty"]
    taken = EventCardTaken(player="minoa", card=nile.id, private=False, rule=nile.source)
    assert log_line(taken, 1, "events").text == (
        "Minoa takes Nile Flood Bounty, an event of Egypt's realm")
    own = EventCardTaken(player="egypt", card=nile.id, private=False, rule=nile.source)
    assert log_line(own, 1, "events").text == (
        "Egypt takes Nile Flood Bounty, an event of their own realm")


def test_a_private_realm_event_still_serves_its_holder() -> None:
    """A private realm event acts for whoever holds it (realm_events.toml, target "taker"): its
    card speaks to its holder, and its tooltip says whose realm it comes from."""
    card = next(c for c in load_event_cards().cards.values()
                if c.kind == "realm" and not c.public)
    assert headline(card).startswith("Private · ")
    assert f"A realm event of {_civ(card.realm)}: it serves whoever holds it." in card_lines(card)
