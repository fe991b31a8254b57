"""Out-of-play areas (rules §3.1: "areas that a given setup does not use are closed"): a game is
played on its map set-up, the board restricted to the areas in play, so no move, expansion,
city, ship, barbarian, pirate city, flood, cyclone, volcano or calamity choice reaches the rest.

Each rule test plays the same position twice on the real board, once on the whole board (what
the core did before set-ups were enforced) and once on the set-up, so it fails without them."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from game.bots import RandomBot
from game.core import Action, GameConfig, GameState, SetupError, apply, new_game, view
from game.core.calamities import barbarian_hordes, cyclone, flood, piracy, volcanic_eruption
from game.core.gamedata import load_game_data
from game.core.invariants import out_of_play_pieces, violations
from game.core.mapgraph import MapGraph
from game.core.mapsetup import WHOLE_BOARD, in_play, out_of_play
from game.core.phases import movement_reach, special_diaspora
from game.core.setup import choose_setup
from game.maps.files import load_map_file

MAP = Path(__file__).resolve().parents[2] / "maps" / "oikoumene.json"
ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


@cache
def board() -> MapGraph:
    return load_map_file(MAP)[0]


def game(players: int, map_setup: str = "", seed: int = 1, graph: MapGraph | None = None,
         **config: object) -> GameState:
    setup = choose_setup(load_game_data(), GameConfig(players=["?"] * players)).id
    setup = str(config.pop("setup", setup))
    cfg = GameConfig(players=[], setup=setup, map_setup=map_setup, seed=seed, **config)  # type: ignore[arg-type]
    return new_game(cfg, graph or board())


def pair(players: int = 5) -> tuple[GameState, GameState, frozenset[str]]:
    """The same new game on the set-up and on the whole board, and the areas out of play."""
    on_setup = game(players)
    whole = game(players, WHOLE_BOARD)
    return on_setup, whole, out_of_play(board(), on_setup.config.map_setup)


def clear(state: GameState) -> GameState:
    state.board.tokens.clear()
    state.board.cities.clear()
    state.board.ships.clear()
    return state


def test_a_game_started_without_a_map_set_up_gets_the_one_matching_its_civilizations() -> None:
    for players, expected in ((5, "5-west"), (9, "9-west"), (11, "11-east"), (18, "18")):
        state = game(players)
        assert state.config.map_setup == state.config.setup == expected
        assert set(board().setups[expected]["civilizations"]) == set(state.players)
        assert set(state.map.areas) == set(board().areas) - out_of_play(board(), expected)


def test_a_map_without_set_ups_plays_every_area() -> None:
    arena = load_map_file(ARENA)[0]
    state = game(5, graph=arena)
    assert state.config.map_setup == WHOLE_BOARD
    assert state.map is arena


def test_a_named_map_set_up_the_map_lacks_is_refused_in_one_line() -> None:
    with pytest.raises(SetupError, match="has no set-up 'atlantis'"):
        game(5, "atlantis")
    with pytest.raises(SetupError, match="no start area for .* in play in its set-up 5-east"):
        game(5, "5-east")  # the 5-west civilizations start out of play there


@pytest.mark.parametrize("sid", sorted(board().setups))
def test_the_set_up_map_holds_nothing_out_of_play(sid: str) -> None:
    """Areas, adjacency, straits, seas' borders and links, volcanoes, flood plains and start
    areas: none names an out-of-play area, and an open sea none of whose borders is in play is
    gone. Restricting again changes nothing."""
    full = board()
    out = out_of_play(full, sid)
    graph = in_play(full, sid)
    assert len(graph.areas) == len(full.areas) - len(out)
    named = set(graph.areas)
    for table in (graph.land, graph.water):
        assert set(table) == named and all(set(v) <= named for v in table.values())
    assert all(set(v) <= named and v for v in graph.flood_plains.values())
    assert all(set(s.borders) <= named and s.borders for s in graph.seas.values())
    assert {s.id for s in full.seas.values() if set(s.borders) - out} == set(graph.seas)
    assert all(set(v) <= set(graph.seas) for v in graph.sea_links.values())
    assert all(set(v.areas) <= named and v.areas for v in graph.volcanoes.values())
    assert all(set(p) <= named for p in graph.straits)
    assert set(graph.start_areas.values()) <= named
    assert in_play(graph, sid) is graph


def test_land_movement_never_enters_an_out_of_play_area() -> None:
    """Phase 3 (movement to an adjacent area): the land border into closed land is gone."""
    on_setup, whole, out = pair()
    area = next(a for a in on_setup.map.areas if set(board().land[a]) & out)
    player = next(iter(on_setup.players))
    for state in (clear(on_setup), clear(whole)):
        state.board.add(area, player, 3)
    assert set(movement_reach.land_targets(whole, player, area)) & out
    targets = movement_reach.land_targets(on_setup, player, area)
    assert targets and not set(targets) & out


def test_ships_never_sail_into_an_out_of_play_area_or_sea() -> None:
    """Phase 3 ship movement: water borders and open seas into closed areas are gone."""
    on_setup, whole, out = pair()
    player = next(iter(on_setup.players))
    area = next(a for a in on_setup.map.areas
                if on_setup.map.areas[a].coastal and set(board().water[a]) & out)
    assert set(movement_reach.ship_destinations(whole, player, area)) & out
    found = movement_reach.ship_destinations(on_setup, player, area)
    assert found and not set(found) & out


def test_an_area_whose_water_reaches_the_sea_only_through_closed_areas_stays_coastal() -> None:
    """Rules §2 (coastal: water reaching an open sea, directly or through other areas' water)
    with §3.1 ("Ships may pass through such areas but may not end a move or unload there"):
    5-east closes the coasts Yamhad's water runs to (Ugarit, Cilicia), yet Yamhad stays coastal
    and a ship there sails out through them, ending only in play. Before issue 34 it lost the
    flag and its ships had nowhere to go."""
    on_setup = game(5, setup="5-east")
    out = out_of_play(board(), "5-east")
    assert set(board().water["yamhad"]) <= out and not board().seas_of("yamhad")
    assert all(on_setup.map.areas[a].coastal == board().areas[a].coastal
               for a in on_setup.map.areas)
    player = next(iter(on_setup.players))
    clear(on_setup).board.cities["yamhad"] = player
    assert piracy.coastal_cities(on_setup, player) == ["yamhad"]
    found = movement_reach.ship_destinations(on_setup, player, "yamhad")
    assert found and not set(found) & out


def test_the_passage_holds_what_ships_pass_through_and_nothing_else() -> None:
    """Rules §3.1: the set-up's map keeps, for ship movement only, the water borders across
    out-of-play areas and the open seas beside them; everything else stays closed."""
    full = board()
    for sid in sorted(full.setups):
        out = out_of_play(full, sid)
        graph = in_play(full, sid)
        passage = graph.passage
        assert bool(passage) == bool(out)
        for a in {*full.areas}:
            whole = set(full.water[a])
            if a in out:
                assert set(graph.ship_water(a)) == whole
            else:
                assert set(graph.ship_water(a)) == whole and set(graph.water[a]) == whole - out
        for s in full.seas.values():
            assert set(graph.ship_sea_borders(s.id)) == set(s.borders)
            assert set(graph.ship_sea_links(s.id)) == set(full.sea_links.get(s.id, ()))
        assert MapGraph.from_dict(graph.to_dict()) == graph


def test_barbarian_hordes_never_enter_out_of_play_areas() -> None:
    """001:29.5.2.3: the horde's legal entry areas are all in play."""
    on_setup, whole, out = pair()
    assert set(barbarian_hordes.entry_areas(whole)) & out
    entries = barbarian_hordes.entry_areas(on_setup)
    assert entries and not set(entries) & out


def test_floods_cyclones_and_volcanoes_strike_only_areas_in_play() -> None:
    """001:29 Flood (a flood plain's areas), Cyclone (the cities bordering an open sea) and
    Volcanic Eruption (the areas a volcano touches) see only the board in play: 5-west keeps
    part of the Mesopotamian plain, closes Etna and Vesuvius, and parts of several seas."""
    on_setup, whole, out = pair(5)
    player = next(iter(on_setup.players))
    plains = [p for p, members in board().flood_plains.items()
              if set(members) & out and set(members) - out]
    assert plains
    for p in plains:
        assert set(flood.plain_areas(whole, p)) & out
        assert flood.plain_areas(on_setup, p) and not set(flood.plain_areas(on_setup, p)) & out
    seas = [s for s, sea in board().seas.items() if set(sea.borders) & out]
    assert seas
    for state in (clear(on_setup), clear(whole)):
        for sea in seas:
            for a in board().seas[sea].borders:
                if a in state.map.areas:
                    state.board.cities[a] = player
    for sea in seas:
        assert set(cyclone.exposed_cities(whole, player, sea)) & out
        if sea in on_setup.map.seas:
            assert not set(cyclone.exposed_cities(on_setup, player, sea)) & out
    closed = [v for v, vol in board().volcanoes.items() if not set(vol.areas) - out]
    assert closed
    for v in closed:
        for a in board().volcanoes[v].areas:
            whole.board.cities[a] = player
        assert v in volcanic_eruption._volcanoes(whole, player)
    assert not set(on_setup.map.volcanoes) & set(closed)
    assert set(volcanic_eruption._volcanoes(on_setup, player)) <= set(on_setup.map.volcanoes)


def test_a_calamity_choice_never_offers_an_out_of_play_area() -> None:
    """Diaspora (rules §8) sends tokens to any area with room: only areas in play."""
    on_setup, whole, out = pair()
    player = next(iter(on_setup.players))
    home = on_setup.map.start_areas[player]
    assert set(special_diaspora.targets(whole, player, home)) & out
    targets = special_diaspora.targets(on_setup, player, home)
    assert targets and not set(targets) & out


def test_the_invariants_name_anything_standing_out_of_play() -> None:
    on_setup, whole, out = pair()
    area = sorted(out)[0]
    player = next(iter(on_setup.players))
    on_setup.board.cities[area] = "pirate"
    on_setup.board.ships[area] = {player: 1}
    assert out_of_play_pieces(on_setup) == [f"a city in {area}, which is not in play",
                                            f"ships in {area}, which is not in play"]
    assert set(out_of_play_pieces(on_setup)) <= set(violations(on_setup))
    whole.board.cities[area] = "pirate"
    assert out_of_play_pieces(whole) == []  # on the whole board that area is in play


_WORD = re.compile(r"[a-z0-9_]+")


@pytest.mark.parametrize("players", [5, 12])
def test_random_play_on_the_real_board_offers_and_leaves_nothing_out_of_play(players: int) -> None:
    """Random bots for a few turns: no decision names an out-of-play area, sea, volcano or flood
    plain, and the invariants (nothing standing out of play) hold after every action."""
    state = game(players, seed=3, max_turns=12)
    full = board()
    data = load_game_data()
    known = {*data.civilizations, *data.commodities, *data.advances}
    known |= {c for r in data.rulesets.values() for c in r.calamities}
    closed = (set(full.areas) - set(state.map.areas)) | (set(full.seas) - set(state.map.seas))
    closed |= set(full.volcanoes) - set(state.map.volcanoes)
    closed |= set(full.flood_plains) - set(state.map.flood_plains)
    closed -= known
    bots = {pid: RandomBot(7 + i) for i, pid in enumerate(state.players)}
    actions = 0
    while not state.game_over and state.pending is not None:
        named = {w for o in state.pending.options for w in _WORD.findall(o)}
        assert not named & closed, f"offered out of play: {sorted(named & closed)[:5]}"
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
        actions += 1
        assert not out_of_play_pieces(state)
    assert actions > 100


@pytest.mark.slow
@pytest.mark.parametrize("players", [5, 6, 9, 12, 18])
def test_normal_bot_games_on_the_real_board_end_with_nothing_out_of_play(players: int) -> None:
    """Whole games of normal bots: before set-ups were enforced a 5-player game ended with some
    20 occupied out-of-play areas. Checked after every action, and at the end against the map
    file's own list."""
    from game.bots import make_bot

    state = game(players, seed=1)
    bots = {pid: make_bot("normal", 1000 + i) for i, pid in enumerate(state.players)}
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
        assert not out_of_play_pieces(state), out_of_play_pieces(state)
    assert state.game_over
    standing = {*state.board.tokens, *state.board.cities, *state.board.ships}
    assert standing and not standing & out_of_play(board(), state.config.setup)
