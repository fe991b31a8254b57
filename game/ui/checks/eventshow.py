"""A settled board on which one public event card is taken where it can be seen: for
`selftest --event ID` and the frame benchmark. A new game with the Events module on, each
civilization grown around its start, the card laid face up first in the display and taken by
the first taker; of a few such boards, the one where the card strikes the most."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Event, GameState, MapGraph

if TYPE_CHECKING:
    from ..app import App
    from ..scenes.game import GameScene


def event_on_screen(app: App, card: str, seed: int = 1,
                    players: int = 5) -> tuple[GameScene, list[Event], list[str]]:
    """The game screen, bots in every seat, just after the first taker took `card`: of a few
    settled boards, the one where it strikes the most. The card's events are in the queue."""
    from game.core import CityReduced, MarkerPlaced, TokensRemoved

    from ..anim import copy_board
    from ..anim.marks import place_areas
    from ..map.offered import available_maps, load_map
    from .showcase import screen_with

    graph, geometry = load_map(next(iter(available_maps().values())))
    best = None
    for attempt in range(12):
        state = settled_events_game(graph, seed + attempt, players)
        before = copy_board(state.board)
        events = take_first(state, card)
        hits = sum(isinstance(e, TokensRemoved | CityReduced | MarkerPlaced) for e in events)
        if best is None or hits > best[0]:
            best = (hits, state, before, events)
    assert best is not None
    _, state, before, events = best
    scene = screen_with(app, state, before, events, geometry)
    scene.eventrow.folded = True  # the display's cards folded away: the map shows
    assert state.eventdeck is not None
    regions = state.eventdeck.regions
    areas: list[str] = []
    for e in events:
        where = getattr(e, "where", "") or getattr(e, "area", "")
        if isinstance(e, MarkerPlaced) or where:
            areas += place_areas(where, regions, geometry.areas, before.cities_of(where))
    return scene, events, list(dict.fromkeys(areas))


def settled_events_game(graph: MapGraph, seed: int, players: int) -> GameState:
    """A new game with the Events module on, each civilization grown around its start: two
    cities and a few stacks of tokens, at the first Event Action."""
    from game.core import EventsOptions, GameConfig, choose_setup, load_game_data, new_game

    data = load_game_data()
    config = GameConfig(players=[], seed=seed, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
    state = new_game(config, graph, data)
    board = state.board
    used = set(board.tokens) | set(board.cities)
    for pid, player in state.players.items():
        frontier = [a for a, here in board.tokens.items() if pid in here]
        cities = stacks = 0
        while frontier and (cities < 2 or stacks < 4):
            area = frontier.pop(0)
            for nxt in sorted(graph.land.get(area, ())):
                if nxt in used or nxt not in graph.areas:
                    continue
                used.add(nxt)
                frontier.append(nxt)
                a = graph.areas[nxt]
                if a.site != "none" and cities < 2:
                    board.cities[nxt] = pid
                    cities += 1
                elif a.pop > 0 and stacks < 4:
                    board.add(nxt, pid, min(a.pop, 3))
                    stacks += 1
        on_board = board.tokens_of(pid)
        player.treasury = 8
        player.stock = data.numbers["tokens_per_player"] - on_board - player.treasury
        player.census = on_board
    return state


def take_first(state: GameState, card: str) -> list[Event]:
    """The first taker takes `card` (laid face up first in the display); its target or option,
    if it asks one, chosen by the basic bot. The events, in order."""
    from game.bots import make_bot
    from game.core import Action, apply, view

    deck = state.eventdeck
    pending = state.pending
    assert deck is not None and pending is not None
    deck.display[0], deck.shown[0] = card, True
    pending.options = sorted(f"event:{c}" if up else f"event:face_down:{i + 1}"
                             for i, (c, up) in enumerate(zip(deck.display, deck.shown,
                                                             strict=True)))
    taker = pending.player
    events = list(apply(state, Action(taker, f"event:{card}")))
    bot = make_bot("basic", 1)
    for _ in range(20):
        pending = state.pending
        if pending is None or pending.kind == "event_take" or state.phase != "events":
            break
        events += apply(state, Action(pending.player, bot.choose(view(state, pending.player))))
    return events
