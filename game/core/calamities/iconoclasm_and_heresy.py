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

Also the shared sub-task `ShareCities` (`iconoclasm_and_heresy:share`), which Piracy uses:
`chooser` shares `total` among the players in `caps` ({player: most they may take}); picks
`player:X` then `number:N`; finishes with a `Shared` ({player: n}) for the task below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, finish, push, register
from ..ops import discard_card
from ..state import GameState, Progress
from ..words import ref, say
from .common import beneficiary, calamity, holds_any, modified, params
from .corruption import commodity_cards
from .damage import PickPlayers, ReduceCities
from .losses import Shared, sharing_out
from .outcome import PassingOn, receive_passed_on

ID = "iconoclasm_and_heresy"


@dataclass(frozen=True, kw_only=True)
class CitiesSpared(Event):
    player: str
    cities: int
    cards: tuple[str, ...]


@dataclass(kw_only=True)
class IconoclasmAndHeresy(PassingOn):
    KIND = f"calamity:{ID}"
    stage: Literal["primary", "secondary", "queue", "reducing"] = "primary"
    queue: list[tuple[str, int]] = field(default_factory=list)  # (player, cities to reduce)


@dataclass(kw_only=True)
class VictimReduces(Progress):
    """One victim reducing their own cities, after sparing some with cards (Theocracy)."""

    KIND = f"{ID}:victim"
    player: str
    count: int
    role: Literal["primary", "secondary"]
    rule: str = ""
    spared: int = 0  # cities spared so far
    owed: int = 0  # cards still to return for the spare under way (0: none under way)
    returned: list[str] = field(default_factory=list)  # cards returned for it so far
    declined: bool = False  # the victim said no to sparing more
    reducing: bool = False  # the reduction is pushed: the task ends when it is back on top


@dataclass(kw_only=True)
class ShareCities(Progress):
    KIND = f"{ID}:share"
    chooser: str
    total: int
    caps: dict[str, int]  # player -> the most they may take, in ranking order
    rule: str = ""
    what: str = ""  # what is shared, for the prompts ("cities to reduce")
    given: dict[str, int] = field(default_factory=dict)
    naming: str = ""  # the player named, whose part is asked next ("": none yet)


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


def _step(state: GameState, d: IconoclasmAndHeresy, events: list[Event]) -> None:
    victim, p = d.victim, params(state, ID)
    if d.stage == "primary":
        d.stage = "secondary"
        count = modified(state, ID, "primary_cities_reduced", victim)
        push(state, VictimReduces(player=victim, count=count, role="primary",
                                  rule=_rule(state, 0)))
    elif d.stage == "secondary":
        d.stage = "queue"
        out = excluded(state, ID, victim, d.traded_by)
        among = [pid for pid in state.players
                 if pid not in out and state.board.cities_of(pid)]
        if "secondary_cities_total" in p:
            total = int(p["secondary_cities_total"])
            most = int(p.get("secondary_cities_max_each", total))
            caps = {pid: min(most, len(state.board.cities_of(pid))) for pid in among}
            push(state, ShareCities(chooser=victim, total=total, caps=caps,
                                    rule=_rule(state, 0), what="cities to reduce"))
        else:
            push(state, PickPlayers(chooser=victim, among=among,
                                    count=int(p["secondary_players"]), rule=_rule(state, 0),
                                    prompt="Name a player who must reduce a city"))
    elif d.stage == "queue":
        d.stage = "reducing"
        if "secondary_cities_total" in p:
            d.queue = [(pid, modified(state, ID, "secondary_cities", pid, base=d.shares[pid]))
                       for pid in state.players if pid in d.shares]
        else:
            d.queue = [(pid, modified(state, ID, "secondary_cities_each", pid))
                       for pid in d.named]
    elif d.queue:
        pid, count = d.queue.pop(0)
        push(state, VictimReduces(player=pid, count=count, role="secondary",
                                  rule=_rule(state, 0)))
    else:
        done(state, d)


# --- One victim reducing their own cities (Theocracy first) -----------------------------------


def _spare_terms(state: GameState, d: VictimReduces) -> tuple[int, bool, bool] | None:
    """(cards per spare, a spare cancels every reduction, water cards count) when this victim
    may spare cities with cards, else None."""
    p, player = params(state, ID), d.player
    if holds_any(state, player, p.get("cancel_own_reductions_advances")):
        return (int(p["cancel_own_reductions_cards"]), True,
                bool(p.get("cancel_own_reductions_water_allowed")))
    advances = p.get("spare_city_by_card_advances")
    if d.role == "primary" and not advances:
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


def _victim_step(state: GameState, d: VictimReduces, events: list[Event]) -> None:
    player = d.player
    if d.reducing:
        done(state, d)
        return
    left = min(d.count - d.spared, len(state.board.cities_of(player)))
    terms = _spare_terms(state, d)
    if terms and d.owed > 0:
        options = sorted({labels.make("card", c) for c in _cards(state, player, terms[2])})
        if len(options) == 1:
            _victim_choose(state, d, options[0], events)
            return
        ask(state, player, "iconoclasm_spare_card", "Choose the next card to return",
            options, _rule(state, 1))
        return
    if left <= 0:
        done(state, d)
        return
    if terms and not d.declined and len(_cards(state, player, terms[2])) >= terms[0]:
        what = "all your reductions" if terms[1] else "one city"
        ask(state, player, "iconoclasm_spare_card",
            f"Return a card to spare {what} ({terms[0]} card(s) each), or no ({left} to reduce)",
            [labels.make("card", c) for c in _cards(state, player, terms[2])] + ["no"],
            _rule(state, 1))
        return
    d.reducing = True
    push(state, ReduceCities(player=player, count=left, rule=d.rule))


def _victim_choose(state: GameState, d: VictimReduces, label: str, events: list[Event]) -> None:
    if label == "no":
        d.declined = True
        return
    terms = _spare_terms(state, d)
    assert terms is not None
    card = labels.value(label)
    discard_card(state, d.player, card)
    d.returned.append(card)
    d.owed = (d.owed or terms[0]) - 1
    if d.owed:
        return
    spared = d.count if terms[1] else 1
    d.spared += spared
    events.append(CitiesSpared(player=d.player, cities=spared, cards=tuple(d.returned),
                               rule=_rule(state, 1)))
    d.returned = []


# --- Sharing a number of cities out among players ---------------------------------------------


def _share_step(state: GameState, d: ShareCities, events: list[Event]) -> None:
    given = d.given
    left = d.total - sum(given.values())
    caps = {pid: cap - given.get(pid, 0) for pid, cap in d.caps.items()}
    caps = {pid: cap for pid, cap in caps.items() if cap > 0}
    if left <= 0 or not caps:
        finish(state, d, Shared(dict(given)))
        return
    if d.naming:
        top = min(caps[d.naming], left)
        if top == 1:
            _share_choose(state, d, labels.make("number", 1), events)
            return
        ask(state, d.chooser, "share_amount", say("How many {what} for {naming}?", what=d.what,
                                                  naming=ref("player", d.naming)),
            [labels.make("number", n) for n in range(1, top + 1)], d.rule,
            detail=sharing_out(state, left, caps, given, d.naming, d.what, d.rule))
        return
    if len(caps) == 1 or sum(caps.values()) <= left:
        for pid, cap in caps.items():  # no real choice: each takes all they can
            given[pid] = given.get(pid, 0) + min(cap, left)
            left -= min(cap, left)
        return
    ask(state, d.chooser, "share_player",
        f"Name a player to take some of the {left} {d.what} left",
        [labels.make("player", pid) for pid in caps], d.rule,
        detail=sharing_out(state, left, caps, given, "", d.what, d.rule))


def _share_choose(state: GameState, d: ShareCities, label: str, events: list[Event]) -> None:
    if labels.kind_of(label) == "player":
        d.naming = labels.value(label)
        return
    who, d.naming = d.naming, ""
    d.given[who] = d.given.get(who, 0) + labels.number(label)


register(IconoclasmAndHeresy, _step, receive=receive_passed_on)
register(VictimReduces, _victim_step, _victim_choose)
register(ShareCities, _share_step, _share_choose)
