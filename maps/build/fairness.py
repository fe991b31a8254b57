"""The fairness tables: what each civilization has within reach of its start, per set-up.

Per set-up and civilization in it: the land areas in play within REACH steps of its start
(steps over land borders, straits and coastal water between areas in play, as the rules count
neighbours on the set-up's board), their summed population limits and the city sites among
them, each also as a share of the median over the set-up's civilizations. Out-of-play areas
count for nobody: in the game they do not exist.

The floor (issue 34): every civilization of every set-up has at least FLOOR of its set-up's
median in each column; the build fails otherwise (python -m maps.build exits 1 and writes
nothing). `balance` gets a set-up there by putting areas out of play around the civilizations
far above the median (which lowers it), never within reach of one near the floor.

decided: a start is a civilization's homeland (areas.txt) whatever the set-up, so balancing
only takes areas out of play. It takes one area at a time, the one that most reduces the
shortfall under the floor (then most lowers the medians, then takes least from everyone), and
only from the rim of the civilizations' reach: never one within REACH - 1 steps of any start
(a homeland and its near surroundings stay whole; taking a crossroads next to a capital, as
Kanesh beside Hattusa, would reach the floor with fewer areas but by cutting into Hatti's
heartland), never one within REACH steps of a civilization under PROTECT of a median in any
column, and never one that splits the board (the caller's `one_board`).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .setups import REACH

FLOOR = 0.70  # nobody below 70% of the median
PROTECT = 0.80  # balancing takes nothing within reach of a civilization under 80% of a median
COLUMNS = ("areas", "pop", "sites")


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


def near(start: str, links: dict[str, set[str]], steps: int = REACH) -> set[str]:
    """The areas within `steps` steps of `start` (itself included)."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        step = []
        for here in frontier:
            for n in links[here]:
                if n not in seen:
                    seen.add(n)
                    step.append(n)
        frontier = step
    return seen


def fairness(starts: dict[str, str], links: dict[str, set[str]], pop: dict[str, int],
             sites: dict[str, str]) -> list[Row]:
    rows = []
    for civ, start in sorted(starts.items()):
        found = near(start, links)
        rows.append(Row(civ, start, len(found), sum(pop[a] for a in found),
                        sum(sites[a] != "none" for a in found)))
    return rows


def medians(rows: list[Row]) -> dict[str, float]:
    return {k: statistics.median(getattr(r, k) for r in rows) for k in COLUMNS}


def shares(rows: list[Row]) -> dict[str, dict[str, float]]:
    """Civilization -> column -> its share of the set-up's median."""
    med = medians(rows)
    return {r.civ: {k: getattr(r, k) / med[k] for k in COLUMNS} for r in rows}


def shortfall(rows: list[Row]) -> float:
    """How far the set-up is under the floor, summed over civilizations and columns."""
    return sum(max(FLOOR - v, 0.0) for row in shares(rows).values() for v in row.values())


def balance(setups: dict[str, Any], starts: dict[str, str], links: dict[str, set[str]],
            pop: dict[str, int], sites: dict[str, str],
            one_board: Callable[[set[str]], bool]) -> dict[str, list[str]]:
    """Take areas out of play, set-up by set-up, until every civilization is at the floor or
    no area may be taken to get nearer (module docstring). Changes `setups[*]["out_of_play"]`;
    returns the areas taken, per set-up, in the order taken."""
    taken: dict[str, list[str]] = {}
    for sid, setup in setups.items():
        mine = {civ: starts[civ] for civ in setup["civilizations"]}
        out = set(setup["out_of_play"])
        cut: list[str] = []
        while True:
            rows = fairness(mine, in_play_links(links, out), pop, sites)
            short = shortfall(rows)
            if short == 0:
                break
            med = medians(rows)
            board = in_play_links(links, out)
            weak = [civ for civ, row in shares(rows).items() if min(row.values()) < PROTECT]
            kept = set().union(*(near(s, board, REACH - 1) for s in mine.values()))
            kept = kept.union(*(near(mine[c], board) for c in weak))
            reached = set().union(*(near(s, board) for s in mine.values()))
            best: tuple[tuple[float, float, int, str], str] | None = None
            for area in sorted(reached - kept):
                after = fairness(mine, in_play_links(links, out | {area}), pop, sites)
                key = (round(shortfall(after), 9),
                       round(sum(m / med[k] for k, m in medians(after).items()), 9),
                       -sum(r.areas for r in after), area)
                if (best is None or key < best[0]) and one_board(out | {area}):
                    best = (key, area)
            if best is None or (best[0][0] >= round(short, 9) and best[0][1] >= len(COLUMNS)):
                break  # nothing gets nearer: the set-up stays under the floor, the build fails
            out.add(best[1])
            cut.append(best[1])
        setup["out_of_play"] = sorted(out)
        taken[sid] = cut
    return taken


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
    med = medians(rows)
    lines = [(f"{title}: " if title else "") +
             f"fairness within {REACH} steps of each start (median: {med['areas']:g} areas, "
             f"population limit {med['pop']:g}, {med['sites']:g} city sites)",
             f"{'civilization':12s} {'start':14s} {'areas':>5s} {'%':>4s} {'pop':>4s} {'%':>4s}"
             f" {'sites':>5s} {'%':>4s}"]
    problems = []
    for r in rows:
        share = {k: getattr(r, k) / med[k] for k in med}
        lines.append(f"{r.civ:12s} {r.start:14s} {r.areas:5d} {share['areas']:4.0%} {r.pop:4d} "
                     f"{share['pop']:4.0%} {r.sites:5d} {share['sites']:4.0%}")
        low = [k for k, v in share.items() if v < FLOOR]
        if low:
            problems.append(f"{r.civ}: below {FLOOR:.0%} of the median in {', '.join(low)}")
    low_all = min(min(getattr(r, k) / med[k] for k in med) for r in rows)
    lines.append(f"lowest share of a median: {low_all:.0%}")
    return "\n".join(lines), problems
