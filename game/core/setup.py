"""Setting up a new game: civilizations, start tokens, credits and the preshuffled stacks."""

from __future__ import annotations

from .engine import advance
from .eventdeck.deck import start as start_events
from .eventdeck.model import Regions
from .eventdeck.regions import computed_regions
from .flow import push
from .gamedata import GROUPS, GameData, Setup, load_game_data
from .mapgraph import MapError, MapGraph
from .mapsetup import WHOLE_BOARD, in_play
from .rng import Rng
from .state import Board, GameConfig, GameState, Player
from .turn import Game


class SetupError(ValueError):
    """A configuration that cannot start a game (unknown civilization, no start area, ...)."""


def choose_setup(data: GameData, config: GameConfig) -> Setup:
    if config.setup:
        setup = data.setups.get(config.setup)
        if setup is None:
            raise SetupError(f"unknown set-up {config.setup!r}")
        return setup
    count = len(config.players) or 0
    options = data.setups_for(count) if count else ()
    if not options:
        raise SetupError(f"no set-up for {count} players (5 to 18 are supported)")
    if config.players:
        wanted = set(config.players)
        for setup in options:
            if set(setup.civilizations) == wanted:
                return setup
    return options[0]


def map_setup_for(graph: MapGraph, named: str, setup: str) -> str:
    """The map set-up a game plays: the one named, else the map's set-up of the same id as the
    trade-card set-up (the map build makes one per set-up), else on a map without set-ups
    (scenario and test maps) the whole board."""
    if named:
        return named
    if not graph.setups:
        return WHOLE_BOARD
    if setup not in graph.setups:
        raise SetupError(f"map {graph.id!r} has no set-up {setup!r}")
    return setup


def map_regions(graph: MapGraph) -> Regions:
    """The D10 region tables of a game on `graph` (the map as its set-up plays it): the map
    file's `regions`, out-of-play areas left out (game.core.mapsetup; a region emptied so stays
    empty, and a roll on it is rolled again, eventdeck/effects/markers.py), else computed."""
    if graph.regions:
        return Regions(west=tuple(graph.regions.get("west", ())),
                       east=tuple(graph.regions.get("east", ())))
    return computed_regions(graph)


def new_game(config: GameConfig, graph: MapGraph, data: GameData | None = None) -> GameState:
    """A game at its first decision. `config.players` may be empty: the set-up's civilizations
    play. The game is played on the map's set-up (`config.map_setup`): the map restricted to
    the areas in play, which must hold a start area for every civilization in play."""
    data = data or load_game_data()
    if config.ruleset not in data.rulesets:
        raise SetupError(f"unknown rule set {config.ruleset!r}")
    if config.ast_side not in ("basic", "expert"):
        raise SetupError(f"unknown A.S.T. side {config.ast_side!r}")
    if config.last_turn < 0:
        raise SetupError(f"the last turn must be 0 (none) or more, not {config.last_turn}")
    setup = choose_setup(data, config)
    civs = list(config.players) or list(setup.civilizations)
    unknown = [c for c in civs if c not in setup.civilizations]
    if unknown:
        raise SetupError(f"{', '.join(unknown)} not in set-up {setup.id}")
    ranked = [c for c in data.civilizations if c in civs]
    map_setup = map_setup_for(graph, config.map_setup, setup.id)
    try:
        graph = in_play(graph, map_setup)
    except MapError as err:
        raise SetupError(str(err)) from None
    missing = [c for c in ranked if c not in graph.start_areas]
    if missing:
        where = "" if map_setup == WHOLE_BOARD else f" in play in its set-up {map_setup}"
        raise SetupError(f"map {graph.id!r} has no start area for {', '.join(missing)}{where}")
    config.players = ranked
    config.setup = setup.id
    config.map_id = graph.id
    config.map_setup = map_setup
    block_of = {civ: block for block, members in setup.blocks.items() for civ in members}
    tokens = data.numbers["tokens_per_player"]
    players: dict[str, Player] = {}
    board = Board()
    for civ in ranked:
        player = Player(id=civ, stock=tokens - 1, block=block_of[civ])
        if setup.starting_credits:
            player.credits = {g: setup.starting_credits for g in GROUPS}
        players[civ] = player
        board.add(graph.start_areas[civ], civ, 1)
    rng = Rng.seeded(config.seed)
    state = GameState(config=config, map=graph, players=players, board=board, rng=rng, data=data)
    for block, stacks in setup.stacks.items():
        ruleset = data.rulesets[config.ruleset]
        in_block = len(setup.blocks.get(block, ())) or len(ranked)
        state.stacks[block] = [
            build_stack(
                rng,
                [c for c, n in s.commodities for _ in range(n)],
                [c.id for c in ruleset.in_stack(s.stack, setup.minors) if c.kind != "non_tradable"],
                [c.id for c in ruleset.in_stack(s.stack, setup.minors) if c.kind == "non_tradable"],
                in_block,
            )
            for s in sorted(stacks, key=lambda s: s.stack)
        ]
        state.discards[block] = [[] for _ in state.stacks[block]]
    if config.events is not None:
        start_events(state, map_regions(graph))
    push(state, Game())
    advance(state)
    return state


def build_stack(
    rng: Rng, commodities: list[str], shuffled_in: list[str], bottom: list[str], players: int
) -> list[str]:
    """The preshuffle (rules §3.4): shuffle the commodities, set aside one card per player, shuffle
    the tradable (and minor) calamities into the rest, put the non-tradable calamities at the
    bottom and the set-aside cards on top, so nobody draws a calamity on the first draw."""
    cards = list(commodities)
    rng.shuffle(cards)
    top, rest = cards[:players], cards[players:]
    rest += shuffled_in
    rng.shuffle(rest)
    under = list(bottom)
    rng.shuffle(under)
    return top + rest + under

