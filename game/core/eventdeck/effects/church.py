"""The church: a council condemning heresies, monasteries bought for victory points. Nations
have no religion and heresies no branch here (decisions in events.toml)."""

from __future__ import annotations

from ...events import Event
from ...ops import pay_treasury
from ...state import GameState
from ..cards import Effect
from ..dice import deck_of
from ..war import award


def council(state: GameState, player: str, effect: Effect, rule: str,
            events: list[Event]) -> None:
    """Every heresy marker is removed: the heretics repent."""
    deck = deck_of(state)
    deck.markers = [m for m in deck.markers if m.kind != "heresy"]


def monastery(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
    """Treasury spent on monasteries: `vp` bonus victory points per `price` tokens, as many
    times as the treasury allows, up to `most` tokens in all."""
    price = max(effect.get("price", 1), 1)
    spend = min(state.players[player].treasury, effect.get("most")) // price * price
    paid = pay_treasury(state, player, spend, events, rule)
    if paid:
        award(state, player, paid // price * effect.get("vp"), rule, events)


EFFECTS = {"council": council, "monastery": monastery}
