"""004:16.3's A/B choice: the player struck chooses; an option it cannot pay for falls to the
other; several players resolve one by one from the taker on."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from game.core import GameState, apply
from game.core.engine import Action
from game.core.eventdeck import action
from game.core.eventdeck.cards import Effect, EventCard, EventCards, load_event_cards
from game.core.eventdeck.model import EventsOptions
from game.core.flow import label_key

from .test_machinery import game

TRIBUTE = EventCard(
    id="tribute", title="Tribute", source="test:tribute", age=1, half="X", kind="A", realm="",
    listed=False, public=True, window="", target="each", effects=(), symbols=(),
    choice=((Effect("treasury", MappingProxyType({"amount": -5})),),
            (Effect("treasury_halved", MappingProxyType({})),)),
)


@pytest.fixture
def with_tribute(monkeypatch: pytest.MonkeyPatch) -> None:
    real = load_event_cards()
    cards = replace(real, cards=MappingProxyType({**real.cards, "tribute": TRIBUTE}))
    assert isinstance(cards, EventCards)
    monkeypatch.setattr(action, "load_event_cards", lambda: cards)


def _lay_tribute_first(state: GameState) -> None:
    """Tribute first in the display, offered to the player taking now."""
    assert state.eventdeck is not None and state.pending is not None
    state.eventdeck.display[0] = "tribute"
    state.pending.options = sorted(action.labels(state), key=label_key)


def test_an_option_the_player_cannot_pay_falls_to_the_other(with_tribute: None) -> None:
    state = game(events=EventsOptions())
    deck = state.eventdeck
    assert deck is not None and state.pending is not None
    order = list(state.players)
    for pid in order:
        state.players[pid].treasury, state.players[pid].stock = 4, state.players[pid].stock - 4
    taker = order[0]
    state.players[taker].treasury += 6
    state.players[taker].stock -= 6
    _lay_tribute_first(state)
    apply(state, Action(taker, "event:tribute"))
    # the taker (10) can pay either: asked first
    assert state.pending is not None and state.pending.kind == "event_option"
    assert state.pending.player == taker
    apply(state, Action(taker, "option:a"))
    assert state.players[taker].treasury == 5
    # every other player holds 4, short of A's 5: B (half the treasury) without a question
    assert all(state.players[p].treasury == 2 for p in order[1:])
    assert state.pending is not None and state.pending.kind == "event_take"


def test_the_a_b_choice_names_its_card_to_the_decider_only_and_survives_a_save(
        with_tribute: None) -> None:
    from game.core import EventOption, from_plain, to_plain, view

    state = game(events=EventsOptions())
    deck = state.eventdeck
    assert deck is not None and state.pending is not None
    taker = list(state.players)[0]
    state.players[taker].treasury += 10
    state.players[taker].stock -= 10
    _lay_tribute_first(state)
    apply(state, Action(taker, "event:tribute"))
    assert state.pending is not None and state.pending.kind == "event_option"
    assert state.pending.detail == EventOption(card="tribute")
    assert view(state, taker).pending.detail == EventOption(card="tribute")
    other = list(state.players)[1]
    assert view(state, other).pending.detail is None
    again = from_plain(GameState, to_plain(state))
    assert again.pending is not None and again.pending.detail == EventOption(card="tribute")


def test_the_normal_bot_weighs_the_options_of_the_card_the_decision_names(
        with_tribute: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot reads the card from EventOption, not from the prompt's words: with the title
    gone from the prompt it still sees Tribute's options (A: pay 5; B: half the treasury)."""
    from game.bots import events as bot_events
    from game.bots import make_bot
    from game.core import view

    monkeypatch.setattr(bot_events, "load_event_cards", action.load_event_cards)
    state = game(events=EventsOptions())
    deck = state.eventdeck
    assert deck is not None and state.pending is not None
    taker = list(state.players)[0]
    _lay_tribute_first(state)
    picks = []
    for treasury in (6, 30):  # 5 is less than half of 30, more than half of 6
        trial = state.clone()
        trial.players[taker].treasury, trial.players[taker].stock = treasury, 10
        apply(trial, Action(taker, "event:tribute"))
        assert trial.pending is not None and trial.pending.kind == "event_option"
        trial.pending.prompt, trial.pending.words = "", None  # no title to read
        picks.append(make_bot("normal", 1).choose(view(trial, taker)))
    assert picks == ["option:b", "option:a"]
