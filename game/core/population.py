"""Population limits, surplus removal and city support, shared by phase 5 (city construction),
phase 11 (surplus and support) and the calamities that check support or surplus (Slave Revolt,
Famine). Rules §4 phases 5b, 5c and 11; §8 Agriculture, Public Works, Cultural Ascendancy.

What other modules may use:

    population_limit(state, area, player, *, ignore_agriculture=False) -> int
        How many of `player`'s tokens `area` may hold: the printed limit, 0 in an area with a
        city (1 for the city's owner with Public Works), +1 with Agriculture in the holder's own
        areas of printed limit 0-2 while no other units or barbarians are there.
    remove_surplus(state, events, rule, *, players=None, ignore_agriculture=False)
            -> dict[str, int]
        Return every player's tokens above their limit in each area to stock (automatic: the
        surplus is per area, so nobody chooses). `players` limits it to some players (Famine's
        primary victim); returns the tokens removed per player (only players who lost some).
    support_rate(state, player, extra_rate=0) -> int
        Tokens each city needs on the board: 2, +1 with Cultural Ascendancy, + extra_rate.
    reduce_city(state, area, events, rule, *, keep=None) -> None
        The one reduction of a city, for calamities and support checks alike: it is replaced by
        tokens up to the area's population limit (or up to `keep` tokens in all), as many as
        stock allows. The owner's tokens already standing there count (Public Works' extra
        token: one token fewer is placed, rules §11), and Agriculture's extra token is placed at
        once where the bonus applies (not with `keep`). A pirate city is removed.
    reduction_loss(state, area) -> int
        Unit points the city's owner loses when reduce_city(state, area, ...) runs now.
    mark_city_built(state, player, area) / cities_built_this_turn(state, player) -> list[str]
        Per-turn record (Player.flags) of the cities a player built this turn.
    push(state, SupportCheck(player=PID, extra_rate=0, unusable_tokens=0, rule=RULE))
        One player's city support check, run as a task: while the player's usable tokens on the
        board (all of them minus `unusable_tokens`, never below 0) are fewer than rate x cities,
        the player reduces a city of their choice (`area:X`; cities built this turn first; no
        decision when only one city may be chosen). Tokens from a reduced city count at once.
    push(state, SupportAll(surplus_rule=RULE, support_rule=RULE))
        Surplus removal for everybody, then every player's support check in A.S.T. ranking
        order: steps 5b and 5c, and the whole of phase 11.
    (By kind name, `push(state, "support:check", player=PID, ...)` and `"support:all"` read
    into the same progress.)
    FLAG_AGRICULTURE_SUSPENDED
        A Player.flags key; while set (non-zero) the player's Agriculture gives no bonus.
    cut_limit_this_turn(state, holder, area, amount, *, city_token_too=False) -> None
        Lower `area`'s printed limit by `amount` (never below 0) for everybody until the end of
        the turn (Double Empires Drought and General Drought). Kept in the Player.flags of
        `holder` (a victim), so the turn's end clears it; cuts never add up, the largest counts.
        With `city_token_too` Public Works' token with a city may not exceed the cut limit either.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import labels
from .conflict_rules import holds as holds  # whether a player holds an effect: one rule
from .events import Event
from .flow import ask, done, push, register
from .ops import CITY_UNIT_POINTS, place_tokens, remove_tokens, replace_city
from .state import BARBARIANS, Detail, GameState, Progress, detail_type

RULE_AGRICULTURE = "rules:8-agriculture"
RULE_PUBLIC_WORKS = "rules:8-public-works"
RULE_CULTURAL_ASCENDANCY = "rules:8-cultural-ascendancy"

# Effect ids from the [effects] table of advances.toml.
EFFECT_AGRICULTURE = "population_limit_up_1"
EFFECT_PUBLIC_WORKS = "city_extra_token"
EFFECT_SUPPORT_UP = "support_rate_up_1"

FLAG_AGRICULTURE_SUSPENDED = "agriculture_suspended"
# Player.flags key prefixes (+ area id): a drought's cut of the area's limit this turn.
LIMIT_CUT_PREFIX = "limit_cut:"
CITY_TOKEN_CUT_PREFIX = "limit_cut_city:"
_BUILT_PREFIX = "city_built:"
# The causes a loss event names (events.py): tokens above the limit, cities not supported.
CAUSE_LIMIT = "population_limit"
CAUSE_SUPPORT = "city_support"


@dataclass(frozen=True, kw_only=True)
class CitySupportShort(Event):
    """A support check found too few tokens: the player must reduce cities."""

    player: str
    cities: int
    tokens: int  # usable tokens on the board
    needed: int


@dataclass(kw_only=True)
class SupportCheck(Progress):
    """One player's city support check (see the module's docstring)."""

    KIND = "support:check"
    player: str
    extra_rate: int = 0
    unusable_tokens: int = 0
    rule: str = ""
    reported: bool = False

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        return (CAUSE_SUPPORT,) if player == self.player else ()


@dataclass(kw_only=True)
class SupportAll(Progress):
    """Surplus removal for everybody, then every player's support check in ranking order."""

    KIND = "support:all"
    surplus_rule: str
    support_rule: str
    surplus_removed: bool = False
    next: int = 0  # the index in the ranking of the next player to check


@detail_type
@dataclass(frozen=True)
class UnsupportedCity(Detail):
    """The player's usable tokens on the board (`tokens`) support too few cities (`needed`
    tokens for them all): they choose a city to reduce."""

    tokens: int
    needed: int


def _agriculture_bonus(
    state: GameState, area: str, player: str, *, city_gone: bool = False
) -> int:
    """Agriculture: +1 in the holder's own areas of printed limit 0-2 while nobody else (no
    other player's units, no barbarians) is there. Never in a city area: Public Works' extra
    token is not raised by Agriculture."""
    numbers = state.data.numbers
    if state.map.areas[area].pop > numbers["agriculture_max_printed_limit"]:
        return 0
    if area in state.board.cities and not city_gone:
        return 0
    if state.players[player].flags.get(FLAG_AGRICULTURE_SUSPENDED):
        return 0
    if not holds(state, player, EFFECT_AGRICULTURE):
        return 0
    others = [o for o in state.board.tokens.get(area, {}) if o != player]
    if others:
        return 0
    return numbers["agriculture_limit_bonus"]


def population_limit(
    state: GameState, area: str, player: str, *, ignore_agriculture: bool = False
) -> int:
    numbers = state.data.numbers
    city = state.board.cities.get(area)
    printed = state.map.areas[area].pop
    if city is not None:
        # A city area holds no tokens, except Public Works' extra token for the city's owner.
        if city == player and holds(state, player, EFFECT_PUBLIC_WORKS):
            allowance = numbers["public_works_tokens_per_city"]
            cut = limit_cut(state, area, CITY_TOKEN_CUT_PREFIX)
            return min(allowance, max(printed - cut, 0)) if cut else allowance
        return 0
    limit = max(printed - limit_cut(state, area), 0)
    if not ignore_agriculture:
        limit += _agriculture_bonus(state, area, player)
    return limit


def limit_cut(state: GameState, area: str, prefix: str = LIMIT_CUT_PREFIX) -> int:
    """How far a drought lowers `area`'s printed limit this turn (0: not at all)."""
    key = prefix + area
    return max([p.flags.get(key, 0) for p in state.players.values()], default=0)


def cut_limit_this_turn(
    state: GameState, holder: str, area: str, amount: int, *, city_token_too: bool = False
) -> None:
    flags = state.player_to_change(holder).flags
    prefixes = [LIMIT_CUT_PREFIX, CITY_TOKEN_CUT_PREFIX] if city_token_too else [LIMIT_CUT_PREFIX]
    for key in (prefix + area for prefix in prefixes):
        flags[key] = max(flags.get(key, 0), amount)


def remove_surplus(
    state: GameState,
    events: list[Event],
    rule: str,
    *,
    players: list[str] | None = None,
    ignore_agriculture: bool = False,
) -> dict[str, int]:
    """Each player's tokens above their own limit go back to stock. Barbarian tokens are no
    player's and are left alone (Barbarian Hordes removes its own surplus). Limits are read
    before any removal in an area, so removing one owner's tokens never changes another's."""
    removed: dict[str, int] = {}
    wanted = set(state.players if players is None else players)
    for area in sorted(state.board.tokens):
        here = state.board.tokens.get(area, {})
        owners = sorted(o for o in here if o != BARBARIANS and o in wanted)
        limits = {
            o: population_limit(state, area, o, ignore_agriculture=ignore_agriculture)
            for o in owners
        }
        for owner in owners:
            excess = state.board.count(area, owner) - limits[owner]
            if excess > 0:
                removed[owner] = removed.get(owner, 0) + remove_tokens(
                    state, owner, area, excess, events, rule, cause=CAUSE_LIMIT
                )
    return removed


def support_rate(state: GameState, player: str, extra_rate: int = 0) -> int:
    numbers = state.data.numbers
    rate = numbers["support_rate"] + extra_rate
    if holds(state, player, EFFECT_SUPPORT_UP):
        rate += numbers["support_rate_cultural_ascendancy_raise"]
    return max(rate, 0)


def _reduction_tokens(state: GameState, area: str, keep: int | None) -> tuple[int, int]:
    """Tokens the owner places when their city in `area` is reduced: (towards the limit,
    Agriculture's bonus)."""
    owner = state.board.cities[area]
    if owner not in state.players:
        return 0, 0
    standing = state.board.count(area, owner)
    stock = state.players[owner].stock
    # the area's limit this turn: a Drought lowers it (002 "Drought"; found by the soak)
    printed = max(state.map.areas[area].pop - limit_cut(state, area), 0)
    placed = min(max((printed if keep is None else keep) - standing, 0), stock)
    if keep is not None or not _agriculture_bonus(state, area, owner, city_gone=True):
        return placed, 0
    # Agriculture's token may go at once, up to the limit the area has this turn (rules §11).
    limit = printed + _agriculture_bonus(state, area, owner, city_gone=True)
    return placed, min(max(limit - standing - placed, 0), stock - placed)


def reduce_city(
    state: GameState, area: str, events: list[Event], rule: str, *, keep: int | None = None,
    cause: str = "",
) -> None:
    owner = state.board.cities[area]
    placed, bonus = _reduction_tokens(state, area, keep)
    replace_city(state, area, placed, events, rule, cause=cause)
    if bonus:
        place_tokens(state, owner, area, bonus, events, RULE_AGRICULTURE)


def reduction_loss(state: GameState, area: str) -> int:
    placed, bonus = _reduction_tokens(state, area, None)
    return CITY_UNIT_POINTS - placed - bonus


def mark_city_built(state: GameState, player: str, area: str) -> None:
    state.player_to_change(player).flags[_BUILT_PREFIX + area] = 1


def cities_built_this_turn(state: GameState, player: str) -> list[str]:
    """The player's cities on the board now that they built this turn."""
    flags = state.players[player].flags
    return [
        area for area in state.board.cities_of(player) if flags.get(_BUILT_PREFIX + area)
    ]


def _check_step(state: GameState, d: SupportCheck, events: list[Event]) -> None:
    pid = d.player
    cities = state.board.cities_of(pid)
    rate = support_rate(state, pid, d.extra_rate)
    usable = max(state.board.tokens_of(pid) - d.unusable_tokens, 0)
    needed = rate * len(cities)
    if not cities or usable >= needed:
        done(state, d)
        return
    if not d.reported:
        d.reported = True
        events.append(CitySupportShort(
            player=pid, cities=len(cities), tokens=usable, needed=needed, rule=d.rule))
    choices = cities_built_this_turn(state, pid) or cities
    if len(choices) == 1:
        reduce_city(state, choices[0], events, d.rule)
        return
    ask(state, pid, "reduce_unsupported_city",
        f"Your tokens support too few cities ({usable} of {needed}): choose a city to reduce",
        [labels.make("area", a) for a in choices], d.rule,
        UnsupportedCity(tokens=usable, needed=needed))


def _check_choose(state: GameState, d: SupportCheck, label: str, events: list[Event]) -> None:
    reduce_city(state, labels.value(label), events, d.rule)


def _all_step(state: GameState, d: SupportAll, events: list[Event]) -> None:
    if not d.surplus_removed:
        remove_surplus(state, events, d.surplus_rule)
        d.surplus_removed = True
    order = list(state.players)
    index = d.next
    while index < len(order) and not state.board.cities_of(order[index]):
        index += 1
    if index >= len(order):
        done(state, d)
        return
    d.next = index + 1
    push(state, SupportCheck(player=order[index], rule=d.support_rule))


register(SupportCheck, _check_step, _check_choose)
register(SupportAll, _all_step)
