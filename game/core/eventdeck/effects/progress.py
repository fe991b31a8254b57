"""Event effects that ask (issue 36): where a card gives a choice — where to place a token or a
city, how much to spend, how far to move, which sea or foe — the one it serves or strikes
chooses (004:16.3 "the PR that gains/loses makes the choice"), through a decision; where it
cannot do all it says, an `EventFellShort` says what was done and why the rest was not.

A card's effects run one after another as before (effects.run); the first one that asks pushes
an `EventEffects` task holding it, and every later effect of the same resolution (its
secondary symbols too) waits in that task's queue, so the card still resolves in the order of
its text, and the decision is the next thing the flow asks. Everything is plain data: a game
saved at such a decision loads and asks it again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from ...events import Event
from ...state import Detail, GameState, Progress, detail_type
from ..cards import Effect
from ..log import EventFellShort

SYMBOL = "symbol:"  # a queued secondary symbol (004:16.5): "symbol:unrest"


@dataclass
class Queued:
    """One effect waiting to run: for whom, which primitive with what parameters, the card's
    clause and id."""

    player: str
    do: str
    params: dict[str, int] = field(default_factory=dict)
    rule: str = ""
    card: str = ""

    def effect(self) -> Effect:
        return Effect(self.do, MappingProxyType(dict(self.params)))


@dataclass(kw_only=True)
class EventEffects(Progress):
    KIND = "event_effects"
    queue: list[Queued] = field(default_factory=list)
    begun: bool = False  # the flow has run it (effects of the same resolution queue until then)
    # the effect at the head of the queue, while it asks:
    left: int = -1  # what is left to do (tokens to place ...); -1: not begun
    done: int = 0  # what is done so far
    stage: int = 0  # a step within it (a usurper's roll made, its loss to choose)

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        """A loss while an asking effect runs comes from its card (issue 36, defect 6)."""
        return (f"event:{self.queue[0].card}",) if self.queue and self.queue[0].card else ()


@detail_type
@dataclass(frozen=True)
class EventStep(Detail):
    """A decision inside an event card's effect: the card (its id), the effect's primitive,
    how many it asks for in all and how many are done (tokens placed ...), and whom it strikes
    when the one asked is someone else (the Revolt process's chooser)."""

    card: str
    effect: str
    count: int = 1
    done: int = 0
    player: str = ""  # whom the effect strikes, when another chooses for it
    # the choice the card made for the player before it asked (issue 36): the default of an
    # unscripted scenario decision (SCENARIOS.md), so scenarios written before stay valid
    suggested: str = ""


class Interactive(NamedTuple):
    """A primitive that may ask: `step` carries it on and returns True when it asked (a
    decision is pending), False when it has finished; `choose` takes the answer."""

    step: Callable[[GameState, EventEffects, Queued, list[Event]], bool]
    choose: Callable[[GameState, EventEffects, Queued, str, list[Event]], None]


def card_now(state: GameState, rule: str) -> str:
    """The card being resolved: the last one taken or played (the deck's log), when it is the
    one whose clause `rule` is."""
    from ..cards import load_event_cards

    deck = state.eventdeck
    if deck is None or not deck.log:
        return ""
    card = load_event_cards().cards.get(deck.log[-1])
    return card.id if card is not None and card.source == rule else ""


def fell_short(state: GameState, player: str, what: str, done: int, asked: int, why: str,
               rule: str, events: list[Event], card: str = "") -> None:
    """Record that a card did `done` of the `asked` it says (`what`), and why."""
    events.append(EventFellShort(player=player, card=card or card_now(state, rule), what=what,
                                 done=done, asked=asked, why=why, rule=rule))


def waiting(state: GameState) -> EventEffects | None:
    """The EventEffects task on top of the flow that has not run yet: the effects of the card
    now resolving queue in it."""
    top = state.tasks[-1] if state.tasks else None
    if top is None or top.kind != EventEffects.KIND:
        return None
    data = top.own()
    assert isinstance(data, EventEffects)
    return None if data.begun else data

