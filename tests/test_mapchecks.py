"""Map files read and checked (game/maps/parse.py, game/maps/checks.py): a file dict -> MapGraph,
MapError naming the key for a broken one, every problem listed by the checks (rules §2), and
the validate-map summary."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from game.core.mapgraph import SITES, Area, MapError, MapGraph
from game.maps.checks import CIVILIZATIONS, check_map, map_summary
from game.maps.parse import graph_from_map_dict

MAPS = Path(__file__).resolve().parent / "maps"
TEST_MAPS = ["tiny", "islands"]


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def index(data: dict[str, Any], area: str) -> int:
    return next(i for i, a in enumerate(data["areas"]) if a["id"] == area)


def area_of(data: dict[str, Any], area: str) -> dict[str, Any]:
    found: dict[str, Any] = data["areas"][index(data, area)]
    return found


@pytest.fixture
def tiny() -> dict[str, Any]:
    return load("tiny")


@pytest.fixture
def tiny_graph(tiny: dict[str, Any]) -> MapGraph:
    return graph_from_map_dict(tiny, require_geometry=True)


def only_problem(data: dict[str, Any]) -> str:
    problems = check_map(data)
    assert len(problems) == 1, problems
    return problems[0]


# --- the test maps ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", TEST_MAPS)
def test_the_test_maps_load_and_pass_every_check(name: str) -> None:
    data = load(name)
    assert check_map(data) == []
    graph = graph_from_map_dict(data, require_geometry=True)
    assert graph.id == name
    assert list(graph.areas) == sorted(graph.areas)


def test_a_rules_only_dict_is_enough_for_a_graph() -> None:
    g = graph_from_map_dict({"id": "t", "areas": [{"id": "x", "pop": 2}]})
    assert g.areas["x"] == Area(id="x", name="x", pop=2, site="none", coastal=False,
                                flood_plain=None, block=None, edge=False)
    assert g.land == {"x": ()} and g.seas == {} and g.straits == ()


def test_summary_counts_areas_sites_features_and_population(tiny_graph: MapGraph) -> None:
    text = map_summary(tiny_graph)
    assert text.splitlines()[0] == "Map tiny (Tiny test board)"
    assert "land areas: 13 (8 coastal, 5 on the map edge); open seas: 2" in text
    assert "city sites: 6 white, 3 black; 4 areas without a site" in text
    assert "flood plains: 1 (2 areas); volcanoes: 1; straits: 1" in text
    assert "start areas: 8 (" in text
    assert ("population limit: total 30; west 14 in 5 areas; east 14 in 7 areas; "
            "no block 2 in 1 area") in text
    assert "west" not in map_summary(graph_from_map_dict(load("islands")))


# --- broken maps: shape and types raise MapError naming the key --------------------------------


@pytest.mark.parametrize(("value", "shown"), [(7, "7"), (-1, "-1"), ("3", "'3'"),
                                              (True, "true"), (2.5, "2.5"), (None, "null")])
def test_population_limit_out_of_range_names_the_key(
    tiny: dict[str, Any], value: Any, shown: str
) -> None:
    tiny["areas"][3]["pop"] = value
    with pytest.raises(MapError) as err:
        graph_from_map_dict(tiny)
    assert str(err.value) == f"areas[3].pop: must be an integer 0-5, got {shown}"
    assert only_problem(tiny) == str(err.value)


def test_a_pair_naming_an_unknown_area_is_reported(tiny: dict[str, Any]) -> None:
    tiny["adjacency"]["land"].append(["borea", "atlantis"])
    with pytest.raises(MapError, match=r"adjacency\.land\[15\]\[1\]: unknown area 'atlantis'"):
        graph_from_map_dict(tiny)
    assert only_problem(tiny) == "adjacency.land[15][1]: unknown area 'atlantis'"


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda d: d["seas"][0]["borders"].append("atlantis"),
     "seas[0].borders[7]: unknown area 'atlantis'"),
    (lambda d: d["volcanoes"][0]["areas"].append("atlantis"),
     "volcanoes[0].areas[2]: unknown area 'atlantis'"),
    (lambda d: d["flood_plains"][0]["areas"].append("atlantis"),
     "flood_plains[0].areas[2]: unknown area 'atlantis'"),
    (lambda d: d["straits"][0].update(areas=["insula", "atlantis"]),
     "straits[0].areas[1]: unknown area 'atlantis'"),
    (lambda d: d["start_areas"].update(egypt="atlantis"),
     "start_areas.egypt: unknown area 'atlantis'"),
    (lambda d: d["edge_areas"].append("atlantis"), "edge_areas[5]: unknown area 'atlantis'"),
    (lambda d: d["areas"][0].update(flood_plain="tigris"),
     "areas[0].flood_plain: unknown flood plain 'tigris'"),
    (lambda d: d["adjacency"]["water"].append(["borea", "borea"]),
     "adjacency.water[9]: 'borea' cannot be paired with itself"),
    (lambda d: d["areas"][1].update(id="borea"),
     "areas[1].id: duplicate id 'borea' (also areas[0])"),
    (lambda d: d["seas"][1].update(id="borea"), "seas[1].id: 'borea' is already the id of an area"),
    (lambda d: d["areas"][0].update(site="gold"),
     "areas[0].site: must be one of none, white, black, got 'gold'"),
    (lambda d: d["areas"][0].update(block="north"),
     "areas[0].block: must be one of null, west, east, got 'north'"),
    (lambda d: d["areas"][0].update(coastal="yes"), "areas[0].coastal: must be true or false, "
                                                    "got 'yes'"),
    (lambda d: d["areas"][0].update(id="Borea"),
     "areas[0].id: must be an id of lowercase letters, digits and _, got 'Borea'"),
    (lambda d: d.update(areas={"borea": {}}), "areas: must be a list, got an object"),
    (lambda d: d["areas"].append("mons"), "areas[13]: must be an object, got 'mons'"),
    (lambda d: d.update(format=2), "format: unsupported map format 2 (this version reads 1)"),
    (lambda d: d.update(bounds=[0, 0, 10]),
     "bounds: must be [minx, miny, maxx, maxy], got a list of 3"),
    (lambda d: d["areas"][0].update(label=[1, float("nan")]),
     "areas[0].label[1]: must be a finite number, got nan"),
    (lambda d: d["areas"][0].update(polygons=5), "areas[0].polygons: must be a list, got 5"),
    (lambda d: d["rivers"][0].update(points=[[1, 2], "x"]),
     "rivers[0].points[1]: must be a point [x, y], got 'x'"),
    # one bad point among good ones in a polygon is named exactly
    (lambda d: d["areas"][0]["polygons"][0].__setitem__(1, [True, 400]),
     "areas[0].polygons[0][1][0]: must be a finite number, got true"),
    (lambda d: d["areas"][0]["polygons"][0].__setitem__(2, [300, "600"]),
     "areas[0].polygons[0][2][1]: must be a finite number, got '600'"),
    (lambda d: d["areas"][0]["polygons"][0].__setitem__(1, [300, 400, 0]),
     "areas[0].polygons[0][1]: must be a point [x, y], got a list of 3"),
    (lambda d: d["areas"][0]["polygons"][0].__setitem__(3, [float("inf"), 600]),
     "areas[0].polygons[0][3][0]: must be a finite number, got inf"),
    (lambda d: d["seas"][0]["polygons"][0].__setitem__(0, [10**400, 0]),
     "seas[0].polygons[0][0][0]: must be a finite number, got a very large number"),
    (lambda d: d["rivers"][0]["points"].__setitem__(1, [float("nan"), 2]),
     "rivers[0].points[1][0]: must be a finite number, got nan"),
    (lambda d: d.update(off_board=5), "off_board: must be a list, got 5"),
    (lambda d: d.update(off_board=[[[0, 0], [10, 0], [5, "north"]]]),
     "off_board[0][2][1]: must be a finite number, got 'north'"),
    (lambda d: d.update(colour="red"), "colour: unknown key"),
    (lambda d: d["adjacency"].update(sea=[]), "adjacency.sea: unknown key"),
    (lambda d: d["start_areas"].update({"New Civ": "borea"}),
     "start_areas.New Civ: a civilization id must be lowercase letters, digits and _"),
])
def test_shape_problems_raise_map_error_naming_the_key(
    tiny: dict[str, Any], edit: Any, expected: str
) -> None:
    edit(tiny)
    with pytest.raises(MapError) as err:
        graph_from_map_dict(tiny, require_geometry=True)
    assert str(err.value) == expected
    assert "\n" not in str(err.value)
    assert expected in check_map(tiny)


@pytest.mark.parametrize("data", [None, [], "map", 3, {"areas": None}, {"areas": [None]},
                                  {"areas": [{"id": 5}]}, {"areas": [], "adjacency": []},
                                  {"areas": [], "start_areas": []},
                                  {"areas": [{"id": "a", "polygons": [[1, 2]]}]},
                                  {"areas": [{"id": "a"}], "adjacency": {"land": [["a"]]}},
                                  {"areas": [{"id": "a", "pop": 10**400}]}])
def test_garbage_gives_map_error_never_key_or_type_error(data: Any) -> None:
    with pytest.raises(MapError):
        graph_from_map_dict(data)
    problems = check_map(data)
    assert problems and all(isinstance(p, str) for p in problems)


def test_random_damage_never_crashes_the_loader_or_the_checks() -> None:
    base = load("tiny")
    rng = random.Random(20240607)
    junk: list[Any] = [None, True, 0, -3, 9, 1.5, "", "x", "borea", [], [1], ["a", "b"], {},
                       {"id": "q"}, [[0, 0]], 10**50, float("inf")]

    def containers(node: Any) -> list[Any]:
        found = [node] if isinstance(node, dict | list) and node else []
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) \
            else []
        for child in children:
            found += containers(child)
        return found

    for _ in range(400):
        data = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            target = rng.choice(containers(data))
            key = rng.choice(list(target)) if isinstance(target, dict) \
                else rng.randrange(len(target))
            if rng.random() < 0.2 and isinstance(target, dict):
                del target[key]
            else:
                target[key] = copy.deepcopy(rng.choice(junk))
        problems = check_map(data)
        assert all(isinstance(p, str) and "\n" not in p for p in problems)
        with contextlib.suppress(MapError):
            graph_from_map_dict(data, require_geometry=True)


# --- broken maps: the deeper checks ------------------------------------------------------------


def test_unknown_civilization_as_start(tiny: dict[str, Any]) -> None:
    tiny["start_areas"]["atlantean"] = "meridies"
    assert only_problem(tiny) == "start_areas.atlantean: unknown civilization 'atlantean'"
    graph_from_map_dict(tiny)  # the graph itself does not judge civilizations


def test_start_area_needs_population_and_its_own_area(tiny: dict[str, Any]) -> None:
    tiny["start_areas"]["nubia"] = "desertum"
    assert only_problem(tiny) == ("start_areas.nubia: area desertum has population limit 0; "
                                  "a starting location needs at least 1")
    tiny["start_areas"]["nubia"] = "borea"
    assert only_problem(tiny) == "start_areas.nubia: area borea is already the start area of celt"


def test_area_marked_coastal_must_reach_an_open_sea(tiny: dict[str, Any]) -> None:
    tiny["areas"][0]["coastal"] = True  # borea: water nowhere
    assert only_problem(tiny).startswith(
        "areas[0].coastal: borea is marked coastal but its water does not reach an open sea")


def test_area_bordering_an_open_sea_must_be_coastal(tiny: dict[str, Any]) -> None:
    area_of(tiny, "silva")["coastal"] = False
    assert only_problem(tiny) == (f"areas[{index(tiny, 'silva')}].coastal: silva borders the "
                                  "open sea mare_internum but is not marked coastal")


def test_area_reaching_an_open_sea_through_water_must_be_coastal(tiny: dict[str, Any]) -> None:
    tiny["adjacency"]["water"].append(["portus", "borea"])
    assert only_problem(tiny) == ("areas[0].coastal: borea reaches an open sea over water "
                                  "(through portus) but is not marked coastal")


def test_water_on_an_inland_sea_only_is_not_coastal(tiny: dict[str, Any]) -> None:
    # oriens and aurora share the lake: water neighbours, and rightly not coastal
    assert ["oriens", "aurora"] in tiny["adjacency"]["water"]
    assert not area_of(tiny, "oriens")["coastal"] and check_map(tiny) == []


def test_disconnected_block_is_reported(tiny: dict[str, Any]) -> None:
    tiny["adjacency"]["land"] = [p for p in tiny["adjacency"]["land"] if "borea" not in p]
    tiny["start_areas"].pop("celt")
    assert only_problem(tiny) == ("adjacency: block west is not connected (by land, strait, "
                                  "water or open sea): borea cannot be reached from austra")


def test_blocks_joined_only_through_a_shared_area_count_it_in_both(tiny: dict[str, Any]) -> None:
    # insula (no block) joins the east by strait and the west by the open sea
    assert area_of(tiny, "insula")["block"] is None and check_map(tiny) == []
    tiny["straits"] = []
    area_of(tiny, "insula")["block"] = "east"
    assert check_map(tiny) == []  # still reached by sea from desertum


def test_two_blocks_each_connected_but_not_to_each_other(tiny: dict[str, Any]) -> None:
    # cut every link between west and east, keeping each half whole (no area in both)
    tiny["areas"] = [a for a in tiny["areas"] if a["id"] != "insula"]
    tiny["seas"][0]["borders"].remove("insula")
    tiny["straits"] = tiny["volcanoes"] = []
    tiny["adjacency"]["water"] = [["portus", "silva"], ["portus", "austra"], ["litus", "austra"],
                                  ["mons", "nilus_delta"], ["desertum", "nilus_delta"],
                                  ["oriens", "aurora"]]
    west = {a["id"] for a in tiny["areas"] if a["block"] == "west"}
    tiny["adjacency"]["land"] = [p for p in tiny["adjacency"]["land"]
                                 if (p[0] in west) == (p[1] in west)]
    tiny["seas"][0]["borders"] = ["silva", "portus", "austra"]
    area_of(tiny, "mons")["coastal"] = area_of(tiny, "nilus_delta")["coastal"] = False
    area_of(tiny, "desertum")["coastal"] = False
    assert only_problem(tiny) == ("adjacency: the map is not connected (by land, strait, water "
                                  "or open sea): austra, borea, litus, portus, silva cannot be "
                                  "reached from aurora")


def test_island_reached_only_through_linked_seas(tmp_path: Path) -> None:
    data = load("islands")
    assert check_map(data) == []
    data["adjacency"]["seas"] = []
    assert only_problem(data) == ("adjacency: the map is not connected (by land, strait, water or "
                                  "open sea): far_isle cannot be reached from hinterland")


def test_a_cut_off_map_names_the_same_area_of_the_main_part_on_every_run() -> None:
    # the main part is found from east_sea, through the sea link: its areas come in set order
    data = load("islands")
    data["seas"][1]["borders"] = []
    problems = [p for p in check_map(data) if p.startswith("adjacency")]
    assert problems == ["adjacency: the map is not connected (by land, strait, water or open "
                        "sea): far_isle cannot be reached from hinterland"]


def test_duplicate_pairs_are_reported_once_each(tiny: dict[str, Any]) -> None:
    tiny["adjacency"]["land"].append(["silva", "borea"])
    assert only_problem(tiny) == ("adjacency.land[15]: silva-borea is listed twice "
                                  "(also adjacency.land[0])")


def test_strait_between_land_neighbours_is_reported(tiny: dict[str, Any]) -> None:
    tiny["straits"].append({"id": "extra", "name": "Extra", "areas": ["borea", "silva"]})
    assert only_problem(tiny) == "straits[1].areas: borea and silva are already adjacent by land"


def test_volcano_areas_must_share_a_border(tiny: dict[str, Any]) -> None:
    tiny["volcanoes"][0]["areas"] = ["silva", "aurora"]
    assert only_problem(tiny).startswith(
        "volcanoes[0].areas: aurora and silva are not adjacent by land")


def test_flood_plain_and_area_must_agree(tiny: dict[str, Any]) -> None:
    area_of(tiny, "oriens")["flood_plain"] = "nilus"
    i = index(tiny, "oriens")
    assert only_problem(tiny) == f"areas[{i}].flood_plain: oriens is not in flood_plains[0].areas"
    tiny = load("tiny")
    area_of(tiny, "nilus_delta")["flood_plain"] = None
    assert only_problem(tiny) == ("flood_plains[0].areas[0]: area nilus_delta has flood_plain "
                                  "null, expected 'nilus'")


def test_area_without_population_has_no_city_site(tiny: dict[str, Any]) -> None:
    area_of(tiny, "desertum")["site"] = "white"
    i = index(tiny, "desertum")
    assert only_problem(tiny) == (f"areas[{i}].site: an area with population limit 0 cannot have "
                                  "a city site, got 'white'")


def test_polygons_need_three_points_and_points_stay_in_bounds(tiny: dict[str, Any]) -> None:
    tiny["areas"][0]["polygons"] = [[[0, 400], [300, 400]]]
    tiny["areas"][1]["label"] = [400, 601]
    tiny["volcanoes"][0]["point"] = [-1, 500]
    assert check_map(tiny) == [
        "areas[0].polygons[0]: a polygon needs at least 3 points, got 2",
        "areas[1].label: [400, 601] is outside the map bounds",
        "volcanoes[0].point: [-1, 500] is outside the map bounds",
    ]
    tiny = load("tiny")
    tiny["areas"][0]["polygons"][0][1] = [1300, 400]
    tiny["areas"][0]["polygons"][0][2] = [1300, -5]
    tiny["rivers"][0]["points"][0] = [800, -1]
    assert check_map(tiny) == [
        "areas[0].polygons[0]: 2 point(s) outside the map bounds",
        "rivers[0].points: 1 point(s) outside the map bounds",
    ]
    tiny = load("tiny")
    tiny["off_board"] = [[[0, 0], [10, 0], [5, 8]], [[0, 0], [10, 0]], [[0, 0], [10, 0], [5, 700]]]
    assert check_map(tiny) == [
        "off_board[1]: a polygon needs at least 3 points, got 2",
        "off_board[2]: 1 point(s) outside the map bounds",
    ]
    tiny = load("tiny")
    tiny["areas"][0]["polygons"].append([[0, 0], [1, 0], [0, 0]])  # closed: only 2 points
    assert only_problem(tiny) == "areas[0].polygons[1]: a polygon needs at least 3 points, got 2"


def test_file_checks_require_geometry_but_the_rules_graph_does_not(tiny: dict[str, Any]) -> None:
    del tiny["areas"][0]["label"]
    del tiny["bounds"]
    assert check_map(tiny) == ["bounds: missing", "areas[0].label: missing"]
    graph_from_map_dict(tiny)
    with pytest.raises(MapError, match="bounds: missing"):
        graph_from_map_dict(tiny, require_geometry=True)


def test_several_problems_are_all_listed(tiny: dict[str, Any]) -> None:
    tiny["areas"][0]["pop"] = 8
    tiny["start_areas"]["atlantean"] = "meridies"
    area_of(tiny, "silva")["coastal"] = False
    assert len(check_map(tiny)) == 3


def test_sites_and_civilizations_are_the_documented_ones() -> None:
    assert SITES == ("none", "white", "black")
    assert len(CIVILIZATIONS) == len(set(CIVILIZATIONS)) == 18


@pytest.mark.parametrize(("setup", "message"), [
    ({"out_of_play": ["atlantis"]}, "setups.s.out_of_play: unknown area 'atlantis'"),
    ({"out_of_play": "borea"}, "setups.s.out_of_play: must be a list of area ids"),
    ({"civilizations": ["celt"], "out_of_play": ["borea"]},
     "setups.s.out_of_play: holds the start area of celt"),
    (7, "setups.s: must be an object, got 7"),
])
def test_a_map_set_up_must_close_known_areas_and_no_start_of_its_own(
        tiny: dict[str, Any], setup: Any, message: str) -> None:
    tiny["setups"] = {"s": setup}
    assert only_problem(tiny) == message


def test_a_well_formed_map_set_up_passes(tiny: dict[str, Any]) -> None:
    tiny["setups"] = {"s": {"civilizations": ["rome"], "out_of_play": ["borea"]}}
    assert check_map(tiny) == []


def test_a_map_set_up_whose_areas_in_play_are_not_one_board_is_refused(
        tiny: dict[str, Any]) -> None:
    """Issue 34: a set-up's areas in play must be one board. Closing Nilus Vallis and Oriens
    leaves Meridies, inland, with no way to the rest (no land, strait, water or sea)."""
    tiny["setups"] = {"s": {"civilizations": ["rome"], "out_of_play": ["nilus_vallis", "oriens"]}}
    problem = only_problem(tiny)
    assert problem.startswith("setups.s.out_of_play: the areas in play are not one board")
    assert problem.endswith(": meridies cannot be reached from aurora")


def test_a_set_up_joined_only_across_an_out_of_play_coast_is_one_board(
        tiny: dict[str, Any]) -> None:
    """Rules §3.1: ships pass through out-of-play areas, so their water still joins the board.
    Insula (here on no open sea) reaches the rest only by the strait and the water of Desertum:
    closing Desertum shuts the strait but not the water."""
    sea = next(s for s in tiny["seas"] if s["id"] == "mare_internum")
    sea["borders"].remove("insula")
    area_of(tiny, "insula")["block"] = "east"  # (the west block would lose it without Desertum)
    tiny["setups"] = {"s": {"civilizations": ["rome"], "out_of_play": ["desertum"]}}
    assert check_map(tiny) == []
