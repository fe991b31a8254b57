"""Money: treasury tokens gained or paid (seed 000's talents)."""

from __future__ import annotations

from ...events import Event
from ...ops import gain_treasury, pay_treasury
from ...state import GameState
from ..cards import Effect
from .progress import fell_short


def treasury(state: GameState, player: str, effect: Effect, rule: str,
             events: list[Event]) -> None:
    amount = effect.get("amount")
    if amount >= 0:
        gain_up_to(state, player, amount, rule, events)
        return
    paid = pay_treasury(state, player, -amount, events, rule)
    if paid < -amount:  # "a short treasury pays what it holds" (events.toml, Corruption)
        fell_short(state, player, "treasury_paid", paid, -amount, "treasury", rule, events)


def gain_up_to(state: GameState, player: str, amount: int, rule: str,
               events: list[Event]) -> None:
    """`amount` treasury tokens from stock; fewer, said, when the stock holds fewer."""
    got = gain_treasury(state, player, amount, events, rule)
    if got < amount:
        fell_short(state, player, "treasury", got, amount, "stock", rule, events)


def treasury_halved(state: GameState, player: str, effect: Effect, rule: str,
                    events: list[Event]) -> None:
    held = state.players[player].treasury
    pay_treasury(state, player, held - held // 2, events, rule)


EFFECTS = {"treasury": treasury, "treasury_halved": treasury_halved}
