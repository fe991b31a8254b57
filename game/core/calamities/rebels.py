"""Rebels (Double Empires, non-tradable; seed 002 chart row "Rebels").

Four of the victim's non-coastal cities go over to the rebels and become barbarian cities; if
the victim has fewer than four non-coastal cities, coastal ones make up the number. Then four
non-coastal cities of other players, at most two from any one player, are replaced the same
way; the victim picks them.

Decisions (unclear rules):
- A barbarian city is the game's pirate city (owner "pirate"): the one shared city piece, which
  needs no support and stays until attacked (001:29.9.2.5).
- The victim picks their own lost cities too (the chart names the victim as the only selector);
  no choice is asked when every candidate must go.
- Other players lose non-coastal cities only: the coastal substitute is written for the primary
  victim alone. With fewer such cities about, fewer are replaced.
- The victim picks a player, then (when there is a choice) one of that player's cities, one
  city at a time; no player is asked for when all that remain must be taken anyway.
- The other players lose their cities even when the victim has none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..state import PIRATE, GameState, Progress
from ..words import ref, say
from .common import calamity, params
from .outcome import CalamityProgress
from .piracy import PirateCityCreated, coastal_cities

ID = "rebels"


@dataclass(kw_only=True)
class Rebels(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["own", "others", "over"] = "own"


@dataclass(kw_only=True)
class RebelsOwn(Progress):
    """The victim hands `count` of their own cities to the rebels."""

    KIND = f"{ID}:own"
    player: str
    count: int
    rule: str
    done: int = 0  # cities handed over so far


@dataclass(kw_only=True)
class RebelsOthers(Progress):
    """The victim (`chooser`) hands other players' non-coastal cities to the rebels."""

    KIND = f"{ID}:others"
    chooser: str
    total: int
    max_each: int
    rule: str
    taken: dict[str, int] = field(default_factory=dict)  # player -> cities lost so far
    naming: str = ""  # the player whose city is being picked


def _rule(state: GameState) -> str:
    return calamity(state, ID).clauses[0]


def inland_cities(state: GameState, player: str) -> list[str]:
    return [a for a in state.board.cities_of(player) if not state.map.areas[a].coastal]


def _step(state: GameState, d: Rebels, events: list[Event]) -> None:
    p = params(state, ID)
    if d.stage == "own":
        d.stage = "others"
        push(state, RebelsOwn(player=d.victim, count=int(p["primary_cities"]),
                              rule=_rule(state)))
    elif d.stage == "others":
        d.stage = "over"
        push(state, RebelsOthers(chooser=d.victim, total=int(p["secondary_cities_total"]),
                                 max_each=int(p["secondary_cities_max_each"]),
                                 rule=_rule(state)))
    else:
        done(state, d)


def _rebel(state: GameState, owner: str, area: str, rule: str, events: list[Event]) -> None:
    state.board.cities[area] = PIRATE
    events.append(PirateCityCreated(player=owner, area=area, rule=rule))


# --- The victim's own cities: non-coastal first, coastal ones make up the number -------------


def _own_pool(state: GameState, player: str) -> list[str]:
    return inland_cities(state, player) or coastal_cities(state, player)


def _own_step(state: GameState, d: RebelsOwn, events: list[Event]) -> None:
    left = d.count - d.done
    pool = _own_pool(state, d.player)
    if left <= 0 or not pool:
        done(state, d)
        return
    if len(pool) <= left:
        for area in pool:
            _own_choose(state, d, labels.make("area", area), events)
        return
    ask(state, d.player, "rebel_city", f"Choose a city of yours the rebels take ({left} left)",
        [labels.make("area", a) for a in pool], d.rule)


def _own_choose(state: GameState, d: RebelsOwn, label: str, events: list[Event]) -> None:
    _rebel(state, d.player, labels.value(label), d.rule, events)
    d.done += 1


# --- Other players' non-coastal cities, picked by the victim ---------------------------------


def _room(state: GameState, d: RebelsOthers) -> dict[str, int]:
    """How many more cities each other player may still lose."""
    room = {pid: min(d.max_each - d.taken.get(pid, 0), len(inland_cities(state, pid)))
            for pid in state.players if pid != d.chooser}
    return {pid: n for pid, n in room.items() if n > 0}


def _others_step(state: GameState, d: RebelsOthers, events: list[Event]) -> None:
    left = d.total - sum(d.taken.values())
    room = _room(state, d)
    if left <= 0 or not room:
        done(state, d)
        return
    who = d.naming
    if not who:
        if len(room) > 1 and sum(room.values()) > left:
            ask(state, d.chooser, "rebel_player",
                f"Name a player who loses a non-coastal city to the rebels ({left} left)",
                [labels.make("player", pid) for pid in room], d.rule)
            return
        who = d.naming = next(iter(room))
    cities = inland_cities(state, who)
    if len(cities) == 1 or (sum(room.values()) <= left and len(cities) <= room[who]):
        _others_choose(state, d, labels.make("area", cities[0]), events)
        return
    ask(state, d.chooser, "rebel_city",
        say("Choose a non-coastal city of {who} the rebels take", who=ref("player", who)),
        [labels.make("area", a) for a in cities], d.rule)


def _others_choose(state: GameState, d: RebelsOthers, label: str, events: list[Event]) -> None:
    if labels.kind_of(label) == "player":
        d.naming = labels.value(label)
        return
    who, d.naming = d.naming, ""
    _rebel(state, who, labels.value(label), d.rule, events)
    d.taken[who] = d.taken.get(who, 0) + 1


register(Rebels, _step)
register(RebelsOwn, _own_step, _own_choose)
register(RebelsOthers, _others_step, _others_choose)
