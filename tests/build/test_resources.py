"""The resource helper finds shipped files from a checkout and inside a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path

from game.maps.files import find_maps, maps_dir
from game.resources import resource_path, resource_root

CHECKOUT = Path(__file__).resolve().parents[2]


def test_from_a_checkout_the_root_is_the_repository():
    assert resource_root() == CHECKOUT
    assert (resource_path("assets") / "theme.json").is_file()
    assert "oikoumene" in find_maps()


def test_when_frozen_files_come_from_the_bundle_folder(monkeypatch, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "bundled.json").write_text("{}")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_path("assets", "theme.json") == tmp_path / "assets" / "theme.json"
    assert maps_dir() == tmp_path / "maps"
    assert list(find_maps()) == ["bundled"]


def test_a_stray_meipass_without_freezing_is_ignored(monkeypatch, tmp_path):
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_root() == CHECKOUT


def test_when_frozen_saves_settings_and_logs_stay_in_the_per_user_folders(monkeypatch, tmp_path):
    import platformdirs

    from game.persist import paths

    monkeypatch.delenv(paths.ENV_VAR, raising=False)
    monkeypatch.setattr(paths, "_override", None)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.data_dir() == Path(platformdirs.user_data_dir("calamitas", appauthor=False))
    for folder in (paths.saves_dir(), paths.autosaves_dir(), paths.config_dir(), paths.log_dir()):
        assert not folder.is_relative_to(tmp_path), folder
