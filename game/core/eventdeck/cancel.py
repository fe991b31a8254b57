"""Cancellation (000:event:17): a reaction when an event card is revealed or played.

When a public event is taken from the display, or a private one is played in its window,
before any die is rolled or target named, every holder of Cancellation (the player who took or
played the card too), in A.S.T. order, is asked `yes` / `no`; the first `yes` spends its
Cancellation and the event is cancelled. Only holders are asked, so a game where nobody holds
one sees no new decision.

Decisions (events.toml): a cancelled public event is discarded without effect, but its
secondary symbols still resolve, as for the card left unpicked (004:16.4); a cancelled private
event is spent without effect. Calamities are not events of seed 000, so they cannot be
cancelled; neither can Plague, Scarcity or Famine (the card says so), nor a Cancellation.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import Result, ask, finish, push, register
from ..state import Detail, GameState, Progress, detail_type
from .cards import REACTION, EventCard, load_event_cards
from .dice import deck_of
from .log import EventCardTaken

CARD = "cancellation"
ASK = "event_cancel"
IMMUNE = frozenset({"plague", "scarcity", "famine", CARD})
CANCELLED = "event_cancelled"  # state.counters key (with ":card")


@dataclass(frozen=True)
class CancelOutcome(Result):
    KIND = "event_cancel"
    cancelled: bool


@dataclass(kw_only=True)
class CancelReaction(Progress):
    KIND = "event_cancel"
    card: str  # the event that may be cancelled
    player: str = ""  # who took or played it
    i: int = 0  # the holder being asked, in A.S.T. order


@detail_type
@dataclass(frozen=True)
class CancelOffer(Detail):
    """The event a holder of Cancellation may cancel, and who took (public) or played
    (private) it."""

    card: str
    player: str
    private: bool


def holders(state: GameState) -> list[str]:
    deck = deck_of(state)
    cards = load_event_cards().cards
    return [p for p in state.players
            if any(cards[c].window == REACTION for c in deck.hands.get(p, ()))]


def can_cancel(card: EventCard) -> bool:
    return card.id not in IMMUNE and not card.source.startswith("000:calamity:")


def offer(state: GameState, card: EventCard, player: str) -> bool:
    """Push the reaction when the card may be cancelled and someone holds a Cancellation; the
    task below then receives a CancelOutcome."""
    if not can_cancel(card) or state.turn < card.from_turn or not holders(state):
        return False  # too early, the card is discarded unplayed: nothing to cancel
    push(state, CancelReaction(card=card.id, player=player))
    return True


def _step(state: GameState, task: CancelReaction, events: list[Event]) -> None:
    asked = holders(state)
    if task.i < len(asked):
        card = load_event_cards().cards[task.card]
        ask(state, asked[task.i], ASK, f"Cancel {card.title} with your Cancellation?",
            ["yes", "no"], load_event_cards().cards[CARD].source,
            CancelOffer(card=card.id, player=task.player, private=not card.public))
        return
    finish(state, task, CancelOutcome(cancelled=False))


def _choose(state: GameState, task: CancelReaction, label: str, events: list[Event]) -> None:
    player = holders(state)[task.i]
    if label == "no":
        task.i += 1
        return
    deck = deck_of(state)
    deck.hands[player].remove(CARD)
    deck.log.append(CARD)
    deck.discards.append(CARD)
    for key in (f"event_played:{CARD}", f"{CANCELLED}:{task.card}"):
        state.counters[key] = state.counters.get(key, 0) + 1
    events.append(EventCardTaken(player=player, card=CARD, private=False,
                                 rule=load_event_cards().cards[CARD].source))
    finish(state, task, CancelOutcome(cancelled=True))


register(CancelReaction, _step, _choose)
