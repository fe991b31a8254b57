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

from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..flow import ask, done, push, register_legacy
from ..gamedata import load_game_data
from ..ops import discard_card, give_card, take_card
from ..state import GameState, Task
from .common import calamity, modified

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


def face_value(card: str) -> int:
    return load_game_data().commodities[card].value


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    if d.get("pushed"):
        done(state, task)
        return
    victim = d["victim"]
    rule = calamity(state, ID).clauses[0]
    target = modified(state, ID, "face_value_discarded", victim)
    d["pushed"] = True
    push(state, "corruption:select_cards", player=victim, target=target, to="", rule=rule)


def _select_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    picked: list[str] = d.setdefault("picked", [])
    held = commodity_cards(state, d["player"])
    if sum(face_value(c) for c in picked) >= int(d["target"]) or not held:
        _report(d, picked, events)
        done(state, task)
        return
    options = sorted(set(held))
    if len(options) == 1:
        _select_choose(state, task, f"card:{options[0]}", events)
        return
    worth = int(d["target"]) - sum(face_value(c) for c in picked)
    verb = f"give to {d['to']}" if d.get("to") else "discard"
    ask(state, d["player"], "select_commodity_card",
        f"Choose a commodity card to {verb} ({worth} more face value)",
        [f"card:{c}" for c in options], d.get("rule", ""))


def _select_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    card = label.split(":", 1)[1]
    if d.get("to"):
        take_card(state, d["player"], card)
        give_card(state, d["to"], card)
    else:
        discard_card(state, d["player"], card)
    d["picked"].append(card)


def _report(d: dict[str, Any], picked: list[str], events: list[Event]) -> None:
    if not picked:
        return
    player, to, rule = d["player"], str(d.get("to") or ""), str(d.get("rule", ""))
    if to:
        events.append(CardsGiven(player=player, to=to, cards=tuple(picked), rule=rule))
    else:
        events.append(CardsDiscarded(player=player, cards=tuple(picked), rule=rule))


register_legacy(f"calamity:{ID}", _step)
register_legacy("corruption:select_cards", _select_step, _select_choose)
