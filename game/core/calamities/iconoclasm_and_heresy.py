"""Iconoclasm and Heresy (major, tradable): the victim reduces some of their own cities, then
makes other players reduce some of theirs; each victim picks their own cities.

Classic (001:29.8.2): the victim reduces four cities and shares two more out among other
players as they like (29.8.2.1), never to the player who traded them the card. Philosophy -1
(29.8.2.3), Theology -3 (29.8.2.4), Monotheism +1 (29.8.2.5), for primary and secondary victims
alike (a secondary's modifiers apply to the share they were given). Theocracy (29.8.2.2): each
city may be spared by returning one commodity card.
Mega Empires (rules §6.1): four cities; the victim names two other players, not the beneficiary,
who reduce one each; Philosophy -2, Theology -3, Monotheism +1 for every victim; a Theocracy
holder may cancel all their own reductions by discarding two cards (water cards allowed).
Double Empires (002 chart): eight cities; four more shared out, at most two per player, the
trader immune; Monotheism +2 (primary only), Philosophy -2, Theology -6; the primary victim may
spare each city with two commodity cards (Theocracy).
decided: only players who have a city may be named or given a share (a share nobody can suffer
would be no choice at all), and a share never exceeds the cities that player has.

Also the shared sub-task `iconoclasm_and_heresy:share`, which Piracy uses: `chooser` shares
`total` among the players in `caps` ({player: most they may take}); picks `player:X` then
`number:N`; the result ({player: n}) goes into the data of the task below under `into`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import Event
from ..flow import ask, done, push, register_legacy
from ..ops import discard_card
from ..state import GameState, Task
from .common import beneficiary, calamity, holds_any, modified, params
from .corruption import commodity_cards

ID = "iconoclasm_and_heresy"


@dataclass(frozen=True, kw_only=True)
class CitiesSpared(Event):
    player: str
    cities: int
    cards: tuple[str, ...]


def _rule(state: GameState, index: int) -> str:
    clauses = calamity(state, ID).clauses
    return clauses[min(index, len(clauses) - 1)]


def excluded(state: GameState, cid: str, victim: str, traded_by: str) -> set[str]:
    """Players who may not be secondary victims: the victim, the trader (`trader_not_secondary`)
    or the beneficiary (`beneficiary_not_secondary`), holders of `secondary_immune_advances`."""
    p = params(state, cid)
    out = {victim}
    if p.get("trader_not_secondary") and traded_by:
        out.add(traded_by)
    if p.get("beneficiary_not_secondary"):
        named = beneficiary(state, str(p["beneficiary_rule"]), victim, traded_by)
        if named:
            out.add(named)
    immune = p.get("secondary_immune_advances")
    out |= {pid for pid in state.players if holds_any(state, pid, immune)}
    return out


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    victim, p = d["victim"], params(state, ID)
    stage = d.setdefault("stage", 0)
    if stage == 0:
        d["stage"] = 1
        count = modified(state, ID, "primary_cities_reduced", victim)
        push(state, f"{ID}:victim", player=victim, count=count, role="primary",
             rule=_rule(state, 0))
    elif stage == 1:
        d["stage"] = 2
        out = excluded(state, ID, victim, d.get("traded_by", ""))
        among = [pid for pid in state.players
                 if pid not in out and state.board.cities_of(pid)]
        if "secondary_cities_total" in p:
            total = int(p["secondary_cities_total"])
            most = int(p.get("secondary_cities_max_each", total))
            caps = {pid: min(most, len(state.board.cities_of(pid))) for pid in among}
            push(state, f"{ID}:share", chooser=victim, total=total, caps=caps, into="shares",
                 rule=_rule(state, 0), what="cities to reduce")
        else:
            push(state, "damage:pick_players", chooser=victim, among=among,
                 count=int(p["secondary_players"]), into="named", rule=_rule(state, 0),
                 prompt="Name a player who must reduce a city")
    elif stage == 2:
        d["stage"] = 3
        if "shares" in d:
            shares = d["shares"]
            d["queue"] = [[pid, modified(state, ID, "secondary_cities", pid,
                                         base=int(shares[pid]))]
                          for pid in state.players if pid in shares]
        else:
            d["queue"] = [[pid, modified(state, ID, "secondary_cities_each", pid)]
                          for pid in d.get("named", [])]
    elif d["queue"]:
        pid, count = d["queue"].pop(0)
        push(state, f"{ID}:victim", player=pid, count=int(count), role="secondary",
             rule=_rule(state, 0))
    else:
        done(state, task)


# --- One victim reducing their own cities (Theocracy first) -----------------------------------


def _spare_terms(state: GameState, d: dict[str, Any]) -> tuple[int, bool, bool] | None:
    """(cards per spare, a spare cancels every reduction, water cards count) when this victim
    may spare cities with cards, else None."""
    p, player = params(state, ID), d["player"]
    if holds_any(state, player, p.get("cancel_own_reductions_advances")):
        return (int(p["cancel_own_reductions_cards"]), True,
                bool(p.get("cancel_own_reductions_water_allowed")))
    advances = p.get("spare_city_by_card_advances")
    if d["role"] == "primary" and not advances:
        advances = p.get("primary_spare_city_by_card_advances")
    if holds_any(state, player, advances):
        return int(p["spare_city_commodity_cards"]), False, False
    return None


def _cards(state: GameState, player: str, water: bool) -> list[str]:
    held = commodity_cards(state, player)
    if water:
        held += [h.card for h in state.players[player].hand
                 if h.card == state.data.water.id]
    return held


def _victim_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    player = d["player"]
    if d.get("reducing"):
        done(state, task)
        return
    left = min(int(d["count"]) - int(d.get("spared", 0)),
               len(state.board.cities_of(player)))
    terms = _spare_terms(state, d)
    if terms and int(d.get("owed", 0)) > 0:
        options = sorted({f"card:{c}" for c in _cards(state, player, terms[2])})
        if len(options) == 1:
            _victim_choose(state, task, options[0], events)
            return
        ask(state, player, "iconoclasm_spare_card", "Choose the next card to return",
            options, _rule(state, 1))
        return
    if left <= 0:
        done(state, task)
        return
    if terms and not d.get("declined") and len(_cards(state, player, terms[2])) >= terms[0]:
        what = "all your reductions" if terms[1] else "one city"
        ask(state, player, "iconoclasm_spare_card",
            f"Return a card to spare {what} ({terms[0]} card(s) each), or no ({left} to reduce)",
            [f"card:{c}" for c in _cards(state, player, terms[2])] + ["no"], _rule(state, 1))
        return
    d["reducing"] = True
    push(state, "damage:reduce_cities", player=player, count=left, rule=d["rule"])


def _victim_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    if label == "no":
        d["declined"] = True
        return
    terms = _spare_terms(state, d)
    assert terms is not None
    card = label.split(":", 1)[1]
    discard_card(state, d["player"], card)
    d.setdefault("returned", []).append(card)
    d["owed"] = int(d.get("owed") or terms[0]) - 1
    if d["owed"]:
        return
    spared = int(d["count"]) if terms[1] else 1
    d["spared"] = int(d.get("spared", 0)) + spared
    events.append(CitiesSpared(player=d["player"], cities=spared, cards=tuple(d.pop("returned")),
                               rule=_rule(state, 1)))


# --- Sharing a number of cities out among players ---------------------------------------------


def _share_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    given: dict[str, int] = d.setdefault("given", {})
    left = int(d["total"]) - sum(given.values())
    caps = {pid: int(cap) - given.get(pid, 0) for pid, cap in d["caps"].items()}
    caps = {pid: cap for pid, cap in caps.items() if cap > 0}
    if left <= 0 or not caps:
        state.tasks[-2].data[d["into"]] = dict(given)
        done(state, task)
        return
    if "naming" in d:
        top = min(caps[d["naming"]], left)
        if top == 1:
            _share_choose(state, task, "number:1", events)
            return
        ask(state, d["chooser"], "share_amount",
            f"How many {d.get('what', '')} for {d['naming']}?",
            [f"number:{n}" for n in range(1, top + 1)], d.get("rule", ""))
        return
    if len(caps) == 1 or sum(caps.values()) <= left:
        for pid, cap in caps.items():  # no real choice: each takes all they can
            given[pid] = given.get(pid, 0) + min(cap, left)
            left -= min(cap, left)
        return
    ask(state, d["chooser"], "share_player",
        f"Name a player to take some of the {left} {d.get('what', '')} left",
        [f"player:{pid}" for pid in caps], d.get("rule", ""))


def _share_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    kind, _, value = label.partition(":")
    if kind == "player":
        d["naming"] = value
        return
    who = d.pop("naming")
    d["given"][who] = d["given"].get(who, 0) + int(value)


register_legacy(f"calamity:{ID}", _step)
register_legacy(f"{ID}:victim", _victim_step, _victim_choose)
register_legacy(f"{ID}:share", _share_step, _share_choose)
