"""A settings file that cannot be used (all or in part) is kept as a copy before the next
save writes the defaults over it (issue 19)."""

from __future__ import annotations

from game.persist import load_settings, save_settings
from game.persist.settings import backup_path


def test_a_garbage_settings_file_is_kept_as_a_copy_before_it_is_overwritten(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b"garbage = = =\x00")
    settings, warnings = load_settings(path)
    assert len(warnings) == 1 and str(backup_path(path)) in warnings[0]
    save_settings(settings, path)
    assert backup_path(path).read_bytes() == b"garbage = = =\x00"


def test_a_file_with_one_bad_value_is_kept_too(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('animation_speed = "fast"\nvolume = 0.5\n')
    settings, warnings = load_settings(path)
    assert settings.volume == 0.5 and "kept as" in warnings[-1]
    assert backup_path(path).read_text().startswith('animation_speed = "fast"')


def test_a_good_file_leaves_no_copy(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text("volume = 0.5\n")
    assert load_settings(path)[1] == []
    assert not backup_path(path).exists()

