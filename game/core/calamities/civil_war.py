"""Civil War, the classic factions (001:29.4.1) and the seed 002 chart row "Civil War" that
doubles them. (Mega Empires has its own card: civil_war_mega.py.)

The victim's units split in two factions. The first is picked one unit at a time: the victim
selects some unit points, then the beneficiary adds more (with Philosophy the beneficiary picks
a smaller first faction alone); whatever is left is the second. The victim keeps one faction;
Military, Naval Warfare and Advanced Military cost each faction unit points, removed by its
owner next to the other faction where possible; then the beneficiary annexes the other faction,
and what they cannot take passes to the player with most in stock after them, and so on.

Decisions (unclear rules):
- A pick (`area:X`) selects one of the victim's tokens in X, or X's city once every token there
  is selected; a city is offered only while at least 5 points remain to select, or when no token
  is left anywhere (never fewer points than asked, more only when unavoidable).
- "At most seven areas between" two players: their units are at most 8 steps apart over land or
  water (the chart's "within 8 areas" reads the same).
- The chart names no tie-break between beneficiaries: the victim decides, as in 29.4.1.2b, and
  the chart's faction doubles the classic overflow to the next player (the rule-set file says so).
- Units that no player can take over (everyone is out of cities or tokens) stay with the victim.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, register
from ..ops import (
    CITY_UNIT_POINTS,
    annex_city,
    cities_in_stock,
    destroy_city,
    place_tokens,
    remove_tokens,
)
from ..state import Detail, GameState, detail_type
from ..words import ref, say
from .common import holds_any, modified, params, unit_points_in_stock
from .outcome import CalamityProgress, cite, no_effect
from .tyranny import UnitsAnnexed, areas_of

ID = "civil_war"

Faction = dict[str, list[int]]  # area -> [tokens, city (0 or 1)]
Side = Literal["victim", "ben"]  # whose faction: the victim's or the beneficiary's


@dataclass(kw_only=True)
class CivilWar(CalamityProgress):
    KIND = f"calamity:{ID}"
    stage: Literal["beneficiary", "select", "keep", "losses", "annex"] = "beneficiary"
    ben: str = ""  # the beneficiary
    first: Faction = field(default_factory=dict)  # the first faction, as selected so far
    # who selects for the first faction, the unit points they still select, the clause cited
    queue: list[tuple[str, int, str]] = field(default_factory=list)
    second: Faction = field(default_factory=dict)  # the rest, while the victim decides
    factions: dict[Side, Faction] = field(default_factory=dict)  # after the victim kept one
    losses: list[tuple[Side, int]] = field(default_factory=list)  # faction, points still lost

    def gaining(self) -> tuple[str, ...]:
        return (self.ben,) if self.ben else ()


@detail_type
@dataclass(frozen=True)
class CivilWarSelection(Detail):
    """A civil war's selection in progress (`civil_war_select`): whose units are selected, the
    unit points still to select, the areas a pick may come from, and whether the picks make up
    the first faction (this module's procedure) rather than the units the victim selects alone
    (civil_war_mega)."""

    victim: str
    points: int
    areas: tuple[str, ...]
    first_faction: bool = False

    @staticmethod
    def of(victim: str, points: int, options: list[str],
           first_faction: bool = False) -> CivilWarSelection:
        return CivilWarSelection(victim, points, tuple(labels.value(o) for o in options),
                                 first_faction)


@dataclass(frozen=True, kw_only=True)
class CivilWarFactions(Event):
    victim: str
    beneficiary: str
    kept: str  # "first" | "second"
    first_points: int
    second_points: int


def stock_key(state: GameState, player: str) -> int:
    if params(state, ID)["beneficiary_rule"] == "most_unit_points_in_stock":
        return unit_points_in_stock(state, player)
    return cities_in_stock(state, player)


def near_enough(state: GameState, player: str, victim: str) -> bool:
    """29.4.1.2 / chart (a)-(b): within reach of the victim's units, or free of units (classic)
    or of cities (chart) on the board."""
    p = params(state, ID)
    if p.get("beneficiary_without_units_eligible") and not areas_of(state, player):
        return True
    if p.get("beneficiary_without_cities_eligible") and not state.board.cities_of(player):
        return True
    steps = int(p.get("beneficiary_max_areas_between", 7)) + 1
    steps = int(p.get("beneficiary_within_areas", steps))
    mine = areas_of(state, victim)
    for b in areas_of(state, player):
        for a in mine:
            found = state.map.distance(a, b)
            if found is not None and found <= steps:
                return True
    return False


def _best(state: GameState, victim: str) -> list[str]:
    """The potential beneficiaries tied for most in stock; [] when the victim has as much."""
    pool = [p for p in state.players if p != victim and near_enough(state, p, victim)]
    if not pool:
        return []
    top = max(stock_key(state, p) for p in pool)
    if stock_key(state, victim) >= top:
        return []
    return [p for p in pool if stock_key(state, p) == top]


def _points(faction: Faction) -> int:
    return sum(t + CITY_UNIT_POINTS * c for t, c in faction.values())


def _unselected(state: GameState, d: CivilWar) -> Faction:
    """The victim's units not in the first faction."""
    victim, first = d.victim, d.first
    board = state.board
    out: Faction = {}
    for area in sorted(areas_of(state, victim)):
        t0, c0 = first.get(area, [0, 0])
        rest = [board.count(area, victim) - t0, int(board.cities.get(area) == victim) - c0]
        if rest[0] or rest[1]:
            out[area] = rest
    return out


def pick_options(pool: Faction, left: int, areas: list[str] | None = None) -> list[str]:
    """Areas to pick one unit from: a token, else the city (see the module docstring)."""
    chosen = [a for a in pool if areas is None or a in areas]
    tokens = [a for a in chosen if pool[a][0]]
    cities = [a for a in chosen if not pool[a][0] and pool[a][1]]
    if tokens and left < CITY_UNIT_POINTS:
        cities = []
    return [labels.make("area", a) for a in sorted(tokens + cities)]


def take_one(pool: Faction, area: str) -> int:
    """Move one unit of `area` out of `pool`; returns its unit points."""
    here = pool[area]
    if here[0]:
        here[0] -= 1
        worth = 1
    else:
        here[1] = 0
        worth = CITY_UNIT_POINTS
    if not here[0] and not here[1]:
        del pool[area]
    return worth


def _step(state: GameState, d: CivilWar, events: list[Event]) -> None:
    if d.stage == "beneficiary":
        _stage_beneficiary(state, d, events)
    elif d.stage == "select":
        _stage_select(state, d, events)
    elif d.stage == "losses":
        _stage_losses(state, d, events)
    else:
        raise RuntimeError(f"civil war stepped at the {d.stage} stage")


def _stage_beneficiary(state: GameState, d: CivilWar, events: list[Event]) -> None:
    victim = d.victim
    tied = _best(state, victim)
    if not tied:
        no_effect(state, d, "no player has more in stock than the victim", events,
                  "29.4.1.2b")
        done(state, d)
        return
    if len(tied) > 1:
        ask(state, victim, "civil_war_beneficiary", "Choose the beneficiary among the tied "
            "players", [labels.make("player", p) for p in tied], cite(state, ID, "29.4.1.2b"))
        return
    _start(state, d, tied[0], events)


def _start(state: GameState, d: CivilWar, ben: str, events: list[Event]) -> None:
    victim = d.victim
    p = params(state, ID)
    d.ben = ben
    d.first = {}
    if holds_any(state, victim, p.get("first_faction_fixed_advances")):
        d.queue = [(ben, int(p["first_faction_fixed_unit_points"]), "29.4.1.3.5")]
    else:
        d.queue = [
            (victim, modified(state, ID, "victim_selects_unit_points", victim), "29.4.1.3.1"),
            (ben, int(p["beneficiary_selects_unit_points"]), "29.4.1.3.4"),
        ]
    wanted = sum(q[1] for q in d.queue)
    total = _points(_unselected(state, d))
    if total <= wanted:
        no_effect(state, d, "no second faction", events, "29.4.1.4")
        done(state, d)
        return
    d.stage = "select"


def _stage_select(state: GameState, d: CivilWar, events: list[Event]) -> None:
    while d.queue:
        who, left, clause = d.queue[0]
        options = pick_options(_unselected(state, d), left)
        if left <= 0 or not options:
            d.queue.pop(0)
            continue
        if len(options) == 1:
            _select(state, d, options[0])
            return
        detail = CivilWarSelection.of(d.victim, left, options, first_faction=True)
        ask(state, who, "civil_war_select",
            say("Select {points} more of {victim}'s unit points for the first faction",
                points=detail.points, victim=ref("player", detail.victim)),
            options, cite(state, ID, clause), detail)
        return
    second = _unselected(state, d)
    if not second:
        no_effect(state, d, "no second faction", events, "29.4.1.4")
        done(state, d)
        return
    d.second = second
    d.stage = "keep"
    ask(state, d.victim, "civil_war_keep", "Keep the first faction? (no: keep the second)",
        ["yes", "no"], cite(state, ID, "29.4.1.5"))


def _select(state: GameState, d: CivilWar, label: str) -> None:
    area = labels.value(label)
    pool = _unselected(state, d)
    before = pool[area][:]
    worth = take_one(pool, area)
    here = d.first.setdefault(area, [0, 0])
    if before[0]:
        here[0] += 1
    else:
        here[1] = 1
    who, left, clause = d.queue[0]
    d.queue[0] = (who, left - worth, clause)


def _keep(state: GameState, d: CivilWar, keep_first: bool, events: list[Event]) -> None:
    first, second = d.first, d.second
    d.first, d.second = {}, {}
    kept, given = (first, second) if keep_first else (second, first)
    d.factions = {"victim": kept, "ben": given}
    events.append(CivilWarFactions(
        victim=d.victim, beneficiary=d.ben, kept="first" if keep_first else "second",
        first_points=_points(first), second_points=_points(second),
        rule=cite(state, ID, "29.4.1.5")))
    loss = modified(state, ID, "faction_loss", d.victim)
    d.losses = [("victim", loss), ("ben", loss)] if loss else []
    d.stage = "losses"


def _loss_options(state: GameState, mine: Faction, other: Faction, left: int) -> list[str]:
    """29.4.1.6: units of this faction within or next to the other faction where possible;
    elsewhere only for what cannot come from there without overshooting (a city for a few
    points while tokens stand elsewhere)."""
    near = set(other) | {n for a in other for n in state.map.neighbours(a)}
    close = [a for a in mine if a in near]
    if left >= CITY_UNIT_POINTS or any(mine[a][0] for a in close):
        return pick_options(mine, left, close) or pick_options(mine, left)
    return pick_options(mine, left)


def _stage_losses(state: GameState, d: CivilWar, events: list[Event]) -> None:
    while d.losses:
        key, left = d.losses[0]
        mine, other = d.factions[key], d.factions["ben" if key == "victim" else "victim"]
        options = _loss_options(state, mine, other, left)
        if left <= 0 or not options:
            d.losses.pop(0)
            continue
        who = d.victim if key == "victim" else d.ben
        if len(options) == 1:
            _lose(state, d, options[0], events)
            return
        ask(state, who, "civil_war_faction_loss", f"Remove {left} more unit point(s) from "
            "your faction", options, cite(state, ID, "29.4.1.6"))
        return
    d.stage = "annex"
    _annex_all(state, d, events)
    done(state, d)


def _lose(state: GameState, d: CivilWar, label: str, events: list[Event]) -> None:
    key, left = d.losses[0]
    area = labels.value(label)
    mine = d.factions[key]
    rule = cite(state, ID, "29.4.1.6")
    is_token = mine[area][0] > 0
    d.losses[0] = (key, left - take_one(mine, area))
    if is_token:
        remove_tokens(state, d.victim, area, 1, events, rule)
    else:
        destroy_city(state, area, events, rule)


def _takers(state: GameState, d: CivilWar) -> list[str]:
    """The beneficiary, then the others by most in stock (A.S.T. ranking among equals)."""
    others = [p for p in state.players if p not in (d.victim, d.ben)]
    if params(state, ID).get("overflow_to_next_most_in_stock"):
        others.sort(key=lambda p: -stock_key(state, p))
    else:
        others = []
    return [d.ben, *others]


def _annex_all(state: GameState, d: CivilWar, events: list[Event]) -> None:
    """29.4.1.7: the beneficiary takes over the faction the victim gave up."""
    victim = d.victim
    rule = cite(state, ID, "29.4.1.7")
    for area, (tokens, city) in sorted(d.factions["ben"].items()):
        for taker in _takers(state, d):
            got_city = bool(city) and annex_city(state, area, taker, events, rule)
            city = city and not got_city
            moved = min(tokens, state.players[taker].stock)
            if moved:
                remove_tokens(state, victim, area, moved, events, rule)
                place_tokens(state, taker, area, moved, events, rule)
                tokens -= moved
            if moved or got_city:
                events.append(UnitsAnnexed(player=taker, previous=victim, area=area,
                                           tokens=moved, city=got_city, rule=rule))
            if not tokens and not city:
                break


def _choose(state: GameState, d: CivilWar, label: str, events: list[Event]) -> None:
    if d.stage == "beneficiary":
        _start(state, d, labels.value(label), events)
    elif d.stage == "select":
        _select(state, d, label)
    elif d.stage == "keep":
        _keep(state, d, label == "yes", events)
    else:
        _lose(state, d, label, events)


register(CivilWar, _step, _choose)
