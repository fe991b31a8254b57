"""The fairness tables: what each civilization has within reach of its start, per set-up.

Per set-up and civilization in it: the land areas in play within REACH steps of its start
(steps over land borders, straits and coastal water between areas in play, as the rules count
neighbours on the set-up's board), their summed population limits and the city sites among
them, each also as a share of the median over the set-up's civilizations. Out-of-play areas
count for nobody: in the game they do not exist.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

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


def in_play_links(links: dict[str, set[str]], out: set[str]) -> dict[str, set[str]]:
    """The links between areas in play (a set-up's board)."""
    return {a: near - out for a, near in links.items() if a not in out}


def fairness(starts: dict[str, str], links: dict[str, set[str]], pop: dict[str, int],
             sites: dict[str, str]) -> list[Row]:
    rows = []
    for civ, start in sorted(starts.items()):
        near = [a for a, d in distances(start, links).items() if d <= REACH]
        rows.append(Row(civ, start, len(near), sum(pop[a] for a in near),
                        sum(sites[a] != "none" for a in near)))
    return rows


def setup_tables(setups: dict[str, Any], starts: dict[str, str], links: dict[str, set[str]],
                 pop: dict[str, int], sites: dict[str, str]) -> tuple[str, list[str]]:
    """The table of every set-up, each on its own board (the areas it has in play)."""
    texts, problems = [], []
    for sid, setup in setups.items():
        board = in_play_links(links, set(setup["out_of_play"]))
        mine = {civ: starts[civ] for civ in setup["civilizations"]}
        text, found = table(fairness(mine, board, pop, sites), f"set-up {sid}")
        texts.append(text)
        problems += [f"set-up {sid}: {p}" for p in found]
    return "\n".join(texts), problems


def table(rows: list[Row], title: str = "") -> tuple[str, list[str]]:
    """(printable table, problems: civs under FLOOR of the median in any column)."""
    med = {k: statistics.median(getattr(r, k) for r in rows) for k in ("areas", "pop", "sites")}
    lines = [(f"{title}: " if title else "") +
             f"fairness within {REACH} steps of each start (median: {med['areas']:g} areas, "
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
