"""The map file's D10 region tables (`regions`, issue 18; EVENTS.md §2): validate-map refuses a
broken table with one line naming the problem; a game takes the file's regions (only the areas
its set-up has in play) and computes them only for a map without; the tables stay out of the map
digest, so saves made before them still find their board."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.core import GameConfig, GameState, map_digest, new_game
from game.core.eventdeck.effects.markers import marked_areas, roll_region
from game.core.eventdeck.log import EventCheck
from game.core.eventdeck.model import EventsOptions, Marker, Regions
from game.core.eventdeck.regions import computed_regions
from game.core.events import Event
from game.core.gamedata import load_game_data
from game.core.mapgraph import MapGraph
from game.core.mapsetup import in_play
from game.core.setup import choose_setup
from game.maps.checks import check_map
from game.maps.files import load_map_file, validate_map_file
from game.maps.parse import graph_from_map_dict
from game.persist.saves import installed_map, read_save

ROOT = Path(__file__).resolve().parent.parent
ARENA = ROOT / "tests" / "maps" / "arena.json"
OIKOUMENE = ROOT / "maps" / "oikoumene.json"
OLD_SAVE = ROOT / "tests" / "persist" / "old" / "format-2-oikoumene.json"
PRE_ISSUE_34_SETUPS = ROOT / "tests" / "persist" / "old" / "oikoumene-setups-before-issue-34.json"


def _column(ids: set[str], x: int, ys: range | list[int]) -> list[str]:
    return [f"a{x:02d}{y}" for y in ys if f"a{x:02d}{y}" in ids]


def arena_with_regions() -> dict[str, Any]:
    """The arena (16 x 6 cells, ids aXY) with a clean table: each half is eight columns, the
    first two cut into a northern and a southern region, so ten regions."""
    data: dict[str, Any] = json.loads(ARENA.read_text(encoding="utf-8"))
    ids = {a["id"] for a in data["areas"]}

    def half(x0: int) -> list[list[str]]:
        cut = [_column(ids, x0 + x, ys) for x in (0, 1) for ys in ([1, 2, 3], [4, 5, 6])]
        return cut + [_column(ids, x0 + x, range(1, 7)) for x in range(2, 8)]

    data["regions"] = {"west": half(0), "east": half(8)}
    return data


def only_problem(data: dict[str, Any]) -> str:
    problems = check_map(data)
    assert len(problems) == 1, problems
    return problems[0]


# --- validate-map -----------------------------------------------------------------------------


def test_a_clean_region_table_passes_validate_map() -> None:
    assert check_map(arena_with_regions()) == []


def test_the_shipped_board_has_two_halves_of_ten_regions_covering_every_land_area() -> None:
    ok, report = validate_map_file(OIKOUMENE)
    assert ok, report
    assert "D10 regions: west 10 (191 areas); east 10 (180 areas)" in report.splitlines()
    graph, _ = load_map_file(OIKOUMENE)
    placed = [a for table in graph.regions.values() for region in table for a in region]
    assert sorted(placed) == sorted(graph.areas)
    assert graph.regions["west"][0][:2] == ("gallaecia", "cantabri")  # 1: Hispania
    assert "babylon" in graph.regions["east"][5]  # 6: Mesopotamia and Elam


def test_regions_refuse_a_missing_half() -> None:
    data = arena_with_regions()
    del data["regions"]["east"]
    assert only_problem(data) == ("regions.east: missing (the D10 tables need both halves, "
                                  "west and east)")


def test_regions_refuse_a_half_of_other_than_ten_regions() -> None:
    data = arena_with_regions()
    west = data["regions"]["west"]
    data["regions"]["west"] = [west[0] + west[1], *west[2:]]  # column 0 whole: still a patch
    assert only_problem(data) == ("regions.west: must list 10 regions (one per face of the D10), "
                                  "got 9")


def test_regions_refuse_an_unknown_area() -> None:
    data = arena_with_regions()
    data["regions"]["west"][0].append("atlantis")
    assert only_problem(data) == "regions.west[0][3]: unknown area 'atlantis'"


def test_regions_refuse_an_open_sea() -> None:
    data = arena_with_regions()
    data["regions"]["east"][9].append("mare_orientale")
    assert only_problem(data) == ("regions.east[9][6]: 'mare_orientale' is an open sea, not a "
                                  "land area")


def test_regions_refuse_an_area_in_two_regions() -> None:
    data = arena_with_regions()
    data["regions"]["west"][0].append("a011")  # west 3's, beside a001
    assert only_problem(data) == "regions.west[2][0]: a011 is already in region west 1"


def test_regions_refuse_a_land_area_left_out() -> None:
    data = arena_with_regions()
    data["regions"]["west"][0].remove("a003")
    assert only_problem(data) == ("regions: every land area must be in a region; a003 is in "
                                  "none")


def test_regions_refuse_an_empty_region() -> None:
    data = arena_with_regions()
    west = data["regions"]["west"]
    west[0] += west[1]
    west[1] = []
    assert only_problem(data) == ("regions.west[1]: region 2 is empty (a region needs at least "
                                  "one land area)")


def test_regions_refuse_a_region_in_two_pieces() -> None:
    data = arena_with_regions()
    west = data["regions"]["west"]
    west[0].remove("a003")
    west[9].append("a003")  # column 7 is far from column 0
    assert only_problem(data) == ("regions.west[9]: region west 10 is not one patch of the board "
                                  "(by land, strait, water or open sea): a003 cannot be reached "
                                  "from a071")


def test_regions_of_the_wrong_shape_are_one_line_each() -> None:
    for bad, expected in [
        ([], "regions: must be an object, got a list of 0"),
        ({"west": [], "east": [], "north": []}, "regions.north: unknown key"),
        ({"west": "a001"}, "regions.west: must be a list, got 'a001'"),
        ({"west": [["a001"], "a002", *[[]] * 8]}, "regions.west[1]: must be a list, got 'a002'"),
    ]:
        data = arena_with_regions()
        data["regions"] = {**data["regions"], **bad} if isinstance(bad, dict) else bad
        problems = check_map(data)
        assert problems[0] == expected
        assert all("\n" not in p for p in problems)


# --- the game ---------------------------------------------------------------------------------


def arena_game(graph: MapGraph, map_setup: str = "") -> GameState:
    setup = choose_setup(load_game_data(), GameConfig(players=["?"] * 5))
    config = GameConfig(players=[], setup=setup.id, seed=1, events=EventsOptions(),
                        map_setup=map_setup)
    return new_game(config, graph)


def test_a_new_game_takes_the_map_files_regions() -> None:
    data = arena_with_regions()
    state = arena_game(graph_from_map_dict(data))
    assert state.eventdeck is not None
    assert state.eventdeck.regions == Regions(
        west=tuple(tuple(r) for r in data["regions"]["west"]),
        east=tuple(tuple(r) for r in data["regions"]["east"]))
    assert state.eventdeck.regions != computed_regions(state.map)


def test_a_map_without_regions_gets_them_computed() -> None:
    del (data := arena_with_regions())["regions"]
    state = arena_game(graph_from_map_dict(data))
    assert state.eventdeck is not None
    assert state.eventdeck.regions == computed_regions(state.map)


def test_regions_leave_the_map_digest_as_it_was_and_travel_with_a_saved_map() -> None:
    with_regions = graph_from_map_dict(arena_with_regions())
    del (data := arena_with_regions())["regions"]
    without = graph_from_map_dict(data)
    assert with_regions.regions and not without.regions
    assert map_digest(with_regions) == map_digest(without)
    assert "regions" not in without.to_dict()  # a map without tables is written as before
    again = MapGraph.from_dict(with_regions.to_dict())  # a save's embedded map keeps them
    assert again.regions == with_regions.regions


def test_an_events_game_on_the_real_map_replays_from_its_save(tmp_path) -> None:
    """A replay starts a new game on the save's embedded map: the regions must come with it, or
    the D10 rolls land elsewhere and the log no longer reaches the game."""
    from game import simulate
    from game.bots import make_bot
    from game.core import Action, view
    from game.persist import GameRecord, read_save, verify, write_save

    state = simulate.new_state(5, 7, "classic", simulate.resolve_map(None), events=True)
    assert state.map.regions
    record = GameRecord.begin(state, from_new_game=True)
    bots = {p: make_bot("normal", i) for i, p in enumerate(state.players)}
    while state.turn <= 3:
        pending = state.pending
        assert pending is not None
        record.apply(state, Action(pending.player,
                                   bots[pending.player].choose(view(state, pending.player))))
    game = read_save(write_save(tmp_path / "events.json", record, state))
    assert game.state.map.regions == state.map.regions
    assert verify(game).actions == len(record.actions)


def test_a_save_made_before_the_regions_still_finds_the_installed_board(tmp_path: Path) -> None:
    """The regions are outside the map's digest: a save made on the board before them finds
    the board with them. (The save was made on the board before issue 34 changed its set-ups,
    which are in the digest: that board, with today's regions, is rebuilt here.)"""
    game = read_save(OLD_SAVE)
    data = json.loads(OIKOUMENE.read_text(encoding="utf-8"))
    data["setups"] = json.loads(PRE_ISSUE_34_SETUPS.read_text(encoding="utf-8"))
    (tmp_path / "oikoumene.json").write_text(json.dumps(data), encoding="utf-8")
    assert data["regions"]
    assert installed_map(game, tmp_path) == tmp_path / "oikoumene.json"
    assert installed_map(game) is None  # today's board has other set-ups


def test_a_set_up_keeps_only_the_areas_in_play_and_the_numbers_of_the_regions() -> None:
    data = arena_with_regions()
    west = data["regions"]["west"]
    data["setups"] = {"small": {"out_of_play": [*west[0], "a014"]}}
    graph = in_play(graph_from_map_dict(data), "small")
    assert graph.regions["west"][0] == ()  # emptied: west 1 strikes nothing on this board
    assert graph.regions["west"][3] == ("a015", "a016")
    assert graph.regions["west"][4:] == tuple(tuple(r) for r in west[4:])
    assert graph.regions["east"] == tuple(tuple(r) for r in data["regions"]["east"])


def test_a_d10_roll_on_a_region_out_of_play_is_rolled_again() -> None:
    data = arena_with_regions()
    data["setups"] = {"small": {"out_of_play": data["regions"]["west"][0]}}
    state = arena_game(graph_from_map_dict(data), "small")
    deck = state.eventdeck
    assert deck is not None and deck.regions.west[0] == ()
    deck.d2, deck.d10 = [True, True], [1, 5]
    events: list[Event] = []
    player = next(iter(state.players))
    assert roll_region(state, "famine", player, "000:event:26", events) == "west:5"
    assert [e.result for e in events if isinstance(e, EventCheck)] == ["west:1", "west:5"]


def test_a_d10_roll_on_the_shipped_board_strikes_the_file_region_in_play() -> None:
    graph, _ = load_map_file(OIKOUMENE)
    setup = choose_setup(load_game_data(), GameConfig(players=["?"] * 5))
    state = new_game(GameConfig(players=[], setup=setup.id, seed=1, events=EventsOptions()),
                     graph)
    deck = state.eventdeck
    assert deck is not None and state.config.map_setup == setup.id
    deck.d2, deck.d10 = [False], [6]
    player = next(iter(state.players))
    region = roll_region(state, "plague", player, "000:event:46", [])
    assert region == "east:6"
    struck = marked_areas(state, Marker("plague", 1, region=region))
    in_file = graph.regions["east"][5]  # Mesopotamia and Elam
    assert struck == tuple(a for a in in_file if a in state.map.areas)
    assert 0 < len(struck) < len(in_file)  # 5-west has part of Mesopotamia out of play

