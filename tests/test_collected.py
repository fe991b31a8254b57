"""Every folder of tests/ is collected by a plain `python -m pytest`: none may match a pattern
of pytest's `norecursedirs`. pytest's default list holds `build`, so until pyproject.toml set
its own list, tests/build (the standalone build's tests) was left out of every run without a
path, and the frozen build's failing self-test passed CI unseen (issue 34)."""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def test_no_folder_of_the_tests_is_skipped_by_norecursedirs(pytestconfig: pytest.Config):
    patterns = pytestconfig.getini("norecursedirs")
    folders = [p for p in TESTS.rglob("*") if p.is_dir() and "__pycache__" not in p.parts
               and any(p.glob("test_*.py"))]
    assert (TESTS / "build") in folders
    skipped = [(str(f.relative_to(TESTS)), pat) for f in folders for pat in patterns
               if fnmatch(f.name, pat)]
    assert skipped == []
