"""Shared test set-up: headless SDL before anything touches pygame; a private data folder for
tests that save, autosave or keep settings (no test ever writes into the real user folders)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from game.persist import paths

    folder = tmp_path / "calamitas-data"
    monkeypatch.setenv(paths.ENV_VAR, str(folder))
    paths.use_data_dir(None)
    yield folder
    paths.use_data_dir(None)
