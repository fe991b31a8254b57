"""Trade Routes (rules §8 #33, phase 10): discard commodity cards, one at a time, each for
treasury worth twice its face value. A card whose price the stock cannot pay is not offered
(the treasury comes out of stock, and MEA's note forbids it when stock is too small)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import discard_card, gain_treasury
from ..state import GameState
from .special_common import AbilityProgress

KIND = "special:trade_routes"
EFFECT = "special_cards_to_treasury"
RULE = "rules:phase-10-trade-routes"


@dataclass(frozen=True, kw_only=True)
class CardCashed(Event):
    """A card discarded face up to the pile of its stack for treasury."""

    player: str
    card: str
    treasury: int


def card_worth(state: GameState, card: str) -> int:
    data = state.data
    return data.commodities[card].value * data.numbers["trade_routes_face_value_multiplier"]


def cashable(state: GameState, player: str) -> list[str]:
    """Distinct commodity cards in hand whose treasury the stock can still cover."""
    commodities = state.data.commodities
    p = state.players[player]
    return sorted({h.card for h in p.hand
                   if h.card in commodities and card_worth(state, h.card) <= p.stock})


def usable(state: GameState, player: str) -> bool:
    return bool(cashable(state, player))


@dataclass(kw_only=True)
class TradeRoutes(AbilityProgress):
    KIND = KIND


def _step(state: GameState, task: TradeRoutes, events: list[Event]) -> None:
    player = task.player
    cards = cashable(state, player)
    if task.stop or not cards:
        done(state, task)
        return
    ask(state, player, "trade_routes_card",
        "Trade Routes: discard a card for twice its face value in treasury",
        [*(labels.make("card", c) for c in cards), "done"], RULE)


def _choose(state: GameState, task: TradeRoutes, label: str, events: list[Event]) -> None:
    if label == "done":
        task.stop = True
        return
    player = task.player
    card = labels.value(label)
    worth = card_worth(state, card)
    discard_card(state, player, card)
    events.append(CardCashed(player=player, card=card, treasury=worth, rule=RULE))
    gain_treasury(state, player, worth, events, RULE)


register(TradeRoutes, _step, _choose)
