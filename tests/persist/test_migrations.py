"""Migrations: older formats are upgraded step by step, in order, up to the current one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.core.plain import to_plain
from game.core.state import PROGRESS_TYPES
from game.persist import SaveError, read_save, verify, write_save
from game.persist.migrations import CURRENT, MigrationError, upgrade
from game.persist.saves import encode_save

OLD = Path(__file__).resolve().parent / "old"


def test_migrations_chain_one_step_at_a_time_in_order() -> None:
    steps: list[int] = []

    def step(n: int) -> Any:
        def run(data: dict[str, Any]) -> dict[str, Any]:
            assert data["format_version"] == n  # each step sees its own version
            steps.append(n)
            return {**data, f"added_by_{n}": True}

        return run

    chain = {1: step(1), 2: step(2), 3: step(3)}
    out = upgrade({"format_version": 1}, 1, chain, current=4)
    assert steps == [1, 2, 3]
    assert out["format_version"] == 4
    assert out["added_by_1"] and out["added_by_2"] and out["added_by_3"]


def test_a_gap_in_the_chain_is_a_clear_error_not_a_crash() -> None:
    with pytest.raises(MigrationError, match="format 2 is too old"):
        upgrade({"format_version": 1}, 1, {1: lambda d: d}, current=4)


def test_the_current_format_needs_no_step() -> None:
    data = {"format_version": CURRENT, "x": 1}
    assert upgrade(dict(data), CURRENT) == data


def test_a_bare_game_state_format_0_loads_as_a_save_of_the_current_format(
    played, tmp_path
) -> None:
    state, _ = played["trade"]
    path = tmp_path / "state.json"
    path.write_text(state.to_json())
    game = read_save(path)
    assert game.format_version == 0
    assert game.state == state
    # to_json sorts the keys; the players come back in the turn order all the same
    assert list(state.players) != sorted(state.players)
    assert list(game.state.players) == list(state.players) == state.config.players
    assert game.record.actions == [] and game.record.start == state
    assert verify(game).final_hash == state.state_hash()
    # Saving it again writes the current format.
    again = write_save(tmp_path / "again.json", game.record, game.state)
    assert json.loads(again.read_text())["format_version"] == CURRENT


def test_a_bare_state_that_is_damaged_gets_a_clear_message(played, tmp_path) -> None:
    state, _ = played["start"]
    doc = json.loads(state.to_json())
    doc["board"] = "nonsense"
    path = tmp_path / "state.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="cannot be read.*board"):
        read_save(path)


def test_an_old_file_goes_through_every_step_of_the_real_chain(played, tmp_path, monkeypatch):
    """A format-0 file passes through step 0 and then any later step a future format adds."""
    import game.persist.migrations as migrations

    state, record = played["start"]
    seen: list[int] = []
    current = json.loads(encode_save(record, state))

    def later(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["format_version"])
        return data

    first = migrations.MIGRATIONS[0]
    monkeypatch.setitem(migrations.MIGRATIONS, 0, lambda d: seen.append(0) or first(d))
    monkeypatch.setitem(migrations.MIGRATIONS, 1, later)
    out = migrations.upgrade(json.loads(state.to_json()), 0, current=2)
    assert seen == [0, 1] and out["format_version"] == 2
    assert out["state"] == current["state"]


def test_a_format_1_save_from_before_seats_were_kept_loads_with_every_seat_human(
    tmp_path,
) -> None:
    """tests/persist/old/format-1.json was written by format 1 (no "seats")."""
    old = OLD / "format-1.json"
    before = old.read_bytes()
    game = read_save(old)
    assert old.read_bytes() == before
    assert game.format_version == 1
    assert game.record.seats == {pid: "human" for pid in game.state.players}
    assert len(game.record.seats) == 5
    assert verify(game).actions == len(game.record.actions) == 60
    again = json.loads(write_save(tmp_path / "again.json", game.record, game.state).read_text())
    assert again["format_version"] == CURRENT == 5
    assert again["seats"] == {pid: "human" for pid in game.state.players}


def test_a_save_from_before_map_set_ups_replays_on_the_whole_board() -> None:
    """tests/persist/old/format-2-oikoumene.json: five bots on the real map, written by format 2
    (before map set-ups were enforced). Pieces stood in areas set-up 5-west puts out of play;
    its log is valid only on the whole board, which the migration names explicitly."""
    old = OLD / "format-2-oikoumene.json"
    raw = json.loads(old.read_text())
    out = set(raw["state"]["map"]["setups"]["5-west"]["out_of_play"])
    board = raw["state"]["board"]
    assert out & {*board["tokens"], *board["cities"], *board["ships"]}
    game = read_save(old)
    assert game.format_version == 2
    assert game.record.config.map_setup == game.state.config.map_setup == "whole-board"
    assert len(game.state.map.areas) == 371
    assert verify(game).actions == len(game.record.actions) == 209


def test_a_format_3_save_in_the_middle_of_a_calamity_is_replayed_into_typed_progress(
    tmp_path,
) -> None:
    """tests/persist/old/format-3-mid-calamity.json: five normal bots, Double Empires, open
    bargaining, saved by format 3 at a Rebels decision four tasks deep. Format 4 plays its log
    again: the same position, its tasks now typed, every turn hash re-recorded and verified."""
    old = OLD / "format-3-mid-calamity.json"
    raw = json.loads(old.read_text())
    game = read_save(old)
    assert game.format_version == 3
    assert [t.kind for t in game.state.tasks] == [t["kind"] for t in raw["state"]["tasks"]]
    assert all(isinstance(t.data, PROGRESS_TYPES[t.kind]) for t in game.state.tasks
               if t.kind in PROGRESS_TYPES)
    assert game.state.pending is not None and game.state.pending.kind == "rebel_player"
    assert to_plain(game.state.board) == raw["state"]["board"]
    assert [h.action for h in game.record.hashes] == [h["action"] for h in raw["hashes"]]
    assert verify(game).actions == len(game.record.actions) == 994
    again = read_save(write_save(tmp_path / "again.json", game.record, game.state))
    assert again.state == game.state


def test_a_format_3_save_whose_log_no_longer_reaches_its_snapshot_is_refused() -> None:
    from game.persist.migrations import MIGRATIONS

    raw = json.loads((OLD / "format-3-mid-calamity.json").read_text())
    raw["state"]["players"]["egypt"]["treasury"] += 1
    with pytest.raises(MigrationError, match="players differs"):
        MIGRATIONS[3](raw)
    raw["actions"][5] = {"player": "egypt", "label": "area:atlantis"}
    with pytest.raises(MigrationError, match="action 5"):
        MIGRATIONS[3](raw)


def test_a_format_4_save_at_a_decision_naming_a_player_gets_its_words_apart(tmp_path) -> None:
    """tests/persist/old/format-4-named-decision.json: the Rebels game above one action on,
    saved by format 4 at "Choose a non-coastal city of assyria the rebels take". Format 5 plays
    the log again: the same prompt, now with the player it names kept apart for the client."""
    old = OLD / "format-4-named-decision.json"
    raw = json.loads(old.read_text())
    game = read_save(old)
    assert game.format_version == 4
    pending = game.state.pending
    assert pending is not None and pending.prompt == raw["state"]["pending"]["prompt"]
    assert pending.words is not None and pending.words.names == ("player:assyria",)
    assert pending.words.render(str.upper) == ("Choose a non-coastal city of PLAYER:ASSYRIA the "
                                               "rebels take")
    assert game.state.state_hash() != raw["state_hash"]  # the words are in the hash
    assert verify(game).actions == len(game.record.actions) == 995
    again = read_save(write_save(tmp_path / "again.json", game.record, game.state))
    assert again.state == game.state and again.format_version == CURRENT == 5


def test_whole_board_migration_leaves_a_named_map_set_up_alone() -> None:
    from game.persist.migrations import MIGRATIONS

    named = {"config": {"map_setup": "5-west"}, "state": {"config": {}}, "start": None}
    out = MIGRATIONS[2](named)
    assert out["config"] == {"map_setup": "5-west"}
    assert out["state"]["config"] == {"map_setup": "whole-board"}
    assert out["start"] is None
