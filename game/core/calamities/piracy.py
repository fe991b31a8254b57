"""Piracy (major, tradable): coastal cities of the victim and of other players become pirate
cities (owner "pirate"; they need no support and stay until attacked, 001:29.9.2.5).

Classic (001:29.9.2): the trader picks two of the victim's coastal cities (29.9.2.1); the
victim names two other players, never the trader, and picks one coastal city of each (29.9.2.2).
Cartography +1 city (29.9.2.3), Naval Warfare -1 (29.9.2.4), for primary and secondary victims.
Mega Empires (rules §6.1): the beneficiary (the trader, else most cities then tokens in stock)
picks two of the victim's coastal cities (Cartography +1, Naval Warfare -1); the victim picks
one coastal city of each of two other players, neither the beneficiary nor a Naval Warfare
holder.
Double Empires (002 chart): the trader picks four of the victim's coastal cities; the victim
shares four more out among other players' coastal cities, at most two each, the trader immune;
Cartography +2 and Naval Warfare -2 for primary and secondary victims; a victim without coastal
cities suffers nothing, and then neither does anyone else.
decided: with nobody having traded the card the victim picks their own cities (classic and
Double Empires; the chart says so). Classic and Mega Empires: the secondary part applies even
when the victim has no coastal city (only the chart cancels it).
decided: only players with a coastal city may be named, and the victim picks the player first,
then (when there is a choice) which of their coastal cities.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..state import PIRATE, GameState, Progress
from ..words import ref, say
from .common import beneficiary, calamity, modified, params
from .damage import PickPlayers
from .iconoclasm_and_heresy import ShareCities, excluded
from .outcome import PassingOn, receive_passed_on
from .tyranny import CalamityNoEffect

ID = "piracy"


@dataclass(frozen=True, kw_only=True)
class PirateCityCreated(Event):
    player: str  # whose city it was
    area: str


@dataclass(kw_only=True)
class Piracy(PassingOn):
    KIND = f"calamity:{ID}"
    stage: Literal["primary", "secondary", "queue", "replacing"] = "primary"
    queue: list[tuple[str, int]] = field(default_factory=list)  # (player, cities pirates take)


@dataclass(kw_only=True)
class ReplaceCities(Progress):
    """`chooser` picks `count` of `player`'s coastal cities that become pirate cities."""

    KIND = f"{ID}:replace"
    chooser: str
    player: str
    count: int
    rule: str = ""
    done: int = 0  # cities taken so far


def _rule(state: GameState, index: int) -> str:
    clauses = calamity(state, ID).clauses
    return clauses[min(index, len(clauses) - 1)]


def coastal_cities(state: GameState, player: str) -> list[str]:
    return [a for a in state.board.cities_of(player) if state.map.areas[a].coastal]


def _step(state: GameState, d: Piracy, events: list[Event]) -> None:
    victim, p = d.victim, params(state, ID)
    trader = d.traded_by if d.traded_by in state.players and d.traded_by != victim else ""
    if d.stage == "primary":
        if p.get("no_effect_without_coastal_cities") and not coastal_cities(state, victim):
            events.append(CalamityNoEffect(calamity=ID, player=victim,
                                           reason="the victim has no coastal city",
                                           rule=_rule(state, 0)))
            done(state, d)
            return
        d.stage = "secondary"
        if "beneficiary_rule" in p:
            chooser = beneficiary(state, str(p["beneficiary_rule"]), victim, trader) or victim
        else:
            chooser = trader or victim
        push(state, ReplaceCities(chooser=chooser, player=victim,
                                  count=modified(state, ID, "primary_cities", victim),
                                  rule=_rule(state, 0)))
    elif d.stage == "secondary":
        d.stage = "queue"
        out = excluded(state, ID, victim, trader)
        among = [pid for pid in state.players
                 if pid not in out and coastal_cities(state, pid)]
        if "secondary_cities_total" in p:
            total = int(p["secondary_cities_total"])
            most = int(p.get("secondary_cities_max_each", total))
            caps = {pid: min(most, len(coastal_cities(state, pid))) for pid in among}
            push(state, ShareCities(chooser=victim, total=total, caps=caps,
                                    rule=_rule(state, 1), what="coastal cities to lose"))
        else:
            push(state, PickPlayers(chooser=victim, among=among,
                                    count=int(p["secondary_players"]), rule=_rule(state, 1),
                                    prompt="Name a player who loses a coastal city to pirates"))
    elif d.stage == "queue":
        d.stage = "replacing"
        if "secondary_cities_total" in p:
            d.queue = [(pid, modified(state, ID, "secondary_cities", pid, base=d.shares[pid]))
                       for pid in state.players if pid in d.shares]
        else:
            d.queue = [(pid, modified(state, ID, "secondary_cities_each", pid))
                       for pid in d.named]
    elif d.queue:
        pid, count = d.queue.pop(0)
        push(state, ReplaceCities(chooser=victim, player=pid, count=count,
                                  rule=_rule(state, 1)))
    else:
        done(state, d)


def _replace_step(state: GameState, d: ReplaceCities, events: list[Event]) -> None:
    options = coastal_cities(state, d.player)
    left = d.count - d.done
    if left <= 0 or not options:
        done(state, d)
        return
    if len(options) <= left:
        for area in options:
            _replace_choose(state, d, labels.make("area", area), events)
        return
    ask(state, d.chooser, "pirate_city",
        say("Choose a coastal city of {player} that pirates take ({left} left)",
            player=ref("player", d.player), left=left),
        [labels.make("area", a) for a in options], d.rule)


def _replace_choose(state: GameState, d: ReplaceCities, label: str, events: list[Event]) -> None:
    area = labels.value(label)
    state.board.cities[area] = PIRATE
    d.done += 1
    events.append(PirateCityCreated(player=d.player, area=area, rule=d.rule))


register(Piracy, _step, receive=receive_passed_on)
register(ReplaceCities, _replace_step, _replace_choose)
