"""Growth: tokens and cities gained from an event. Seed 004 §16.3: gained units go where no
conflict is triggered, or are not gained; here that is the taker's own areas holding no one
else's tokens and no city, with room left under the population limit. "The PR that gains makes
the choice" (004:16.3): where more than one area can take a token, or more than one site a
city, the gainer is asked, one token at a time; where the card cannot place all it gives, an
EventFellShort says how many and why (issue 36)."""

from __future__ import annotations

from collections.abc import Callable

from ... import labels
from ...events import CityBuilt, Event
from ...flow import ask
from ...ops import cities_in_stock, place_tokens, remove_tokens
from ...population import mark_city_built, population_limit
from ...state import GameState
from ...words import say
from ..cards import Effect, load_event_cards
from .progress import EventEffects, EventStep, Interactive, Queued, fell_short

PLACE = "event_place"  # where a gained token goes
SITE = "event_city_site"  # where a free city goes

AreasFn = Callable[[GameState, str], list[str]]


def own_areas(state: GameState, player: str) -> list[str]:
    return sorted(a for a, here in state.board.tokens.items()
                  if here.get(player) and set(here) == {player}
                  and a not in state.board.cities)


def roomy(state: GameState, player: str, areas: list[str]) -> list[str]:
    """The areas of `areas` with room left under the player's population limit there, the
    roomiest first (the choice made before the player was asked: an unscripted scenario's
    default, SCENARIOS.md, stays what it was)."""
    room = {a: population_limit(state, a, player) - state.board.count(a, player) for a in areas}
    return sorted((a for a in areas if room[a] > 0), key=lambda a: (-room[a], a))


def title(card: str) -> str:
    found = load_event_cards().cards.get(card)
    return found.title if found is not None else "Event"


def placing(areas_of: AreasFn, where: str) -> Interactive:
    """The Interactive placing `count` tokens from stock one at a time into the areas
    `areas_of` gives that have room; `where` words them for the prompt ("your own areas")."""

    def step(state: GameState, task: EventEffects, q: Queued, events: list[Event]) -> bool:
        count = q.params.get("count", 0)
        if task.left < 0:
            task.left = count
        while task.left > 0:
            if state.players[q.player].stock <= 0:
                fell_short(state, q.player, "tokens", task.done, count, "stock", q.rule, events,
                           q.card)
                return False
            areas = roomy(state, q.player, areas_of(state, q.player))
            if not areas:
                fell_short(state, q.player, "tokens", task.done, count, "room", q.rule, events,
                           q.card)
                return False
            if len(areas) > 1:
                ask(state, q.player, PLACE,
                    say("{card}: where does token {n} of {count} go? (one of {where} with "
                        "room, no one else there)", card=title(q.card), n=task.done + 1,
                        count=count, where=where),
                    [labels.make("area", a) for a in areas], q.rule,
                    EventStep(card=q.card, effect=q.do, count=count, done=task.done,
                              suggested=labels.make("area", areas[0])))
                return True
            place_one(state, task, q, areas[0], events)
        return False

    def choose(state: GameState, task: EventEffects, q: Queued, label: str,
               events: list[Event]) -> None:
        place_one(state, task, q, labels.value(label), events)

    return Interactive(step, choose)


def place_one(state: GameState, task: EventEffects, q: Queued, area: str,
              events: list[Event]) -> None:
    task.done += place_tokens(state, q.player, area, 1, events, q.rule)
    task.left -= 1


def grow(state: GameState, player: str, n: int, areas: list[str], rule: str,
         events: list[Event]) -> None:
    """n tokens from stock, one at a time into the area of `areas` with most room left under
    its population limit (for a procedure that places without asking)."""
    for _ in range(n):
        room = [(state.board.count(a, player) - population_limit(state, a, player), a)
                for a in areas]
        room = [(r, a) for r, a in room if r < 0]  # r: minus the room left
        if not room:
            return
        best = min(room)[1]
        if not place_tokens(state, player, best, 1, events, rule):
            return


def city_sites(state: GameState, player: str) -> list[str]:
    return [a for a in own_areas(state, player) if state.map.areas[a].site != "none"]


def build_free_city(state: GameState, player: str, area: str, rule: str,
                    events: list[Event]) -> None:
    """The city, free; the player's tokens there go back to stock."""
    remove_tokens(state, player, area, state.board.count(area, player), events, rule)
    state.board.cities[area] = player
    mark_city_built(state, player, area)
    events.append(CityBuilt(player=player, area=area, rule=rule))


def _city_step(state: GameState, task: EventEffects, q: Queued, events: list[Event]) -> bool:
    """A city, free, on a city site in one of the player's own areas; the player chooses the
    site when there are several."""
    if task.left == 0:  # built
        return False
    if cities_in_stock(state, q.player) <= 0:
        fell_short(state, q.player, "city", 0, 1, "no_city_piece", q.rule, events, q.card)
        return False
    sites = city_sites(state, q.player)
    if not sites:
        fell_short(state, q.player, "city", 0, 1, "site", q.rule, events, q.card)
        return False
    if len(sites) == 1:
        build_free_city(state, q.player, sites[0], q.rule, events)
        return False
    ask(state, q.player, SITE,
        say("{card}: build a free city on a city site in one of your own areas",
            card=title(q.card)),
        [labels.make("area", a) for a in sites], q.rule,
        EventStep(card=q.card, effect=q.do, suggested=labels.make("area", min(
            sites, key=lambda a: (-state.board.count(a, q.player), a)))))
    return True


def _city_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                 events: list[Event]) -> None:
    build_free_city(state, q.player, labels.value(label), q.rule, events)
    task.left = 0


EFFECTS: dict[str, Callable[[GameState, str, Effect, str, list[Event]], None]] = {}
INTERACTIVE = {"gain_tokens": placing(own_areas, "your own areas"),
               "free_city": Interactive(_city_step, _city_choose)}
