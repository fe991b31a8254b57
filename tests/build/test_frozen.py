"""The standalone build: PyInstaller makes the folder build, and the frozen program runs the
self-test headless, reads its map, rules data, fonts and theme from the bundle, records the
version from pyproject.toml in its saves, and plays a parallel arena (worker processes started
by spawn or forkserver in a frozen program); build/check.py finds it as each system wants it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
sys.path.insert(0, str(ROOT / "build"))
from check import CHECKS  # noqa: E402  (build/check.py)

from build import app_path, output_path  # noqa: E402  (build/build.py)

SYSTEM = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
SHIPPED = ["maps/oikoumene.json", "game/core/data/ruleset-classic.toml", "assets/theme.json",
           "assets/fonts/NotoSans-Regular.ttf", f"calamitas-{VERSION}.dist-info"]
LEFT_OUT = ["numpy", "NotoSansJP", "NotoSansKR", "NotoSansSC", "libreadline"]
NEEDED = ["_ssl."]  # websockets' client imports ssl: the Load, Host and Join screens


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip('PyInstaller is not installed (pip install -e ".[build]")')
    tmp = tmp_path_factory.mktemp("frozen")
    subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--quiet",
                    "--dist", str(tmp / "dist"), "--work", str(tmp / "work")], check=True)
    return output_path(tmp / "dist", onefile=False).parent


def run_frozen(bundle: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The frozen program, headless, with a home and per-user folders of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CALAMITAS_", "XDG_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(home / "cache"))
    program = output_path(bundle.parent, onefile=False)
    return subprocess.run([str(program), *args], env=env, cwd=home, capture_output=True,
                          text=True, timeout=600)


def test_the_bundle_holds_what_the_game_reads_and_not_the_bloat(bundle: Path):
    inside = bundle / "_internal"
    for name in SHIPPED:
        assert (inside / name).exists(), name
    names = [str(p.relative_to(inside)) for p in inside.rglob("*")]
    for unwanted in LEFT_OUT:
        assert not [n for n in names if unwanted in n], unwanted
    for needed in NEEDED:
        assert [n for n in names if needed in n], needed


def test_the_bundle_is_as_the_player_s_system_wants_it(bundle: Path):
    built = app_path(bundle.parent) if SYSTEM == "macos" else bundle
    assert CHECKS[SYSTEM](built) == []


def test_the_frozen_client_passes_its_selftest_and_writes_nothing_beside_itself(
        bundle: Path, tmp_path: Path):
    before = sorted(bundle.rglob("*"))
    run = run_frozen(bundle, tmp_path, "selftest", "--frames", "120")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "selftest OK" in run.stdout
    assert sorted(bundle.rglob("*")) == before


def test_a_frozen_save_records_the_version_from_pyproject(bundle: Path, tmp_path: Path):
    sim = run_frozen(bundle, tmp_path, "simulate", "--players", "5", "--max-turns", "2",
                     "--save", "game.json")
    assert sim.returncode == 0, sim.stdout + sim.stderr
    replay = run_frozen(bundle, tmp_path, "replay", "game.json", "--verify")
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert f"Calamitas {VERSION}" in replay.stdout


def test_a_frozen_arena_plays_across_worker_processes(bundle: Path, tmp_path: Path):
    run = run_frozen(bundle, tmp_path, "arena", "--players", "5", "--seats", "random",
                     "--games", "2")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2/2 games" in run.stderr and "random  win" in run.stdout
