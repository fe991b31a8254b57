"""Tribal Conflict (minor): tribes fight in the victim's city-less areas.

Classic (001:29.7.3.1-2): the victim picks two areas adjacent by land to each other, each holding
at least one of the victim's tokens and no city, and every token in both is removed; no effect
when no such pair exists. Double Empires (002:Tribal Conflict): four such areas connected by land,
and the victim loses at most ten of their own tokens there, choosing which. Mega Empires (rules
§6.1): 5 damage.

decided (classic): "remove all tokens" takes every player's tokens in the two areas, whoever
owns them (the data file reads it so), but not barbarian tokens: 001:29.5.2.3.9 (barbarians stay
until eliminated in combat and are never secondary victims) wins over 29.7.3.1, as in Tsunamis.
decided (Double Empires): the four areas form one group connected by land borders; when no such
group of four exists the calamity has no effect, as 001:29.7.3.2 (which this row doubles) says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import remove_tokens
from ..state import GameState
from .common import params
from .damage import LosePoints
from .losses import CalamityAverted
from .outcome import CalamityProgress

ID = "tribal_conflict"

RULES = {
    "classic": {"pick": "001:29.7.3.1", "none": "001:29.7.3.2"},
    "mega-empires": dict.fromkeys(("pick", "none"), "rules:6.1"),
    "double-empires": dict.fromkeys(("pick", "none"), "002:Tribal Conflict"),
}


@dataclass(frozen=True, kw_only=True)
class TribesClashed(Event):
    player: str
    areas: tuple[str, ...]


@dataclass(kw_only=True)
class TribalConflict(CalamityProgress):
    KIND = f"calamity:{ID}"
    picked: list[str] = field(default_factory=list)  # the areas the victim has picked


def eligible_areas(state: GameState, player: str) -> list[str]:
    """Areas with at least one of the player's tokens and no city."""
    board = state.board
    return sorted(a for a, t in board.tokens.items() if player in t and a not in board.cities)


def groups(state: GameState, player: str, size: int) -> list[frozenset[str]]:
    """Every set of `size` eligible areas connected by land borders."""
    ok = set(eligible_areas(state, player))
    frontier = {frozenset([a]) for a in ok}
    for _ in range(size - 1):
        grown = set()
        for group in frontier:
            for area in group:
                for nxt in state.map.land.get(area, ()):
                    if nxt in ok and nxt not in group:
                        grown.add(group | {nxt})
        frontier = grown
    return sorted(frontier, key=sorted)


def _step(state: GameState, d: TribalConflict, events: list[Event]) -> None:
    victim = d.victim
    rules = RULES[state.config.ruleset]
    p = params(state, ID)
    if "loss" in p:  # Mega Empires: plain damage
        done(state, d)
        push(state, LosePoints(player=victim, points=int(p["loss"]),
             rule=rules["pick"]))
        return
    size = int(p.get("areas", p.get("areas_cleared", 2)))
    picked = d.picked
    fits = [g for g in groups(state, victim, size) if set(picked) <= g]
    if not fits:
        done(state, d)
        events.append(CalamityAverted(calamity=ID, victim=victim, rule=rules["none"],
                                      reason=f"no {size} land-adjacent areas with tokens and "
                                             "no city"))
        return
    if len(fits) > 1 and len(picked) < size:
        options = sorted({a for g in fits for a in g} - set(picked))
        ask(state, victim, "tribal_conflict_area",
            f"Choose an area for Tribal Conflict ({size - len(picked)} left)",
            [labels.make("area", a) for a in options], rules["pick"])
        return
    areas = sorted(fits[0])
    done(state, d)
    events.append(TribesClashed(player=victim, areas=tuple(areas), rule=rules["pick"]))
    total = sum(state.board.count(a, victim) for a in areas)
    if "max_tokens" in p and total > int(p["max_tokens"]):  # the victim picks which tokens
        push(state, LosePoints(player=victim, points=int(p["max_tokens"]),
             areas=areas, cities=False, rule=rules["pick"]))
        return
    for area in areas:
        owners = [victim] if "max_tokens" in p else sorted(
            o for o in state.board.tokens.get(area, {}) if o in state.players)
        for owner in owners:
            remove_tokens(state, owner, area, state.board.count(area, owner), events,
                          rules["pick"])


def _choose(state: GameState, d: TribalConflict, label: str, events: list[Event]) -> None:
    d.picked.append(labels.value(label))


register(TribalConflict, _step, _choose)
