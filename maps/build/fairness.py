"""The fairness table: what each civilization has within reach of its start.

Per civilization: the land areas within REACH steps of its start (steps over land borders,
straits and coastal water, as the rules count neighbours), their summed population limits and
the city sites among them, each also as a share of the median over the 18 civilizations.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from .setups import distances

REACH = 3
FLOOR = 0.70  # nobody below 70% of the median


@dataclass(frozen=True)
class Row:
    civ: str
    start: str
    areas: int
    pop: int
    sites: int


def fairness(starts: dict[str, str], links: dict[str, set[str]], pop: dict[str, int],
             sites: dict[str, str]) -> list[Row]:
    rows = []
    for civ, start in sorted(starts.items()):
        near = [a for a, d in distances(start, links).items() if d <= REACH]
        rows.append(Row(civ, start, len(near), sum(pop[a] for a in near),
                        sum(sites[a] != "none" for a in near)))
    return rows


def table(rows: list[Row]) -> tuple[str, list[str]]:
    """(printable table, problems: civs under FLOOR of the median in any column)."""
    med = {k: statistics.median(getattr(r, k) for r in rows) for k in ("areas", "pop", "sites")}
    lines = [f"fairness within {REACH} steps of each start (median: {med['areas']:g} areas, "
             f"population limit {med['pop']:g}, {med['sites']:g} city sites)",
             f"{'civilization':12s} {'start':14s} {'areas':>5s} {'%':>4s} {'pop':>4s} {'%':>4s}"
             f" {'sites':>5s} {'%':>4s}"]
    problems = []
    for r in rows:
        shares = {k: getattr(r, k) / med[k] for k in med}
        lines.append(f"{r.civ:12s} {r.start:14s} {r.areas:5d} {shares['areas']:4.0%} {r.pop:4d} "
                     f"{shares['pop']:4.0%} {r.sites:5d} {shares['sites']:4.0%}")
        low = [k for k, v in shares.items() if v < FLOOR]
        if low:
            problems.append(f"{r.civ}: below {FLOOR:.0%} of the median in {', '.join(low)}")
    low_all = min(min(getattr(r, k) / med[k] for k in med) for r in rows)
    lines.append(f"lowest share of a median: {low_all:.0%}")
    return "\n".join(lines), problems
