"""Corruption (non-tradable): the victim discards commodity cards of their choice worth at least
ten points of face value, not set value (001:29.7.1.1; Coinage +5, 29.7.1.2; Law -5, 29.7.1.3;
Mega Empires adds Wonder of the World +5, rules §6.1). Not in the Double Empires chart.

Also the shared card pick `corruption:select_cards`, which Banditry uses: `player` picks
commodity cards one at a time (`card:X`) until their face values reach `target` or none are
left; each goes to `to` (a player) or, with `to` empty, to its discard pile.
decided: water cards are not commodity cards (they are worth nothing), so they are never asked
for; a victim short of the target gives up every commodity card held.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import discard_card, give_card, take_card
from ..state import GameState, Progress
from ..words import ref, say
from .common import calamity, modified
from .outcome import CalamityProgress

ID = "corruption"


@dataclass(frozen=True, kw_only=True)
class CardsDiscarded(Event):
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class CardsGiven(Event):
    player: str
    to: str
    cards: tuple[str, ...]


def commodity_cards(state: GameState, player: str) -> list[str]:
    """The commodity cards in a hand (water and calamities left out), one entry per card."""
    goods = state.data.commodities
    return [h.card for h in state.players[player].hand if h.card in goods]


@dataclass(kw_only=True)
class Corruption(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "picking"] = "start"


@dataclass(kw_only=True)
class SelectCards(Progress):
    """`player` gives commodity cards worth `target` face value to `to` ("" discards them)."""

    KIND = "corruption:select_cards"
    player: str
    target: int
    to: str = ""
    rule: str = ""
    picked: list[str] = field(default_factory=list)


def face_value(state: GameState, card: str) -> int:
    return state.data.commodities[card].value


def _step(state: GameState, d: Corruption, events: list[Event]) -> None:
    if d.stage == "picking":
        done(state, d)
        return
    victim = d.victim
    rule = calamity(state, ID).clauses[0]
    target = modified(state, ID, "face_value_discarded", victim)
    d.stage = "picking"
    push(state, SelectCards(player=victim, target=target, to="", rule=rule))


def _worth(state: GameState, cards: list[str]) -> int:
    return sum(face_value(state, c) for c in cards)


def _select_step(state: GameState, d: SelectCards, events: list[Event]) -> None:
    held = commodity_cards(state, d.player)
    if _worth(state, d.picked) >= d.target or not held:
        _report(d, events)
        done(state, d)
        return
    options = sorted(set(held))
    if len(options) == 1:
        _select_choose(state, d, labels.make("card", options[0]), events)
        return
    worth = d.target - _worth(state, d.picked)
    verb = ["give to ", ref("player", d.to)] if d.to else "discard"
    ask(state, d.player, "select_commodity_card",
        say("Choose a commodity card to {verb} ({worth} more face value)", verb=verb,
            worth=worth),
        [labels.make("card", c) for c in options], d.rule)


def _select_choose(state: GameState, d: SelectCards, label: str, events: list[Event]) -> None:
    card = labels.value(label)
    if d.to:
        take_card(state, d.player, card)
        give_card(state, d.to, card)
    else:
        discard_card(state, d.player, card)
    d.picked.append(card)


def _report(d: SelectCards, events: list[Event]) -> None:
    if not d.picked:
        return
    if d.to:
        events.append(CardsGiven(player=d.player, to=d.to, cards=tuple(d.picked), rule=d.rule))
    else:
        events.append(CardsDiscarded(player=d.player, cards=tuple(d.picked), rule=d.rule))


register(Corruption, _step)
register(SelectCards, _select_step, _select_choose)
