"""The map a game is played on: the board restricted to the areas its set-up has in play.

A map file lists, per set-up (``setups``), the areas that are out of play at that player count:
in the board game they do not exist for that game. Rather than check "is this area in play?" in
every procedure (moves, expansion, cities, ships, barbarians, pirate cities, floods, cyclones,
volcanoes, calamity choices), a game holds the map *as restricted*: out-of-play areas are gone
from the areas, the land and water adjacency, straits, seas' borders, volcanoes, flood plains,
start areas and the D10 regions, so no procedure can reach them. `new_game` builds it once; a
save carries it.

Ships are the one exception (rules §3.1: "Ships may pass through such areas but may not end a
move or unload there", issue 34): the water borders across out-of-play areas and the open seas
beside them stay in the map's `passage`, which only ship movement reads
(game/core/phases/movement_reach.py), so a ship passes through them and ends only in play.
decided: an area keeps its printed coastal flag (rules §2: its water reaches an open sea), even
when that water runs through out-of-play areas: ships pass there. (Before issue 34 nothing
entered out-of-play areas and such an area lost the flag.)
decided: an area beside out-of-play land keeps the map's `edge` flag as printed (barbarian
hordes enter from the map's edge, not from the land closed off).

Pure: no I/O.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from .mapgraph import MapError, MapGraph, Passage, Sea, Volcano

# The map set-up of a game played with every area in play: maps without set-ups, and games
# recorded before the set-up was part of the configuration (see game/persist/migrations.py).
WHOLE_BOARD = "whole-board"


def out_of_play(graph: MapGraph, setup: str) -> frozenset[str]:
    """The areas set-up `setup` of the map puts out of play (none on the whole board).
    MapError (one line) if the map has no such set-up or its list is malformed."""
    if setup == WHOLE_BOARD:
        return frozenset()
    table = graph._cache.out_of_play
    hit = table.get(setup)
    if hit is not None:
        return hit
    entry = graph.setups.get(setup)  # free-form JSON: checked here
    if not isinstance(entry, Mapping):
        raise MapError(f"map {graph.id!r} has no set-up {setup[:40]!r}")
    listed = entry.get("out_of_play", [])
    if not isinstance(listed, list) or not all(isinstance(a, str) for a in listed):
        raise MapError(f"setups.{setup}.out_of_play: must be a list of area ids")
    hit = table[setup] = frozenset(listed)
    return hit


def in_play(graph: MapGraph, setup: str) -> MapGraph:
    """The map as set-up `setup` plays it. Idempotent: a map already restricted comes back
    as it is (the same object when nothing is out of play)."""
    return restrict(graph, out_of_play(graph, setup))


def restrict(graph: MapGraph, out: Iterable[str]) -> MapGraph:
    """`graph` without the areas in `out` and whatever only they held: seas none of whose
    borders is left, straits and sea links into what is gone, volcanoes and flood plains with
    no area left. What ships may still pass through (water borders across the areas gone, and
    the open seas beside them) goes into the map's `passage` (rules §3.1); an area keeps its
    printed coastal flag, since its water still reaches the open sea for ships."""
    gone = set(out) & set(graph.areas)
    if not gone:
        return graph
    keep = [a for a in graph.areas if a not in gone]
    old = graph.passage
    gone |= {a for a in old.water if a not in graph.areas}  # gone already, earlier

    def kept(ids: Iterable[str]) -> tuple[str, ...]:
        return tuple(i for i in ids if i not in gone)

    # the whole board's water and seas, as far as this graph knows them
    water = {a: {*graph.water.get(a, ()), *old.water.get(a, ())}
             for a in {*graph.areas, *old.water}}
    borders = {s: {*(graph.seas[s].borders if s in graph.seas else ()), *old.seas.get(s, ())}
               for s in {*graph.seas, *old.seas}}
    links = {s: {*graph.sea_links.get(s, ()), *old.sea_links.get(s, ())} for s in borders}
    seas = {s.id: Sea(s.id, s.name, kept(s.borders)) for s in graph.seas.values()}
    seas = {sid: s for sid, s in seas.items() if s.borders}
    passage = Passage(
        water={a: tuple(sorted(near if a in gone else near & gone))
               for a, near in sorted(water.items()) if near and (a in gone or near & gone)},
        seas={s: tuple(sorted(b & gone)) for s, b in sorted(borders.items()) if b & gone},
        sea_links={s: tuple(sorted(n if s not in seas else n - set(seas)))
                   for s, n in sorted(links.items())
                   if n and (s not in seas or n - set(seas))},
    )
    volcanoes = {v.id: Volcano(v.id, v.name, kept(v.areas)) for v in graph.volcanoes.values()}
    plains = {p: kept(members) for p, members in graph.flood_plains.items()}
    return MapGraph(
        id=graph.id,
        name=graph.name,
        areas={a: graph.areas[a] for a in keep},
        land={a: kept(graph.land.get(a, ())) for a in keep},
        water={a: kept(graph.water.get(a, ())) for a in keep},
        seas=seas,
        volcanoes={vid: v for vid, v in volcanoes.items() if v.areas},
        flood_plains={p: members for p, members in plains.items() if members},
        straits=tuple(p for p in graph.straits if not gone & set(p)),
        start_areas={c: a for c, a in graph.start_areas.items() if a not in gone},
        sea_links={s: tuple(n for n in near if n in seas)
                   for s, near in graph.sea_links.items() if s in seas},
        setups=graph.setups,
        # a region all out of play stays, empty, so the others keep their numbers
        regions={h: tuple(kept(r) for r in table) for h, table in graph.regions.items()},
        passage=passage,
    )


def board_parts(areas: Iterable[str], land: Iterable[tuple[str, str]],
                water: Iterable[tuple[str, str]], seas: Mapping[str, Iterable[str]],
                sea_links: Iterable[tuple[str, str]], out: Iterable[str]) -> list[list[str]]:
    """The areas in play (`areas` less `out`) in the parts the set-up's board joins them into:
    by land or strait between areas in play (`land`), by water borders, across out-of-play
    areas too (ships pass through them, rules §3.1), and by open seas (`seas`: each sea's
    borders, in play or not; `sea_links`: seas next to each other). One part: one board.
    Each part sorted, the largest first (ties by first id)."""
    closed = set(out)
    nodes: dict[tuple[str, str], set[tuple[str, str]]] = {}

    def link(a: tuple[str, str], b: tuple[str, str]) -> None:
        nodes.setdefault(a, set()).add(b)
        nodes.setdefault(b, set()).add(a)

    for a, b in land:
        if a not in closed and b not in closed:
            link(("area", a), ("area", b))
    for a, b in water:
        link(("area", a), ("area", b))
    for sea, borders in seas.items():
        for a in borders:
            link(("sea", sea), ("area", a))
    for s, t in sea_links:
        link(("sea", s), ("sea", t))
    playing = sorted(set(areas) - closed)
    seen: set[tuple[str, str]] = set()
    parts = []
    for start in playing:
        if ("area", start) in seen:
            continue
        seen.add(("area", start))
        queue = deque([("area", start)])
        part = []
        while queue:
            here = queue.popleft()
            if here[0] == "area" and here[1] not in closed:
                part.append(here[1])
            for nxt in nodes.get(here, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        parts.append(sorted(part))
    return sorted(parts, key=lambda p: (-len(p), p[0]))


def unreached(parts: list[list[str]]) -> str:
    """What of more than one part (largest first) the first cannot reach, in a line's words."""
    cut = sorted(a for part in parts[1:] for a in part)
    shown = ", ".join(cut[:12]) + (f" and {len(cut) - 12} more" if len(cut) > 12 else "")
    return f"{shown} cannot be reached from {parts[0][0]}"


def not_one_board(parts: list[list[str]], label: str) -> list[str]:
    """One line when the parts (`board_parts`) are more than one board; [] otherwise."""
    if len(parts) <= 1:
        return []
    return [f"{label}: the areas in play are not one board (by land, strait, water borders "
            f"ships may pass and open sea): {unreached(parts)}"]
