"""Sub-tasks and helpers for calamities whose losses are bounded by where units stand (flood
plains, coastal areas, one token kept per area). They complement `damage`:

- `LoseWithin` (`losses:lose`) — `player` removes `points` unit points: tokens from the areas
  in `tokens_in`, cities from the areas in `cities_in` (a token before a city in the same
  area). With `cap` the loss never goes above `points` (a seed's "a maximum of"); without it a
  city may overshoot when nothing smaller is left, as in `damage:lose_points`. Ends with a
  UnitsLost event; its decisions' detail is a `LossesOwed`.
- `ShareLosses` (`losses:share`) — `chooser` shares `total` points among the players in `caps`
  ({player: most they can be given}), `player:X` then `number:N`; automatic when everyone can
  simply take their cap. Finishes with `Shared` for the task below; its decisions' detail is a
  `SharingOut`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import labels
from ..conflict_rules import ShipsLost
from ..events import Event
from ..flow import Result, ask, done, finish, register
from ..ops import CITY_UNIT_POINTS, destroy_city, loss_causes, remove_tokens, unit_points
from ..state import Detail, GameState, Progress, Task, detail_type
from ..words import ref, say
from .common import calamity_under_way
from .damage import UnitsLost, ask_losses


@dataclass(frozen=True, kw_only=True)
class CalamityAverted(Event):
    """A calamity that does nothing to its victim, and why."""

    calamity: str
    victim: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class LossesAssigned(Event):
    chooser: str
    shares: tuple[tuple[str, int], ...]


def coastal_areas(state: GameState, player: str) -> list[str]:
    """Coastal areas holding the player's tokens or city, sorted."""
    board = state.board
    held = set(board.cities_of(player)) | {a for a, t in board.tokens.items() if player in t}
    return sorted(a for a in held if state.map.areas[a].coastal)


def return_ships(
    state: GameState, player: str, areas: list[str] | None, keep: int, events: list[Event],
    rule: str,
) -> int:
    """Return the player's ships in `areas` (None: everywhere) to stock, keeping `keep` of them
    (the first in area order); returns how many went."""
    lost = 0
    for area in sorted(state.board.ships):
        if areas is not None and area not in areas:
            continue
        here = state.board.ships[area].get(player, 0)
        kept = min(keep, here)
        keep -= kept
        if here - kept > 0:
            state.board.add_ships(area, player, -(here - kept))
            events.append(ShipsLost(player=player, area=area, count=here - kept, rule=rule,
                                    cause=loss_causes(state, player, rule=rule)))
            lost += here - kept
    return lost


def share_caps(state: GameState, players: Iterable[str], max_each: int) -> dict[str, int]:
    """`losses:share` caps: for each of `players` (in their order), at most `max_each` and no
    more than the unit points they have; those with nothing to lose are left out."""
    caps = {pid: min(max_each, unit_points(state, pid)) for pid in players}
    return {pid: cap for pid, cap in caps.items() if cap > 0}


@dataclass(kw_only=True)
class LoseWithin(Progress):
    KIND = "losses:lose"
    player: str
    points: int
    tokens_in: list[str]  # areas whose tokens may go
    cities_in: list[str]  # areas whose city may go
    cap: bool = False  # never lose more than `points`
    rule: str = ""
    lost: int = 0  # unit points lost so far
    hit: list[str] = field(default_factory=list)  # areas lost from, in order


def _lose_options(state: GameState, d: LoseWithin) -> list[str]:
    player, left = d.player, d.points - d.lost
    if left <= 0:
        return []
    board = state.board
    tokens = [a for a in d.tokens_in if board.count(a, player) > 0]
    cities = [a for a in d.cities_in if board.cities.get(a) == player and a not in tokens]
    if tokens or d.cap:
        cities = [a for a in cities if left >= CITY_UNIT_POINTS]
    return [labels.make("area", a) for a in sorted(set(tokens) | set(cities))]


def _within_reach(state: GameState, d: LoseWithin) -> int:
    """All the unit points the loss could take."""
    board, player = state.board, d.player
    tokens = sum(board.count(a, player) for a in d.tokens_in)
    return tokens + CITY_UNIT_POINTS * sum(1 for a in d.cities_in if board.cities.get(a) == player)


def _lose_step(state: GameState, d: LoseWithin, events: list[Event]) -> None:
    options = _lose_options(state, d)
    if not options:
        events.append(UnitsLost(player=d.player, points=d.lost, areas=tuple(d.hit),
                                rule=d.rule))
        done(state, d)
        return
    left = d.points - d.lost
    if len(options) == 1 or _within_reach(state, d) <= left:  # no choice: everything goes
        _lose_choose(state, d, options[0], events)
        return
    ask_losses(state, d.player, left, options, d.rule)


def _lose_choose(state: GameState, d: LoseWithin, label: str, events: list[Event]) -> None:
    player, area, rule = d.player, labels.value(label), d.rule
    before = unit_points(state, player)
    if area in d.tokens_in and state.board.count(area, player) > 0:
        remove_tokens(state, player, area, 1, events, rule)
    else:
        destroy_city(state, area, events, rule)
    d.lost += before - unit_points(state, player)
    if area not in d.hit:
        d.hit.append(area)


@dataclass(frozen=True)
class Shared(Result):
    """What a share hands back: {player: the part they were given}, in the order given."""

    shares: dict[str, int]


@detail_type
@dataclass(frozen=True, kw_only=True)
class SharingOut(Detail):
    """A share's decision (`share_player`, then `share_amount` for the player named): what is
    still to share out, the room each player has left, what each was given so far, the player
    being given a part ("" while one is to be named), and what causes it (the calamity under
    way and its rule). `what` names the units shared ("unit points", "cities to reduce", ...)."""

    left: int
    room: tuple[tuple[str, int], ...]
    given: tuple[tuple[str, int], ...] = ()
    naming: str = ""
    what: str = "unit points"
    calamity: str = ""
    rule: str = ""


def sharing_out(state: GameState, left: int, room: dict[str, int], given: dict[str, int],
                naming: str, what: str, rule: str) -> SharingOut:
    return SharingOut(left=left, room=tuple(room.items()), given=tuple(given.items()),
                      naming=naming, what=what, calamity=calamity_under_way(state), rule=rule)


@dataclass(kw_only=True)
class ShareLosses(Progress):
    KIND = "losses:share"
    chooser: str
    total: int
    caps: dict[str, int]  # player -> the most they can be given, in ranking order
    rule: str = ""
    given: dict[str, int] = field(default_factory=dict)
    naming: str = ""  # the player named, whose part is asked next ("": none yet)


def _share_step(state: GameState, d: ShareLosses, events: list[Event]) -> None:
    given = d.given
    left = d.total - sum(given.values())
    room = {p: c - given.get(p, 0) for p, c in d.caps.items()}
    room = {p: r for p, r in room.items() if r > 0}
    if left <= 0 or not room:
        events.append(LossesAssigned(chooser=d.chooser, shares=tuple(sorted(given.items())),
                                     rule=d.rule))
        finish(state, d, Shared(dict(given)))
        return
    if d.naming:
        top = min(room[d.naming], left)
        detail = sharing_out(state, left, room, given, d.naming, "unit points", d.rule)
        ask(state, d.chooser, "share_amount", say("How many unit points does {naming} lose?",
                                                    naming=ref("player", d.naming)),
            [labels.make("number", n) for n in range(1, top + 1)], d.rule, detail=detail)
        return
    if len(room) == 1 or sum(room.values()) <= left:
        for pid in d.caps:  # no real choice: everyone takes what they can, in ranking order
            take = min(room.get(pid, 0), left)
            if take > 0:
                given[pid] = given.get(pid, 0) + take
                left -= take
        return
    detail = sharing_out(state, left, room, given, "", "unit points", d.rule)
    ask(state, d.chooser, "share_player",
        f"Name a player to lose some of the {left} unit points left",
        [labels.make("player", p) for p in room], d.rule, detail=detail)


def _share_choose(state: GameState, d: ShareLosses, label: str, events: list[Event]) -> None:
    if labels.kind_of(label) == "player":
        d.naming = labels.value(label)
    else:
        who, d.naming = d.naming, ""
        d.given[who] = d.given.get(who, 0) + labels.number(label)


@dataclass(kw_only=True)
class OldShare(Progress):
    """`damage:share`, the older form of `losses:share`, in a state saved while one was under
    way: it carries on as the `losses:share` it is now."""

    KIND = "damage:share"
    chooser: str
    total: int
    max_each: int
    exclude: list[str] = field(default_factory=list)
    rule: str = ""
    given: dict[str, int] = field(default_factory=dict)
    naming: str = ""
    into: str = ""  # where its result once went; it now goes to the task below by the flow


def _as_share(state: GameState, d: OldShare) -> ShareLosses:
    """Its caps (at most `max_each` and what a player has; never the chooser nor those in
    `exclude`) worked out, what was already given and the player being named kept; the task on
    top (this one) becomes that `losses:share`."""
    caps = share_caps(state, [pid for pid in state.players
                              if pid != d.chooser and pid not in d.exclude], d.max_each)
    share = ShareLosses(chooser=d.chooser, total=d.total, caps=caps, rule=d.rule,
                        given=dict(d.given), naming=d.naming)
    state.tasks[-1] = Task(ShareLosses.KIND, share)
    return share


def _old_share_step(state: GameState, d: OldShare, events: list[Event]) -> None:
    _as_share(state, d)


def _old_share_choose(state: GameState, d: OldShare, label: str, events: list[Event]) -> None:
    _share_choose(state, _as_share(state, d), label, events)


register(LoseWithin, _lose_step, _lose_choose)
register(ShareLosses, _share_step, _share_choose)
register(OldShare, _old_share_step, _old_share_choose)
