"""An event card's A/B choice on screen: the decision names its card (EventOption), so the
buttons say what each option does instead of "Option A" / "Option B"."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from game.core import Action, EventOption, apply, load_event_cards
from game.core.eventdeck import action
from game.core.eventdeck.cards import EventCards
from game.ui.words import events as eventwords
from game.ui.words.options import option_text
from tests.core.eventdeck.test_choices import TRIBUTE

from .driver import Driver
from .test_event_display import open_game


@pytest.fixture
def with_tribute(monkeypatch: pytest.MonkeyPatch) -> None:
    real = load_event_cards()
    cards = replace(real, cards=MappingProxyType({**real.cards, "tribute": TRIBUTE}))
    assert isinstance(cards, EventCards)
    for module in (action, eventwords):
        monkeypatch.setattr(module, "load_event_cards", lambda: cards)


def test_the_a_b_buttons_say_the_options_of_the_card_named(app, with_tribute) -> None:
    game, session, human = open_game(app, 1)
    state = session.state
    state.players[human].treasury += 10
    state.players[human].stock -= 10
    state.eventdeck.display[0] = "tribute"
    state.eventdeck.shown[0] = True
    state.pending.options = sorted(action.labels(state))
    apply(state, Action(human, "event:tribute"))
    assert state.pending.kind == "event_option" and state.pending.player == human
    assert state.pending.detail == EventOption(card="tribute")
    seen = session.view_for(human)
    a, b = (option_text(f"option:{x}", "event_option", seen) for x in "ab")
    assert a == "A: Pay 5 treasury tokens (all you hold, if less)."
    assert b == "B: Lose half your treasury, rounded up."
    # without the card named, the letters alone
    assert option_text("option:a", "event_option", None) == "Option A"
    driver = Driver(app)
    for _ in range(200):
        driver.frames(1)
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
        if game.decision.options.button_for("option:a") is not None:
            break
    buttons = [game.decision.options.button_for(f"option:{x}") for x in "ab"]
    assert [bt.text for bt in buttons] == [a, b]
