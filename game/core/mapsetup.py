"""The map a game is played on: the board restricted to the areas its set-up has in play.

A map file lists, per set-up (``setups``), the areas that are out of play at that player count:
in the board game they do not exist for that game. Rather than check "is this area in play?" in
every procedure (moves, expansion, cities, ships, barbarians, pirate cities, floods, cyclones,
volcanoes, calamity choices), a game holds the map *as restricted*: out-of-play areas are gone
from the areas, the land and water adjacency, straits, seas' borders, volcanoes, flood plains,
start areas and the D10 regions, so no procedure can reach them. `new_game` builds it once; a
save carries it.

decided: nothing may enter an out-of-play area, ships included: straits, water adjacency and
open-sea links into them close (issue 15). The rules reference (§3.1, from the rulebook's
appendix) lets ships pass through such areas without ending a move there; following it would
need the whole map kept beside this one for ship routes.
decided: an area beside out-of-play land keeps the map's `edge` flag as printed (barbarian
hordes enter from the map's edge, not from the land closed off).

Pure: no I/O.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import replace

from .mapgraph import Area, MapError, MapGraph, Sea, Volcano

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
    no area left. An area stays coastal only if its water still reaches an open sea in play."""
    gone = set(out) & set(graph.areas)
    if not gone:
        return graph
    keep = [a for a in graph.areas if a not in gone]

    def kept(ids: Iterable[str]) -> tuple[str, ...]:
        return tuple(i for i in ids if i not in gone)

    water = {a: kept(graph.water.get(a, ())) for a in keep}
    seas = {s.id: Sea(s.id, s.name, kept(s.borders)) for s in graph.seas.values()}
    seas = {sid: s for sid, s in seas.items() if s.borders}
    volcanoes = {v.id: Volcano(v.id, v.name, kept(v.areas)) for v in graph.volcanoes.values()}
    plains = {p: kept(members) for p, members in graph.flood_plains.items()}
    coastal = _reaching_sea(water, seas.values())
    return MapGraph(
        id=graph.id,
        name=graph.name,
        areas={a: _area(graph.areas[a], coastal) for a in keep},
        land={a: kept(graph.land.get(a, ())) for a in keep},
        water=water,
        seas=seas,
        volcanoes={vid: v for vid, v in volcanoes.items() if v.areas},
        flood_plains={p: members for p, members in plains.items() if members},
        straits=tuple(p for p in graph.straits if not gone & set(p)),
        start_areas={c: a for c, a in graph.start_areas.items() if a not in gone},
        sea_links={s: tuple(n for n in links if n in seas)
                   for s, links in graph.sea_links.items() if s in seas},
        setups=graph.setups,
        # a region all out of play stays, empty, so the others keep their numbers
        regions={h: tuple(kept(r) for r in table) for h, table in graph.regions.items()},
    )


def _area(area: Area, coastal: set[str]) -> Area:
    if area.coastal and area.id not in coastal:
        return replace(area, coastal=False)
    return area


def _reaching_sea(water: Mapping[str, tuple[str, ...]], seas: Iterable[Sea]) -> set[str]:
    """Areas that border an open sea, or reach one through other areas' water (rules §2)."""
    found = {a for s in seas for a in s.borders}
    queue = deque(sorted(found))
    while queue:
        for nxt in water[queue.popleft()]:
            if nxt not in found:
                found.add(nxt)
                queue.append(nxt)
    return found
