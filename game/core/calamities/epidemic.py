"""Epidemic (tradable): the victim loses unit points and passes more losses on to others.

Classic (001:29.6.2.1-4): the victim loses 16 and shares 25 among other players, at most 10 each,
the trader never among them; every victim keeps one token in each area (a city becomes one
token); Medicine and Anatomy -8 each for the victim, -5 each for a secondary victim; Roadbuilding
and Trade Empire +5 each for anyone. Double Empires (002:Epidemic): 32, sharing 50 at most 20
each, modifiers doubled, and Medicine or Anatomy never bring a loss below 3. Mega Empires
(003:EPIDEMIC): 15 damage, and the victim names two other players, never the beneficiary, who
take 10 each; Medicine prevents 5 (the other modifiers come from rules §6.1).

decided: a secondary victim's share is what the primary victim assigns; the secondary modifiers
then change that share, and the "minimum of 3" never raises a loss above the share plus the
aggravating modifiers.
decided: shares are capped by what a player can actually lose under the keep-one-token rule, and
in Mega Empires only players with units on the board can be named, so no pick is wasted on a
player with nothing to lose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..events import Event
from ..flow import done, push, register
from ..state import GameState
from .common import beneficiary, params
from .damage import LosePoints, PickPlayers
from .losses import ShareLosses
from .outcome import PassingOn, receive_passed_on

ID = "epidemic"


@dataclass(kw_only=True)
class Epidemic(PassingOn):
    KIND = f"calamity:{ID}"
    stage: Literal["primary", "name", "secondary", "losing"] = "primary"
    queue: list[tuple[str, int]] = field(default_factory=list)  # (player, loss before modifiers)

RULES = {
    "classic": {"primary": "001:29.6.2.1", "lessen": "001:29.6.2.3", "worsen": "001:29.6.2.4"},
    "mega-empires": dict.fromkeys(("primary", "lessen", "worsen"), "003:EPIDEMIC"),
    "double-empires": dict.fromkeys(("primary", "lessen", "worsen"), "002:Epidemic"),
}


def _rule(state: GameState, role: str) -> str:
    return RULES[state.config.ruleset][role]


def loss(state: GameState, name: str, player: str, base: int) -> int:
    """`base` after the `<name>_modifiers` the player holds; a lessening modifier never takes
    it below `minimum_loss_when_modified` (or the unlessened loss, if that is smaller)."""
    p = params(state, ID)
    owned = state.players[player].advances
    deltas = [int(v) for a, v in p.get(f"{name}_modifiers", {}).items() if a in owned]
    value = base + sum(deltas)
    if any(v < 0 for v in deltas):
        floor = int(p.get("minimum_loss_when_modified", 0))
        value = max(value, min(floor, base + sum(v for v in deltas if v > 0)))
    return max(value, 0)


def losable(state: GameState, player: str, keep_one: bool) -> int:
    """Unit points the player could lose; with keep_one, all but one token in each area."""
    board = state.board
    areas = set(board.cities_of(player)) | {a for a, t in board.tokens.items() if player in t}
    total = 0
    for area in areas:
        here = board.count(area, player) + (5 if board.cities.get(area) == player else 0)
        total += here - 1 if keep_one else here
    return total


def _keep_one(state: GameState) -> bool:
    return bool(params(state, ID).get("tokens_left_per_area"))


def _lose(state: GameState, player: str, points: int, rule: str) -> None:
    if points > 0:
        push(state, LosePoints(player=player, points=points, keep_one=_keep_one(state),
                               rule=rule))


def _step(state: GameState, d: Epidemic, events: list[Event]) -> None:
    victim = d.victim
    p = params(state, ID)
    if d.stage == "primary":
        d.stage = "name"
        base = int(p["primary_loss"])
        points = loss(state, "primary_loss", victim, base)
        _lose(state, victim, points, _role_rule(state, base, points))
        return
    if d.stage == "name":
        d.stage = "secondary"
        immune = _immune(state, victim, d.traded_by)
        others = [q for q in state.players if q != victim and q not in immune]
        if "secondary_players" in p:  # Mega Empires: name players, a fixed loss each
            among = [q for q in others if losable(state, q, False) > 0]
            push(state, PickPlayers(chooser=victim, count=int(p["secondary_players"]),
                                    among=among, prompt="Name a player who takes Epidemic damage",
                                    rule=_rule(state, "primary")))
            return
        caps = {q: min(int(p["secondary_loss_max_each"]), losable(state, q, _keep_one(state)))
                for q in others}
        caps = {q: c for q, c in caps.items() if c > 0}
        if caps:
            push(state, ShareLosses(chooser=victim, total=int(p["secondary_loss_total"]),
                                    caps=caps, rule=_rule(state, "primary")))
        return
    if d.stage == "secondary":
        d.stage = "losing"
        if "secondary_players" in p:
            base = int(p["secondary_loss_each"])
            d.queue = [(q, base) for q in state.players if q in d.named]
        else:
            d.queue = [(q, d.shares[q]) for q in state.players if d.shares.get(q, 0) > 0]
    if d.queue:
        pid, base = d.queue.pop(0)
        name = "secondary_loss_each" if "secondary_loss_each" in p else "secondary_loss"
        points = loss(state, name, pid, base)
        _lose(state, pid, points, _role_rule(state, base, points))
        return
    done(state, d)


def _role_rule(state: GameState, base: int, points: int) -> str:
    if points < base:
        return _rule(state, "lessen")
    if points > base:
        return _rule(state, "worsen")
    return _rule(state, "primary")


def _immune(state: GameState, victim: str, traded_by: str) -> set[str]:
    p = params(state, ID)
    if p.get("beneficiary_not_secondary"):
        who = beneficiary(state, str(p["beneficiary_rule"]), victim, traded_by)
        return {who} if who else set()
    if p.get("trader_not_secondary") and traded_by and traded_by != victim:
        return {traded_by}
    return set()


register(Epidemic, _step, receive=receive_passed_on)
