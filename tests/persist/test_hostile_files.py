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
from game.core.flow import label_key
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


# --- crafted saves: edited and re-hashed, so every envelope check passes -----------------------


@pytest.fixture(scope="module")
def mid_game(arena, tmp_path_factory) -> bytes:
    """A 5-player game on the arena map after 40 actions: a decision pending, tasks stacked."""
    from game.persist import GameRecord

    from .conftest import play, start_game

    state = start_game(arena, 5, seed=11, max_turns=8)
    record = GameRecord.begin(state)
    play(state, record, seed=11, limit=40)
    assert state.pending is not None and len(state.tasks) > 1
    return write_save(tmp_path_factory.mktemp("mid") / "mid.json", record, state).read_bytes()


def crafted(original: bytes, edit: Any) -> bytes:
    """`original` with its state edited by `edit(state_dict)` and its hash made to match."""
    from game.core import GameState
    from game.core.plain import from_plain

    doc = json.loads(original)
    edit(doc["state"])
    doc["state_hash"] = from_plain(GameState, doc["state"]).state_hash()
    return json.dumps(doc).encode()


def _first_player(state: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = next(iter(state["players"].values()))
    return player


def _movement_of_nobody(state: dict[str, Any]) -> None:
    """The movement phase's progress, well-formed (typed progress refuses unknown keys when it
    is read) but naming a mover who is no player."""
    assert state["tasks"][-1]["kind"] == "phase:movement"
    state["tasks"][-1]["data"] = {"stage": "moving", "order": ["zz"], "asking": "area"}


CRAFTED = {
    "no tasks": (lambda s: s.update(tasks=[]), "a decision is pending but no task asked for it"),
    "an unknown advance": (lambda s: _first_player(s)["advances"].append("time_travel"),
                           "unknown advance 'time_travel'"),
    "garbage in the top task": (_movement_of_nobody, "of the pending decision cannot be played"),
    "an option nobody offers": (
        lambda s: s["pending"].update(
            options=sorted([*s["pending"]["options"], "area:atlantis"], key=label_key)),
        "is not the one the game asks"),
    "the options swapped for other sound labels": (
        lambda s: s["pending"].update(options=["yes", "no"]), "is not the one the game asks"),
    "options out of order": (lambda s: s["pending"]["options"].reverse(),
                             "not the sorted, distinct labels"),
    "an unknown trade card": (lambda s: next(iter(s["stacks"].values()))[0].insert(0, "gold2"),
                              "unknown trade card 'gold2'"),
    "a city in an unknown area": (lambda s: s["board"]["cities"].update(atlantis="pirate"),
                                  "unknown area with a city 'atlantis'"),
    "a player keyed under another id": (lambda s: _first_player(s).update(id="egypt2"),
                                        "the player's id is 'egypt2'"),
    "a block with no stacks": (lambda s: _first_player(s).update(block="north"),
                               "unknown block 'north'"),
    "an A.S.T. position past the table's end": (lambda s: _first_player(s).update(ast=16),
                                                 "A.S.T. position or census out of range"),
    "a last turn past any game": (lambda s: s["config"].update(last_turn=10**9),
                                  "the last turn or turn limit is out of range"),
    "a decision for a task that takes none": (
        lambda s: s["tasks"].append({"kind": "game", "data": {}}), "takes none"),
}


def test_a_save_naming_a_task_kind_no_procedure_has_is_refused_as_it_is_read(
    mid_game, tmp_path, capsys
) -> None:
    doc = json.loads(mid_game)
    doc["state"]["tasks"][0]["kind"] = "phase:siesta"
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as err:
        read_save(path)
    text = str(err.value)
    assert text == f"{path}: unknown task kind 'phase:siesta'"
    assert main(["replay", str(path), "--verify"]) == 1
    assert capsys.readouterr().err == f"calamitas replay: {text}\n"


@pytest.mark.parametrize("name", CRAFTED)
def test_a_crafted_save_that_would_crash_the_core_is_refused_with_one_line(
    mid_game, tmp_path, capsys, name
) -> None:
    edit, message = CRAFTED[name]
    data = crafted(mid_game, edit)
    path = tmp_path / "crafted.json"
    path.write_bytes(data)
    with pytest.raises(SaveError) as err:
        read_save(path)
    text = str(err.value)
    assert text.startswith(f"{path}: state: the game state is inconsistent: ")
    assert message in text and "\n" not in text and len(text) < 400
    assert main(["replay", str(path), "--verify"]) == 1
    assert capsys.readouterr().err == f"calamitas replay: {text}\n"
    assert path.read_bytes() == data


def test_garbage_in_a_calamity_awaiting_its_answer_is_refused(originals, tmp_path) -> None:
    """Civil war's victim is asked which faction to keep with the answer awaited in the task
    (asking again means nothing there): each option is tried instead."""
    doc = json.loads(originals[0])
    assert doc["state"]["pending"]["kind"] == "civil_war_select"
    # a stage the progress knows, with no faction losses owed: no option can be played
    data = crafted(originals[0], lambda s: s["tasks"][-1]["data"].update(stage="losses"))
    path = tmp_path / "crafted.json"
    path.write_bytes(data)
    with pytest.raises(SaveError, match="of the pending decision cannot be played"):
        read_save(path)


def test_a_calamity_stage_its_progress_does_not_know_is_refused(originals, tmp_path) -> None:
    doc = json.loads(originals[0])
    doc["state"]["tasks"][-1]["data"]["stage"] = "party"
    path = tmp_path / "crafted.json"
    path.write_bytes(json.dumps(doc).encode())
    with pytest.raises(SaveError, match="calamity:civil_war.stage: expected one of") as err:
        read_save(path)
    assert "\n" not in str(err.value)


def test_the_check_lets_every_decision_of_a_played_game_through(played) -> None:
    from game.core.validate import problems

    for phase, (state, _) in played.items():
        assert problems(state) == [], phase
