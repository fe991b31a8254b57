"""Flood (non-tradable): the flood plain holding most of the victim's vulnerable units floods.

Classic (001:29.5.1.1-5): the victim loses 17 vulnerable unit points from the plain, other players
there 10 between them as the victim shares them out (all of theirs when they have 10 or fewer);
Engineering caps any victim's loss at 7. With no units on a plain the victim loses a coastal city
(reduced with Engineering). Double Empires (002:Floods): the same on the two plains with most of
the victim's vulnerable units, "a maximum of 17" each, two coastal cities without a plain. Mega
Empires (rules §6.1): 15 damage to the victim and 5 to every other player on the plain,
Engineering -5 each; with no plain, 5 damage from coastal areas.

Vulnerable: every token on the plain, and cities on it except those on black sites (29.5.1.1).

decided: ties between plains are broken by the victim in every rule set (001:29.5.1.2 says so;
the chart and §6.1 are silent).
decided: a loss the seed calls "a maximum" (Engineering's 7; Double Empires' 17) never goes above
its number; other losses may overshoot by a city when nothing smaller is left, as elsewhere.
decided: Double Empires with units on only one plain floods that one plain only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import labels
from ..events import Event
from ..flow import ask, done, push, register
from ..ops import CITY_UNIT_POINTS, unit_points
from ..state import GameState
from .common import holds_any, modified, params
from .damage import LosePoints, ReduceCities
from .losses import CalamityAverted, LoseWithin, ShareLosses, coastal_areas
from .outcome import PassingOn, receive_passed_on

ID = "flood"

RULES = {
    "classic": {"primary": "001:29.5.1.1", "site": "001:29.5.1.2", "secondary": "001:29.5.1.3",
                "no_plain": "001:29.5.1.4", "engineering": "001:29.5.1.5"},
    "mega-empires": dict.fromkeys(
        ("primary", "site", "secondary", "no_plain", "engineering"), "rules:6.1"),
    "double-empires": dict.fromkeys(
        ("primary", "site", "secondary", "no_plain", "engineering"), "002:Floods"),
}


@dataclass(frozen=True, kw_only=True)
class FloodStruck(Event):
    plain: str
    losses: tuple[tuple[str, int], ...]  # (player, unit points lost), victim first


@dataclass(kw_only=True)
class Flood(PassingOn):
    KIND = f"calamity:{ID}"
    # "choosing" the next plain to flood, "flooding" one, "finished" (the coastal fallback)
    stage: Literal["start", "choosing", "flooding", "finished"] = "start"
    counts: dict[str, int] = field(default_factory=dict)  # plain -> the victim's vulnerable points
    plains: list[str] = field(default_factory=list)  # the plains to flood, in order
    done_plains: int = 0
    # the plain flooding now, its stage, everyone's unit points before, who loses next
    flooding: str = ""
    plain_stage: Literal["primary", "share", "secondary", "losing"] = "primary"
    before: dict[str, int] = field(default_factory=dict)
    queue: list[str] = field(default_factory=list)


def plain_areas(state: GameState, plain: str) -> list[str]:
    return list(state.map.flood_plains.get(plain, ()))


def vulnerable_city_areas(state: GameState, plain: str) -> list[str]:
    """Plain areas whose city (if any) could be flooded: every site but a black one."""
    return [a for a in plain_areas(state, plain) if state.map.areas[a].site != "black"]


def vulnerable_points(state: GameState, player: str, plain: str) -> int:
    board = state.board
    tokens = sum(board.count(a, player) for a in plain_areas(state, plain))
    cities = sum(1 for a in vulnerable_city_areas(state, plain) if board.cities.get(a) == player)
    return tokens + CITY_UNIT_POINTS * cities


def _rule(state: GameState, role: str) -> str:
    return RULES[state.config.ruleset][role]


def _step(state: GameState, d: Flood, events: list[Event]) -> None:
    victim = d.victim
    if d.stage == "start":
        counts = {p: vulnerable_points(state, victim, p) for p in state.map.flood_plains}
        d.counts = {p: n for p, n in counts.items() if n > 0}
        d.stage = "choosing"
        if not d.counts:
            _no_plain(state, d, events)
            return
    if d.stage == "finished":
        done(state, d)
        return
    if d.stage == "flooding":
        _plain_step(state, d, events)
        return
    if not _pick_plains(state, d):
        return
    if d.done_plains >= len(d.plains):
        done(state, d)
        return
    d.stage, d.flooding, d.plain_stage = "flooding", d.plains[d.done_plains], "primary"
    _plain_step(state, d, events)


def _pick_plains(state: GameState, d: Flood) -> bool:
    """Fill `plains` with the plains to flood, most vulnerable points first; ask the victim to
    break a tie at the cut. False while a decision is pending."""
    wanted = int(params(state, ID).get("flood_plains", 1))
    counts, chosen = d.counts, d.plains
    while len(chosen) < min(wanted, len(counts)):
        rest = {p: n for p, n in counts.items() if p not in chosen}
        best = max(rest.values())
        tied = sorted(p for p, n in rest.items() if n == best)
        if len(tied) <= wanted - len(chosen):
            chosen.extend(tied)
            continue
        ask(state, d.victim, "flood_plain", "Choose the flood plain that floods",
            [labels.make("flood", p) for p in tied], _rule(state, "site"))
        return False
    return True


def _choose(state: GameState, d: Flood, label: str, events: list[Event]) -> None:
    d.plains.append(labels.value(label))


def _plain_step(state: GameState, d: Flood, events: list[Event]) -> None:
    plain, victim = d.flooding, d.victim
    if d.plain_stage == "primary":
        d.before = {p: unit_points(state, p) for p in state.players}
        d.plain_stage = "share"
        _push_loss(state, victim, plain, _primary_loss(state, victim), "primary")
        return
    if d.plain_stage == "share":
        d.plain_stage = "secondary"
        d.shares = {}
        others = [p for p in state.players
                  if p != victim and vulnerable_points(state, p, plain) > 0]
        if state.config.ruleset == "mega-empires":
            d.shares = {p: modified(state, ID, "secondary_loss_each", p) for p in others}
            return
        caps = {p: min(vulnerable_points(state, p, plain), _cap(state, p, 10**6))
                for p in others}
        caps = {p: c for p, c in caps.items() if c > 0}
        p = params(state, ID)
        total = int(p.get("secondary_loss_total", p.get("secondary_loss_total_per_plain", 0)))
        if caps:
            push(state, ShareLosses(chooser=victim, total=total, caps=caps,
                                    rule=_rule(state, "secondary")))
        return
    if d.plain_stage == "secondary":
        d.queue = [p for p in state.players if d.shares.get(p, 0) > 0]
        d.plain_stage = "losing"
    if d.queue:
        pid = d.queue.pop(0)
        _push_loss(state, pid, plain, d.shares[pid], "secondary")
        return
    losses = tuple((p, d.before[p] - unit_points(state, p)) for p in
                   [victim, *[q for q in state.players if q != victim]]
                   if d.before[p] != unit_points(state, p))
    events.append(FloodStruck(plain=plain, losses=losses, rule=_rule(state, "primary")))
    d.stage, d.flooding, d.before, d.shares = "choosing", "", {}, {}
    d.done_plains += 1


def _primary_loss(state: GameState, victim: str) -> int:
    p = params(state, ID)
    if "primary_loss_per_plain" in p:
        return _cap(state, victim, int(p["primary_loss_per_plain"]))
    if state.config.ruleset == "mega-empires":
        return modified(state, ID, "primary_loss", victim)
    return _cap(state, victim, int(p["primary_loss"]))


def _cap(state: GameState, player: str, points: int) -> int:
    """Engineering holders lose at most the cap from one plain (001:29.5.1.5)."""
    p = params(state, ID)
    cap = p.get("loss_cap", p.get("loss_cap_per_plain"))
    if cap is not None and holds_any(state, player, p.get("loss_cap_advances")):
        return min(points, int(cap))
    return points


def _is_maximum(state: GameState, player: str) -> bool:
    """Whether the seed words this player's loss as "a maximum" (no overshoot)."""
    p = params(state, ID)
    return "primary_loss_per_plain" in p or (
        "loss_cap_advances" in p and holds_any(state, player, p["loss_cap_advances"]))


def _push_loss(state: GameState, player: str, plain: str, points: int, role: str) -> None:
    if points <= 0:
        return
    capped = _is_maximum(state, player)
    rule = _rule(state, "engineering" if capped and state.config.ruleset == "classic"
                 and holds_any(state, player, params(state, ID).get("loss_cap_advances"))
                 else role)
    push(state, LoseWithin(player=player, points=points, tokens_in=plain_areas(state, plain),
                           cities_in=vulnerable_city_areas(state, plain), cap=capped, rule=rule))


def _no_plain(state: GameState, d: Flood, events: list[Event]) -> None:
    """No vulnerable unit on any plain: the coastal fallback of each rule set."""
    victim = d.victim
    d.stage = "finished"
    p = params(state, ID)
    if "no_plain_coastal_loss" in p:  # Mega Empires: damage from coastal areas
        points = modified(state, ID, "no_plain_coastal_loss", victim)
        areas = coastal_areas(state, victim)
        if points <= 0 or not areas:
            events.append(CalamityAverted(calamity=ID, victim=victim, rule=_rule(state, "no_plain"),
                                          reason="no loss from coastal areas"))
            return
        push(state, LosePoints(player=victim, points=points, areas=areas,
                               rule=_rule(state, "no_plain")))
        return
    cities = [a for a in state.board.cities_of(victim) if state.map.areas[a].coastal]
    if not cities:
        events.append(CalamityAverted(calamity=ID, victim=victim, rule=_rule(state, "no_plain"),
                                      reason="no units on a flood plain and no coastal city"))
        return
    reduce = holds_any(state, victim, p.get("no_plain_reduce_instead_advances"))
    count = int(p["no_plain_coastal_cities_destroyed"])
    push(state, ReduceCities(player=victim, count=count, areas=cities,
                             mode="reduce" if reduce else "destroy",
                             rule=_rule(state, "engineering" if reduce else "no_plain")))


register(Flood, _step, _choose, receive_passed_on)
