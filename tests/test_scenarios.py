"""Every conformance scenario of ours passes; the shared examples always parse and report."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.scenario import run_file, run_paths
from game.scenario.runner import scenario_files

ROOT = Path(__file__).resolve().parents[1]
OURS = sorted(scenario_files([str(ROOT / "tests" / "scenarios")]))
SHARED = ROOT.parent / "shared" / "scenarios"


@pytest.mark.parametrize("path", OURS, ids=lambda p: str(p.relative_to(ROOT / "tests")))
def test_scenario_passes(path: Path) -> None:
    result = run_file(path)
    assert result.passed, "\n".join(result.failures)


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared folder is not beside the checkout")
def test_the_shared_examples_run_and_end_with_a_summary_line() -> None:
    out = io.StringIO()
    run_paths([str(SHARED)], out)
    lines = out.getvalue().splitlines()
    count = len(list(SHARED.glob("*.toml")))
    assert lines[-1].endswith("failed") and lines[-1].split()[0].isdigit()
    passed, failed = int(lines[-1].split()[0]), int(lines[-1].split()[2])
    assert passed + failed == count
    assert not any("internal error" in line or "not valid TOML" in line for line in lines)
