"""A board on which one calamity strikes where it can be seen: for `selftest --calamity ID`.

The game starts as any new game on the shipped map, then the board is laid out as in mid-game:
the victim's cities and tokens around a place that calamity needs (a volcano, a flood plain, the
coast of an open sea), the other civilizations' lands next to theirs so that they share the
losses, ships in the coastal areas, a few cards in every hand and the calamity in the victim's.
The game is then set at the calamity resolution phase, from which it carries on as usual.

Several places are tried (each civilization's home too) and the one where the calamity shows
the most is kept, so every calamity of every rule set finds a board without hand tuning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core import (
    Action,
    Board,
    CalamityResolved,
    Event,
    GameConfig,
    GameData,
    GameState,
    HandCard,
    MapGraph,
    TokensPlaced,
    VolcanoErupted,
    advance,
    apply,
    choose_setup,
    in_play,
    load_game_data,
    map_setup_for,
    new_game,
    start_at,
    view,
)

from ..anim.build import Builder

if TYPE_CHECKING:
    from game.maps.files import MapGeometry

    from ..app import App
    from ..scenes.game import GameScene

EARTHQUAKE = "earthquake"  # volcanic_eruption, placed where no volcano touches the victim
SEA_CALAMITIES = {"cyclone", "tempest", "piracy", "coastal_migration", "tsunamis"}
TURN = 6
MAX_DECISIONS = 400


class ShowcaseError(ValueError):
    pass


@dataclass
class Showcase:
    state: GameState  # at the start of calamity resolution, before `advance`
    calamity: str
    victim: str
    areas: list[str]  # where it happens: what the camera should frame
    steps: int  # animation steps its resolution makes (with the seats' own bots)


def ruleset_of(calamity: str, ruleset: str | None, data: GameData) -> str:
    wanted = "volcanic_eruption" if calamity == EARTHQUAKE else calamity
    if ruleset and ruleset not in data.rulesets:
        raise ShowcaseError(f"no rule set {ruleset!r}; known: {', '.join(sorted(data.rulesets))}")
    names = [ruleset] if ruleset else list(data.rulesets)
    for name in names:
        if name in data.rulesets and wanted in data.rulesets[name].calamities:
            return name
    known = sorted({c for r in data.rulesets.values() for c in r.calamities} | {EARTHQUAKE})
    where = f" in rule set {ruleset!r}" if ruleset else ""
    raise ShowcaseError(f"no calamity {calamity!r}{where}; known: {', '.join(known)}")


def showcase(calamity: str, graph: MapGraph, seed: int = 1, players: int = 5,
             ruleset: str | None = None, data: GameData | None = None) -> Showcase:
    data = data or load_game_data()
    rules = ruleset_of(calamity, ruleset, data)
    card = "volcanic_eruption" if calamity == EARTHQUAKE else calamity
    # the board the game is played on (its set-up's areas in play), so every place tried is in play
    setup = choose_setup(data, GameConfig(players=["?"] * players)).id
    graph = in_play(graph, map_setup_for(graph, "", setup))
    best: Showcase | None = None
    for focus, prefer in _places(calamity, graph, seed, players, data):
        state = _board(card, rules, graph, seed, players, data, focus, prefer,
                       no_volcano=calamity == EARTHQUAKE)
        if state is None:
            continue
        victim = next(p.id for p in state.players.values() if any(h.card == card
                                                                  for h in p.hand))
        steps, areas, kinds = _rehearse(state)
        erupts = VolcanoErupted in kinds
        if card == "volcanic_eruption" and erupts == (calamity == EARTHQUAKE):
            continue  # an earthquake shows no eruption, an eruption shows one
        found = Showcase(state, card, victim, areas or [focus], steps)
        if best is None or found.steps > best.steps:
            best = found
        if steps >= 6:
            break
    if best is None:
        raise ShowcaseError(f"no board found on which {calamity} strikes")
    return best


def on_screen(app: App, calamity: str, ruleset: str | None = None, seed: int = 1,
              players: int = 5) -> tuple[GameScene, Showcase]:
    """The game screen, bots in every seat, on the calamity's board with its resolution begun:
    the first events are in the animation queue. ShowcaseError when there is no such calamity;
    StopIteration when no map is installed."""
    from ..anim import copy_board
    from ..map.offered import available_maps, load_map

    graph, geometry = load_map(next(iter(available_maps().values())))
    found = showcase(calamity, graph, seed=seed, players=players, ruleset=ruleset)
    state = found.state.clone()
    before = copy_board(state.board)
    events = advance(state)
    return screen_with(app, state, before, events, geometry), found


def screen_with(app: App, state: GameState, before: Board, events: list[Event],
                geometry: MapGeometry) -> GameScene:
    """The game screen, bots in every seat, on `state` just after `events` (which left the
    board `before` as it now is): they are in the log and the animation queue."""
    from ..scenes.game import GameScene
    from ..seat.session import Seat, Session
    from ..words.prompts import log_lines

    civs = load_game_data().civilizations
    session = Session(state, {pid: Seat(pid, civs[pid].name, human=False)
                              for pid in state.players})
    session.log += log_lines(events, state.turn, state.phase, state.map)
    session.fresh = list(events)
    scene = GameScene(app, session, geometry)
    app.reset_to(scene)
    scene.last_board = before
    scene.changed(by_bot=True)
    return scene


def _places(calamity: str, graph: MapGraph, seed: int, players: int,
            data: GameData) -> list[tuple[str, Callable[[str], bool]]]:
    """Places to try, the most fitting first; with what the victim's lands should favour."""
    sited = [a for a, area in graph.areas.items() if area.site != "none"]
    out: list[tuple[str, Callable[[str], bool]]] = []
    if calamity == "volcanic_eruption":
        for v in sorted(graph.volcanoes.values(), key=lambda v: -sum(a in sited for a in v.areas)):
            touched = set(v.areas)
            out += [(a, touched.__contains__) for a in v.areas if a in sited][:1]
    elif calamity == "flood":
        for _, plain in sorted(graph.flood_plains.items(), key=lambda kv: -len(kv[1])):
            areas = set(plain)
            out.append((plain[len(plain) // 2], areas.__contains__))
    elif calamity in SEA_CALAMITIES:
        for sea in sorted(graph.seas.values(), key=lambda s: -sum(a in sited for a in s.borders)):
            borders = set(sea.borders)
            out += [(a, borders.__contains__) for a in sea.borders if a in sited][:1]
    out = out[:4]
    setup = choose_setup(data, GameConfig(players=["?"] * players))
    homes = [graph.start_areas[c] for c in setup.civilizations if c in graph.start_areas]
    coastal = {a for a, area in graph.areas.items() if area.coastal}
    out += [(h, coastal.__contains__) for h in homes]
    return out


def _order(graph: MapGraph, focus: str, prefer: Callable[[str], bool]) -> list[str]:
    """Areas by distance from `focus` over land (over water too once the land runs out: an
    island's neighbours); at each distance the preferred ones first."""
    seen = {focus}
    layer = [focus]
    out: list[str] = []
    while layer:
        layer.sort(key=lambda a: (not prefer(a), a))
        out += layer
        nxt = []
        for a in layer:
            for b in graph.land.get(a, ()):
                if b not in seen:
                    seen.add(b)
                    nxt.append(b)
        if not nxt:
            nxt = sorted({b for a in layer for b in graph.neighbours(a)} - seen)
            seen.update(nxt)
        layer = nxt
    return out


def _board(card: str, rules: str, graph: MapGraph, seed: int, players: int, data: GameData,
           focus: str, prefer: Callable[[str], bool], no_volcano: bool) -> GameState | None:
    config = GameConfig(players=[], seed=seed, ruleset=rules)
    config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
    state = new_game(config, graph, data)
    civs = list(state.players)
    board = Board()
    volcanic = {a for v in graph.volcanoes.values() for a in v.areas}
    order = _order(graph, focus, prefer)
    # the victim first and largest, then the others beside them
    shares = [(6, 20)] + [(3, 9)] * (len(civs) - 1)
    victim = civs[seed % len(civs)]
    ranked = [victim] + [c for c in civs if c != victim]
    used: set[str] = set()
    for civ, (cities, tokens) in zip(ranked, shares, strict=True):
        placed_cities = placed_tokens = 0
        for area in order:
            if area in used or (placed_cities >= cities and placed_tokens >= tokens):
                continue
            a = graph.areas[area]
            city_ok = a.site != "none" and not (no_volcano and civ == victim and area in volcanic)
            if city_ok and placed_cities < cities:
                board.cities[area] = civ
                placed_cities += 1
                used.add(area)
            elif a.pop > 0 and placed_tokens < tokens and not (a.site != "none"
                                                                and placed_cities < cities):
                n = min(a.pop, 3, tokens - placed_tokens)
                board.add(area, civ, n)
                placed_tokens += n
                used.add(area)
        if civ == victim and placed_cities == 0:
            return None
    _ships(state, board, ranked, prefer)
    state.board = board
    for pid, player in state.players.items():
        on_board = board.tokens_of(pid)
        player.treasury = 8
        player.stock = data.numbers["tokens_per_player"] - on_board - player.treasury
        player.census = on_board
        player.ast = 5
    _deal(state, data, card, victim, ranked[1])
    state.turn = TURN
    state.phase = "calamity_resolution"
    start_at(state, "calamity_resolution")
    return state


def _ships(state: GameState, board: Board, ranked: list[str],
           prefer: Callable[[str], bool]) -> None:
    for k, civ in enumerate(ranked[:3]):
        coast = [a for a in sorted(set(board.cities_of(civ)) | {
            a for a, h in board.tokens.items() if civ in h}) if state.map.areas[a].coastal]
        coast.sort(key=lambda a: not prefer(a))
        for area in coast[: (2 if k == 0 else 1)]:
            board.add_ships(area, civ, 1)


def _deal(state: GameState, data: GameData, card: str, victim: str, trader: str) -> None:
    """Three commodity cards each from the stacks, and the calamity to the victim."""
    calamities = set(data.rulesets[state.config.ruleset].calamities)
    for player in state.players.values():
        decks = state.stacks.get(player.block) or next(iter(state.stacks.values()))
        for deck in decks[:3]:
            pick = next((c for c in deck if c not in calamities), None)
            if pick is not None:
                deck.remove(pick)
                player.hand.append(HandCard(pick))
    for decks in state.stacks.values():
        for deck in decks:
            if card in deck:
                deck.remove(card)
                break
        else:
            continue
        break
    kind = data.rulesets[state.config.ruleset].calamities[card].kind
    state.players[victim].hand.append(HandCard(card, trader if kind == "tradable" else ""))
    for player in state.players.values():
        player.hand.sort(key=lambda h: (h.card, h.traded_by))


def _rehearse(state: GameState) -> tuple[int, list[str], set[type[Event]]]:
    """Resolve the calamity on a copy with the bots the client will seat (same seeds): how many
    animation steps it makes, the areas it touches, the kinds of event."""
    from ..anim.queue import touched
    from ..seat.session import Seat, seat_bot

    work = state.clone()
    bots = {pid: seat_bot(Seat.level, work.config.seed, i) for i, pid in enumerate(work.players)}
    events: list[Event] = list(advance(work))
    for _ in range(MAX_DECISIONS):
        if _resolved(events) or work.pending is None:
            break
        who = work.pending.player
        events += apply(work, Action(who, bots[who].choose(view(work, who))))
    events = events[: _resolved(events) or len(events)]
    steps = len(Builder().steps(events))
    areas = list(dict.fromkeys(a for e in events for a in touched(e)
                               if not isinstance(e, TokensPlaced)))
    return steps, areas, {type(e) for e in events}


def _resolved(events: list[Event]) -> int:
    """One past the CalamityResolved event, or 0."""
    for i, e in enumerate(events):
        if isinstance(e, CalamityResolved):
            return i + 1
    return 0
