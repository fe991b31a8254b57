"""Hostile and damaged save files: each gives one clear line, never a crash, and stays as it was.

The fuzz test mutates real saves 1,000 times with a seeded generator: cut short, bytes flipped,
inserted or deleted, and values swapped for huge numbers, deep nesting, wrong types, odd names,
missing or unknown keys, duplicate keys and newer versions.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.cli import main
from game.persist import ReplayError, SaveError, read_save, verify, write_save
from game.persist.saves import MAX_SAVE_BYTES

MUTANTS = 1000

ODD_VALUES: list[Any] = [
    10**30, -(10**30), 2**64, -1, 0, 1e308, -1e-308, 3.5, True, False, None, "", "x" * 5000,
    "../../etc/passwd", "C:\\Windows\\system32", "\u0000", "\x1b[2J", "💥🏛️", "egypt",
    "__import__('os').system('echo pwned')", "{{7*7}}", [], {}, [1, 2, 3], {"a": {"b": {}}},
    ["egypt"] * 50, {"__class__": "GameState"}, "NaN", "calamitas-save",
]
RAW_VALUES = ["NaN", "Infinity", "-Infinity", "1" * 40, "1e999", "-0", "0.0e0",
              "[" * 3000 + "]" * 3000, "{" * 50 + "}" * 50]


@pytest.fixture(scope="module")
def originals(played, tmp_path_factory) -> list[bytes]:
    from game.persist import GameRecord

    from .conftest import mid_calamity, play, start_game

    folder = tmp_path_factory.mktemp("originals")
    state, record = mid_calamity("civil_war-factions.toml")
    small = start_game(played["start"][0].map, 5, seed=11, max_turns=4)
    small_record = GameRecord.begin(small)
    play(small, small_record, seed=11)
    out = []
    for i, (s, r) in enumerate([(state, record), (small, small_record)]):
        out.append(write_save(folder / f"{i}.json", r, s).read_bytes())
    return out


def paths_in(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths_in(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:6]):
            found += paths_in(item, (*prefix, i))
    return found


def replace_at(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


def mutate(rng: random.Random, original: bytes) -> bytes:
    kind = rng.randrange(9)
    data = bytearray(original)
    if kind == 0:  # cut short (a crash while copying, a full disk)
        return bytes(data[: rng.randrange(len(data))])
    if kind == 1:  # flipped bytes
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 2:  # inserted junk
        at = rng.randrange(len(data))
        return bytes(data[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 30)))
                     + data[at:])
    if kind == 3:  # a span deleted
        at = rng.randrange(len(data))
        return bytes(data[:at] + data[at + rng.randint(1, 200):])
    doc = json.loads(original)
    path = rng.choice(paths_in(doc)[1:])
    if kind in (4, 5):  # a value replaced by an odd one
        doc = replace_at(doc, path, rng.choice(ODD_VALUES))
        return json.dumps(doc).encode()
    if kind == 6:  # a value replaced by raw text JSON forbids or that nests deeply
        marker = "\u2603MARK\u2603"
        doc = replace_at(doc, path, marker)
        return json.dumps(doc, ensure_ascii=False).replace(json.dumps(marker, ensure_ascii=False),
                                                           rng.choice(RAW_VALUES)).encode()
    if kind == 7:  # a key removed, or an unknown one added, or a key duplicated
        parent_path = path[:-1]
        parent = doc
        for key in parent_path:
            parent = parent[key]
        if isinstance(parent, dict):
            choice = rng.randrange(3)
            if choice == 0:
                parent.pop(path[-1])
            elif choice == 1:
                parent["surprise"] = rng.choice(ODD_VALUES)
            else:
                text = json.dumps(doc)
                return text.replace("{", '{"turn": 1, "turn": 2, ', 1).encode()
        return json.dumps(doc).encode()
    # kind 8: versions from the future or the past, or of the wrong type
    doc["format_version"] = rng.choice([2, 99, -1, "1", 1.0, None, 10**20])
    return json.dumps(doc).encode()


def test_a_thousand_mutated_saves_each_give_a_clear_error_or_a_sound_game(
    originals, tmp_path
) -> None:
    rng = random.Random(20240611)
    errors = loaded = 0
    for n in range(MUTANTS):
        data = mutate(rng, originals[n % len(originals)])
        path = tmp_path / f"mutant-{n}.json"
        path.write_bytes(data)
        try:
            game = read_save(path)
        except SaveError as err:
            text = str(err)
            assert text.startswith(str(path)) and "\n" not in text and len(text) < 500, text
            errors += 1
        else:  # a harmless change (a date, a version string): the game must be sound
            loaded += 1
            if n % 10 == 0:
                try:
                    verify(game)
                except ReplayError as err:
                    assert "\n" not in str(err)
        assert path.read_bytes() == data, "loading changed the file"
        path.unlink()
    assert errors > 900 and errors + loaded == MUTANTS


def test_the_cli_answers_mutated_files_with_exit_1_and_one_line(originals, tmp_path,
                                                                capsys) -> None:
    rng = random.Random(7)
    for n in range(60):
        path = tmp_path / f"m{n}.json"
        path.write_bytes(mutate(rng, originals[n % 2]))
        code = main(["replay", str(path), "--verify"])
        captured = capsys.readouterr()
        assert code in (0, 1)
        if code == 1:
            assert captured.err.count("\n") == 1 and captured.err.startswith("calamitas replay:")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"\xff\xfe\x00garbage", "UTF-8"),
        (b"[1, 2, 3]", "not a Calamitas save"),
        (b'"just text"', "not a Calamitas save"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": "calamitas-save", "format_version": NaN}', "NaN"),
        (b'{"format": "calamitas-save", "format_version": 1' + b"0" * 50 + b"}", "too large"),
        (b'{"format": "calamitas-save", "format": "x"}', "duplicate key"),
        (b'{"format": "calamitas-save", "format_version": 1}', "state"),
        (b'{"format": "calamitas-save", "format_version": true}', "format_version"),
    ],
)
def test_hand_made_hostile_files_are_refused(tmp_path, content, message) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=message):
        read_save(path)
    assert path.read_bytes() == content


def test_a_file_larger_than_the_limit_is_refused_without_reading_it_all(tmp_path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 10)  # sparse: no real disk use
    with pytest.raises(SaveError, match="larger than"):
        read_save(path)


def test_a_folder_in_place_of_a_file_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(SaveError, match="cannot read"):
        read_save(tmp_path)


def test_odd_file_names_are_read_like_any_other(played, tmp_path) -> None:
    state, record = played["start"]
    for name in ("spaces and ünïcode 💥.json", "-starts-with-dash.json", "no_suffix"):
        path = write_save(tmp_path / name, record, state)
        assert read_save(path).state == state
        assert main(["replay", str(path), "--verify"]) == 0
