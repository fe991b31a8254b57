"""Reading a PlayerView: the facts every bot policy asks for, computed from public information
and the viewer's own hand only. Built once per decision (`Reading(view)`), cached inside.

Nothing here can see another player's hand or a deck's order: the view does not hold them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Generic, TypeVar, overload

from game.core import (
    BARBARIANS,
    EPOCHS,
    MILITARY,
    PIRATE,
    GameData,
    PlayerView,
    PublicPlayer,
    city_attack_numbers,
    load_game_data,
)
from game.core import holds_effect as holds

AGRICULTURE = "population_limit_up_1"
PUBLIC_WORKS = "city_extra_token"
SUPPORT_UP = "support_rate_up_1"
WONDER = "counts_as_city_for_ast"
ENGINEERING_ATTACK = "city_attack_needs_6"
ENGINEERING_DEFENCE = "city_defence_needs_8"
DIPLOMACY = "cities_closed_to_entry"
IGNORES_DIPLOMACY = "ignores_diplomacy"
CULTURAL_ASCENDANCY = "areas_closed_to_conflict"
IGNORES_CULTURAL_ASCENDANCY = "ignores_cultural_ascendancy"


Owner = TypeVar("Owner")
T = TypeVar("T")


class cached_property(Generic[Owner, T]):  # noqa: N801  (read as functools.cached_property)
    """functools.cached_property without its lock and without writing into the instance's
    __dict__: the value is set as an attribute, so a reading keeps its fields as __init__ laid
    them out (an object whose __dict__ is read keeps them in a dict of their own, and every
    later read of them is slower)."""

    def __init__(self, compute: Callable[[Owner], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    @overload
    def __get__(self, instance: None, owner: type[Owner]) -> cached_property[Owner, T]: ...

    @overload
    def __get__(self, instance: Owner, owner: type[Owner] | None = None) -> T: ...

    def __get__(self, instance: Owner | None,
                owner: type[Owner] | None = None) -> T | cached_property[Owner, T]:
        if instance is None:
            return self
        value = self.compute(instance)
        setattr(instance, self.name, value)  # found before this descriptor from now on
        return value


def value_of(label: str) -> str:
    """The part of a label after its prefix: `area:a011` -> `a011`."""
    return label.split(":", 1)[1] if ":" in label else label


def numbers_in(options: list[str]) -> list[int]:
    return [int(value_of(o)) for o in options if o.startswith("number:")]


def with_prefix(options: list[str], prefix: str) -> list[str]:
    return [value_of(o) for o in options if o.startswith(prefix + ":")]


def calamity_kinds(data: GameData, ruleset: str) -> Mapping[str, str]:
    """Calamity id -> its kind in the rule set: the same for every reading, so made once."""
    hit = _KINDS.get(ruleset)
    if hit is None or hit[0] is not data:
        calamities = data.rulesets[ruleset].calamities
        hit = _KINDS[ruleset] = (data, {cid: found.kind for cid, found in calamities.items()})
    return hit[1]


_KINDS: dict[str, tuple[GameData, dict[str, str]]] = {}


# What a player's public facts are worth, and the standings of a view's players: worked out
# once for each (immutable) PublicPlayer and each tuple of them, kept with the object so that
# the id is its own. A view's players are the same objects, and the same tuple, while their
# public facts are unchanged (core.view keeps them), so the readings of successive decisions
# reckon again only the players who changed, not every player of the table (issue 40).
_WORTH: dict[int, tuple[PublicPlayer, GameData, tuple[int, float]]] = {}
_STANDINGS: dict[int, tuple[tuple[PublicPlayer, ...], GameData, list[str]]] = {}
_KEPT = 4096


def _worth(data: GameData, p: PublicPlayer) -> tuple[int, float]:
    """A player's victory points as scoring counts them during play, and their strength: VP
    plus a little for the engine behind them (cities feed cards, treasury buys)."""
    hit = _WORTH.get(id(p))
    if hit is None or hit[0] is not p or hit[1] is not data:
        if len(_WORTH) >= _KEPT:
            _WORTH.clear()
        n = data.ast_numbers
        vp = (p.ast * n["vp_per_step"] + p.cities * n["vp_per_city"]
              + sum(data.advances[a].vp for a in p.advances))
        hit = _WORTH[id(p)] = (p, data, (vp, vp + 2.0 * p.cities + 0.2 * p.treasury
                                         + 0.3 * p.hand_size))
    return hit[2]


class Reading:
    """What the viewer knows, in the shapes the policies use."""

    def __init__(self, view: PlayerView) -> None:
        if view.viewer is None:
            raise ValueError("a bot needs a player's view, not a spectator's")
        self.view = view
        self.me: str = view.viewer
        self.data: GameData = load_game_data()
        self.board = view.board
        self.map = view.map
        self.memo: dict[tuple[str, str], float] = {}  # per-decision cache of derived numbers
        self._ast_missing: dict[tuple[str, int], Mapping[str, int]] = {}
        self._has: dict[tuple[str, str], bool] = {}

    # --- players ---------------------------------------------------------------------------
    @cached_property
    def players(self) -> dict[str, PublicPlayer]:
        return {p.id: p for p in self.view.players}

    @property
    def mine(self) -> PublicPlayer:
        return self.players[self.me]

    def others(self) -> list[str]:
        return [p for p in self.players if p != self.me]

    def vp(self, pid: str) -> int:
        """Victory points as scoring counts them during play (public facts only)."""
        return _worth(self.data, self.players[pid])[0]

    def strength(self, pid: str) -> float:
        """VP plus a little for the engine behind them (cities feed cards, treasury buys)."""
        return _worth(self.data, self.players[pid])[1]

    @cached_property
    def standings(self) -> list[str]:
        """Players from strongest to weakest."""
        players = self.view.players
        hit = _STANDINGS.get(id(players))
        if hit is None or hit[0] is not players or hit[1] is not self.data:
            if len(_STANDINGS) >= _KEPT:
                _STANDINGS.clear()
            strength = self.strength
            hit = _STANDINGS[id(players)] = (players, self.data, sorted(
                self.players, key=lambda p: -strength(p)))
        return list(hit[2])

    def threat(self, pid: str) -> float:
        """How much hurting `pid` helps the viewer: most for the leader and close rivals, never
        for the viewer. 0.2 .. 1.5."""
        if pid == self.me or pid not in self.players:
            return 0.0
        top = self.strength(self.standings[0])
        mine = self.strength(self.me)
        theirs = self.strength(pid)
        lead = 1.0 if pid == self.standings[0] else 0.0
        return max(0.2, 0.6 + 0.5 * lead + (theirs - mine) / max(top, 20.0))

    def leader_among(self, candidates: list[str]) -> str:
        return max(candidates, key=lambda p: (self.threat(p), p))

    def weakest_among(self, candidates: list[str]) -> str:
        return min(candidates, key=lambda p: (self.strength(p), p))

    # --- the board -------------------------------------------------------------------------
    def count(self, area: str, owner: str | None = None) -> int:
        return self.board.tokens.get(area, {}).get(owner or self.me, 0)

    def owners_in(self, area: str) -> dict[str, int]:
        return dict(self.board.tokens.get(area, {}))

    def foreign_in(self, area: str) -> int:
        """Units of anyone but the viewer in an area (a city counts 5)."""
        n = sum(c for o, c in self.board.tokens.get(area, {}).items() if o != self.me)
        city = self.board.cities.get(area)
        return n + (5 if city is not None and city != self.me else 0)

    @cached_property
    def my_areas(self) -> list[str]:
        return sorted(a for a, here in self.board.tokens.items() if here.get(self.me))

    @cached_property
    def my_cities(self) -> list[str]:
        return self.board.cities_of(self.me)

    @cached_property
    def my_tokens(self) -> int:
        return self.board.tokens_of(self.me)

    def has(self, effect: str, pid: str | None = None) -> bool:
        """Whether a player holds an advance with the effect (barbarians and pirates: never).
        Kept for the decision: the bots ask it for every area of the map."""
        key = (effect, pid or self.me)
        found = self._has.get(key)
        if found is None:
            player = self.players.get(key[1])
            found = self._has[key] = (player is not None
                                      and holds(self.data, player.advances, effect))
        return found

    def limit(self, area: str, pid: str | None = None) -> int:
        """Population limit for a player's tokens, as population.population_limit reads it
        (droughts' cuts are not shown in a view and are left out)."""
        pid = pid or self.me
        city = self.board.cities.get(area)
        printed = self.map.areas[area].pop
        if city is not None:
            return 1 if city == pid and self.has(PUBLIC_WORKS, pid) else 0
        bonus = 0
        if (printed <= self.data.numbers["agriculture_max_printed_limit"]
                and self.has(AGRICULTURE, pid)
                and not any(o != pid for o in self.board.tokens.get(area, {}))):
            bonus = self.data.numbers["agriculture_limit_bonus"]
        return printed + bonus

    def support_rate(self, pid: str | None = None) -> int:
        up = 1 if self.has(SUPPORT_UP, pid) else 0
        return self.data.numbers["support_rate"] + up

    def supported_tokens(self, pid: str | None = None, skip: str = "") -> int:
        """Tokens that would survive a surplus check: each area capped at its limit."""
        pid = pid or self.me
        total = 0
        for area, here in self.board.tokens.items():
            n = here.get(pid, 0)
            if n and area != skip:
                total += min(n, self.limit(area, pid))
        return total

    def is_free_land(self, area: str) -> bool:
        """Nobody else's units and no city: the viewer may move in without a fight."""
        here = self.board.tokens.get(area, {})
        return area not in self.board.cities and not any(o != self.me for o in here)

    # --- city attacks (rules §4 phase 3 "Attacking a city", phase 4b) -----------------------
    def attack_numbers(self, attacker: str, defender: str) -> tuple[int, int]:
        """(tokens a city attack needs, defender tokens that replace a taken city), by the
        core's own rule (Engineering helps whichever side holds it alone)."""
        return city_attack_numbers(self.data.numbers, self.has(ENGINEERING_ATTACK, attacker),
                                   self.has(ENGINEERING_DEFENCE, defender))

    def may_enter_city(self, owner: str, pid: str | None = None) -> bool:
        """Diplomacy closes its holder's city areas to others who hold neither it nor Military,
        and Cultural Ascendancy its holder's areas to a conflict (rules §8; the core refuses
        such a move; a conflict already there is left out of this)."""
        return ((not self.has(DIPLOMACY, owner) or self.has(IGNORES_DIPLOMACY, pid))
                and (not self.has(CULTURAL_ASCENDANCY, owner)
                     or self.has(IGNORES_CULTURAL_ASCENDANCY, pid)))

    @cached_property
    def movement_order(self) -> list[str]:
        """Highest census first, ties by the A.S.T. ranking; Military holders after all others
        (the core's movement order, from public facts)."""
        rank = {p.id: i for i, p in enumerate(self.view.players)}
        return sorted(rank, key=lambda p: (self.has(MILITARY, p), -self.players[p].census,
                                           rank[p]))

    def moves_after(self, pid: str, other: str | None = None) -> bool:
        """Whether `pid` moves after `other` (the viewer) in this turn's movement."""
        order = self.movement_order
        other = other or self.me
        return pid in order and other in order and order.index(pid) > order.index(other)

    def city_sites(self) -> list[str]:
        return [a for a, ar in self.map.areas.items() if ar.site != "none" and ar.pop > 0]

    def barbarian_or_pirate(self, area: str) -> bool:
        return (self.board.tokens.get(area, {}).get(BARBARIANS, 0) > 0
                or self.board.cities.get(area) == PIRATE)

    # --- cards -----------------------------------------------------------------------------
    @cached_property
    def hand(self) -> list[str]:
        return [h.card for h in self.view.hand]

    def hand_limit(self) -> int:
        numbers = self.data.numbers
        setup = self.data.setups.get(self.view.config.setup)
        limit = setup.hand_limit if setup is not None else numbers["hand_limit"]
        if self.has("hand_limit_up_1"):
            limit += numbers["hand_limit_roadbuilding_bonus"]
        return limit

    def calamity(self, card: str) -> str:
        """'' for a commodity or water, else the calamity's kind in this rule set."""
        return self._calamity_kinds.get(card, "")

    @cached_property
    def _calamity_kinds(self) -> Mapping[str, str]:
        return calamity_kinds(self.data, self.view.config.ruleset)

    def for_sale(self) -> tuple[str, ...]:
        """Advances of the rule set the viewer does not own."""
        return self._for_sale

    @cached_property
    def _for_sale(self) -> tuple[str, ...]:
        owned = set(self.mine.advances)
        ruleset = self.view.config.ruleset
        return tuple(a.id for a in self.data.advances.values()
                     if ruleset in a.rulesets and a.id not in owned)

    # --- the A.S.T. ------------------------------------------------------------------------
    def ast_missing(self, pid: str | None = None, ahead: int = 0) -> Mapping[str, int]:
        """What the player lacks for the space `ahead` steps past the next one (0: the next);
        empty when met or past the end of the table. Kept for the decision (the bots weigh
        every advance on sale against it)."""
        pid = pid or self.me
        key = (pid, ahead)
        if key not in self._ast_missing:
            self._ast_missing[key] = MappingProxyType(self._work_out_ast_missing(pid, ahead))
        return self._ast_missing[key]

    def _work_out_ast_missing(self, pid: str, ahead: int) -> dict[str, int]:
        p = self.players[pid]
        side = self.view.config.ast_side
        space = p.ast + 1 + ahead
        if space > self.data.ast_numbers["last_space"]:
            return {}
        epoch = self.data.civilizations[pid].epoch_of(space, side)
        req = self.data.ast[side][EPOCHS.index(epoch)]
        n = self.data.ast_numbers
        costs = [self.data.advances[a].cost for a in p.advances]
        wonders = sum(1 for a in p.advances if WONDER in self.data.advances[a].effects)
        have = {
            "cities": p.cities + wonders * n["wonder_extra_cities"],
            "advances": len(costs),
            "advances_100": sum(1 for c in costs if c >= n["vp_threshold_100"]),
            "advances_200": sum(1 for c in costs if c >= n["vp_threshold_200"]),
            "advances_under_100": sum(1 for c in costs if c < n["vp_threshold_100"]),
            "advance_vp": sum(self.data.advances[a].vp for a in p.advances),
        }
        need = {
            "cities": req.cities, "advances": req.advances, "advances_100": req.advances_100,
            "advances_200": req.advances_200, "advances_under_100": req.advances_under_100,
            "advance_vp": req.advance_vp,
        }
        return {k: need[k] - have[k] for k in need if have[k] < need[k]}
