"""The rules' map model (game/core/mapgraph.py): its queries and its plain form for saves.
Reading and checking map files is tests/test_mapchecks.py's."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.core.mapgraph import Area, MapError, MapGraph
from game.maps.checks import CIVILIZATIONS
from game.maps.parse import graph_from_map_dict

MAPS = Path(__file__).resolve().parent.parent / "maps"


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((MAPS / f"{name}.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture
def tiny() -> dict[str, Any]:
    return load("tiny")


@pytest.fixture
def tiny_graph(tiny: dict[str, Any]) -> MapGraph:
    return graph_from_map_dict(tiny, require_geometry=True)


# --- the test maps ----------------------------------------------------------------------------


def test_tiny_has_what_the_checks_need(tiny_graph: MapGraph) -> None:
    g = tiny_graph
    assert len(g.areas) >= 12 and len(g.seas) == 2
    assert len(g.start_areas) >= 6 and set(g.start_areas) <= set(CIVILIZATIONS)
    assert {a.block for a in g.areas.values()} == {"west", "east", None}
    assert g.volcanoes["vesuvio"].areas == ("mons", "silva")
    assert g.flood_plains == {"nilus": ("nilus_delta", "nilus_vallis")}
    # a black city site inside a flood-plain area: off the plain, safe from Flood
    assert g.areas["nilus_delta"].site == "black" and g.areas["nilus_delta"].flood_plain == "nilus"
    assert g.straits == (("desertum", "insula"),)
    assert {a for a, area in g.areas.items() if area.edge} == {
        "aurora", "borea", "litus", "meridies", "oriens"}
    assert g.areas["desertum"] == Area(
        id="desertum", name="Desertum", pop=0, site="none", coastal=True, flood_plain=None,
        block="east", edge=False)


def test_land_neighbours_are_symmetric_sorted_and_include_straits(tiny_graph: MapGraph) -> None:
    g = tiny_graph
    assert set(g.land) == set(g.areas) == set(g.water)
    for table in (g.land, g.water):
        for a, near in table.items():
            assert list(near) == sorted(set(near))
            assert a not in near
            for b in near:
                assert a in table[b]
    assert "desertum" in g.land["insula"] and "insula" in g.land["desertum"]  # the strait
    assert g.land["insula"] == ("desertum",)
    assert g.water["insula"] == ("desertum",)


def test_neighbours_join_land_and_water_without_duplicates(tiny_graph: MapGraph) -> None:
    # silva-mons touch both by land and by water, portus-silva only by water
    assert tiny_graph.neighbours("silva") == ("borea", "mons", "portus")
    assert tiny_graph.neighbours("austra") == ("desertum", "litus", "portus")
    with pytest.raises(KeyError):
        tiny_graph.neighbours("atlantis")


def test_seas_of_lists_the_open_seas_an_area_borders(tiny_graph: MapGraph) -> None:
    assert tiny_graph.seas_of("austra") == ("mare_internum", "oceanus")
    assert tiny_graph.seas_of("insula") == ("mare_internum",)
    assert tiny_graph.seas_of("borea") == ()
    assert tiny_graph.seas["oceanus"].borders == ("austra", "litus")


def test_distance_counts_steps_over_land_and_water(tiny_graph: MapGraph) -> None:
    g = tiny_graph
    assert g.distance("borea", "borea") == 0
    assert g.distance("borea", "silva") == 1
    assert g.distance("portus", "austra") == 1  # across water
    assert g.distance("borea", "meridies") == 5
    assert g.distance("meridies", "borea") == 5
    assert g.distance("insula", "desertum") == 1  # across the strait
    with pytest.raises(KeyError):
        g.distance("borea", "atlantis")


def test_distance_is_none_when_unreachable() -> None:
    g = graph_from_map_dict({
        "areas": [{"id": "a", "pop": 1}, {"id": "b", "pop": 1}, {"id": "c", "pop": 1}],
        "adjacency": {"land": [["a", "b"]]},
    })
    assert g.distance("a", "b") == 1
    assert g.distance("a", "c") is None
    assert g.neighbours("c") == ()


# --- value semantics --------------------------------------------------------------------------


def test_to_dict_from_dict_round_trip(tiny_graph: MapGraph) -> None:
    plain = tiny_graph.to_dict()
    text = json.dumps(plain)  # plain JSON types only
    assert MapGraph.from_dict(plain) == tiny_graph
    assert MapGraph.from_dict(json.loads(text)) == tiny_graph
    assert MapGraph.from_dict(json.loads(text)).to_dict() == plain
    assert "polygons" not in text and "label" not in text


def test_round_trip_keeps_sea_links_and_setups() -> None:
    data = load("islands")
    data["setups"] = {"5": {"out_of_play": ["hinterland"]}}
    g = graph_from_map_dict(data)
    assert g.sea_links == {"east_sea": ("north_sea",), "north_sea": ("east_sea",)}
    back = MapGraph.from_dict(json.loads(json.dumps(g.to_dict())))
    assert back == g and back.setups == {"5": {"out_of_play": ["hinterland"]}}


def test_from_dict_rejects_bad_input_with_map_error(tiny_graph: MapGraph) -> None:
    good = tiny_graph.to_dict()
    breakages: list[Any] = [
        lambda d: d.pop("land"),
        lambda d: d.update(format=2),
        lambda d: d["areas"][0].update(pop=9),
        lambda d: d["areas"][0].update(site="red"),
        lambda d: d["land"]["borea"].append("atlantis"),
        lambda d: d["start_areas"].update(egypt=["x"]),
        lambda d: d.update(straits=[["borea"]]),
        lambda d: d.update(areas="nope"),
    ]
    for breakage in breakages:
        bad = copy.deepcopy(good)
        breakage(bad)
        with pytest.raises(MapError):
            MapGraph.from_dict(bad)
    with pytest.raises(MapError):
        MapGraph.from_dict([])  # type: ignore[arg-type]


def test_graph_is_immutable_shared_and_equal_by_value(tiny_graph: MapGraph) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        tiny_graph.id = "other"  # type: ignore[misc]
    assert copy.deepcopy(tiny_graph) is tiny_graph
    assert copy.copy(tiny_graph) is tiny_graph
    again = graph_from_map_dict(load("tiny"))
    tiny_graph.distance("borea", "meridies")  # a warm cache does not change equality
    assert again == tiny_graph
    assert again != graph_from_map_dict(load("islands"))


def test_a_set_ups_passage_survives_the_plain_form_and_bad_ones_are_refused() -> None:
    """Rules §3.1: a set-up's map keeps the ship routes through its out-of-play areas (the
    passage); a save carries it, and a broken one is a MapError. A map with every area in play
    has none, and its plain form has no such key (its digest is as before issue 34)."""
    from game.core.mapsetup import in_play

    data = load("islands")
    data["setups"] = {"5": {"out_of_play": ["mainland_e"]}}
    whole = graph_from_map_dict(data)
    assert "passage" not in whole.to_dict()
    g = in_play(whole, "5")
    assert g.passage.water == {"mainland_e": ("mainland_w",), "mainland_w": ("mainland_e",)}
    assert g.passage.seas == {"north_sea": ("mainland_e",)}
    assert g.ship_water("mainland_w") == ("mainland_e",) and g.water["mainland_w"] == ()
    assert g.ship_sea_borders("north_sea") == ("mainland_e", "mainland_w")
    good = json.loads(json.dumps(g.to_dict()))
    assert MapGraph.from_dict(good) == g
    for broken in (7, {"water": {}}, {"water": {"a": [1]}, "seas": {}, "sea_links": {}}):
        bad = copy.deepcopy(good)
        bad["passage"] = broken
        with pytest.raises(MapError):
            MapGraph.from_dict(bad)
