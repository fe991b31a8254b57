"""The D10 region tables (seed 000's revolt table): two halves of ten numbered regions, every
land area in exactly one.

A map file may carry its own hand-drawn `regions` table (maps/oikoumene.json does;
setup.map_regions takes it). A map without one has its regions computed from the map itself, so
every map, the restricted ones included, has them:
the halves follow the trade-card blocks (west/east; without blocks, the first half of the areas
in id order is west), and each half is cut into ten runs of a breadth-first walk over land
adjacency from its smallest id, so a region is a patch of neighbours, not a scatter.
"""

from __future__ import annotations

from ..mapgraph import MapGraph
from .model import HALVES, Regions

FACES = 10


def computed_regions(graph: MapGraph) -> Regions:
    ids = sorted(graph.areas)
    if all(graph.areas[a].block in HALVES for a in ids):
        halves = {h: [a for a in ids if graph.areas[a].block == h] for h in HALVES}
    else:
        cut = (len(ids) + 1) // 2
        halves = {"west": ids[:cut], "east": ids[cut:]}
    west, east = (_grow(graph, _walk(graph, halves[h]), FACES) for h in HALVES)
    return Regions(west=west, east=east)


def _walk(graph: MapGraph, areas: list[str], inside: set[str] | None = None) -> list[str]:
    """Breadth-first order over land adjacency within `inside` (default: `areas`), from each
    not yet reached area of `areas` in turn."""
    inside = set(areas) if inside is None else inside
    seen: set[str] = set()
    order: list[str] = []
    for root in areas:
        if root in seen:
            continue
        seen.add(root)
        queue = [root]
        while queue:
            area = queue.pop(0)
            order.append(area)
            for nxt in graph.land.get(area, ()):
                if nxt in inside and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
    return order


def _grow(graph: MapGraph, order: list[str], n: int) -> tuple[tuple[str, ...], ...]:
    """n regions as equal as can be, each grown breadth-first from the first area not yet
    taken (a breadth-first prefix from one root is connected); the last takes what is left."""
    size, extra = divmod(len(order), n)
    left = set(order)
    out: list[tuple[str, ...]] = []
    for i in range(n):
        want = size + (1 if i < extra else 0)
        roots = [a for a in order if a in left]
        last = i == n - 1 or not roots
        region = roots if last else _walk(graph, roots[:1], left)[:want]
        left -= set(region)
        out.append(tuple(sorted(region)))
    return tuple(out)
