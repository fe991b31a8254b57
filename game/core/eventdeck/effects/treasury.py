"""Money: treasury tokens gained or paid (seed 000's talents)."""

from __future__ import annotations

from ...events import Event
from ...ops import gain_treasury, pay_treasury
from ...state import GameState
from ..cards import Effect


def treasury(state: GameState, player: str, effect: Effect, rule: str,
             events: list[Event]) -> None:
    amount = effect.get("amount")
    if amount >= 0:
        gain_treasury(state, player, amount, events, rule)
    else:
        pay_treasury(state, player, -amount, events, rule)


def treasury_halved(state: GameState, player: str, effect: Effect, rule: str,
                    events: list[Event]) -> None:
    held = state.players[player].treasury
    pay_treasury(state, player, held - held // 2, events, rule)


EFFECTS = {"treasury": treasury, "treasury_halved": treasury_halved}
