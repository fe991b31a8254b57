"""Markers on the map: a D10 region roll places famine, scarcity, plague or heresy on a
region; revolt and heresy go on one of a player's areas. What markers do to taxation is
`tax_cut`; Unrest (symbols.py) tests the cities under revolt and heresy."""

from __future__ import annotations

from ... import labels
from ...events import Event
from ...flow import ask
from ...population import reduce_city
from ...state import BARBARIANS, GameState
from ...words import ref, say
from ..cards import Effect
from ..dice import deck_of, region_roll
from ..log import EventCheck, MarkerPlaced
from ..model import MARKER_KINDS, Marker
from .growth import title
from .losses import check, lose_random_tokens
from .progress import EventEffects, EventStep, Interactive, Queued, fell_short

KINDS = MARKER_KINDS
REROLLS = 10  # a roll on a region already struck, or empty on this map, is rolled again
# Seed 000: famine and plague take a third of the income, scarcity a quarter; one cut per city.
TAX_KEPT = {"famine": (2, 3), "plague": (2, 3), "scarcity": (3, 4), "pillage": (0, 1),
            "revolt": (0, 1)}
# Regions a new marker of the kind avoids ("roll again if the Area already suffers from ...").
AVOID = {"famine": {"famine", "scarcity"}, "scarcity": {"famine", "scarcity"},
         "plague": {"plague"}, "heresy": {"heresy"}}


def marked_areas(state: GameState, marker: Marker) -> tuple[str, ...]:
    if marker.area:
        return (marker.area,)
    if marker.region:
        return tuple(a for a in deck_of(state).regions.areas(marker.region)
                     if a in state.map.areas)
    return ()


def tax_cut(state: GameState, player: str, rate: int) -> int:
    """How many tokens fewer the player's cities pay in tax under markers (each city takes
    its one deepest cut)."""
    deck = state.eventdeck
    if deck is None or not deck.markers:
        return 0
    kept: dict[str, int] = {}
    for marker in deck.markers:
        share = TAX_KEPT.get(marker.kind)
        if share is None:
            continue
        for area in marked_areas(state, marker):
            if state.board.cities.get(area) == player:
                pays = rate * share[0] // share[1]
                kept[area] = min(kept.get(area, rate), pays)
    return sum(rate - pays for pays in kept.values())


def roll_region(state: GameState, kind: str, player: str, rule: str,
                events: list[Event]) -> str:
    """A D10 region roll for a new marker of `kind`; "" when no region can take it. Regions are
    told apart by their land, not their die face (a map may give one region several faces):
    a region "already suffers" when every land area of it is under a marker it avoids."""
    deck = deck_of(state)
    suffering = {a for m in deck.markers if m.kind in AVOID.get(kind, set())
                 for a in marked_areas(state, m)}
    for _ in range(REROLLS):
        region = region_roll(state)
        events.append(EventCheck(player=player, die="d10", result=region, rule=rule))
        land = set(marked_areas(state, Marker(kind, 1, region=region)))
        if land and not land <= suffering:
            return region
    return ""


def place(state: GameState, marker: Marker, events: list[Event]) -> None:
    deck_of(state).markers.append(marker)
    where = marker.area or marker.region or marker.player
    events.append(MarkerPlaced(kind=marker.kind, where=where, turns=marker.turns,
                               rule=marker.rule))


def _kind(effect: Effect) -> str:
    return KINDS[effect.get("kind")]


def region_marker(state: GameState, player: str, effect: Effect, rule: str,
                  events: list[Event]) -> None:
    kind = _kind(effect)
    region = roll_region(state, kind, player, rule, events)
    if region:
        place(state, Marker(kind, effect.get("turns", 1), region=region, rule=rule), events)
    else:
        fell_short(state, player, "marker", 0, 1, "region", rule, events)


def own_areas(state: GameState, player: str) -> list[str]:
    board = state.board
    return sorted({a for a, here in board.tokens.items() if here.get(player)}
                  | set(board.cities_of(player)))


def _area_marker_step(state: GameState, task: EventEffects, q: Queued,
                      events: list[Event]) -> bool:
    """A marker on one of the player's areas (a city or tokens); none, said, when it holds
    fewer than `least` (seed 000's Heresy: "a distant part of the nation"). The area is drawn at
    random, or, with `chooser` (the Revolt process, 000:calamity:10: "one player, possibly the
    affected player, is selected at random to choose the province in revolt"), chosen by a
    player drawn at random, asked when there are several areas."""
    if task.left == 0:  # placed
        return False
    areas = own_areas(state, q.player)
    least = q.params.get("least", 1)
    if len(areas) < least:
        fell_short(state, q.player, "marker", len(areas), least,
                   "single_area" if areas else "no_area", q.rule, events, q.card)
        return False
    if not q.params.get("chooser"):
        _place_on(state, q, state.rng.choice(areas), events)
        return False
    players = list(state.players)
    if task.stage == 0:  # the chooser is drawn once (kept by its place in the A.S.T. order)
        task.stage = 1 + players.index(state.rng.choice(players))
    if len(areas) == 1:
        _place_on(state, q, areas[0], events)
        return False
    chooser = players[task.stage - 1]
    kind = _kind_of(q.params)
    ask(state, chooser, CHOOSE_AREA,
        say("{card}: you are drawn to choose the area of {victim} where the {kind} breaks out",
            card=title(q.card), victim=ref("player", q.player), kind=kind),
        [labels.make("area", a) for a in areas], q.rule,
        EventStep(card=q.card, effect=q.do, player=q.player))
    return True


def _area_marker_choose(state: GameState, task: EventEffects, q: Queued, label: str,
                        events: list[Event]) -> None:
    _place_on(state, q, labels.value(label), events)
    task.left = 0


def _place_on(state: GameState, q: Queued, area: str, events: list[Event]) -> None:
    place(state, Marker(_kind_of(q.params), q.params.get("turns", 1), area=area, rule=q.rule),
          events)


def _kind_of(params: dict[str, int]) -> str:
    return KINDS[params.get("kind", 0)]


def plague(state: GameState, player: str, effect: Effect, rule: str,
           events: list[Event]) -> None:
    """A plague marker on a rolled region; each city there fails a D2 check or is reduced;
    each player loses `tokens` tokens at random among its tokens there, barbarians one."""
    region = roll_region(state, "plague", player, rule, events)
    if not region:
        fell_short(state, player, "marker", 0, 1, "region", rule, events)
        return
    marker = Marker("plague", effect.get("turns", 1), region=region, rule=rule)
    place(state, marker, events)
    areas = marked_areas(state, marker)
    for area in areas:
        owner = state.board.cities.get(area)
        if owner in state.players and not check(state, owner, rule, events):
            reduce_city(state, area, events, rule)
    for pid in [*state.players, BARBARIANS]:
        n = 1 if pid == BARBARIANS else effect.get("tokens", 2)
        lose_random_tokens(state, pid, n, rule, events, within=set(areas))


CHOOSE_AREA = "event_marker_area"  # the Revolt process's chooser names the area
EFFECTS = {"region_marker": region_marker, "plague": plague}
INTERACTIVE = {"own_area_marker": Interactive(_area_marker_step, _area_marker_choose)}
