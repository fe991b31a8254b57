"""Shared sub-tasks of the calamities. Push them from a calamity's step; they run first.

- `LosePoints` (`damage:lose_points`) — a player removes unit points (token 1, city 5) from their
  own units: player, points, rule; optional areas (only these areas; default all), keep_one
  (leave one token in each area; cities are then reduced to one token instead of removed,
  001:29.6.2.2), cities (default true: cities may be taken).
  One pick per token (`area:X`); a token goes before a city in the same area; a city is offered
  only while at least its worth remains or nothing else is left (never fewer points than asked,
  more only when unavoidable). Ends with a UnitsLost event. The decision's detail is a
  `LossesOwed`.
- `PickPlayers` (`damage:pick_players`) — a chooser names `count` distinct players among `among`
  (`player:X` picks); finishes with `PlayersNamed` for the task below. The decision's detail is
  a `NamingPlayers`.
- `ReduceCities` (`damage:reduce_cities`) — `chooser` (default: the player) picks `count` of
  `player`'s cities in `areas` (default all) to reduce (`mode` "reduce") or destroy (`mode`
  "destroy"); automatic when there is no choice. Reducing is population.reduce_city (Public
  Works' extra token counts towards the limit). The decision's detail is a `CitiesToLose`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import Result, ask, done, finish, register
from ..ops import CITY_UNIT_POINTS, destroy_city, remove_tokens, unit_points
from ..population import reduce_city
from ..state import Detail, GameState, Progress, detail_type
from ..words import Words, ref, say
from .common import calamity_under_way


@dataclass(frozen=True, kw_only=True)
class UnitsLost(Event):
    player: str
    points: int
    areas: tuple[str, ...]


@detail_type
@dataclass(frozen=True, kw_only=True)
class LossesOwed(Detail):
    """A `lose_unit_points` decision: the unit points still owed, the areas they may come from
    (the options), and what causes them (the calamity under way, "" when none, and its rule)."""

    points: int
    areas: tuple[str, ...]
    calamity: str = ""
    rule: str = ""

    def prompt(self) -> str:
        return f"Remove {self.points} more unit point(s): pick an area"


def ask_losses(state: GameState, player: str, points: int, options: list[str],
               rule: str) -> None:
    """Ask `player` for the next `area:X` of a loss of `points` more unit points."""
    owed = LossesOwed(points=points, areas=tuple(labels.value(o) for o in options),
                      calamity=calamity_under_way(state), rule=rule)
    ask(state, player, "lose_unit_points", owed.prompt(), options, rule, detail=owed)


@dataclass(kw_only=True)
class LosePoints(Progress):
    KIND = "damage:lose_points"
    player: str
    points: int
    rule: str = ""
    areas: list[str] | None = None  # None: wherever the player has units
    keep_one: bool = False
    cities: bool = True
    lost: int = 0  # unit points lost so far
    hit: list[str] = field(default_factory=list)  # areas lost from, in order


def _lose_options(state: GameState, d: LosePoints) -> list[str]:
    player, left = d.player, d.points - d.lost
    if left <= 0:
        return []
    board = state.board
    areas = d.areas if d.areas is not None else sorted(
        set(board.cities_of(player)) | {a for a, t in board.tokens.items() if player in t})
    tokens, cities = [], []
    stock = state.players[player].stock if player in state.players else 0
    for area in areas:
        n = board.count(area, player)
        if n > (1 if d.keep_one else 0):
            tokens.append(area)
        elif board.cities.get(area) == player and d.cities:
            cities.append((area, city_worth(n, stock, d.keep_one)))
    if tokens:
        cities = [(a, worth) for a, worth in cities if left >= worth]
    return [labels.make("area", a) for a in tokens + [a for a, _ in cities]]


def city_worth(standing: int, stock: int, keep_one: bool) -> int:
    """The unit points a city costs its owner when taken as a loss: destroyed, the whole city;
    reduced to one token (001:29.6.2.2), the city less the token placed for it. A city whose
    area already holds its owner's token (Public Works' extra token) is replaced by no token,
    so reducing it costs the whole city (rules §8 Public Works: "replaced by 1 token fewer than
    usual"), as does one whose owner has no token left in stock."""
    if not keep_one:
        return CITY_UNIT_POINTS
    return CITY_UNIT_POINTS - min(max(1 - standing, 0), stock)


def _lose_step(state: GameState, d: LosePoints, events: list[Event]) -> None:
    options = _lose_options(state, d)
    if not options:
        events.append(UnitsLost(player=d.player, points=d.lost, areas=tuple(d.hit),
                                rule=d.rule))
        done(state, d)
        return
    if len(options) == 1:
        _lose_choose(state, d, options[0], events)
        return
    ask_losses(state, d.player, d.points - d.lost, options, d.rule)


def _lose_choose(state: GameState, d: LosePoints, label: str, events: list[Event]) -> None:
    player, area, rule = d.player, labels.value(label), d.rule
    before = unit_points(state, player)
    if state.board.count(area, player) > (1 if d.keep_one else 0):
        remove_tokens(state, player, area, 1, events, rule)
    elif d.keep_one:
        reduce_city(state, area, events, rule, keep=1)
    else:
        destroy_city(state, area, events, rule)
    d.lost += before - unit_points(state, player)
    if area not in d.hit:
        d.hit.append(area)


@detail_type
@dataclass(frozen=True, kw_only=True)
class NamingPlayers(Detail):
    """A `name_player` decision: how many players are still to be named, among whom, and what
    causes it (the calamity under way and its rule)."""

    left: int
    among: tuple[str, ...]
    calamity: str = ""
    rule: str = ""


@dataclass(frozen=True)
class PlayersNamed(Result):
    """What `PickPlayers` hands back: the players named, in the order they were named."""

    players: tuple[str, ...]


@dataclass(kw_only=True)
class PickPlayers(Progress):
    KIND = "damage:pick_players"
    chooser: str
    count: int
    among: list[str]
    prompt: str = "Name a player"
    rule: str = ""
    picked: list[str] = field(default_factory=list)


def _pick_step(state: GameState, d: PickPlayers, events: list[Event]) -> None:
    options = [p for p in d.among if p not in d.picked]
    if len(d.picked) >= d.count or not options:
        finish(state, d, PlayersNamed(tuple(d.picked)))
        return
    if len(options) <= d.count - len(d.picked):
        d.picked.extend(options)
        return
    naming = NamingPlayers(left=d.count - len(d.picked), among=tuple(options),
                           calamity=calamity_under_way(state), rule=d.rule)
    ask(state, d.chooser, "name_player", d.prompt,
        [labels.make("player", p) for p in options], d.rule, detail=naming)


def _pick_choose(state: GameState, d: PickPlayers, label: str, events: list[Event]) -> None:
    d.picked.append(labels.value(label))


@detail_type
@dataclass(frozen=True, kw_only=True)
class CitiesToLose(Detail):
    """A `city_to_reduce` or `city_to_destroy` decision: whose cities, how many are still to go,
    which may, and what causes it (the calamity under way and its rule)."""

    player: str
    left: int
    mode: Literal["reduce", "destroy"]
    areas: tuple[str, ...]
    calamity: str = ""
    rule: str = ""

    def prompt(self) -> Words:
        return say("Choose a city of {player} to {mode} ({left} left)",
                   player=ref("player", self.player), mode=self.mode, left=self.left)


@dataclass(kw_only=True)
class ReduceCities(Progress):
    KIND = "damage:reduce_cities"
    player: str
    count: int
    areas: list[str] | None = None  # None: any of the player's cities
    mode: Literal["reduce", "destroy"] = "reduce"
    chooser: str = ""  # "": the player
    rule: str = ""
    done: int = 0  # cities reduced (or destroyed) so far


def _reduce_step(state: GameState, d: ReduceCities, events: list[Event]) -> None:
    player, allowed = d.player, d.areas
    cities = [a for a in state.board.cities_of(player) if allowed is None or a in allowed]
    left = d.count - d.done
    if left <= 0 or not cities:
        done(state, d)
        return
    if len(cities) <= left:
        for area in cities:
            _reduce_choose(state, d, labels.make("area", area), events)
        return
    losing = CitiesToLose(player=player, left=left, mode=d.mode, areas=tuple(cities),
                          calamity=calamity_under_way(state), rule=d.rule)
    ask(state, d.chooser or player, "city_to_" + d.mode, losing.prompt(),
        [labels.make("area", a) for a in cities], d.rule, detail=losing)


def _reduce_choose(state: GameState, d: ReduceCities, label: str, events: list[Event]) -> None:
    area = labels.value(label)
    if d.mode == "destroy":
        destroy_city(state, area, events, d.rule)
    else:
        reduce_city(state, area, events, d.rule)
    d.done += 1


register(LosePoints, _lose_step, _lose_choose)
register(PickPlayers, _pick_step, _pick_choose)
register(ReduceCities, _reduce_step, _reduce_choose)
