"""A city the person could build but leaves (issue 39, fourth bullet): asked before they end city
building, not told in the news after.

Decided: before, because then the word can still be acted on (the build is one click away, and
Back leaves the decision open); a note in the news after would only tell what was lost, when the
tokens have moved on. It is asked only for a city that costs nothing beyond building it (no
ruin warning: no city of theirs reduced, no tokens lost above the limits), so it never urges a
move that hurts; and the core's own options say which areas can take a city (rules §4 phase 5a:
city_tokens_on_site tokens on a site, city_tokens_wilderness elsewhere). An experienced player
who leaves a city on purpose pays one click ("End city building").
"""

from __future__ import annotations

from game.core import GameState, label_kind, label_value

from ..words.prompts import names
from .ruin import ruin_warning

KIND = "build_city"
GO = "End city building"
HEADING = "A city left unbuilt"


def missed_cities(state: GameState, player: str, playable: bool = True) -> list[str]:
    """The areas where `player`, ending city building now, could still build a city that costs
    them nothing beyond building it."""
    pending = state.pending
    if pending is None or pending.player != player or pending.kind != KIND:
        return []
    return [label_value(lb) for lb in pending.options
            if label_kind(lb) == "area" and not ruin_warning(state, player, lb, playable)]


def missed_city_warning(state: GameState, player: str, label: str,
                        playable: bool = True) -> str:
    """The gentle word before `label` ("done") ends city building with a city left unbuilt."""
    if label != "done":
        return ""
    areas = missed_cities(state, player, playable)
    if not areas:
        return ""
    graph = names(state.map)
    shown = [graph.get(a, a) for a in areas]
    where = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    one = len(areas) == 1
    return (f"You could still build a city in {where}; building it reduces none of your "
            f"cities and loses none of your tokens. A city pays tax every turn and lets you "
            f"draw from one more trade stack. End city building without {'it' if one else 'one'}?")
