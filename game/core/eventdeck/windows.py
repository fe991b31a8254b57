"""Private events played in their timing windows (seed 000 "during ..."): when a phase with a
window begins, each player holding a card for it, in A.S.T. order, is asked whether to play
one (`event:ID`) or not (`no`). Only holders of a playable card are asked, so a game where
nobody holds one sees no new decision."""

from __future__ import annotations

from dataclasses import dataclass

from .. import labels
from ..events import Event
from ..flow import Result, ask, done, push, register
from ..state import GameState, Progress
from . import cancel, effects, war
from .cancel import CancelOutcome
from .cards import REACTION, WINDOWS, EventCard, load_event_cards
from .dice import deck_of
from .log import EventCardTaken

# The rule a window's decision cites: the private events of 004:16.1, never the card held (the
# decision's rule is seen by every player).
RULE_WINDOW = "004:16.1"
TASK = war.WINDOW_TASK
# the windows that open with a phase, each holder asked in A.S.T. order at its start (a fight's
# windows open inside a conflict; the reaction window answers another card)
PHASE_WINDOWS = tuple(w for w in WINDOWS if w not in war.FIGHT_WINDOWS and w != REACTION)
PLAY = "event_play"


@dataclass(kw_only=True)
class EventWindow(Progress):
    KIND = TASK
    window: str  # the phase whose window is open
    i: int = 0  # the player being asked, in A.S.T. order
    reacting: str = ""  # a private event played, Cancellation holders being asked
    player: str = ""  # who played it
    cancelled: bool = False  # their answer


def playable(state: GameState, player: str, window: str) -> list[EventCard]:
    deck = state.eventdeck
    if deck is None:
        return []
    cards = load_event_cards().cards
    return [cards[c] for c in sorted(set(deck.hands.get(player, ())))
            if cards[c].window == window and war.may_play(state, player, cards[c])]


def open_window(state: GameState, window: str) -> None:
    """Push the window's task (it runs before the phase pushed just before it) when anyone
    holds a card for it."""
    if state.eventdeck is None:
        return
    if any(playable(state, p, window) for p in state.players):
        push(state, EventWindow(window=window))


def _step(state: GameState, task: EventWindow, events: list[Event]) -> None:
    if task.reacting:  # the Cancellation holders have answered
        card = load_event_cards().cards[task.reacting]
        task.reacting = ""
        if task.cancelled:  # spent without effect
            task.cancelled = False
            deck_of(state).discards.append(card.id)
        else:
            _resolve(state, task.player, card, events)
            if state.tasks[-1].data is not task:  # the card asks first (effects/progress.py)
                return
    order = list(state.players)
    window = task.window
    while task.i < len(order):
        player = order[task.i]
        cards = playable(state, player, window)
        if cards:
            ask(state, player, PLAY, f"Play a private event now ({window})?",
                [labels.make("event", c.id) for c in cards] + ["no"], RULE_WINDOW)
            return
        task.i += 1
    done(state, task)


def _choose(state: GameState, task: EventWindow, label: str, events: list[Event]) -> None:
    player = list(state.players)[task.i]
    task.i += 1  # one card per player and window
    if label == "no":
        return
    card = load_event_cards().cards[labels.value(label)]
    deck = deck_of(state)
    deck.hands[player].remove(card.id)
    deck.log.append(card.id)
    key = f"event_played:{card.id}"
    state.counters[key] = state.counters.get(key, 0) + 1
    events.append(EventCardTaken(player=player, card=card.id, private=False, rule=card.source))
    if cancel.offer(state, card, player):  # holders of Cancellation may react before it resolves
        task.reacting, task.player = card.id, player
        return
    _resolve(state, player, card, events)


def _resolve(state: GameState, player: str, card: EventCard, events: list[Event]) -> None:
    targets = [player] if card.target in ("taker", "none") else list(state.players)
    for target in targets:
        for effect in card.effects:
            effects.run(state, target, effect, card.source, events)
    deck_of(state).discards.append(card.id)


def _receive(state: GameState, task: EventWindow, result: Result) -> None:
    assert isinstance(result, CancelOutcome)
    task.cancelled = result.cancelled


register(EventWindow, _step, _choose, _receive)
