"""Conflict situations, token conflicts and city attacks (rules §4 phases 3-4, §10).

Reusable beyond the conflict phase: Barbarian Hordes pushes the same sub-tasks with the
barbarians as attacker.

    push(state, TokenConflict(area=A, rule=...))             # rounds of removal in A
    push(state, CityAttack(area=A, attacker=P, rule=...))    # P's tokens in A attack its city

(`push(state, TOKEN_CONFLICT, area=A, rule=...)` by kind name reads into the same progress.)

For conflicts the barbarian tokens and the pirate cities act as one player, "the barbarians"
(owner id BARBARIANS), which holds no advances. Ships never count as tokens.

Decided:
- Drawing the card after a capture is optional ("may"): the attacker is asked yes or no, and the
  event does not name the card (neither player may reveal it). The card is not marked as traded.
- The barbarians as attackers (Barbarian Hordes) take no card and no treasury (001:29.5.2.3.8).
- Players removing "at the same time" are asked one after another in A.S.T. ranking order; the
  conflict is only checked once the whole group has removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from . import labels
from .eventdeck import war
from .events import Event
from .flow import ask, done, push, register
from .ops import (
    gain_treasury,
    give_card,
    loss_causes,
    place_tokens,
    remove_tokens,
    take_card,
)
from .state import BARBARIANS, PIRATE, Detail, GameState, Progress, detail_type
from .words import ref, say

TOKEN_CONFLICT = "conflict:tokens"
CITY_ATTACK = "conflict:city_attack"
RULE_TOKENS = "rules:phase-4a"
RULE_ATTACK = "rules:phase-4b"

# Effect ids of advances.toml that these rules read.
METALWORKING = "conflict_others_remove_first"
ADJACENT_LOSSES = "conflict_losses_from_adjacent"
SHIP_LOSSES = "ships_as_conflict_losses"
ENGINEERING_ATTACK = "city_attack_needs_6"
ENGINEERING_DEFENCE = "city_defence_needs_8"


@dataclass(frozen=True, kw_only=True)
class TokenConflictStarted(Event):
    area: str
    sides: tuple[tuple[str, int], ...]  # (side, tokens in the area) at the start


@dataclass(frozen=True, kw_only=True)
class TokenConflictEnded(Event):
    area: str
    sides: tuple[tuple[str, int], ...]  # who is left, with their tokens in the area


@dataclass(frozen=True, kw_only=True)
class ShipsLost(Event):
    player: str
    area: str
    count: int
    cause: tuple[str, ...] = ()  # why: labels as events.py says (ops.loss_causes)


@dataclass(frozen=True, kw_only=True)
class CityAttacked(Event):
    attacker: str
    defender: str  # a player id or PIRATE
    area: str
    tokens: int  # the attacker's tokens in the area
    needed: int
    success: bool


@dataclass(frozen=True, kw_only=True)
class CityTaken(Event):
    attacker: str
    defender: str
    area: str
    owner: str  # whose tokens replaced the city (the defender, or BARBARIANS for a pirate city)
    tokens: int


@dataclass(frozen=True, kw_only=True)
class CardPlundered(Event):
    """A card taken at random after a capture; which card stays secret (rules §4 phase 4b)."""

    player: str
    victim: str


@dataclass(kw_only=True)
class TokenConflict(Progress):
    """Rounds of removal in `area` until one side is left (or, away from a city, the limit
    holds)."""

    KIND = TOKEN_CONFLICT
    area: str
    rule: str = ""
    started: bool = False
    groups: list[list[str]] = field(default_factory=list)  # the round's groups still to remove
    todo: list[str] = field(default_factory=list)  # the group removing now, in order

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        """Conflict with every other side in the area (barbarians and pirates too)."""
        here = state.board.tokens.get(self.area, {})
        others = {o for o, n in here.items() if n and o != player}
        others |= {o for o, n in state.board.ships.get(self.area, {}).items() if n and o != player}
        city = state.board.cities.get(self.area)
        if city is not None and city != player:
            others.add(city)
        return tuple(f"conflict:{o}" for o in sorted(others))


@dataclass(kw_only=True)
class CityAttack(Progress):
    """`attacker`'s tokens in `area` attack the city there; a captured city's plunder follows."""

    KIND = CITY_ATTACK
    area: str
    attacker: str
    rule: str = ""
    stage: Literal["attack", "card", "treasury", "end"] = "attack"
    defender: str = ""  # set once the city is taken

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        if player == self.attacker:
            other = self.defender or state.board.cities.get(self.area, "")
            return (f"conflict:{other}",) if other else ()
        return (f"conflict:{self.attacker}",)


@detail_type
@dataclass(frozen=True)
class ConflictLoss(Detail):
    """A side of the conflict in `area` takes one loss: a token (in the area or, with Advanced
    Military, next to it) or, with Naval Warfare, a ship there."""

    area: str


@detail_type
@dataclass(frozen=True)
class Plunder(Detail):
    """The attacker who took the city in `area` from `defender` may plunder: a card at random
    (`most` 0) or up to `most` tokens from stock to treasury."""

    area: str
    defender: str
    most: int = 0


# --- who is who ------------------------------------------------------------------------------


def side_of(owner: str) -> str:
    """The conflict side of a token or city owner: pirates fight with the barbarians."""
    return BARBARIANS if owner in (BARBARIANS, PIRATE) else owner


def holds(state: GameState, owner: str, effect: str) -> bool:
    """Whether a player holds an advance with this effect; the barbarians hold none."""
    player = state.players.get(owner)
    if player is None:
        return False
    return not state.data.advances_with(effect).isdisjoint(player.advances)


def token_sides(state: GameState, area: str) -> dict[str, int]:
    """Tokens in the area by conflict side (ships are not tokens and never count)."""
    out: dict[str, int] = {}
    for owner, n in state.board.tokens.get(area, {}).items():
        if n > 0:
            out[side_of(owner)] = out.get(side_of(owner), 0) + n
    return out


def city_side(state: GameState, area: str) -> str | None:
    owner = state.board.cities.get(area)
    return None if owner is None else side_of(owner)


def in_conflict(state: GameState, area: str) -> bool:
    """A conflict situation: foreign tokens at a city, or several sides over the limit."""
    sides = token_sides(state, area)
    city = city_side(state, area)
    if city is not None:
        return any(side != city for side in sides)
    return len(sides) >= 2 and sum(sides.values()) > state.map.areas[area].pop


def entry_causes_conflict(state: GameState, player: str, area: str, n: int) -> bool:
    """Whether n of the player's tokens entering the area cause conflict: a foreign (or pirate)
    city is attacked by any entry; otherwise others' tokens must be there and the limit be
    exceeded once the newcomers are in."""
    if n <= 0:
        return False
    city = city_side(state, area)
    if city is not None and city != player:
        return True
    sides = token_sides(state, area)
    others = any(side != player for side in sides)
    return others and sum(sides.values()) + n > state.map.areas[area].pop


def token_conflict_pending(state: GameState, area: str) -> bool:
    return not _conflict_over(state, area)


def _conflict_over(state: GameState, area: str) -> bool:
    """One side (or none) left; away from a city, also as soon as the limit holds."""
    sides = token_sides(state, area)
    if len(sides) <= 1:
        return True
    if area in state.board.cities:
        return False
    return sum(sides.values()) <= state.map.areas[area].pop


def _ranked(state: GameState, sides: list[str]) -> list[str]:
    """A.S.T. ranking order (the order of state.players), the barbarians last."""
    rank = {pid: i for i, pid in enumerate(state.players)}
    return sorted(sides, key=lambda s: rank.get(s, len(rank)))


def removal_groups(state: GameState, area: str) -> list[list[str]]:
    """One round of removal: fewest tokens first, equal counts together; with Metalworking held
    by some, every side without it removes first (minority order within each class)."""
    sides = token_sides(state, area)
    keys = {s: (holds(state, s, METALWORKING), n) for s, n in sides.items()}
    groups: list[list[str]] = []
    for key in sorted(set(keys.values())):
        groups.append(_ranked(state, [s for s in sides if keys[s] == key]))
    return groups


def loss_options(state: GameState, side: str, area: str) -> list[str]:
    """Where a side may take one loss: a token here (`area:AREA`); with Advanced Military a token
    in a land-adjacent area; with Naval Warfare a ship here (`yes`)."""
    options = [labels.make("area", area)] if state.board.count(area, side) > 0 else []
    if side not in state.players:
        return options
    if holds(state, side, ADJACENT_LOSSES):
        options += [labels.make("area", z) for z in state.map.land.get(area, ())
                    if state.board.count(z, side)]
    if holds(state, side, SHIP_LOSSES) and state.board.ships.get(area, {}).get(side, 0):
        options.append("yes")
    return options


def take_loss(state: GameState, side: str, area: str, label: str, events: list[Event],
              rule: str) -> None:
    if label == "yes":
        state.board.add_ships(area, side, -1)
        events.append(ShipsLost(player=side, area=area, count=1, rule=rule,
                                cause=loss_causes(state, side, rule=rule)))
        return
    remove_tokens(state, side, labels.value(label), 1, events, rule)


# --- token conflict --------------------------------------------------------------------------


def _conflict_step(state: GameState, d: TokenConflict, events: list[Event]) -> None:
    area, rule = d.area, d.rule or RULE_TOKENS
    if not d.started:
        d.started = True
        if _conflict_over(state, area):
            done(state, d)
            return
        sides = token_sides(state, area)
        events.append(TokenConflictStarted(area=area, sides=_pairs(state, sides), rule=rule))
        d.groups, d.todo = [], []
        if war.battle_begins(state, area, sides):  # the Events module's battle cards first
            return
    while True:
        if d.todo:
            side = d.todo[0]
            if war.spared(state, area, side):
                d.todo.pop(0)
                continue
            options = loss_options(state, side, area)
            if len(options) > 1:
                ask(state, side, "conflict_loss",
                    say("Conflict in {area}: take one loss (an area for a token there, yes "
                        "for a ship here)", area=ref("area", area)),
                    options, rule, ConflictLoss(area=area))
                return
            if options:
                take_loss(state, side, area, options[0], events, rule)
            d.todo.pop(0)
            continue
        # a whole group has removed: the conflict may stop even in the middle of a round
        if _conflict_over(state, area):
            sides = token_sides(state, area)
            if war.extra_round(state, area, sides, events):
                continue
            events.append(TokenConflictEnded(area=area, sides=_pairs(state, sides), rule=rule))
            war.battle_ends(state, area, sides, events)
            done(state, d)
            return
        if not d.groups:
            d.groups.extend(removal_groups(state, area))
        d.todo = d.groups.pop(0)


def _conflict_choose(state: GameState, d: TokenConflict, label: str,
                     events: list[Event]) -> None:
    side = d.todo.pop(0)
    take_loss(state, side, d.area, label, events, d.rule or RULE_TOKENS)


def _pairs(state: GameState, sides: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((s, sides[s]) for s in _ranked(state, list(sides)))


# --- city attack -----------------------------------------------------------------------------


def attack_numbers(state: GameState, attacker: str, defender: str,
                   area: str = "") -> tuple[int, int]:
    """(tokens the attack needs, defender tokens that replace a taken city). Engineering helps
    whichever side holds it alone; a pirate city always becomes barbarian tokens. With `area`,
    the siege cards played on that attack count too."""
    needed, replacement = _attack_numbers(state, attacker, defender)
    return war.siege_need(state, area, needed), replacement


def _attack_numbers(state: GameState, attacker: str, defender: str) -> tuple[int, int]:
    return city_attack_numbers(state.data.numbers, holds(state, attacker, ENGINEERING_ATTACK),
                               holds(state, defender, ENGINEERING_DEFENCE),
                               pirate=defender == PIRATE)


def city_attack_numbers(n: Mapping[str, int], attacker_engineering: bool,
                        defender_engineering: bool, *, pirate: bool = False) -> tuple[int, int]:
    """(tokens a city attack needs, defender tokens that replace the taken city), before siege
    cards: Engineering helps whichever side holds it alone; a pirate city always becomes
    barbarian tokens. Public facts only, so bots read it from their views too."""
    if pirate:
        needed = n["city_attack_tokens_engineering_attacker"] if attacker_engineering else \
            n["city_attack_tokens"]
        return needed, n["pirate_city_barbarian_tokens"]
    if attacker_engineering and not defender_engineering:
        return (n["city_attack_tokens_engineering_attacker"],
                n["city_defence_tokens_vs_engineering_attacker"])
    if defender_engineering and not attacker_engineering:
        return (n["city_attack_tokens_vs_engineering_defender"],
                n["city_defence_tokens_engineering_defender"])
    return n["city_attack_tokens"], n["city_defence_tokens"]


def attack_would_succeed(state: GameState, area: str, attacker: str) -> bool:
    defender = state.board.cities.get(area)
    if defender is None:
        return False
    return token_sides(state, area).get(attacker, 0) >= attack_numbers(state, attacker,
                                                                         defender, area)[0]


def _attack_step(state: GameState, d: CityAttack, events: list[Event]) -> None:
    area, attacker = d.area, d.attacker
    rule = d.rule or RULE_ATTACK
    if d.stage == "attack":
        defender = state.board.cities.get(area)
        have = token_sides(state, area).get(attacker, 0)
        if defender is None or side_of(defender) == attacker or have <= 0:
            done(state, d)
            return
        if war.siege_begins(state, area, attacker, defender, have,
                            attack_numbers(state, attacker, defender)[0]):
            return  # the Events module's siege cards first
        needed, replacement = attack_numbers(state, attacker, defender, area)
        success = have >= needed
        events.append(CityAttacked(attacker=attacker, defender=defender, area=area, tokens=have,
                                   needed=needed, success=success, rule=rule))
        if not success:
            _destroy_attackers(state, area, attacker, events, rule)
            done(state, d)
            return
        del state.board.cities[area]
        owner = BARBARIANS if defender == PIRATE else defender
        placed = place_tokens(state, owner, area, replacement, [], rule)
        events.append(CityTaken(attacker=attacker, defender=defender, area=area, owner=owner,
                                tokens=placed, rule=rule))
        d.defender, d.stage = defender, "card"
        push(state, TokenConflict(area=area, rule=rule))
        war.city_taken(state, area)  # its window runs before that conflict
        return
    defender = d.defender
    if d.stage == "card":
        d.stage = "treasury"
        victim = state.players.get(defender)
        if attacker in state.players and victim is not None and victim.hand:
            ask(state, attacker, "plunder_card",
                say("Draw one card at random from {defender}'s hand?",
                    defender=ref("player", defender)), ["yes", "no"], rule,
                Plunder(area=area, defender=defender))
            return
    if d.stage == "treasury" and attacker in state.players:
        most = min(state.data.numbers["city_attack_treasury_max"],
                   state.players[attacker].stock)
        if most > 0:
            d.stage = "end"
            ask(state, attacker, "plunder_treasury",
                "Move how many tokens from your stock to your treasury?",
                [labels.make("number", k) for k in range(most + 1)], rule,
                Plunder(area=area, defender=defender, most=most))
            return
    done(state, d)


def _attack_choose(state: GameState, d: CityAttack, label: str, events: list[Event]) -> None:
    attacker, rule = d.attacker, d.rule or RULE_ATTACK
    if label == "yes":
        victim = d.defender
        hand = state.players[victim].hand
        card = hand[state.rng.below(len(hand))].card
        take_card(state, victim, card)
        give_card(state, attacker, card)
        events.append(CardPlundered(player=attacker, victim=victim, rule=rule))
    elif labels.kind_of(label) == "number":
        gain_treasury(state, attacker, labels.number(label), events, rule)


def _destroy_attackers(state: GameState, area: str, attacker: str, events: list[Event],
                       rule: str) -> None:
    """A failed attack: every attacking token there is lost, and a Naval Warfare holder's
    ships there too."""
    remove_tokens(state, attacker, area, state.board.count(area, attacker), events, rule)
    ships = state.board.ships.get(area, {}).get(attacker, 0)
    if ships and holds(state, attacker, SHIP_LOSSES):
        state.board.add_ships(area, attacker, -ships)
        events.append(ShipsLost(player=attacker, area=area, count=ships, rule=rule,
                                cause=loss_causes(state, attacker, rule=rule)))


register(TokenConflict, _conflict_step, _conflict_choose)
register(CityAttack, _attack_step, _attack_choose)
