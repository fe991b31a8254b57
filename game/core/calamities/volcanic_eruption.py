"""Volcanic Eruption / Earthquake (001:29.2.1; rules §6.1 for Mega Empires; seed 002 chart row
"Volcanic Eruptions or Earthquake", which strikes twice in two different places).

A volcano touching one of the victim's cities erupts and wipes out every unit in the areas it
touches; with no such volcano an earthquake destroys one of the victim's cities and reduces a
city next to it. Ships are never touched (001:29.2.1.6; ships are not units in any rule set).

Decisions (unclear rules):
- "Greatest total damage" counts the unit points the eruption or earthquake itself takes from
  every player; the Urbanism loss that follows is a consequence, not part of the site's damage.
- Urbanism's four unit points come from areas adjacent to an affected area, not the affected
  areas themselves (001:29.2.1.3 "adjacent to any area ... affected").
- Double Empires, "two different places": the second strike is chosen after the first has
  been resolved; the first leaves no city of the victim where it struck, so the second always
  strikes elsewhere.
- Pirate cities are never the reduced neighbour of an earthquake (001:29.9.2.5: they cannot be
  secondary victims), but an eruption destroys them with everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import CITY_UNIT_POINTS, destroy_city, remove_tokens
from ..population import reduce_city, reduction_loss
from ..state import PIRATE, GameState, Progress
from .common import holds_any, params
from .damage import LosePoints, LossesOwed
from .outcome import CalamityProgress, cite, no_effect

ID = "volcanic_eruption"


@dataclass(frozen=True, kw_only=True)
class VolcanoErupted(Event):
    volcano: str
    areas: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class EarthquakeStruck(Event):
    area: str
    destroyed: tuple[str, ...]
    reduced: tuple[str, ...]


@dataclass(kw_only=True)
class UrbanismOwed:
    """A victim who still loses Urbanism's unit points next to the affected areas."""

    player: str
    areas: list[str]


@dataclass(kw_only=True)
class VolcanicEruption(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["start", "striking"] = "start"
    left: int = 0  # strikes still to come (two in Double Empires)
    urbanism: list[UrbanismOwed] = field(default_factory=list)  # losses still to push
    quake_at: str = ""  # the victim's city an earthquake strikes, once picked
    quake_ys: list[str] = field(default_factory=list)  # neighbouring cities it may reduce


@dataclass(kw_only=True)
class Urbanism(Progress):
    """Double Empires: `player` loses `points` unit points in `areas`, tokens first."""

    KIND = "volcanic_eruption:urbanism"
    player: str
    points: int
    areas: list[str]
    rule: str = ""
    lost: int = 0


def _classic_like(state: GameState) -> bool:
    """Seed 001 and the chart that doubles it: most total damage, secondary victims, Urbanism."""
    return params(state, ID).get("site") == "most_total_damage"


def _victim_units(state: GameState, player: str, areas: tuple[str, ...] | list[str]) -> int:
    board = state.board
    return sum(board.count(a, player) + (CITY_UNIT_POINTS if board.cities.get(a) == player else 0)
               for a in areas)


def _eruption_damage(state: GameState, victim: str, areas: tuple[str, ...]) -> int:
    if not _classic_like(state):  # Mega Empires: the volcano hitting most of the victim's units
        return _victim_units(state, victim, areas)
    return sum(_victim_units(state, pid, areas) for pid in state.players)


def _volcanoes(state: GameState, victim: str) -> dict[str, int]:
    """Volcanoes touching one of the victim's cities and their damage."""
    found = {}
    for vid, volcano in state.map.volcanoes.items():
        if any(state.board.cities.get(a) == victim for a in volcano.areas):
            found[vid] = _eruption_damage(state, victim, volcano.areas)
    return found


def _engineered(state: GameState, player: str) -> bool:
    return holds_any(state, player, params(state, ID).get(
        "earthquake_primary_reduce_instead_advances"))


def _neighbour_cities(state: GameState, victim: str, area: str) -> list[str]:
    """Cities an earthquake at `area` may reduce: another player's (classic, chart; never an
    Engineering holder in the classic rules) or anyone's (Mega Empires), never a pirate city."""
    immune = params(state, ID).get("earthquake_secondary_immune_advances")
    out = []
    for n in state.map.neighbours(area):
        owner = state.board.cities.get(n)
        if owner is None or owner == PIRATE:
            continue
        if _classic_like(state) and (owner == victim or holds_any(state, owner, immune)):
            continue
        out.append(n)
    return out


def _quake_pairs(state: GameState, victim: str) -> list[tuple[str, str]]:
    """The earthquake sites open to the victim: (own city, neighbouring city or "")."""
    cities = state.board.cities_of(victim)
    pairs: list[tuple[str, str]] = []
    for x in cities:
        ys = _neighbour_cities(state, victim, x) or [""]
        pairs.extend((x, y) for y in ys)
    if not _classic_like(state):
        return pairs  # Mega Empires: the victim picks freely
    own = {x: reduction_loss(state, x) if _engineered(state, victim) else CITY_UNIT_POINTS
           for x in cities}
    damage = {(x, y): own[x] + (reduction_loss(state, y) if y else 0) for x, y in pairs}
    top = max(damage.values(), default=0)
    return [pair for pair in pairs if damage[pair] == top]


def _step(state: GameState, d: VolcanicEruption, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        d.stage = "striking"
        d.left = int(params(state, ID).get("occurrences", 1))
    if d.urbanism:
        owed = d.urbanism.pop(0)
        _push_urbanism(state, owed.player, owed.areas)
        return
    if d.quake_at:
        ys = d.quake_ys
        if len(ys) <= 1:
            _quake(state, d, d.quake_at, ys[0] if ys else "", events)
        else:
            ask(state, victim, "earthquake_neighbour", "Choose the neighbouring city the "
                "earthquake reduces", [labels.make("area", y) for y in ys],
                cite(state, ID, "29.2.1.2"))
        return
    if d.left <= 0:
        done(state, d)
        return
    volcanoes = _volcanoes(state, victim)
    if volcanoes:
        top = max(volcanoes.values())
        tied = [v for v, dmg in volcanoes.items() if dmg == top]
        if len(tied) == 1:
            _erupt(state, d, tied[0], events)
        else:
            ask(state, victim, "eruption_site", "Several volcanoes do the most damage: choose "
                "the one that erupts", [labels.make("volcano", v) for v in tied],
                cite(state, ID, "29.2.1.1"))
        return
    pairs = _quake_pairs(state, victim)
    if not pairs:
        no_effect(state, d, "no city for a volcano or an earthquake", events, "29.2.1.2")
        d.left = 0  # nothing changed, so a second strike would find nothing either
        return
    sites = sorted({x for x, _ in pairs})
    if len(sites) == 1:
        _choose_site(state, d, sites[0], pairs)
    else:
        ask(state, victim, "earthquake_site", "Choose your city the earthquake strikes",
            [labels.make("area", x) for x in sites], cite(state, ID, "29.2.1.2"))


def _choose_site(state: GameState, d: VolcanicEruption, x: str,
                 pairs: list[tuple[str, str]] | None = None) -> None:
    pairs = _quake_pairs(state, d.victim) if pairs is None else pairs
    d.quake_at = x
    d.quake_ys = sorted(y for px, y in pairs if px == x and y)


def _choose(state: GameState, d: VolcanicEruption, label: str, events: list[Event]) -> None:
    value = labels.value(label)
    if labels.kind_of(label) == "volcano":
        _erupt(state, d, value, events)
    elif not d.quake_at:
        _choose_site(state, d, value)
    else:
        _quake(state, d, d.quake_at, value, events)


def _erupt(state: GameState, d: VolcanicEruption, vid: str, events: list[Event]) -> None:
    areas = state.map.volcanoes[vid].areas
    rule = cite(state, ID, "29.2.1.1")
    hit = [p for p in state.players if _victim_units(state, p, areas)]
    events.append(VolcanoErupted(volcano=vid, areas=tuple(areas), rule=rule))
    board = state.board
    for area in areas:
        if area in board.cities:
            destroy_city(state, area, events, rule)
        for owner in sorted(board.tokens.get(area, {})):
            remove_tokens(state, owner, area, board.count(area, owner), events, rule)
    d.left -= 1
    _queue_urbanism(state, d, [d.victim, *[p for p in hit if p != d.victim]], list(areas))


def _quake(state: GameState, d: VolcanicEruption, x: str, y: str, events: list[Event]) -> None:
    victim = d.victim
    rule = cite(state, ID, "29.2.1.2")
    if _engineered(state, victim):
        reduce_city(state, x, events, cite(state, ID, "29.2.1.4"))
    else:
        destroy_city(state, x, events, rule)
    victims = [victim]
    if y:
        victims.append(state.board.cities[y])
        reduce_city(state, y, events, rule)
    destroyed = () if _engineered(state, victim) else (x,)
    reduced = tuple(a for a in (x, y) if a and a not in destroyed)
    events.append(EarthquakeStruck(area=x, destroyed=destroyed, reduced=reduced, rule=rule))
    d.left -= 1
    d.quake_at = ""
    d.quake_ys = []
    _queue_urbanism(state, d, list(dict.fromkeys(victims)), [a for a in (x, y) if a])


def _queue_urbanism(state: GameState, d: VolcanicEruption, victims: list[str],
                    affected: list[str]) -> None:
    """001:29.2.1.3: every victim holding Urbanism without Engineering loses unit points next
    to the affected areas."""
    p = params(state, ID)
    if "urbanism_loss" not in p:
        return
    near = sorted({n for a in affected for n in state.map.neighbours(a)} - set(affected))
    d.urbanism = [
        UrbanismOwed(player=pid, areas=near) for pid in victims
        if holds_any(state, pid, p["urbanism_loss_advances"])
        and not holds_any(state, pid, p["urbanism_loss_cancelled_by_advances"])
        and _victim_units(state, pid, near)
    ]


def _push_urbanism(state: GameState, player: str, areas: list[str]) -> None:
    points = int(params(state, ID)["urbanism_loss"])
    rule = cite(state, ID, "29.2.1.3")
    if state.config.ruleset == "classic":
        push(state, LosePoints(player=player, points=points, areas=areas, rule=rule))
    else:  # the chart: tokens first, cities reduced only when needed to make up the loss
        push(state, Urbanism(player=player, points=points, areas=areas, rule=rule))


def _urbanism_step(state: GameState, d: Urbanism, events: list[Event]) -> None:
    player, left = d.player, d.points - d.lost
    board = state.board
    tokens = [a for a in d.areas if board.count(a, player)]
    cities = [a for a in d.areas if board.cities.get(a) == player]
    options = tokens or cities
    if left <= 0 or not options:
        done(state, d)
        return
    if len(options) == 1:
        _urbanism_choose(state, d, labels.make("area", options[0]), events)
        return
    what = "a token from" if tokens else "a city to reduce in"
    ask(state, player, "lose_unit_points", f"Urbanism: {left} more unit point(s); pick {what}",
        [labels.make("area", a) for a in options], d.rule,
        LossesOwed(points=left, areas=tuple(options), calamity=ID, rule=d.rule))


def _urbanism_choose(state: GameState, d: Urbanism, label: str, events: list[Event]) -> None:
    area = labels.value(label)
    if state.board.count(area, d.player):
        remove_tokens(state, d.player, area, 1, events, d.rule)
        lost = 1
    else:
        lost = reduction_loss(state, area)
        reduce_city(state, area, events, d.rule)
    d.lost += lost


register(VolcanicEruption, _step, _choose)
register(Urbanism, _urbanism_step, _urbanism_choose)
