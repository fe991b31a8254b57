"""The church: a council condemning heresies, monasteries bought for victory points. Nations
have no religion and heresies no branch here (decisions in events.toml)."""

from __future__ import annotations

from ... import labels
from ...events import Event
from ...flow import ask
from ...ops import pay_treasury
from ...state import GameState
from ...words import say
from ..cards import Effect
from ..dice import deck_of
from ..war import award
from .growth import title
from .progress import EventEffects, EventStep, Interactive, Queued, fell_short


def council(state: GameState, player: str, effect: Effect, rule: str,
            events: list[Event]) -> None:
    """Every heresy marker is removed: the heretics repent."""
    deck = deck_of(state)
    deck.markers = [m for m in deck.markers if m.kind != "heresy"]


def _monastery_step(state: GameState, task: EventEffects, q: Queued,
                    events: list[Event]) -> bool:
    """Treasury spent on monasteries: `vp` bonus victory points per `price` tokens, up to `most`
    tokens in all. How much is the holder's choice ("up to"): it is asked, from nothing to the
    most its treasury allows; with less than one `price` held, nothing is built, said."""
    if task.left == 0:  # spent
        return False
    price = max(q.params.get("price", 1), 1)
    held = state.players[q.player].treasury
    top = min(held, q.params.get("most", 0)) // price * price
    if top < price:
        fell_short(state, q.player, "monastery", held, price, "treasury", q.rule, events, q.card)
        return False
    ask(state, q.player, SPEND,
        say("{card}: how much treasury to spend on monasteries ({vp} bonus VP per {price}, "
            "up to {top})", card=title(q.card), vp=q.params.get("vp", 0), price=price, top=top),
        [labels.make("number", n) for n in range(0, top + 1, price)], q.rule,
        EventStep(card=q.card, effect=q.do, count=top, suggested=labels.make("number", top)))
    return True


def _monastery_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                      events: list[Event]) -> None:
    price = max(q.params.get("price", 1), 1)
    paid = pay_treasury(state, q.player, labels.number(label), events, q.rule)
    if paid:
        award(state, q.player, paid // price * q.params.get("vp", 0), q.rule, events)
    task.left = 0


SPEND = "event_spend"
EFFECTS = {"council": council}
INTERACTIVE = {"monastery": Interactive(_monastery_step, _monastery_choose)}
