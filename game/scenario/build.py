"""Building the game state a scenario describes: its inline map, players, board and decks."""

from __future__ import annotations

from typing import Any

from game.core import (
    BARBARIANS,
    PIRATE,
    Area,
    Board,
    GameConfig,
    GameData,
    GameState,
    HandCard,
    MapGraph,
    Player,
    Rng,
    Sea,
    Volcano,
    build_stack,
    in_play,
)

from .errors import ScenarioError
from .parse import Scenario


def build_map(raw: dict[str, Any]) -> MapGraph:
    """The scenario's inline map. Beyond SCENARIOS.md (old files stay valid): `out_of_play`, a
    list of the map's areas the game's set-up leaves out of play (rules §3.1); the game is
    played on the rest (game.core.mapsetup), ships passing through them."""
    extra = set(raw) - {"land", "water", "edge", "areas", "seas", "volcanoes", "start_areas",
                        "out_of_play"}
    if extra:
        raise ScenarioError(f"map.{sorted(extra)[0]}", "unknown key")
    areas_raw = raw.get("areas", {})
    if not isinstance(areas_raw, dict) or not areas_raw:
        raise ScenarioError("map.areas", "a scenario map needs at least one area")
    edge = set(_ids(raw.get("edge", []), "map.edge"))
    areas: dict[str, Area] = {}
    plains: dict[str, list[str]] = {}
    for aid in sorted(areas_raw):
        spec = areas_raw[aid]
        where = f"map.areas.{aid}"
        if not isinstance(spec, dict):
            raise ScenarioError(where, "expected a table")
        extra = set(spec) - {"pop", "site", "coast", "flood", "name"}
        if extra:
            raise ScenarioError(f"{where}.{sorted(extra)[0]}", "unknown key")
        pop = spec.get("pop", 0)
        if type(pop) is not int or not 0 <= pop <= 5:
            raise ScenarioError(f"{where}.pop", f"must be an integer 0-5, got {pop!r}")
        site = spec.get("site", "none")
        if site not in ("none", "white", "black"):
            raise ScenarioError(f"{where}.site", f"must be none, white or black, got {site!r}")
        coast = spec.get("coast", False)
        if type(coast) is not bool:
            raise ScenarioError(f"{where}.coast", f"must be true or false, got {coast!r}")
        flood = spec.get("flood")
        if flood is not None and not isinstance(flood, str):
            raise ScenarioError(f"{where}.flood", f"must be a flood-plain id, got {flood!r}")
        if flood:
            plains.setdefault(flood, []).append(aid)
        areas[aid] = Area(
            id=aid, name=str(spec.get("name", aid)), pop=pop, site=site, coastal=coast,
            flood_plain=flood, block=None, edge=aid in edge,
        )
    for aid in edge:
        if aid not in areas:
            raise ScenarioError("map.edge", f"unknown area {aid!r}")
    land = _adjacency(raw.get("land", []), "map.land", areas)
    water = _adjacency(raw.get("water", []), "map.water", areas)
    seas: dict[str, Sea] = {}
    for sid, spec in _table(raw.get("seas", {}), "map.seas").items():
        spec = _table(spec, f"map.seas.{sid}")
        extra = set(spec) - {"open", "borders", "name"}
        if extra:
            raise ScenarioError(f"map.seas.{sid}.{sorted(extra)[0]}", "unknown key")
        if spec.get("open", True) is not True:
            continue  # only open seas matter to the rules
        borders = _ids(spec.get("borders", []), f"map.seas.{sid}.borders")
        _known(borders, areas, f"map.seas.{sid}.borders")
        seas[sid] = Sea(id=sid, name=str(spec.get("name", sid)), borders=tuple(sorted(borders)))
    volcanoes: dict[str, Volcano] = {}
    for vid, touched in _table(raw.get("volcanoes", {}), "map.volcanoes").items():
        ids = _ids(touched, f"map.volcanoes.{vid}")
        _known(ids, areas, f"map.volcanoes.{vid}")
        volcanoes[vid] = Volcano(id=vid, name=vid, areas=tuple(sorted(ids)))
    starts = {str(civ): str(area)
              for civ, area in _table(raw.get("start_areas", {}), "map.start_areas").items()}
    _known(sorted(starts.values()), areas, "map.start_areas")
    # areas the game's set-up leaves out of play (rules §3.1): the game is played on the rest
    out = _ids(raw.get("out_of_play", []), "map.out_of_play")
    _known(out, areas, "map.out_of_play")
    graph = MapGraph(
        id="scenario",
        areas=areas,
        land=land,
        water=water,
        seas=dict(sorted(seas.items())),
        volcanoes=dict(sorted(volcanoes.items())),
        flood_plains={p: tuple(sorted(a)) for p, a in sorted(plains.items())},
        straits=(),
        start_areas=starts,
        setups={"scenario": {"out_of_play": sorted(out)}} if out else {},
    )
    return in_play(graph, "scenario") if out else graph


def build_state(scenario: Scenario, data: GameData) -> GameState:
    graph = build_map(scenario.map)
    ranked = [c for c in data.civilizations if c in scenario.players]
    tokens_each = data.numbers["tokens_per_player"]
    board = Board()
    players: dict[str, Player] = {}
    for pid in ranked:
        spec = scenario.players[pid]
        where = f"players.{pid}"
        if len(spec.cities) > data.numbers["cities_per_player"]:
            raise ScenarioError(f"{where}.cities", "more cities than a player owns")
        if sum(spec.ships.values()) > data.numbers["ships_per_player"]:
            raise ScenarioError(f"{where}.ships", "more ships than a player owns")
        for area in spec.cities:
            _known([area], graph.areas, f"{where}.cities")
            if area in board.cities:
                raise ScenarioError(f"{where}.cities", f"{area} already holds a city")
            board.cities[area] = pid
        for area, n in spec.tokens.items():
            _known([area], graph.areas, f"{where}.tokens")
            if n:
                board.add(area, pid, n)
        for area, n in spec.ships.items():
            _known([area], graph.areas, f"{where}.ships")
            if n:
                board.add_ships(area, pid, n)
        on_board = sum(spec.tokens.values())
        stock, treasury = _split(spec.stock, spec.treasury, tokens_each - on_board, where)
        players[pid] = Player(
            id=pid, stock=stock, treasury=treasury, advances=list(spec.advances),
            hand=sorted(
                (HandCard(c, by) for c, by in spec.hand), key=lambda h: (h.card, h.traded_by)
            ),
            ast=spec.ast, census=on_board,
        )
    for area, n in scenario.barbarian_tokens.items():
        _known([area], graph.areas, "barbarians.tokens")
        if n:
            board.add(area, BARBARIANS, n)
    for area in scenario.pirate_cities:
        _known([area], graph.areas, "barbarians.pirate_cities")
        if area in board.cities:
            raise ScenarioError("barbarians.pirate_cities", f"{area} already holds a city")
        board.cities[area] = PIRATE
    # Decks come from the smallest set-up with room for everyone, all players in one block.
    setup = data.setups_for(max(5, len(ranked)))[0]
    block = next(iter(setup.stacks))
    for player in players.values():
        player.block = block
    config = GameConfig(players=ranked, ruleset=scenario.ruleset, ast_side=scenario.ast_side,
                        setup=setup.id, map_id=graph.id, seed=scenario.seed)
    rng = Rng.seeded(scenario.seed)
    state = GameState(config=config, map=graph, players=players, board=board, rng=rng)
    ruleset = data.rulesets[scenario.ruleset]
    held = [h.card for p in players.values() for h in p.hand]
    decks = []
    for stack in sorted(setup.stacks[block], key=lambda s: s.stack):
        cards = [c for c, n in stack.commodities for _ in range(n)]
        calamities = ruleset.in_stack(stack.stack, setup.minors)
        deck = build_stack(
            rng, cards, [c.id for c in calamities if c.kind != "non_tradable"],
            [c.id for c in calamities if c.kind == "non_tradable"], len(ranked),
        )
        for card in list(held):  # a card in a hand is not also in a deck
            if card in deck:
                deck.remove(card)
                held.remove(card)
        decks.append(deck)
    state.stacks[block] = decks
    state.discards[block] = [[] for _ in decks]
    return state


def _split(stock: int | None, treasury: int | None, free: int, where: str) -> tuple[int, int]:
    if free < 0:
        raise ScenarioError(f"{where}.tokens", "more than 55 tokens on the board")
    if stock is not None and treasury is not None:
        if stock + treasury != free:
            raise ScenarioError(
                where,
                f"board + stock + treasury must be 55, got {55 - free} + {stock} + {treasury}",
            )
        return stock, treasury
    if stock is not None:
        if stock > free:
            raise ScenarioError(f"{where}.stock", f"at most {free} tokens are left for stock")
        return stock, free - stock
    if treasury is not None:
        if treasury > free:
            raise ScenarioError(f"{where}.treasury", f"at most {free} tokens are left for treasury")
        return free - treasury, treasury
    return free, 0


def _adjacency(raw: Any, where: str, areas: dict[str, Area]) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, list):
        raise ScenarioError(where, "expected a list of [area, area] pairs")
    links: dict[str, set[str]] = {a: set() for a in areas}
    for pair in raw:
        pair_ok = isinstance(pair, list) and len(pair) == 2
        if not (pair_ok and all(isinstance(a, str) for a in pair)):
            raise ScenarioError(where, f"expected [area, area], got {pair!r}")
        a, b = pair
        _known([a, b], areas, where)
        if a == b:
            raise ScenarioError(where, f"{a} cannot be adjacent to itself")
        links[a].add(b)
        links[b].add(a)
    return {a: tuple(sorted(n)) for a, n in links.items()}


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(where, "expected a table")
    return value


def _ids(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(where, "expected a list of area ids")
    return list(value)


def _known(ids: list[str], areas: Any, where: str) -> None:
    for aid in ids:
        if aid not in areas:
            raise ScenarioError(where, f"unknown area {aid!r}")
