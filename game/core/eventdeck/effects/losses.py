"""Losses on the board: tokens taken at random, a city struck by fire."""

from __future__ import annotations

from ... import labels
from ...events import Event
from ...flow import ask
from ...ops import remove_tokens
from ...population import reduce_city
from ...state import GameState
from ...words import ref, say
from ..cards import Effect
from ..dice import d2, deck_of
from ..log import EventCheck, MarkerPlaced
from ..model import Marker
from ..symbols import RULE, at_sea, lose_ship
from .progress import SYMBOL, EventEffects, EventStep, Interactive, Queued, fell_short


def check(state: GameState, player: str, rule: str, events: list[Event]) -> bool:
    passed = d2(state)
    events.append(EventCheck(player=player, die="d2", result="pass" if passed else "fail",
                             rule=rule))
    return passed


def lose_random_tokens(state: GameState, player: str, n: int, rule: str,
                       events: list[Event], within: set[str] | None = None) -> int:
    """n tokens, each from an area drawn at random in proportion to the tokens there (only
    areas `within`, when given)."""
    lost = 0
    for _ in range(n):
        spread = [(a, here[player]) for a, here in sorted(state.board.tokens.items())
                  if here.get(player) and (within is None or a in within)]
        total = sum(k for _, k in spread)
        if not total:
            break
        pick = state.rng.below(total)
        for area, k in spread:
            if pick < k:
                lost += remove_tokens(state, player, area, 1, events, rule)
                break
            pick -= k
    return lost


def lose_tokens(state: GameState, player: str, effect: Effect, rule: str,
                events: list[Event]) -> None:
    n = effect.get("pass") if check(state, player, rule, events) else effect.get("fail")
    lost = lose_random_tokens(state, player, n, rule, events)
    if lost < n:
        fell_short(state, player, "tokens_lost", lost, n, "board", rule, events)


def city_fire(state: GameState, player: str, effect: Effect, rule: str,
              events: list[Event]) -> None:
    """A random city of the player: D2 passed, a pillage marker (no tax from it while it
    lasts); failed, the city is reduced."""
    cities = state.board.cities_of(player)
    if not cities:
        fell_short(state, player, "fire", 0, 1, "no_city", rule, events)
        return
    area = state.rng.choice(cities)
    if check(state, player, rule, events):
        turns = effect.get("turns", 1)
        deck_of(state).markers.append(Marker(kind="pillage", turns=turns, area=area, rule=rule))
        events.append(MarkerPlaced(kind="pillage", where=area, turns=turns, rule=rule))
    else:
        reduce_city(state, area, events, rule)


EFFECTS = {"lose_tokens": lose_tokens, "city_fire": city_fire}


def _lost_at_sea_step(state: GameState, task: EventEffects, q: Queued,
                      events: list[Event]) -> bool:
    """Each player other than the active one (`q.player`; every player on the card left
    unpicked) loses one ship away from its cities; with ships in several such areas, the active
    player chooses which (on the unpicked card, the player itself: the auto-resolution)."""
    players = list(state.players)
    while task.done < len(players):
        pid = players[task.done]
        areas = at_sea(state, pid) if pid != q.player else []
        if len(areas) > 1:
            chooser = q.player or pid
            prompt = (say("Lost at Sea: choose one of your ships away from your cities to lose")
                      if chooser == pid else
                      say("Lost at Sea: choose which ship of {victim} is lost (away from its "
                          "cities)", victim=ref("player", pid)))
            ask(state, chooser, SHIP_LOST, prompt, [labels.make("area", a) for a in areas], RULE,
                EventStep(card="", effect="lost_at_sea", player=pid))
            return True
        if areas:
            lose_ship(state, pid, areas[0], events)
        task.done += 1
    return False


def _lost_at_sea_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                        events: list[Event]) -> None:
    lose_ship(state, list(state.players)[task.done], labels.value(label), events)
    task.done += 1


SHIP_LOST = "event_ship_lost"
INTERACTIVE = {SYMBOL + "lost_at_sea": Interactive(_lost_at_sea_step, _lost_at_sea_choose)}
