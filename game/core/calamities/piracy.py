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

from dataclasses import dataclass

from ..events import Event
from ..flow import ask, done, push, register_legacy
from ..state import PIRATE, GameState, Task
from .common import beneficiary, calamity, modified, params
from .iconoclasm_and_heresy import excluded
from .tyranny import CalamityNoEffect

ID = "piracy"


@dataclass(frozen=True, kw_only=True)
class PirateCityCreated(Event):
    player: str  # whose city it was
    area: str


def _rule(state: GameState, index: int) -> str:
    clauses = calamity(state, ID).clauses
    return clauses[min(index, len(clauses) - 1)]


def coastal_cities(state: GameState, player: str) -> list[str]:
    return [a for a in state.board.cities_of(player) if state.map.areas[a].coastal]


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    victim, p = d["victim"], params(state, ID)
    trader = d.get("traded_by", "")
    trader = trader if trader in state.players and trader != victim else ""
    stage = d.setdefault("stage", 0)
    if stage == 0:
        if p.get("no_effect_without_coastal_cities") and not coastal_cities(state, victim):
            events.append(CalamityNoEffect(calamity=ID, player=victim,
                                           reason="the victim has no coastal city",
                                           rule=_rule(state, 0)))
            done(state, task)
            return
        d["stage"] = 1
        if "beneficiary_rule" in p:
            chooser = beneficiary(state, str(p["beneficiary_rule"]), victim, trader) or victim
        else:
            chooser = trader or victim
        push(state, f"{ID}:replace", chooser=chooser, player=victim,
             count=modified(state, ID, "primary_cities", victim), rule=_rule(state, 0))
    elif stage == 1:
        d["stage"] = 2
        out = excluded(state, ID, victim, trader)
        among = [pid for pid in state.players
                 if pid not in out and coastal_cities(state, pid)]
        if "secondary_cities_total" in p:
            total = int(p["secondary_cities_total"])
            most = int(p.get("secondary_cities_max_each", total))
            caps = {pid: min(most, len(coastal_cities(state, pid))) for pid in among}
            push(state, "iconoclasm_and_heresy:share", chooser=victim, total=total, caps=caps,
                 into="shares", rule=_rule(state, 1), what="coastal cities to lose")
        else:
            push(state, "damage:pick_players", chooser=victim, among=among,
                 count=int(p["secondary_players"]), into="named", rule=_rule(state, 1),
                 prompt="Name a player who loses a coastal city to pirates")
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
        push(state, f"{ID}:replace", chooser=victim, player=pid, count=int(count),
             rule=_rule(state, 1))
    else:
        done(state, task)


def _replace_step(state: GameState, task: Task, events: list[Event]) -> None:
    d = task.data
    options = coastal_cities(state, d["player"])
    left = int(d["count"]) - int(d.get("done", 0))
    if left <= 0 or not options:
        done(state, task)
        return
    if len(options) <= left:
        for area in options:
            _replace_choose(state, task, f"area:{area}", events)
        return
    ask(state, d["chooser"], "pirate_city",
        f"Choose a coastal city of {d['player']} that pirates take ({left} left)",
        [f"area:{a}" for a in options], d.get("rule", ""))


def _replace_choose(state: GameState, task: Task, label: str, events: list[Event]) -> None:
    d = task.data
    area = label.split(":", 1)[1]
    state.board.cities[area] = PIRATE
    d["done"] = int(d.get("done", 0)) + 1
    events.append(PirateCityCreated(player=d["player"], area=area, rule=d.get("rule", "")))


register_legacy(f"calamity:{ID}", _step)
register_legacy(f"{ID}:replace", _replace_step, _replace_choose)
