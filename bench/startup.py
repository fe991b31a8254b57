"""Time from launch to the client's first frame, and the size of each build.

    python bench/startup.py [--runs N] [EXE ...]

Without EXE: the source (`python build/launcher.py`) and whichever of
`dist/folder/calamitas/calamitas` (folder build) and `dist/calamitas` (one-file build) exist.
Each launch runs headless with CALAMITAS_FIRST_FRAME set, so the program prints the clock at its
first flip and exits (see build/launcher.py); the figure is that clock minus the clock just
before the launch.
On a busy machine wall times swell; the CPU seconds of the whole launch (Unix) swell less.
Settings come from an empty temporary data folder, so every launch starts the same way.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import resource
except ImportError:  # Windows: wall times only
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
from build import output_path, size_mb  # noqa: E402  (build/build.py)


def default_targets() -> list[tuple[str, list[str]]]:
    targets = [("source", [sys.executable, str(ROOT / "build" / "launcher.py")])]
    dist = ROOT / "dist"
    for name, path in (("folder build", output_path(dist / "folder", onefile=False)),
                       ("one-file build", output_path(dist, onefile=True))):
        if path.is_file():
            targets.append((name, [str(path)]))
    return targets


def children_cpu() -> float:
    if resource is None:
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def launch(command: list[str], data_dir: str) -> tuple[float, float]:
    """(seconds from launch to the first frame, CPU seconds of the whole launch)."""
    env = dict(os.environ, CALAMITAS_FIRST_FRAME="1", CALAMITAS_DATA_DIR=data_dir,
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the source run as people have it: bytecode cached
    cpu = children_cpu()
    started = time.time()
    run = subprocess.run([*command, "play"], env=env, capture_output=True, text=True,
                         timeout=120)
    cpu = children_cpu() - cpu
    for line in run.stdout.splitlines():
        if line.startswith("first-frame "):
            return float(line.split()[1]) - started, cpu
    raise RuntimeError(f"{command[0]}: no first frame (exit {run.returncode}): "
                       f"{run.stderr.strip()[-400:]}")


def size(command: list[str]) -> str:
    path = Path(command[-1])
    if path.suffix == ".py":
        return "-"
    folder_build = (path.parent / "_internal").is_dir()
    return f"{size_mb(path.parent if folder_build else path):.1f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("exe", nargs="*", help="executables to time (default: see above)")
    args = parser.parse_args()
    targets = [(exe, [exe]) for exe in args.exe] or default_targets()
    print(f"{'target':16s} {'size':>9s}  first frame median (min-max)   CPU median"
          f"   {args.runs} runs")
    with tempfile.TemporaryDirectory(prefix="calamitas-startup-") as data_dir:
        for name, command in targets:
            launch(command, data_dir)  # warms the file cache and compiles; not counted
            walls, cpus = zip(*(launch(command, data_dir) for _ in range(args.runs)),
                              strict=True)
            print(f"{name:16s} {size(command):>9s}  {statistics.median(walls):5.2f} s "
                  f"({min(walls):.2f}-{max(walls):.2f})  {statistics.median(cpus):13.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
