"""Replays: `verify` re-applies the log and catches any edit; the cursor steps through a game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.persist import ReplayCursor, ReplayError, read_save, verify, write_save
from game.persist.saves import encode_save


@pytest.fixture
def saved(played, tmp_path) -> Path:
    state, record = played["end"]
    return write_save(tmp_path / "game.json", record, state)


def edited(path: Path, change) -> Path:
    doc = json.loads(path.read_text())
    change(doc)
    out = path.with_name("edited.json")
    out.write_text(json.dumps(doc))
    return out


def other_option(doc: dict, index: int) -> None:
    """Replace action `index` with another label its player had (a legal but different move)."""
    from game.core import apply

    game = read_save_doc(doc)
    state = game.record.start_state(game.state)
    for action in game.record.actions[:index]:
        apply(state, action)
    assert state.pending is not None
    wanted = doc["actions"][index]["label"]
    options = [o for o in state.pending.options if o != wanted]
    assert options, "no other option at that point"
    doc["actions"][index]["label"] = options[0]


def read_save_doc(doc: dict):
    from game.persist import decode_save

    return decode_save(json.loads(json.dumps(doc)))


def test_a_recorded_game_verifies_hash_by_hash(saved) -> None:
    game = read_save(saved)
    report = verify(game)
    assert report.actions == len(game.record.actions) > 1000
    assert report.hashes == len(game.record.hashes) + 1
    assert report.final_hash == game.state.state_hash()


def test_verify_catches_an_edited_action_at_the_first_divergence(saved) -> None:
    doc = json.loads(saved.read_text())
    index = next(i for i, a in enumerate(doc["actions"]) if a["label"].startswith("area:"))
    other_option(doc, index)
    bad = saved.with_name("bad.json")
    bad.write_text(json.dumps(doc))
    with pytest.raises(ReplayError, match="diverged at action"):
        verify(read_save(bad))


def test_verify_catches_an_illegal_action_and_says_which(saved) -> None:
    bad = edited(saved, lambda d: d["actions"][5].update(label="area:nowhere"))
    with pytest.raises(ReplayError, match=r"action 6 .*area:nowhere.*not legal"):
        verify(read_save(bad))


def test_verify_catches_a_removed_action(saved) -> None:
    def drop(doc: dict) -> None:
        del doc["actions"][-1]
        doc["hashes"] = [h for h in doc["hashes"] if h["action"] <= len(doc["actions"])]

    with pytest.raises(ReplayError, match="diverged"):
        verify(read_save(edited(saved, drop)))


def test_verify_catches_an_edited_turn_hash(saved) -> None:
    bad = edited(saved, lambda d: d["hashes"][3].update(hash="0123456789abcdef"))
    with pytest.raises(ReplayError, match=r"diverged at action \d+: turn 4"):
        verify(read_save(bad))


def test_verify_catches_a_changed_seed_at_the_start(played, tmp_path) -> None:
    state, record = played["end"]
    doc = json.loads(encode_save(record, state))
    doc["config"]["seed"] = doc["seed"] = 8
    doc["state"]["config"]["seed"] = 8
    # The snapshot's own hash changes with its configuration: recompute it as an editor would.
    from game.core import GameState

    snap = GameState.from_json(json.dumps(doc["state"]))
    doc["state_hash"] = snap.state_hash()
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ReplayError, match="diverged at the start"):
        verify(read_save(path))


def test_cli_replay_verify_exits_0_on_a_good_save_and_1_on_an_edited_one(saved, capsys) -> None:
    assert main(["replay", str(saved), "--verify"]) == 0
    assert "verified" in capsys.readouterr().out
    bad = edited(saved, lambda d: d["actions"][5].update(label="area:nowhere"))
    assert main(["replay", str(bad), "--verify"]) == 1
    err = capsys.readouterr().err
    assert "action 6" in err and err.count("\n") == 1


def test_cli_replay_on_a_damaged_or_missing_file_exits_1_with_one_line(tmp_path, capsys) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "calamitas-save", "format_version": 1, "sta')
    for path in (broken, tmp_path / "missing.json"):
        assert main(["replay", str(path), "--verify"]) == 1
        err = capsys.readouterr().err
        assert err.startswith("calamitas replay:") and err.count("\n") == 1


def test_cli_replay_without_verify_lists_the_log_by_turn(saved, capsys) -> None:
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "9 players" in out[0] and out[1] == "turn 1"
    assert out[2].split()[0] == "1"


def test_the_cursor_steps_back_and_jumps_to_turns_matching_forward_play(saved) -> None:
    game = read_save(saved)
    cursor = ReplayCursor(game, every=25)
    hashes = [cursor.state.state_hash()]
    for _ in range(120):
        cursor.forward()
        hashes.append(cursor.state.state_hash())
    cursor.seek(37)
    assert cursor.position == 37 and cursor.state.state_hash() == hashes[37]
    cursor.back()
    assert cursor.state.state_hash() == hashes[36]
    cursor.seek(120)
    assert cursor.state.state_hash() == hashes[120]
    turn, index = game.record.turn_starts()[5]
    cursor.seek_turn(turn)
    assert cursor.position == index and cursor.state.turn == turn
    assert cursor.turn_at(index) == turn and cursor.turn_at(index - 1) < turn
    cursor.seek(10**9)
    assert cursor.at_end and cursor.state.state_hash() == game.state.state_hash()
    assert cursor.forward() == []


def test_the_cursor_keeps_each_step_with_the_decision_it_answered(saved) -> None:
    game = read_save(saved)
    cursor = ReplayCursor(game, every=10)
    assert cursor.last is None
    state = game.record.start_state(game.state)
    asked = state.pending
    cursor.forward()
    first = cursor.last
    assert first is not None and asked is not None
    assert (first.index, first.action) == (1, game.record.actions[0])
    assert (first.kind, first.prompt, first.turn) == (asked.kind, asked.prompt, state.turn)
    cursor.seek(60)
    kept = list(cursor.steps)
    cursor.seek(13)
    assert cursor.last == kept[12] and cursor.steps == kept  # going back re-tells nothing
    cursor.seek(60)
    assert cursor.steps == kept


def test_the_cursor_steps_between_turn_starts(saved) -> None:
    cursor = ReplayCursor(read_save(saved))
    starts = [a for _, a in cursor.turns()]
    cursor.seek(starts[3] + 2)
    assert cursor.previous_turn_start() == starts[3]
    assert cursor.next_turn_start() == starts[4]
    cursor.seek(starts[3])
    assert cursor.previous_turn_start() == starts[2]
    cursor.seek(0)
    assert cursor.previous_turn_start() == 0
    cursor.seek(cursor.length)
    assert cursor.next_turn_start() == cursor.length


def test_the_cursor_stops_where_an_edited_log_diverges_and_says_why(saved) -> None:
    bad = edited(saved, lambda d: d["actions"][30].update(label="area:nowhere"))
    cursor = ReplayCursor(read_save(bad), every=8)
    cursor.seek(25)
    good = cursor.state.state_hash()
    cursor.seek(10**9)
    assert cursor.position == cursor.length == 30 and cursor.at_end
    assert "action 31" in cursor.error and "not legal" in cursor.error
    assert cursor.forward() == []
    cursor.seek(25)
    assert cursor.state.state_hash() == good


def test_going_forward_again_starts_from_the_checkpoints_already_made(saved, monkeypatch) -> None:
    import game.persist.replay as replay

    cursor = ReplayCursor(read_save(saved), every=25)
    cursor.seek(120)
    expected = cursor.state.state_hash()
    cursor.seek(5)
    applied: list[int] = []
    real_step = replay.step
    monkeypatch.setattr(replay, "step", lambda s, r, i: applied.append(i) or real_step(s, r, i))
    cursor.seek(120)
    assert cursor.state.state_hash() == expected
    assert applied == list(range(101, 121))  # from the checkpoint at 100, not from 5
