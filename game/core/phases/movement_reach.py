"""Where a player's tokens and ships may go in phase 3 (rules §4 phase 3, §8, §11).

The per-turn marks live in `Player.flags` (cleared at the end of each turn):
  movement.moved:AREA        the player's tokens in AREA that have moved (each moves once a turn)
  movement.kept:AREA         the player's ships in AREA that were built or maintained this turn
  movement.used:AREA         of those, the ships that have had their move (sailed or stayed)
  movement.built             ships built this turn
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from ..conflict_rules import city_side, holds, in_conflict, token_sides
from ..state import Detail, GameState, detail_type

ROADBUILDING = "land_move_2"
CLOTH_MAKING = "ships_move_5"
NAVAL_WARFARE = "ships_carry_6"
ASTRONAVIGATION = "ships_through_open_sea"
DIPLOMACY = "cities_closed_to_entry"
IGNORES_DIPLOMACY = "ignores_diplomacy"
CULTURAL_ASCENDANCY = "areas_closed_to_conflict"
IGNORES_CULTURAL_ASCENDANCY = "ignores_cultural_ascendancy"


@detail_type
@dataclass(frozen=True)
class TokensToMove(Detail):
    """How many tokens go from `source` to `target` (by land, or aboard a ship)."""

    source: str
    target: str


# --- per-turn marks --------------------------------------------------------------------------


def mark(state: GameState, player: str, key: str) -> int:
    return state.players[player].flags.get(f"movement.{key}", 0)


def add_mark(state: GameState, player: str, key: str, n: int) -> None:
    flags = state.player_to_change(player).flags
    left = flags.get(f"movement.{key}", 0) + n
    if left > 0:
        flags[f"movement.{key}"] = left
    else:
        flags.pop(f"movement.{key}", None)


def unmoved(state: GameState, player: str, area: str) -> int:
    return state.board.count(area, player) - mark(state, player, f"moved:{area}")


def after_removal(state: GameState, player: str, area: str) -> None:
    """Tokens paid or lost during movement are taken from those that already moved first
    (they could not move again anyway), so the moved mark never exceeds what is there."""
    extra = mark(state, player, f"moved:{area}") - state.board.count(area, player)
    if extra > 0:
        add_mark(state, player, f"moved:{area}", -extra)


# --- entering an area ------------------------------------------------------------------------


def entry_limit(state: GameState, player: str, area: str, most: int) -> int:
    """How many of `most` tokens the player may send into the area (0 to `most`): Diplomacy
    closes the holder's city areas to others' tokens, and Cultural Ascendancy forbids others to
    cause conflict where the holder has units, both unless a conflict situation already exists
    there (rules §4 phase 3, §8). Every restriction only tightens as more tokens come, so the
    legal numbers run from 1 to the limit."""
    if most <= 0:
        return 0
    if in_conflict(state, area):
        return most
    owner = state.board.cities.get(area)
    if (owner in state.players and owner != player and holds(state, owner, DIPLOMACY)
            and not holds(state, player, IGNORES_DIPLOMACY)):
        return 0
    if holds(state, player, IGNORES_CULTURAL_ASCENDANCY):
        return most
    units = set(state.board.tokens.get(area, {})) | ({owner} if owner else set())
    if not any(o != player and holds(state, o, CULTURAL_ASCENDANCY) for o in units):
        return most
    return _without_conflict(state, player, area, most)


def entries_open(state: GameState, player: str) -> bool:
    """Whether no other player holds an advance that may close an area to the player's tokens
    (Diplomacy, Cultural Ascendancy): then `entry_limit` lets every token in, and reach is
    worked out without asking it area by area (most games, most turns)."""
    data = state.data
    closing = data.advances_with(DIPLOMACY) | data.advances_with(CULTURAL_ASCENDANCY)
    return all(pid == player or closing.isdisjoint(p.advances)
               for pid, p in state.players.items())


def _without_conflict(state: GameState, player: str, area: str, most: int) -> int:
    """How many of `most` tokens may enter the area without causing conflict
    (conflict_rules.entry_causes_conflict, worked out for every number at once)."""
    city = city_side(state, area)
    if city is not None and city != player:
        return 0  # any entry attacks a foreign (or pirate) city
    sides = token_sides(state, area)
    if not any(side != player for side in sides):
        return most
    return min(most, max(state.map.areas[area].pop - sum(sides.values()), 0))


def _through_limit(state: GameState, player: str, middle: str, most: int) -> int:
    """Roadbuilding's first step may not leave the tokens in a conflict situation."""
    if most <= 0 or in_conflict(state, middle):
        return 0
    return _without_conflict(state, player, middle, most)


def land_targets(state: GameState, player: str, source: str) -> dict[str, list[int]]:
    """Areas the player's unmoved tokens in `source` may reach by land, each with the legal
    numbers of tokens to send (1 area; Roadbuilding 2, not through a conflict situation)."""
    out: dict[str, int] = {}
    for target, limit in _land_limits(state, player, source):
        out[target] = max(out.get(target, 0), limit)
    return {t: list(range(1, k + 1)) for t, k in sorted(out.items()) if k > 0}


def can_move_by_land(state: GameState, player: str, source: str,
                     open_: bool | None = None) -> bool:
    """Whether `land_targets` has any target, found without working out every one; `open_`
    is `entries_open` when the caller knows it (it asks for every area of the player)."""
    if open_ is None:
        open_ = entries_open(state, player)
    if open_:  # every neighbour lets every unmoved token in (Roadbuilding goes through one)
        return bool(state.map.land.get(source)) and unmoved(state, player, source) > 0
    return any(limit > 0 for _, limit in _land_limits(state, player, source, open_))


def _land_limits(state: GameState, player: str, source: str,
                 open_: bool | None = None) -> Iterator[tuple[str, int]]:
    """Each area in reach by land with how many tokens may go there by one way (a target two
    areas away may come once per middle area)."""
    most = unmoved(state, player, source)
    if most <= 0:
        return
    land = state.map.land
    near = land.get(source, ())
    if open_ is None:
        open_ = entries_open(state, player)
    for target in near:
        yield target, most if open_ else entry_limit(state, player, target, most)
    if holds(state, player, ROADBUILDING):
        entry: dict[str, int] = {}
        for middle in near:
            through = _through_limit(state, player, middle, most)
            for target in land.get(middle, ()):
                if target == source or target in near:
                    continue
                if target not in entry:
                    entry[target] = most if open_ else entry_limit(state, player, target, most)
                yield target, min(through, entry[target])


# --- ships -----------------------------------------------------------------------------------


def ship_range(state: GameState, player: str) -> int:
    numbers = state.data.numbers
    if holds(state, player, CLOTH_MAKING):
        return numbers["ship_move_cloth_making"]
    return numbers["ship_move"]


def ship_capacity(state: GameState, player: str) -> int:
    numbers = state.data.numbers
    if holds(state, player, NAVAL_WARFARE):
        return numbers["ship_capacity_naval_warfare"]
    return numbers["ship_capacity"]


def ship_destinations(state: GameState, player: str, start: str) -> list[str]:
    """Land areas a ship may end in: up to its range of steps along water borders between land
    areas; with Astronavigation also through open seas (each sea is one step), never ending
    there. Areas out of play are passed through like any other, never ended in (rules §3.1:
    "Ships may pass through such areas but may not end a move or unload there")."""
    graph = state.map
    through_seas = holds(state, player, ASTRONAVIGATION)
    reach = ship_range(state, player)
    seen: dict[tuple[str, str], int] = {("land", start): 0}
    queue = deque([("land", start)])
    while queue:
        node = queue.popleft()
        steps = seen[node]
        if steps >= reach:
            continue
        kind, here = node
        if kind == "land":
            nxt = [("land", a) for a in graph.ship_water(here)]
            if through_seas:
                nxt += [("sea", s) for s in graph.ship_seas(here)]
        else:
            nxt = [("land", a) for a in graph.ship_sea_borders(here)]
            nxt += [("sea", s) for s in graph.ship_sea_links(here)]
        for step in nxt:
            if step not in seen:
                seen[step] = steps + 1
                queue.append(step)
    areas = graph.areas
    return sorted(a for (kind, a) in seen if kind == "land" and a != start and a in areas)


def cargo_choices(state: GameState, player: str, source: str, target: str) -> list[int]:
    """How many unmoved tokens a ship may carry from source and unload in target (0: the ship
    sails empty; ships never cause conflict)."""
    most = min(ship_capacity(state, player), max(unmoved(state, player, source), 0))
    return list(range(entry_limit(state, player, target, most) + 1))
