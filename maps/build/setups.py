"""The map's set-ups per player count: who plays, on which half, and which areas are out of play.

For each set-up of the game data (game/core/data/trade_cards.toml) the map lists the
civilizations, the map halves in play (the set-up's blocks) and the areas out of play: those of
the other half, and those farther from every playing civilization's start than needed to give
each player about AREAS_PER_PLAYER land areas (all of them once that is nearly the whole half).
So a five-player game is played on the part of the board around its five homelands, and an
eighteen-player game on all of it.

decided (issue 34): the areas within REACH steps of a playing civilization's start are in play
even where they lie in the other half: a homeland on the halves' seam (Parthia's, in the West
of a 10-player game) keeps its surroundings, as the fairness tables (fairness.py) count them.
"""

from __future__ import annotations

from collections import deque
from typing import Any

AREAS_PER_PLAYER = 20
FULL_BOARD = 0.9
REACH = 3  # the steps around a start the fairness tables count (fairness.py)


def distances(start: str, links: dict[str, set[str]]) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in sorted(links[here]):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def build_setups(game_setups: dict[str, Any], starts: dict[str, str],
                 blocks: dict[str, str | None], links: dict[str, set[str]],
                 sea_borders: dict[str, list[str]]) -> dict[str, Any]:
    # an island reached only by ship (Melita) counts one step past the coasts of its seas
    by_sea: dict[str, set[str]] = {a: set() for a in links}
    for members in sea_borders.values():
        for a in members:
            by_sea[a].update(m for m in members if m != a)
    out: dict[str, Any] = {}
    for sid in sorted(game_setups, key=lambda s: (game_setups[s]["players"], s)):
        setup = game_setups[sid]
        halves = sorted(setup["blocks"])
        usable = {a for a, b in blocks.items() if b is None or b in halves}
        for civ in setup["civilizations"]:  # a homeland on the seam keeps its surroundings
            usable |= {a for a, d in distances(starts[civ], links).items() if d <= REACH}
        sub = {a: {n for n in links[a] if n in usable} for a in usable}
        reach: dict[str, int] = {}
        for civ in setup["civilizations"]:
            for aid, d in distances(starts[civ], sub).items():
                reach[aid] = min(d, reach.get(aid, d))
        for aid in sorted(usable - set(reach)):
            near = [reach[n] + 1 for n in by_sea[aid] if n in reach]
            if near:
                reach[aid] = min(near)
        want = AREAS_PER_PLAYER * setup["players"]
        limit = max(reach.values())
        if want >= FULL_BOARD * len(reach):  # nearly all of it: leave no odd corner out
            want = len(reach)
        for d in range(1, limit + 1):
            if sum(1 for v in reach.values() if v <= d) >= want:
                limit = d
                break
        in_play = {a for a, d in reach.items() if d <= limit}
        out[sid] = {
            "players": setup["players"],
            "civilizations": list(setup["civilizations"]),
            "blocks": {b: list(setup["blocks"][b]) for b in halves},
            "reach": limit,
            "out_of_play": sorted(set(blocks) - in_play),
        }
    return out
