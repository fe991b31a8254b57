"""Revival of Past Empire (Double Empires, non-tradable; seed 002 chart row "Revival of Past
Empire").

The player with most cities in stock is the beneficiary; if the victim has most cities in stock
nothing happens. The beneficiary selects areas of the victim and replaces the victim's cities
and tokens there with their own from stock: two areas when the victim owns up to seven cities,
three with eight or nine, four with 10-12, five with 13-15, six with 16-18. All areas must be in
contact with each other.

Decisions (unclear rules):
- Ties for most cities in stock go by tokens in stock, then A.S.T. ranking (rules §2); the
  victim "has most" also when tied with the best other player (see the rule-set file).
- Areas are taken whole: an area is offered only when the beneficiary has the tokens and, for a
  city, a city in stock to replace everything of the victim's there. When no area can be taken
  any more, the revival ends short.
- "In contact": each area after the first borders (by land or water) one already taken. The
  first pick must lie in a group of touching areas large enough for all the areas due (or the
  largest group there is), so the beneficiary can never strand the revival by their first pick.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import annex_city, cities_in_stock, place_tokens, remove_tokens
from ..state import GameState
from ..words import ref, say
from .common import beneficiary, calamity, params
from .outcome import CalamityProgress, no_effect
from .tyranny import BeneficiaryChosen, UnitsAnnexed, areas_of

ID = "revival_of_past_empire"


@dataclass(kw_only=True)
class RevivalOfPastEmpire(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "taking"] = "start"
    beneficiary: str = ""
    left: int = 0  # areas still to take over
    taken: list[str] = field(default_factory=list)

    def gaining(self) -> tuple[str, ...]:
        return (self.beneficiary,) if self.beneficiary else ()


def _rule(state: GameState) -> str:
    return calamity(state, ID).clauses[0]


def areas_due(state: GameState, victim: str) -> int:
    """The chart's table: areas taken over for the victim's cities on the board."""
    cities = len(state.board.cities_of(victim))
    rows = params(state, ID)["areas_by_victim_cities_table"]
    return int(next(value for threshold, value in reversed(rows) if threshold <= cities))


def takeable(state: GameState, victim: str, ben: str) -> list[str]:
    """The victim's areas the beneficiary can replace whole from their stock."""
    board = state.board
    stock = state.players[ben].stock
    return sorted(a for a in areas_of(state, victim)
                  if board.count(a, victim) <= stock
                  and (board.cities.get(a) != victim or cities_in_stock(state, ben) > 0))


def groups(state: GameState, areas: list[str]) -> list[list[str]]:
    """The areas split into groups that touch (by land or water), each sorted."""
    left, out = set(areas), []
    while left:
        seed = min(left)
        group, queue = {seed}, [seed]
        while queue:
            for n in state.map.neighbours(queue.pop()):
                if n in left and n not in group:
                    group.add(n)
                    queue.append(n)
        left -= group
        out.append(sorted(group))
    return out


def options(state: GameState, d: RevivalOfPastEmpire) -> list[str]:
    victim, ben, taken = d.victim, d.beneficiary, d.taken
    if d.left <= 0:
        return []
    areas = takeable(state, victim, ben)
    if taken:
        touching = {n for a in taken for n in state.map.neighbours(a)}
        return [a for a in areas if a in touching]
    found = groups(state, areas)
    enough = min(d.left, max((len(g) for g in found), default=0))
    return sorted(a for g in found if len(g) >= enough for a in g)


def _step(state: GameState, d: RevivalOfPastEmpire, events: list[Event]) -> None:
    if d.stage == "start" and not _start(state, d, events):
        done(state, d)
        return
    found = options(state, d)
    if not found:
        done(state, d)
        return
    if len(found) == 1:
        _take(state, d, found[0], events)
        return
    ask(state, d.beneficiary, "revival_area",
        say("Choose an area of {victim} to take over ({left} left)",
            victim=ref("player", d.victim), left=d.left),
        [labels.make("area", a) for a in found], _rule(state))


def _start(state: GameState, d: RevivalOfPastEmpire, events: list[Event]) -> bool:
    """Find the beneficiary; False when the calamity has no effect."""
    p = params(state, ID)
    victim = d.victim
    others = [pid for pid in state.players if pid != victim]
    best = max((cities_in_stock(state, pid) for pid in others), default=-1)
    if p.get("no_effect_if_victim_most_in_stock") and cities_in_stock(state, victim) >= best:
        no_effect(state, d, "the victim has the most cities in stock", events)
        return False
    ben = beneficiary(state, str(p["beneficiary_rule"]), victim)
    if ben is None:
        no_effect(state, d, "no beneficiary", events)
        return False
    d.stage = "taking"
    d.beneficiary, d.left, d.taken = ben, areas_due(state, victim), []
    events.append(BeneficiaryChosen(calamity=ID, player=ben, rule=_rule(state)))
    return True


def _take(state: GameState, d: RevivalOfPastEmpire, area: str, events: list[Event]) -> None:
    victim, ben, rule = d.victim, d.beneficiary, _rule(state)
    tokens = state.board.count(area, victim)
    city = state.board.cities.get(area) == victim
    if tokens:
        remove_tokens(state, victim, area, tokens, events, rule)
        place_tokens(state, ben, area, tokens, events, rule)
    if city:
        annex_city(state, area, ben, events, rule)
    events.append(UnitsAnnexed(player=ben, previous=victim, area=area, tokens=tokens, city=city,
                               rule=rule))
    d.taken.append(area)
    d.left -= 1


def _choose(state: GameState, d: RevivalOfPastEmpire, label: str, events: list[Event]) -> None:
    _take(state, d, labels.value(label), events)


register(RevivalOfPastEmpire, _step, _choose)
