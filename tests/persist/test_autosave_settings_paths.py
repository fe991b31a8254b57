"""Autosaves (every phase boundary, the newest 10 kept), settings.toml, and the folders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core import Action
from game.persist import (
    Autosaver,
    GameRecord,
    Settings,
    autosaves,
    load_settings,
    newest_autosave,
    paths,
    save_settings,
)

# --- autosaves --------------------------------------------------------------------------------


def test_an_autosave_is_written_at_each_phase_boundary_and_only_the_newest_10_kept(
    played, helpers, private_data_dir
) -> None:
    state, record = played["start"]
    state, record = state.clone(), helpers.copy(record)
    saver = Autosaver()
    written = []
    hashes = []
    boundaries = 0

    def each(now, rec: GameRecord) -> None:
        nonlocal boundaries
        boundaries += rec.phase_changed
        path = saver.maybe_save(rec, now)
        if path is not None:
            written.append(path)
            hashes.append(now.state_hash())

    helpers.play(state, record, seed=7, limit=400, each=each)
    assert len(written) == boundaries > 10
    kept = autosaves()
    assert len(kept) == 10
    assert kept[0].parent == private_data_dir / "autosaves"
    assert set(kept) == set(written[-10:])
    game = newest_autosave()
    assert game is not None and game.state.state_hash() == hashes[-1]


def test_no_autosave_without_a_phase_boundary(played, helpers, tmp_path) -> None:
    state, record = played["start"]
    record = helpers.copy(record)
    record.phase_changed = False
    assert Autosaver(tmp_path).maybe_save(record, state) is None
    assert autosaves(tmp_path) == []


def test_continue_skips_a_damaged_newest_autosave(played, tmp_path) -> None:
    state, record = played["movement"]
    saver = Autosaver(tmp_path)
    good = saver.save(record, state)
    bad = saver.save(record, state)
    bad.write_text('{"format": "calamitas-save", "format_versi')
    os.utime(good, (1, 1))  # the damaged one is the newest
    assert autosaves(tmp_path)[0] == bad
    game = newest_autosave(tmp_path)
    assert game is not None and game.path == good


def test_continue_with_no_autosaves_is_none(tmp_path) -> None:
    assert newest_autosave(tmp_path / "nothing-here") is None


# --- settings ---------------------------------------------------------------------------------


def test_missing_settings_give_the_defaults_silently() -> None:
    settings, warnings = load_settings()
    assert settings == Settings() and warnings == []


def test_settings_round_trip_through_the_config_folder(private_data_dir) -> None:
    settings = Settings(ui_scale=1.5, animation_speed=2.0, fullscreen=True, sound=False,
                        window_width=1920, window_height=1080)
    settings.new_game.players = 9
    settings.new_game.ruleset = "double-empires"
    settings.new_game.seats = ["human", "basic", "random"]
    path = save_settings(settings)
    assert path == private_data_dir / "settings.toml"
    loaded, warnings = load_settings()
    assert loaded == settings and warnings == []


def test_invalid_settings_fall_back_to_defaults_with_a_warning_each(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(
        'ui_scale = 40\nanimation_speed = "fast"\nfullscreen = 1\nsound = true\nvolume = nan\n'
        'colour = "red"\nwindow_width = 99999\nwindow_height = 1.5\n'
        '[new_game]\nplayers = 30\nruleset = "chess"\nast = "expert"\n'
        'seats = ["human", "rm -rf /"]\nmap = "../../x"\n'
    )
    settings, warnings = load_settings(path)
    assert settings.ui_scale == 1.0 and settings.animation_speed == 1.0
    assert settings.fullscreen is False and settings.sound is True and settings.volume == 0.8
    assert settings.new_game.players == 5 and settings.new_game.ruleset == "classic"
    assert settings.new_game.ast == "expert"  # the valid value is kept
    assert settings.new_game.seats == [] and settings.new_game.map == ""
    assert (settings.window_width, settings.window_height) == (1366, 768)
    named = " | ".join(warnings)
    for key in ("ui_scale", "animation_speed", "fullscreen", "volume", "colour", "window_width",
                "window_height", "new_game.players", "new_game.ruleset", "new_game.seats",
                "new_game.map"):
        assert key in named
    assert len(warnings) == 11 and all("\n" not in w for w in warnings)


@pytest.mark.parametrize("content", [b"ui_scale = = 2", b"\xff\xfe", b"[new_game\n", b"a=[" * 5000])
def test_a_broken_settings_file_means_defaults_and_one_warning(tmp_path, content) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    settings, warnings = load_settings(path)
    assert settings == Settings() and len(warnings) == 1 and "using defaults" in warnings[0]
    assert path.read_bytes() == content


# --- folders ----------------------------------------------------------------------------------


def test_the_environment_variable_moves_everything(private_data_dir) -> None:
    for folder in (paths.saves_dir(), paths.autosaves_dir(), paths.replays_dir(),
                   paths.log_dir(), paths.settings_path().parent):
        assert private_data_dir in (folder, *folder.parents)
    assert not private_data_dir.exists()  # nothing is created until something is written


def test_without_an_override_the_folders_are_the_users_not_the_codes(monkeypatch) -> None:
    monkeypatch.delenv(paths.ENV_VAR)
    code = Path(__file__).resolve().parents[2]
    for folder in (paths.data_dir(), paths.config_dir(), paths.log_dir()):
        assert code not in (folder, *folder.parents)
        assert "calamitas" in str(folder).lower()


def test_the_data_dir_option_moves_everything_for_the_cli(played, tmp_path) -> None:
    target = tmp_path / "portable"
    try:
        assert main(["--data-dir", str(target), "replay", str(tmp_path / "none.json")]) == 1
        assert paths.saves_dir() == target / "saves"
        assert paths.settings_path() == target / "settings.toml"
    finally:
        paths.use_data_dir(None)


def test_data_dir_works_before_the_default_command(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(tmp_path / "d"), "--help"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0 and "--data-dir" in done.stdout


# --- named saves, replays, logs ---------------------------------------------------------------


def test_named_saves_and_replays_go_to_their_folders_with_safe_names(
    played, private_data_dir
) -> None:
    from game.persist import list_saves, read_save, save_game, save_replay

    state, record = played["end"]
    path = save_game("../My game: turn 24?", record, state)
    assert path.parent == private_data_dir / "saves" and path.name == "My game_ turn 24.json"
    assert [r.path for r in list_saves(paths.saves_dir())] == [path]
    replay = save_replay(record, state)
    assert replay.parent == private_data_dir / "replays"
    assert read_save(replay).state == state


def test_the_log_file_lives_in_the_log_folder(private_data_dir) -> None:
    import logging

    from game.persist import start_logging

    path = start_logging()
    try:
        assert path == private_data_dir / "logs" / "calamitas.log"
        assert start_logging() == path  # a second call adds no second handler
        logging.getLogger("game.persist").warning("hello from the test")
        for handler in logging.getLogger("game").handlers:
            handler.flush()
        assert "hello from the test" in path.read_text()
    finally:
        logger = logging.getLogger("game")
        for handler in list(logger.handlers):
            if getattr(handler, "baseFilename", None) == str(path):
                logger.removeHandler(handler)
                handler.close()


def test_an_action_that_runs_a_whole_turn_back_to_the_same_phase_is_a_boundary(played) -> None:
    """Nobody may have a decision for a whole turn: one action then ends in the phase it began
    in, a turn later. The autosave must still see a boundary there."""
    state, _ = played["movement"]
    record = GameRecord.begin(state)
    later = state.clone()
    later.turn += 1  # the same phase, one turn on
    assert later.phase == state.phase
    record.note(Action(state.pending.player, state.pending.options[0]), later)
    assert record.phase_changed
    assert record.hashes[-1].turn == later.turn
