"""Moves the rules allow that destroy one's own pieces, said before they are made: a city
that leaves one's cities unsupported, a tax rate one's stock cannot pay (cities revolt).

    ruin_warning(state, "minoa", "area:knossos")
    -> "A city in Knossos takes every token there: no token of yours is left on the board to
        support your 2 cities (4 needed), so a city you built this turn will be reduced when
        city support is checked at the end of this phase."

The tokens counted are those the population limits leave: surplus goes back to stock (phase
5b) before city support is checked (5c), so a city whose support stands only on tokens above a
limit is warned of too, and the warning says so.

A city is tried on a copy of the state (never on the game), and the tax decision's detail
holds the core's own count of revolting cities at each rate: what the core does is what is
told, not a second reading of the rules.
"""

from __future__ import annotations

from game.core import (
    Action,
    GameState,
    IllegalAction,
    TaxRate,
    population_limit,
    support_rate,
)
from game.core import apply as core_apply

from ..words.prompts import names


def _support(state: GameState, player: str) -> tuple[int, int, int]:
    """(tokens on the board, cities, tokens the cities need)."""
    cities = len(state.board.cities_of(player))
    return state.board.tokens_of(player), cities, support_rate(state, player) * cities


def _above_limits(state: GameState, player: str) -> int:
    """The player's tokens above the population limits, which go back to stock before city
    support is checked (rules §4 phases 5b, 5c)."""
    return sum(max(here.get(player, 0) - population_limit(state, area, player), 0)
               for area, here in state.board.tokens.items())


def _tax_warning(state: GameState, label: str) -> str:
    pending = state.pending
    assert pending is not None
    detail = pending.detail
    if not isinstance(detail, TaxRate) or not label.startswith("number:"):
        return ""
    here = detail.revolts_at(int(label.split(":", 1)[1]))
    if here <= 0:
        return ""
    fewest = min(zip(detail.revolts, detail.rates, strict=True))
    if fewest[0] >= here:
        return ""  # every rate costs as much: nothing to warn of
    return (f"Your stock cannot pay this tax: {here} of your cities "
            f"{'revolts' if here == 1 else 'revolt'} (to another player, or destroyed). At "
            f"a rate of {fewest[1]}, {fewest[0] or 'none'} would.")


def ruin_warning(state: GameState, player: str, label: str, playable: bool = True) -> str:
    """What `label` would cost `player` of their own pieces beyond what they pay, or "".
    `playable` false: `state` is a network client's drawing of the game, on which no move
    can be tried; a city is counted from the tokens in its area now, as when payment
    choices follow."""
    pending = state.pending
    if pending is not None and pending.player == player and pending.kind == "tax_rate":
        return _tax_warning(state, label)
    if pending is None or pending.player != player or pending.kind != "build_city" \
            or not label.startswith("area:"):
        return ""
    area = label.split(":", 1)[1]
    trial = state.clone()
    try:
        if playable:
            core_apply(trial, Action(player, label))
        elif label not in pending.options:
            return ""
    except IllegalAction:
        return ""
    if area in trial.board.cities:  # built at once
        tokens, cities, needed = _support(trial, player)
        surplus = _above_limits(trial, player)
    else:  # payment choices follow: every token in the area goes to stock all the same
        tokens, cities, needed = _support(state, player)
        tokens -= state.board.count(area, player)
        cities += 1
        needed = support_rate(state, player) * cities
        surplus = _above_limits(state, player) - max(
            state.board.count(area, player) - population_limit(state, area, player), 0)
    kept = tokens - surplus
    if kept >= needed:
        return ""
    place = names(state.map).get(area, area)
    then = ("so a city you built this turn will be reduced when city support is checked at "
            "the end of this phase.")
    if tokens >= needed:  # enough tokens, but not within the limits
        return (f"A city in {place} leaves your cities short of support: of your {tokens} "
                f"tokens on the board, {surplus} stand above population limits and go back to "
                f"stock first, leaving {kept} for your {cities} cities ({needed} needed), "
                + then)
    left = ("no token of yours is left" if tokens == 0 else "only 1 token of yours is left"
            if tokens == 1 else f"only {tokens} tokens of yours are left")
    limits = (f" ({surplus} of them above population limits, which go back to stock first)"
              if surplus and tokens else "")
    return (f"A city in {place} takes every token there: {left} on the board{limits} to "
            f"support your {cities} cities ({needed} needed), " + then)
