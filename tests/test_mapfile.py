"""Map files on disk: loading, geometry, the validate-map report, bad files, and the schema."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from game.core.mapgraph import MapError
from game.maps import files as mapfile
from game.maps.checks import check_map
from game.maps.files import (
    MapGeometry,
    find_maps,
    load_map_file,
    maps_dir,
    read_map_data,
    validate_map_file,
)
from game.maps.parse import graph_from_map_dict

ROOT = Path(__file__).resolve().parent.parent
TEST_MAPS = ROOT / "tests" / "maps"
SCHEMA = ROOT / "maps" / "schema.json"
MAP_NAMES = ["tiny", "islands"]


def map_data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((TEST_MAPS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: Any, name: str = "map.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# --- loading ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", MAP_NAMES)
def test_load_gives_the_graph_and_the_geometry(name: str) -> None:
    graph, geometry = load_map_file(TEST_MAPS / f"{name}.json")
    assert graph == graph_from_map_dict(map_data(name))
    assert isinstance(geometry, MapGeometry)
    assert set(geometry.areas) == set(graph.areas)
    assert set(geometry.seas) == set(graph.seas)
    assert set(geometry.volcanoes) == set(graph.volcanoes)
    for shape in [*geometry.areas.values(), *geometry.seas.values()]:
        assert shape.polygons and all(len(ring) >= 3 for ring in shape.polygons)
        assert shape.label is not None


def test_tiny_geometry_in_detail() -> None:
    _, geo = load_map_file(TEST_MAPS / "tiny.json")
    assert geo.bounds == (0.0, 0.0, 1200.0, 600.0)
    assert geo.areas["borea"].polygons == (((0.0, 400.0), (300.0, 400.0), (300.0, 600.0),
                                            (0.0, 600.0)),)
    assert geo.areas["borea"].label == (150.0, 500.0) and geo.areas["borea"].name == "Borea"
    assert geo.areas["portus"].water == (((260.0, 200.0), (300.0, 200.0), (300.0, 400.0),
                                          (260.0, 400.0)),)
    assert geo.areas["nilus_delta"].site == (870.0, 370.0)
    assert geo.areas["borea"].site is None and geo.areas["borea"].water == ()
    assert geo.seas["oceanus"].label == (150.0, 50.0)
    assert geo.volcanoes == {"vesuvio": (500.0, 500.0)}
    assert [r.id for r in geo.rivers] == ["nilus"] and geo.rivers[0].points[0] == (800.0, 0.0)
    assert geo.lakes["lacus"].name == "Lacus Magnus"
    assert len(geo.flood_plains["nilus"]) == 1


def test_off_board_land_is_optional_and_only_drawn(tmp_path: Path) -> None:
    data = map_data("tiny")
    _, plain = load_map_file(TEST_MAPS / "tiny.json")
    assert plain.off_board == ()
    data["off_board"] = [[[320, 320], [420, 320], [420, 390], [320, 390]]]
    graph, geometry = load_map_file(write(tmp_path, data))
    assert geometry.off_board == (((320, 320), (420, 320), (420, 390), (320, 390)),)
    assert graph == graph_from_map_dict(map_data("tiny"))  # no rules meaning
    assert list(validator().iter_errors(data)) == []


def test_load_refuses_a_map_that_fails_the_checks_unless_told(tmp_path: Path) -> None:
    data = map_data("tiny")
    data["start_areas"]["atlantean"] = "meridies"
    data["areas"][0]["coastal"] = True
    path = write(tmp_path, data)
    with pytest.raises(MapError) as err:
        load_map_file(path)
    assert str(err.value) == (f"{path}: start_areas.atlantean: unknown civilization "
                              "'atlantean' (and 1 more problem)")
    graph, _ = load_map_file(path, check=False)
    assert graph.start_areas["atlantean"] == "meridies"


def test_load_needs_the_geometry(tmp_path: Path) -> None:
    data = map_data("tiny")
    del data["seas"][0]["polygons"]
    with pytest.raises(MapError, match=r"map\.json: seas\[0\]\.polygons: missing"):
        load_map_file(write(tmp_path, data), check=False)


# --- the validate-map report ------------------------------------------------------------------


@pytest.mark.parametrize("name", MAP_NAMES)
def test_validate_a_good_map(name: str) -> None:
    ok, report = validate_map_file(TEST_MAPS / f"{name}.json")
    assert ok
    lines = report.splitlines()
    assert lines[0].startswith(f"Map {name} (") and lines[-1] == "OK"
    assert any(line.startswith("population limit: total") for line in lines)


def test_validate_lists_each_problem_and_counts_them(tmp_path: Path) -> None:
    data = map_data("tiny")
    data["start_areas"]["atlantean"] = "meridies"
    data["adjacency"]["land"].append(["silva", "borea"])
    ok, report = validate_map_file(write(tmp_path, data))
    assert not ok
    lines = report.splitlines()
    assert lines[0] == "Map tiny (Tiny test board)"
    assert lines[-3:] == [
        "adjacency.land[15]: silva-borea is listed twice (also adjacency.land[0])",
        "start_areas.atlantean: unknown civilization 'atlantean'",
        "2 problems",
    ]


def test_validate_a_map_that_cannot_be_built_still_lists_problems(tmp_path: Path) -> None:
    data = map_data("tiny")
    data["areas"][3]["pop"] = 7
    path = write(tmp_path, data)
    ok, report = validate_map_file(path)
    assert not ok
    assert report.splitlines() == [
        f"{path}: the map cannot be loaded",
        "areas[3].pop: must be an integer 0-5, got 7",
        "1 problem",
    ]


@pytest.mark.parametrize(("ring", "shape"), [
    ([[0, 400], [300, 600], [300, 400], [0, 600]], "a bow-tie"),
    ([[0, 400], [300, 400], [0, 600], [300, 600]], "open: its closing edge crosses the first"),
    ([[0, 400], [300, 400], [0, 600], [300, 600], [0, 400]], "the same, closed"),
])
def test_validate_refuses_an_outline_that_crosses_itself(tmp_path: Path, capsys, ring,
                                                         shape) -> None:
    from game.cli import main

    data = map_data("tiny")
    data["areas"][0]["polygons"] = [ring]
    path = write(tmp_path, data)
    before = path.read_bytes()
    assert main(["validate-map", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == ["areas[0].polygons[0]: the outline crosses itself at [150, 500]",
                          "1 problem"], shape
    assert path.read_bytes() == before


def test_an_open_ring_is_closed_by_the_format_and_validates(tmp_path: Path) -> None:
    data = map_data("tiny")  # maps/schema.json: repeating the first point at the end is allowed
    assert all(r[0] != r[-1] for a in data["areas"] for r in a["polygons"])
    assert validate_map_file(TEST_MAPS / "tiny.json")[0]
    data["areas"][0]["polygons"] = [[*data["areas"][0]["polygons"][0], [0, 400]]]
    assert validate_map_file(write(tmp_path, data))[0]


@pytest.mark.parametrize("bounds", [[-1e308, -1e308, 1e308, 1e308], [0, 0, 1e308, 600],
                                    [0, 0, 1200, 0.5], [-2e7, 0, 1200, 600]])
def test_bounds_too_large_or_too_thin_are_refused_naming_the_key(tmp_path: Path,
                                                                 bounds) -> None:
    data = map_data("tiny")
    data["bounds"] = bounds
    path = write(tmp_path, data)
    ok, report = validate_map_file(path)
    assert not ok and report.splitlines()[1].startswith("bounds: must lie within 10,000,000 "
                                                        "map units of 0 and be at least 1 unit")
    with pytest.raises(MapError, match=r"map\.json: bounds: must lie within"):
        load_map_file(path)


def test_validate_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    ok, report = validate_map_file(path)
    assert not ok
    assert report.splitlines()[0].startswith(f"{path}: cannot read the file")
    assert report.splitlines()[-1] == "1 problem"


# --- bad files: MapError naming the file, never a traceback -----------------------------------


@pytest.mark.parametrize(("text", "message"), [
    ("this is not json", "not valid JSON: Expecting value: line 1 column 1"),
    ('{"format": 1,', "not valid JSON"),
    ("", "not valid JSON"),
    ('{"areas": [' + "1" * 5000 + "]}", "not valid JSON: a number with 5000 digits is too large"),
    ('{"areas": [-' + "9" * 31 + "]}", "not valid JSON: a number with 32 digits is too large"),
    ('{"bounds": [0, 0, 1e999, 1]}', "not valid JSON: the number 1e999 is out of range"),
    ('{"bounds": [0, 0, NaN, 1]}', "not valid JSON: NaN is not a number JSON allows"),
    ('{"bounds": [0, 0, -Infinity, 1]}', "not valid JSON: -Infinity is not a number JSON allows"),
    ('{"id": "a", "id": "b"}', "not valid JSON: duplicate key 'id' in an object"),
    ("[" * 200_000 + "]" * 200_000, "not valid JSON"),
    ('{"a":' * 200_000 + "1" + "}" * 200_000, "not valid JSON"),
    ("[1, 2, 3]", "the top level must be a JSON object, got a list"),
    ('"map"', "the top level must be a JSON object, got a single value"),
    ('{"format": 1, "areas": [{"id": "a", "pop": {"x": 1}}]}', ": missing"),
])
def test_bad_files_give_map_error_with_the_file_name(
    tmp_path: Path, text: str, message: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(MapError) as err:
        load_map_file(path)
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)
    assert "\n" not in str(err.value)
    ok, report = validate_map_file(path)
    assert not ok and report.splitlines()[-1].endswith(("problem", "problems"))


@pytest.mark.parametrize(("key", "value", "message"), [
    ("areas", 5, "areas: must be a list, got 5"),
    ("format", "1", "format: unsupported map format '1' (this version reads 1)"),
    ("adjacency", {"land": "borea", "water": []}, "adjacency.land: must be a list, got 'borea'"),
    ("start_areas", [["egypt", "x"]], "start_areas: must be an object, got a list of 1"),
    ("bounds", [0, 0, "wide", 1], "bounds[2]: must be a finite number, got 'wide'"),
])
def test_wrong_types_in_a_file_give_map_error(
    tmp_path: Path, key: str, value: Any, message: str
) -> None:
    data = map_data("tiny")
    data[key] = value
    path = write(tmp_path, data)
    with pytest.raises(MapError) as err:
        load_map_file(path)
    assert str(err.value) == f"{path}: {message}"


def test_long_digit_runs_inside_strings_are_only_text(tmp_path: Path) -> None:
    data = map_data("tiny")
    data["name"] = "Tiny " + "7" * 40
    data["bounds"][2] = 1200.5  # floats are read as well
    graph, geometry = load_map_file(write(tmp_path, data))
    assert graph.name == data["name"] and geometry.bounds[2] == 1200.5


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"name": "Ni\xe9"}')
    with pytest.raises(MapError, match=r"latin\.json: not UTF-8 text \(byte 12\)"):
        read_map_data(path)


def test_a_utf8_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (TEST_MAPS / "tiny.json").read_bytes())
    assert load_map_file(path)[0].id == "tiny"


def test_too_large_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert mapfile.MAX_MAP_BYTES == 20 * 1024 * 1024
    monkeypatch.setattr(mapfile, "MAX_MAP_BYTES", 1000)
    path = write(tmp_path, json.dumps(map_data("tiny")))
    with pytest.raises(MapError, match="map.json: the file is larger than"):
        load_map_file(path)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="cannot read the file"):
        load_map_file(tmp_path / "nope.json")
    with pytest.raises(MapError, match="cannot read the file"):
        load_map_file(tmp_path)


# --- finding the shipped maps -----------------------------------------------------------------


def test_find_maps_lists_map_files_but_not_the_schema(tmp_path: Path) -> None:
    for name in ("schema.json", "world.json", "alpha.json", "notes.txt"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    (tmp_path / "sub.json").mkdir()
    assert find_maps(tmp_path) == {"alpha": tmp_path / "alpha.json",
                                   "world": tmp_path / "world.json"}
    assert find_maps(tmp_path / "absent") == {}


def test_the_shipped_maps_folder_is_the_repos_and_every_map_in_it_loads() -> None:
    assert maps_dir() == ROOT / "maps"
    assert (maps_dir() / "schema.json").is_file()
    shipped = find_maps()
    assert "schema" not in shipped
    for path in shipped.values():
        ok, report = validate_map_file(path)
        assert ok, report


def test_frozen_bundle_uses_its_own_maps_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert maps_dir() == tmp_path / "maps"


# --- the JSON Schema --------------------------------------------------------------------------


def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return data


def validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(schema())
    return jsonschema.Draft202012Validator(schema())


@pytest.mark.parametrize("name", MAP_NAMES)
def test_test_maps_validate_against_the_schema(name: str) -> None:
    errors = [e.message for e in validator().iter_errors(map_data(name))]
    assert errors == []


@pytest.mark.parametrize("edit", [
    lambda d: d["areas"][0].update(pop=7),
    lambda d: d["areas"][0].update(site="gold"),
    lambda d: d["areas"][0].update(id="Borea"),
    lambda d: d["areas"][0].update(polygons=[[[0, 0], [1, 1]]]),
    lambda d: d["areas"][0].pop("label"),
    lambda d: d.update(colour="red"),
    lambda d: d["adjacency"]["land"].append(["a"]),
    lambda d: d.update(format=2),
])
def test_schema_and_checks_both_refuse_broken_maps(edit: Any) -> None:
    data = map_data("tiny")
    edit(data)
    assert list(validator().iter_errors(data))
    assert check_map(data)


def test_every_schema_property_has_a_description() -> None:
    missing = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                if "description" not in sub:
                    missing.append(f"{path}/properties/{key}")
            for key, sub in node.items():
                walk(sub, f"{path}/{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{path}/{i}")

    walk(schema(), "")
    assert missing == []


def test_schema_and_loader_require_the_same_keys() -> None:
    s = schema()
    top: list[str] = s["required"]
    area: list[str] = s["$defs"]["area"]["required"]
    for key in top:
        data = map_data("tiny")
        del data[key]
        assert f"{key}: missing" in check_map(data)
    for key in area:
        data = map_data("tiny")
        del data["areas"][0][key]
        assert f"areas[0].{key}: missing" in check_map(data)
    optional = set(s["properties"]) - set(top)
    assert optional == {"$schema", "units", "projection", "lakes", "off_board", "setups", "regions"}
