"""A map outline (a ring: closed by a last edge back to its first point) must not cross itself.

Pure Python and near-linear: edges are bucketed in a grid of about one edge per cell, and only
edges sharing a cell are compared. `validate-map` runs it (about half a second on the shipped
board); loading a map does not, as it runs at every start and an odd outline only draws oddly.

The shipped board's outlines were rounded to whole map units, which left a few tiny loops where
an outline doubles back over a few units. A crossing whose smaller loop holds under
`TOLERATED_LOOP` of the area on both sides of it is such an artefact and is let through; a
bow-tie or a figure of eight is not. A ring need not repeat its first point at the end (the
format closes it; the shipped board never repeats it): the closing edge is checked like any.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]

TOLERATED_LOOP = 0.1  # share of the ring's area a crossing's smaller loop may hold (the
# shipped board's largest artefact holds 4.5%)
MAX_COMPARISONS = 4_000_000  # per ring: a crafted outline cannot make the check run for hours


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _crossing(a: Point, b: Point, c: Point, d: Point) -> float | None:
    """Where on a-b (0 < t < 1) the segment c-d crosses it, strictly inside both; else None.
    Touching and overlapping segments do not count: they draw as a thin seam, not a twist."""
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    if (d1 >= 0 and d2 >= 0) or (d1 <= 0 and d2 <= 0):
        return None
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    if (d3 >= 0 and d4 >= 0) or (d3 <= 0 and d4 <= 0):
        return None
    return d1 / (d1 - d2)


def _cleaned(ring: Sequence[Sequence[float]]) -> list[Point]:
    points = [(float(p[0]), float(p[1])) for p in ring]
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    return [p for k, p in enumerate(points) if p != points[k - 1]] if len(points) > 1 else points


def self_crossing(ring: Sequence[Sequence[float]]) -> str | None:
    """One line naming where the ring crosses itself (beyond the tolerated artefacts), or
    None when it does not."""
    pts = _cleaned(ring)
    n = len(pts)
    if n < 4:
        return None
    # twice the signed area, as running sums of the shoelace terms: a loop's area in O(1)
    terms = [pts[k][0] * pts[(k + 1) % n][1] - pts[(k + 1) % n][0] * pts[k][1] for k in range(n)]
    before = [0.0]
    for term in terms:
        before.append(before[-1] + term)
    total = before[-1]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = min(xs), min(ys)
    size = max(max(xs) - x0, max(ys) - y0) / math.sqrt(n) or 1.0
    grid: dict[tuple[int, int], list[int]] = {}
    comparisons = 0
    last = n - 1
    for i in range(n):
        a, b = pts[i], pts[i + 1 if i < last else 0]
        columns = range(int((min(a[0], b[0]) - x0) / size), int((max(a[0], b[0]) - x0) / size) + 1)
        rows = range(int((min(a[1], b[1]) - y0) / size), int((max(a[1], b[1]) - y0) / size) + 1)
        for column in columns:
            for row in rows:
                here = grid.setdefault((column, row), [])
                comparisons += len(here)
                if comparisons > MAX_COMPARISONS:
                    return (f"an outline too tangled to check (over {MAX_COMPARISONS:,} "
                            "pairs of edges to compare)")
                for j in here:
                    if i - j == 1 or (i == last and j == 0):  # neighbours share an end
                        continue
                    t = _crossing(pts[j], pts[j + 1], a, b)
                    if t is None:
                        continue
                    c, d = pts[j], pts[j + 1]
                    at = (c[0] + t * (d[0] - c[0]), c[1] + t * (d[1] - c[1]))
                    # the loop at[-> pts[j+1] ... pts[i] ->]at, and the rest of the ring
                    loop = (before[i] - before[j + 1]
                            + at[0] * d[1] - d[0] * at[1]
                            + pts[i][0] * at[1] - at[0] * pts[i][1])
                    small, large = sorted((abs(loop), abs(total - loop)))
                    if small > TOLERATED_LOOP * (small + large):
                        return f"the outline crosses itself at [{at[0]:g}, {at[1]:g}]"
                here.append(i)
    return None
