"""Growth: tokens and cities gained from an event. Seed 004 §16.3: gained units go where no
conflict is triggered, or are not gained; here that is the taker's own areas holding no one
else's tokens, the roomiest first (a choice with little at stake, made for the player)."""

from __future__ import annotations

from ...events import CityBuilt, Event
from ...ops import cities_in_stock, place_tokens, remove_tokens
from ...population import mark_city_built, population_limit
from ...state import GameState
from ..cards import Effect


def _own_areas(state: GameState, player: str) -> list[str]:
    return sorted(a for a, here in state.board.tokens.items()
                  if here.get(player) and set(here) == {player}
                  and a not in state.board.cities)


def gain_tokens(state: GameState, player: str, effect: Effect, rule: str,
                events: list[Event]) -> None:
    grow(state, player, effect.get("count"), _own_areas(state, player), rule, events)


def grow(state: GameState, player: str, n: int, areas: list[str], rule: str,
         events: list[Event]) -> None:
    """n tokens from stock, one at a time into the area of `areas` with most room left under
    its population limit; none once no area has room."""
    for _ in range(n):
        room = [(state.board.count(a, player) - population_limit(state, a, player), a)
                for a in areas]
        room = [(r, a) for r, a in room if r < 0]  # r: minus the room left
        if not room:
            return
        best = min(room)[1]
        if not place_tokens(state, player, best, 1, events, rule):
            return


def free_city(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
    """A city, free, on a city site in one of the player's own areas: the one with most of its
    tokens (then the first by id); its tokens there go back to stock."""
    sites = [a for a in _own_areas(state, player) if state.map.areas[a].site != "none"]
    if not sites or cities_in_stock(state, player) <= 0:
        return
    area = min(sites, key=lambda a: (-state.board.count(a, player), a))
    remove_tokens(state, player, area, state.board.count(area, player), events, rule)
    state.board.cities[area] = player
    mark_city_built(state, player, area)
    events.append(CityBuilt(player=player, area=area, rule=rule))


EFFECTS = {"gain_tokens": gain_tokens, "free_city": free_city}
