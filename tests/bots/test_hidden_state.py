"""Bots cannot reach hidden state (issue 7): the bot interface receives only a PlayerView, and a
view holds no other player's hand contents and no deck order. Two states that differ only in
what is hidden give equal views, so every bot decides the same in both."""

from __future__ import annotations

import dataclasses
import inspect
import typing
from functools import cache

import pytest

from game.bots import LEVELS, Bot, make_bot
from game.bots.hard import HardBot
from game.core import (
    GameState,
    PlayerView,
    view,
)
from game.core.phases.trade import Trade
from game.core.rng import Rng
from game.core.state import HandCard, Task
from tests.bots.played import played_to


@cache
def _played(kind: str) -> GameState:
    """A normal-bot game played until its first decision of `kind` after turn 6."""
    return played_to(kind, after_turn=6)

def _shuffled_secrets(state: GameState, viewer: str) -> GameState:
    """The same public game, different secrets: other hands and the decks swap cards, deck
    order and the random generator change, the trade phase's hidden side data changes."""
    other = state.clone()
    rng = Rng.seeded(99)
    for block, decks in other.stacks.items():
        hands = [p for p in other.players.values() if p.id != viewer and p.block == block]
        for deck in decks:
            for p in hands:
                if deck and p.hand:  # swap one card between a hand and a deck
                    i = rng.below(len(p.hand))
                    taken = p.hand[i]
                    p.hand[i] = HandCard(deck[0])
                    deck[0] = taken.card
            rng.shuffle(deck)
    other.rng = Rng.seeded(12345)
    for task in other.tasks:
        deal = task.data.deal if isinstance(task.data, Trade) else None
        for side in (deal.offer, deal.side) if deal is not None else ():
            if side is not None:
                side.cards = ["anything"]
    return other


def test_the_bot_interface_takes_only_a_view() -> None:
    hints = typing.get_type_hints(Bot.choose)
    assert hints == {"view": PlayerView, "return": str}
    for level, factory in LEVELS.items():
        bot = factory(1)
        params = list(inspect.signature(bot.choose).parameters)
        assert params == ["view"], level


def test_a_view_holds_no_state_object_no_deck_and_only_its_own_hand() -> None:
    state = _played("trade_answer")
    viewer = state.players[next(iter(state.players))].id
    seen = view(state, viewer)

    def walk(value: object) -> None:
        assert not isinstance(value, (GameState, Rng, Task)), type(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, (list, tuple, set)):
            for v in value:
                walk(v)

    walk(dataclasses.replace(seen, map=None))  # the map is public and large
    assert seen.hand == tuple(HandCard(h.card, h.traded_by) for h in state.players[viewer].hand)
    field_names = {f.name for f in dataclasses.fields(PlayerView)}
    assert not field_names & {"stacks", "discards", "rng", "tasks", "hands"}
    for block, sizes in seen.stack_sizes:  # decks are counts only
        assert all(isinstance(n, int) for n in sizes), block


@pytest.mark.parametrize("kind", ["trade_answer", "advance_choice", "movement_area"])
def test_views_are_equal_when_only_hidden_things_differ(kind: str) -> None:
    state = _played(kind)
    assert state.pending is not None
    for viewer in state.players:
        other = _shuffled_secrets(state, viewer)
        assert other.players[viewer].hand == state.players[viewer].hand
        assert other.stacks != state.stacks  # the secrets really differ
        assert any(other.players[p].hand != state.players[p].hand for p in state.players)
        assert view(other, viewer) == view(state, viewer), viewer


@pytest.mark.parametrize("level", ["random", "basic", "easy", "normal"])
def test_bots_decide_the_same_whatever_is_hidden(level: str) -> None:
    for kind in ("trade_answer", "advance_choice"):
        state = _played(kind)
        assert state.pending is not None
        who = state.pending.player
        other = _shuffled_secrets(state, who)
        first = make_bot(level, 5).choose(view(state, who))
        again = make_bot(level, 5).choose(view(other, who))
        assert first == again


def test_a_view_does_not_carry_the_seed_the_decks_came_from() -> None:
    state = _played("advance_choice")
    other = state.clone()
    other.config.seed = state.config.seed + 1
    viewer = next(iter(state.players))
    assert view(other, viewer) == view(state, viewer)
    assert view(state, viewer).config.seed == 0 and view(state, None).config.seed == 0


@cache
def _played_with_events(kind: str) -> GameState:
    """A normal-bot game with the Events module on, at its first decision of `kind` after
    turn 3 (private events in hand, face-down cards in the display)."""
    return played_to(kind, after_turn=3, events=True)

def _shuffled_event_secrets(state: GameState, viewer: str) -> GameState:
    """The same public game, other secrets of the Events module: other players' private
    events, the face-down cards of the display and the deck's order change."""
    other = state.clone()
    deck = other.eventdeck
    assert deck is not None
    rng = Rng.seeded(7)
    rng.shuffle(deck.deck)
    for pid, hand in deck.hands.items():
        if pid != viewer and hand and deck.deck:
            hand[0], deck.deck[0] = deck.deck[0], hand[0]
            rng.shuffle(deck.deck)
    for i, up in enumerate(deck.shown):
        if not up and deck.deck:
            deck.display[i], deck.deck[-1] = deck.deck[-1], deck.display[i]
    other.rng = Rng.seeded(54321)
    return other


@pytest.mark.parametrize("level", ["random", "basic", "easy", "normal", "hard"])
def test_bots_take_events_the_same_whatever_the_hidden_cards(level: str) -> None:
    state = _played_with_events("event_take")
    assert state.pending is not None and state.eventdeck is not None
    who = state.pending.player
    other = _shuffled_event_secrets(state, who)
    assert other.eventdeck is not None
    assert other.eventdeck.display != state.eventdeck.display  # a face-down card differs
    assert other.eventdeck.hands != state.eventdeck.hands  # another player's hand differs
    assert other.eventdeck.hands[who] == state.eventdeck.hands[who]
    assert view(other, who) == view(state, who)
    # hard searches its pick (issue 40): at a sample cap, so that the clock cannot differ
    bots = [_searching_hard_bot() if level == "hard" else make_bot(level, 5) for _ in range(2)]
    first = bots[0].choose(view(state, who))
    again = bots[1].choose(view(other, who))
    assert first == again


def _searching_hard_bot() -> HardBot:
    """A hard bot whose search ends at its sample cap, never on the clock, so that what it
    decides depends on what it sees alone."""
    return HardBot(5, budget=600.0, samples=2)


@pytest.mark.parametrize("kind", ["trade_answer", "advance_choice", "movement_area"])
def test_the_hard_bots_search_decides_the_same_whatever_is_hidden(kind: str) -> None:
    state = _played(kind)
    assert state.pending is not None
    who = state.pending.player
    other = _shuffled_secrets(state, who)
    first, again = _searching_hard_bot(), _searching_hard_bot()
    assert first.choose(view(state, who)) == again.choose(view(other, who))
    assert first.searches == again.searches == 1
    assert first.last is not None and again.last is not None
    assert first.last == dataclasses.replace(again.last, seconds=first.last.seconds)


def test_the_hard_bots_search_with_events_decides_the_same_whatever_is_hidden() -> None:
    state = _played_with_events("advance_choice")
    assert state.pending is not None
    who = state.pending.player
    other = _shuffled_secrets(_shuffled_event_secrets(state, who), who)
    assert view(other, who) == view(state, who)
    first, again = _searching_hard_bot(), _searching_hard_bot()
    assert first.choose(view(state, who)) == again.choose(view(other, who))
    assert first.searches == 1 and first.last is not None and first.last.samples == 2
    assert first.last == dataclasses.replace(again.last or first.last,
                                             seconds=first.last.seconds)
