"""Pestilence (Double Empires, non-tradable; seed 002 chart row "Pestilence").

The victim loses 20 unit points of tokens; cities are immune. The plague starts in an area of
the victim's without a city, close to the empire's starting area: all the victim's tokens there
die. Then every surrounding area of the victim's without a city is cut down to one token; if
that is still short of 20, the next ring of areas around is cut down to one, and so on until 20
are lost (or all that can be, if fewer).

Decisions (unclear rules):
- Only the victim's tokens are lost; other players in the struck areas are not victims.
- The start is the victim's pick among their city-less areas holding their tokens that lie
  nearest (over land or water) to their starting area on the map; a map without one (or a
  victim who cannot reach it) leaves every such area to pick.
- Rings are areas at one step, two steps, ... from the start over land or water; an area with a
  city (and any Public Works token in it) is passed over, never cut.
- The loss never goes above 20: in the ring where the rest falls short of reducing every area
  to one, the victim picks which tokens go (never an area's last).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import remove_tokens
from ..state import GameState
from .common import calamity, params
from .damage import LosePoints
from .outcome import CalamityProgress, no_effect

ID = "pestilence"


@dataclass(frozen=True, kw_only=True)
class PestilenceStruck(Event):
    player: str
    start: str
    areas: tuple[str, ...]  # the areas struck, the start first
    lost: int


@dataclass(kw_only=True)
class Pestilence(CalamityProgress):
    KIND = f"calamity:{ID}"
    start: str = ""  # the area where the plague starts ("" until picked)
    hit: list[str] = field(default_factory=list)  # the areas struck, the start first
    ring: int = 0  # steps from the start of the last ring struck
    taken: int = 0  # tokens lost so far (with those the victim is still picking)


def _rule(state: GameState) -> str:
    return calamity(state, ID).clauses[0]


def open_areas(state: GameState, player: str) -> list[str]:
    """Areas holding the player's tokens and no city."""
    board = state.board
    return sorted(a for a, here in board.tokens.items()
                  if here.get(player) and a not in board.cities)


def start_options(state: GameState, player: str) -> list[str]:
    areas = open_areas(state, player)
    home = state.map.start_areas.get(player)
    if not home or home not in state.map.areas:
        return areas
    steps = {a: state.map.distance(home, a) for a in areas}
    reachable = {a: n for a, n in steps.items() if n is not None}
    if not reachable:
        return areas
    nearest = min(reachable.values())
    return [a for a, n in reachable.items() if n == nearest]


def _step(state: GameState, d: Pestilence, events: list[Event]) -> None:
    victim = d.victim
    if not d.start:
        options = start_options(state, victim)
        if not options:
            no_effect(state, d, "the victim has no tokens outside cities", events)
            done(state, d)
            return
        if len(options) > 1:
            ask(state, victim, "pestilence_start", "Choose the area where the pestilence starts",
                [labels.make("area", a) for a in options], _rule(state))
            return
        _begin(state, d, options[0], events)
    left = int(params(state, ID)["primary_loss"]) - d.taken
    ring = _next_ring(state, d) if left > 0 else []
    if not ring:
        events.append(PestilenceStruck(player=victim, start=d.start, areas=tuple(d.hit),
                                       lost=d.taken, rule=_rule(state)))
        done(state, d)
        return
    keep = int(params(state, ID)["surrounding_areas_tokens_left"])
    spare = {a: state.board.count(a, victim) - keep for a in ring}
    d.hit.extend(ring)
    if sum(spare.values()) <= left:
        for area, n in spare.items():
            remove_tokens(state, victim, area, n, events, _rule(state))
        d.taken += sum(spare.values())
        return
    d.taken += left  # the victim picks the last `left` tokens (never an area's last one)
    push(state, LosePoints(player=victim, points=left, areas=ring, keep_one=True,
         cities=False, rule=_rule(state)))


def _begin(state: GameState, d: Pestilence, start: str, events: list[Event]) -> None:
    victim = d.victim
    cap = int(params(state, ID)["primary_loss"])
    d.start, d.hit, d.ring = start, [start], 0
    d.taken = remove_tokens(state, victim, start, min(state.board.count(start, victim), cap),
                            events, _rule(state))


def _next_ring(state: GameState, d: Pestilence) -> list[str]:
    """The next ring out from the start with tokens to spare; [] when none is left."""
    victim, start = d.victim, d.start
    keep = int(params(state, ID)["surrounding_areas_tokens_left"])
    steps = {a: state.map.distance(start, a) for a in open_areas(state, victim)}
    farther = sorted({n for n in steps.values() if n is not None and n > d.ring})
    for n in farther:
        d.ring = n
        ring = [a for a, m in steps.items()
                if m == n and state.board.count(a, victim) > keep]
        if ring:
            return sorted(ring)
    return []


def _choose(state: GameState, d: Pestilence, label: str, events: list[Event]) -> None:
    _begin(state, d, labels.value(label), events)


register(Pestilence, _step, _choose)
