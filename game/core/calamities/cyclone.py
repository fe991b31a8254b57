"""Cyclone (non-tradable): a cyclone over the open sea bordering most of the victim's cities.

Classic (001:29.6.1.1-6): the victim reduces 3 of their cities bordering that sea, every other
player 2 of theirs; Masonry -1, Engineering -2, Trade Empire +1 for everyone; every ship in the
bordering areas goes back to stock. Mega Empires (003:CYCLONE): select 3 (others 2), Trade Empire
selects 1 more, then Masonry unselects 1 and Calendar 2, and the selected cities are reduced; no
ships are lost. Double Empires (002:Cyclones): the two open seas bordering most of the victim's
cities are struck, 3 / 2 cities per sea with Trade Empire +1, Masonry -1, Calendar -2 per sea;
the ships in the bordering areas are destroyed, Calendar holders keeping four in total.

A player reduces their own cities; with too few bordering cities, all of them are selected
(rules §11, Cyclone). Ties between seas are broken by the victim (001:29.6.1.1, 003:CYCLONE).

decided (Double Empires): only seas bordering at least one of the victim's cities can be struck,
so a victim next to one sea suffers one cyclone; the seas are struck in order of most victim
cities, then sea id.
decided (Double Empires): "all their ships are destroyed" is read with the sentence's "in
bordering areas", as in the classic clause 29.6.1.3: every ship in the bordering areas, whoever
owns it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..state import GameState
from .common import modified, params
from .damage import ReduceCities
from .losses import CalamityAverted, return_ships
from .outcome import CalamityProgress

ID = "cyclone"

RULES = {
    "classic": {"site": "001:29.6.1.1", "none": "001:29.6.1.2", "reduce": "001:29.6.1.3",
                "ships": "001:29.6.1.3"},
    "mega-empires": dict.fromkeys(("site", "none", "reduce", "ships"), "003:CYCLONE"),
    "double-empires": dict.fromkeys(("site", "none", "reduce", "ships"), "002:Cyclones"),
}


@dataclass(frozen=True, kw_only=True)
class CycloneStruck(Event):
    sea: str
    cities: tuple[str, ...]  # areas whose city the cyclone reduced
    ships: int  # ships returned to stock


def _rule(state: GameState, role: str) -> str:
    return RULES[state.config.ruleset][role]


def exposed_cities(state: GameState, player: str, sea: str) -> list[str]:
    borders = state.map.seas[sea].borders
    return [a for a in state.board.cities_of(player) if a in borders]


def cities_reduced(state: GameState, player: str, primary: bool, exposed: int) -> int:
    """How many of `exposed` bordering cities the player reduces at one sea."""
    role = "primary" if primary else "secondary"
    p = params(state, ID)
    if f"{role}_cities_selected" in p:  # Mega Empires: select, then unselect
        selected = min(modified(state, ID, f"{role}_cities_selected", player), exposed)
        return max(selected - modified(state, ID, "cities_unselected", player), 0)
    name = f"{role}_cities_reduced_per_sea" if f"{role}_cities_reduced_per_sea" in p \
        else f"{role}_cities_reduced"
    return min(modified(state, ID, name, player), exposed)


@dataclass(kw_only=True)
class SeaStruck:
    """The cyclone at one sea, while its cities are being reduced."""

    sea: str
    queue: list[tuple[str, int]]  # (player, cities to reduce), still to push
    ships: int  # ships returned to stock there
    cities: list[str]  # the bordering areas that held a city when it struck


@dataclass(kw_only=True)
class Cyclone(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "seas"] = "start"
    counts: dict[str, int] = field(default_factory=dict)  # sea -> the victim's cities there
    seas: list[str] = field(default_factory=list)  # the seas struck, in order
    struck: int = 0  # seas started so far
    current: SeaStruck | None = None


def _step(state: GameState, d: Cyclone, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        d.stage = "seas"
        counts = {s: len(exposed_cities(state, victim, s)) for s in state.map.seas}
        d.counts = {s: n for s, n in counts.items() if n > 0}
        d.seas = []
        if not d.counts:
            events.append(CalamityAverted(calamity=ID, victim=victim, rule=_rule(state, "none"),
                                          reason="no city borders an open sea"))
            done(state, d)
            return
    if d.current is not None:
        _sea_step(state, d, d.current, events)
        return
    if not _pick_seas(state, d):
        return
    if d.struck >= len(d.seas):
        done(state, d)
        return
    d.struck += 1
    _start_sea(state, d, d.seas[d.struck - 1], events)


def _pick_seas(state: GameState, d: Cyclone) -> bool:
    wanted = int(params(state, ID).get("open_seas", 1))
    counts, chosen = d.counts, d.seas
    while len(chosen) < min(wanted, len(counts)):
        rest = {s: n for s, n in counts.items() if s not in chosen}
        best = max(rest.values())
        tied = sorted(s for s, n in rest.items() if n == best)
        if len(tied) <= wanted - len(chosen):
            chosen.extend(tied)
            continue
        ask(state, d.victim, "cyclone_sea", "Choose the open sea the cyclone strikes",
            [labels.make("sea", s) for s in tied], _rule(state, "site"))
        return False
    return True


def _choose(state: GameState, d: Cyclone, label: str, events: list[Event]) -> None:
    d.seas.append(labels.value(label))


def _start_sea(state: GameState, d: Cyclone, sea: str, events: list[Event]) -> None:
    victim = d.victim
    borders = list(state.map.seas[sea].borders)
    p = params(state, ID)
    ships = 0
    if p.get("ships_lost_in_affected_areas"):
        # Ships kept at an earlier sea count against a "keep N in total" allowance.
        earlier = {a for s in d.seas[: d.struck - 1]
                   for a in state.map.seas[s].borders} - set(borders)
        for pid in state.players:
            allowance = modified(state, ID, "ships_kept", pid) if "ships_kept" in p else 0
            elsewhere = sum(state.board.ships.get(a, {}).get(pid, 0) for a in earlier)
            ships += return_ships(state, pid, borders, max(allowance - elsewhere, 0), events,
                                  _rule(state, "ships"))
    order = [victim, *[q for q in state.players if q != victim]]
    queue = []
    for pid in order:
        exposed = exposed_cities(state, pid, sea)
        n = cities_reduced(state, pid, pid == victim, len(exposed)) if exposed else 0
        if n > 0:
            queue.append((pid, n))
    d.current = SeaStruck(sea=sea, queue=queue, ships=ships,
                          cities=[a for a in borders if a in state.board.cities])
    _sea_step(state, d, d.current, events)


def _sea_step(state: GameState, d: Cyclone, cur: SeaStruck, events: list[Event]) -> None:
    sea = cur.sea
    if cur.queue:
        pid, n = cur.queue.pop(0)
        push(state, ReduceCities(player=pid, count=n,
             areas=exposed_cities(state, pid, sea), rule=_rule(state, "reduce")))
        return
    reduced = tuple(a for a in cur.cities if a not in state.board.cities)
    events.append(CycloneStruck(sea=sea, cities=reduced, ships=cur.ships,
                                rule=_rule(state, "site")))
    d.current = None


register(Cyclone, _step, _choose)
