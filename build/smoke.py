"""The frozen smoke test: `python build/smoke.py [--exe PROGRAM]`.

Builds the one file once, into a fresh temporary folder (no earlier build can stand in for it),
then runs it as a download user has it, headless, with a home and per-user folders of its own:
`calamitas selftest --frames 120 --screenshots DIR`, the self-test's tour of the client. It
passes only if the program exits 0, says "selftest OK", and left a picture of every screen
named in SCREENS (main menu, New game, Load, Host, Join, Settings, Rules, Help, About, a game,
the end screen, the replay viewer). With --exe it walks a program already built instead.
CI runs it as a step of its own (.ci/run), apart from the test suite, so no test order, skip or
collection rule can hide it (issue 34). Exit 0 when all went well, 1 with the reason otherwise.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
from build import output_path, size_mb  # noqa: E402  (build/build.py)

# the screen, as a player names it: the self-test's name for its picture (NN-name.png)
SCREENS = {
    "main menu": "menu", "New game": "new-game", "Load": "load", "Host": "host",
    "Join": "join", "Settings": "settings", "Rules": "rules-phases", "Help": "help",
    "About": "about", "How to play": "book-goal", "a game": "game", "the end screen": "end",
    "the replay viewer": "replay",
}
TIMEOUT = 900


def build_once(folder: Path) -> Path:
    """The one file, built by build.py (which also holds it to the 40 MB budget)."""
    run = subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--onefile",
                          "--quiet", "--dist", str(folder / "dist"), "--work",
                          str(folder / "work")], cwd=ROOT, timeout=TIMEOUT, check=False)
    exe = output_path(folder / "dist", onefile=True)
    if run.returncode or not exe.is_file():
        raise SystemExit(f"frozen smoke: FAILED: build.py exited {run.returncode}")
    return exe


def run_tour(exe: Path, folder: Path) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """The self-test in the frozen program; (its run, the names of the pictures it left)."""
    home, shots = folder / "home", folder / "shots"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CALAMITAS_", "XDG_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(home),
               XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(home / "cache"),
               APPDATA=str(home / "appdata"), LOCALAPPDATA=str(home / "localappdata"))
    run = subprocess.run([str(exe), "selftest", "--frames", "120", "--screenshots", str(shots)],
                         env=env, cwd=home, capture_output=True, text=True, timeout=TIMEOUT,
                         check=False)
    seen = {re.sub(r"^\d+-", "", p.stem) for p in shots.glob("*.png")}
    return run, seen


def problems(run: subprocess.CompletedProcess[str], seen: set[str]) -> list[str]:
    found = []
    if run.returncode != 0:
        found.append(f"the self-test exited {run.returncode}")
    if "selftest OK" not in run.stdout:
        found.append('the self-test did not say "selftest OK"')
    found += [f"no picture of {screen} ({name})" for screen, name in SCREENS.items()
              if name not in seen]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", type=Path, help="a program already built (default: build one)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="calamitas-smoke-") as tmp:
        folder = Path(tmp)
        exe = args.exe.resolve() if args.exe else build_once(folder)
        built = time.perf_counter()
        run, seen = run_tour(exe, folder)
        found = problems(run, seen)
        size = size_mb(exe)
    ended = time.perf_counter()
    if found:
        print(run.stdout[-3000:], run.stderr[-6000:], sep="\n", file=sys.stderr)
        for line in found:
            print(f"frozen smoke: FAILED: {line}", file=sys.stderr)
        return 1
    print(f"frozen smoke OK: {exe.name} {size:.1f} MB, {len(seen)} screens "
          f"({', '.join(SCREENS)}); build {built - started:.0f} s, "
          f"tour {ended - built:.0f} s")
    print(run.stdout.strip().splitlines()[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
