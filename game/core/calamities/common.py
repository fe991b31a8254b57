"""Helpers every calamity module uses: its numbers from the rule set, advance modifiers, and
the beneficiary rules (see the parameter conventions at the top of ruleset-classic.toml)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..gamedata import Calamity
from ..ops import CITY_UNIT_POINTS, cities_in_stock
from ..state import GameState, Progress


def calamity(state: GameState, cid: str) -> Calamity:
    return state.ruleset.calamities[cid]


def params(state: GameState, cid: str) -> Mapping[str, Any]:
    """The calamity's numbers from the rule-set file. `Any`: they are the file's TOML values
    (numbers, advance lists, modifier tables), read by name where each is used."""
    return calamity(state, cid).params


def holds(state: GameState, player: str, advance: str) -> bool:
    return advance in state.players[player].advances


def holds_any(state: GameState, player: str, advances: Iterable[str] | None) -> bool:
    """Whether the player holds one of `advances` (a rule-set list; None when it has none)."""
    owned = state.players[player].advances
    return any(a in owned for a in (advances or ()))


@dataclass(kw_only=True)
class CalamityProgress(Progress):
    """What every calamity's progress starts with: the card, its victim, and who traded it to
    them ("" when drawn). Each calamity module subclasses it with its own fields."""

    card: str
    victim: str
    traded_by: str = ""

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        return (f"calamity:{self.card}",)

    def gaining(self) -> tuple[str, ...]:
        """The players who gain from the calamity (a beneficiary, a taker), once known."""
        return ()


@dataclass(frozen=True)
class CalamityUnderWay:
    """The calamity being resolved, as a reader above the core asks about it: its card, its
    victim, who traded it to them, and who gains from it."""

    card: str
    victim: str
    traded_by: str
    gaining: tuple[str, ...]


def calamity_in_play(state: GameState) -> CalamityUnderWay | None:
    """The innermost calamity on the task stack, or None when none is under way."""
    for task in reversed(state.tasks):
        d = task.data
        if isinstance(d, CalamityProgress):
            return CalamityUnderWay(d.card, d.victim, d.traded_by, d.gaining())
    return None


def calamity_under_way(state: GameState) -> str:
    """The card of the calamity whose effects are being resolved, or "" when none is."""
    found = calamity_in_play(state)
    return found.card if found is not None else ""


def modified(
    state: GameState, cid: str, name: str, player: str, base: int | None = None,
    role: str = "",
) -> int:
    """The number `name` of calamity `cid` for `player`, after the `<name>_modifiers` of every
    advance they hold (and `<role>_<name>_modifiers` when a role prefix applies), floored at 0
    or at `minimum_loss_when_modified` when a modifier changed it."""
    p = params(state, cid)
    value = int(p[name]) if base is None else base
    owned = state.players[player].advances
    changed = False
    keys = [f"{name}_modifiers"]
    if role and not name.startswith(role + "_"):
        keys.append(f"{role}_{name}_modifiers")
    for key in keys:
        for advance, delta in p.get(key, {}).items():
            if advance in owned:
                value += int(delta)
                changed = True
    floor = int(p.get("minimum_loss_when_modified", 0)) if changed else 0
    return max(value, floor, 0)


def unit_points_in_stock(state: GameState, player: str) -> int:
    return state.players[player].stock + CITY_UNIT_POINTS * cities_in_stock(state, player)


def beneficiary(
    state: GameState, rule: str, victim: str, traded_by: str = "",
    candidates: list[str] | None = None,
) -> str | None:
    """The beneficiary by one of the rule-set strings; never the victim; ties by A.S.T.
    ranking (players are kept in ranking order and the first of equals wins)."""
    if rule.startswith("trader_else_"):
        if traded_by and traded_by != victim and traded_by in state.players:
            return traded_by
        rule = rule[len("trader_else_"):]
    pool = [p for p in (candidates if candidates is not None else state.players) if p != victim]
    best: str | None = None
    best_key: tuple[int, ...] = ()
    for pid in pool:
        key = _stock_key(state, rule, pid)
        if best is None or key > best_key:
            best, best_key = pid, key
    return best


def _stock_key(state: GameState, rule: str, player: str) -> tuple[int, ...]:
    if rule == "most_unit_points_in_stock":
        return (unit_points_in_stock(state, player),)
    if rule == "most_cities_then_tokens_in_stock":
        return (cities_in_stock(state, player), state.players[player].stock)
    if rule == "most_cities_in_stock":
        return (cities_in_stock(state, player),)
    raise ValueError(f"unknown beneficiary rule {rule!r}")
