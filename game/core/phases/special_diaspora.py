"""Diaspora (rules §8 #37, phase 10): move up to 5 of the user's tokens anywhere on the board,
within population limits, never into an area with a city except the user's own city when they
hold Public Works. Picked one move at a time: source area, target area, then how many.

decided: "within population limits" counts every owner's tokens in the target (tokens that
share an area within its limit co-exist, rules §4 phase 3); the limit for the mover is the one
population.population_limit gives (Agriculture's +1 where nobody else is, the Public Works token
in the mover's own city, nothing in any other city area).
Moving there is not causing conflict (rules §4 phase 10).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import labels
from ..events import Event, TokensMoved
from ..flow import ask, done, register
from ..population import population_limit
from ..state import GameState
from ..words import ref, say
from .special_common import AbilityProgress

KIND = "special:diaspora"
EFFECT = "special_move_tokens"
RULE = "rules:phase-10-diaspora"


def room(state: GameState, player: str, area: str) -> int:
    """How many more of the player's tokens Diaspora may bring into the area: its limit for the
    player less every token already there."""
    here = state.board.tokens.get(area, {})
    return max(population_limit(state, area, player) - sum(here.values()), 0)


def targets(state: GameState, player: str, source: str) -> list[str]:
    return [a for a in state.map.areas if a != source and room(state, player, a) > 0]


def sources(state: GameState, player: str) -> list[str]:
    """Areas with the player's tokens from which some other area can take one."""
    open_areas = [a for a in state.map.areas if room(state, player, a) > 0]
    return sorted(
        a for a, here in state.board.tokens.items()
        if here.get(player) and any(t != a for t in open_areas)
    )


def usable(state: GameState, player: str) -> bool:
    return bool(sources(state, player))


@dataclass(kw_only=True)
class Diaspora(AbilityProgress):
    KIND = KIND
    moved: int = 0  # tokens moved so far
    source: str = ""  # of the move being picked
    target: str = ""


def _left(state: GameState, d: Diaspora) -> int:
    return int(state.data.numbers["diaspora_tokens"]) - d.moved


def _step(state: GameState, d: Diaspora, events: list[Event]) -> None:
    player = d.player
    if d.stop or _left(state, d) <= 0:
        done(state, d)
        return
    source, target = d.source, d.target
    if not source:
        found = sources(state, player)
        if not found:
            done(state, d)
            return
        ask(state, player, "diaspora_source",
            f"Diaspora: move tokens from which area? ({_left(state, d)} left)",
            [*(labels.make("area", a) for a in found), "done"], RULE)
        return
    if not target:
        ask(state, player, "diaspora_target",
            say("Diaspora: move tokens from {source} to?", source=ref("area", source)),
            [*(labels.make("area", a) for a in targets(state, player, source)), "done"], RULE)
        return
    most = min(_left(state, d), state.board.count(source, player), room(state, player, target))
    if most == 1:
        _move(state, d, 1, events)
        return
    ask(state, player, "diaspora_count", say("Diaspora: how many tokens from {source} to {target}?",
                                          source=ref("area", source), target=ref("area", target)),
        [*(labels.make("number", n) for n in range(1, most + 1)), "done"], RULE)


def _move(state: GameState, d: Diaspora, n: int, events: list[Event]) -> None:
    player, source, target = d.player, d.source, d.target
    d.source = d.target = ""
    state.board.add(source, player, -n)
    state.board.add(target, player, n)
    d.moved += n
    events.append(TokensMoved(player=player, source=source, target=target, count=n, rule=RULE))


def _choose(state: GameState, d: Diaspora, label: str, events: list[Event]) -> None:
    if label == "done":
        d.stop = True
    elif labels.kind_of(label) == "number":
        _move(state, d, labels.number(label), events)
    elif not d.source:
        d.source = labels.value(label)
    else:
        d.target = labels.value(label)


register(Diaspora, _step, _choose)
