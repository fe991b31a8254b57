"""Build the standalone Calamitas with PyInstaller: `python build/build.py [--onefile]`.

Writes the folder `dist/folder/calamitas/` (quickest to start; on macOS also the app
`dist/folder/Calamitas.app`) or, with --onefile, the single file `dist/calamitas`, and prints
its size. On Windows each form holds two programs: the windowed `calamitas.exe` and its console
twin `calamitas-cli.exe`, which runs the commands. Needs `pip install -e ".[build]"`.
The spec, `build/calamitas.spec`, says what goes in and what is left out.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "calamitas.spec"
ONEFILE_LIMIT_MB = 40.0
BUNDLE_IDENTIFIER = "io.github.calamitas.Calamitas"  # the macOS app's id: reverse DNS, stable


def output_path(dist: Path, onefile: bool) -> Path:
    """The program the build makes that runs the commands and prints (on Windows the console
    twin of the windowed calamitas.exe)."""
    exe = "calamitas-cli.exe" if sys.platform == "win32" else "calamitas"
    return dist / exe if onefile else dist / "calamitas" / exe


def app_path(dist: Path) -> Path:
    """The macOS app a folder build makes beside the folder."""
    return dist / "Calamitas.app"


def size_mb(path: Path) -> float:
    """A file's size, or a folder's (its symlinks, which point inside it, not counted twice)."""
    files = [path] if path.is_file() else path.rglob("*")
    return sum(p.stat().st_size for p in files if p.is_file() and not p.is_symlink()) / 1e6


def build(dist: Path, work: Path, onefile: bool, quiet: bool = False) -> Path:
    """Run PyInstaller on the spec; returns the executable. SystemExit if PyInstaller fails."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        sys.exit('build.py: PyInstaller is not installed: pip install -e ".[build]"')
    args = [str(SPEC), "--noconfirm", "--clean", "--distpath", str(dist), "--workpath", str(work),
            "--log-level", "WARN" if quiet else "INFO"]
    if onefile:
        args += ["--", "--onefile"]
    pyinstaller.run(args)
    return output_path(dist, onefile)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="one executable, not a folder")
    parser.add_argument("--dist", type=Path, metavar="DIR",
                        help="where the build goes (default: dist/, or dist/folder/ for a folder)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "work", metavar="DIR")
    parser.add_argument("--quiet", action="store_true", help="PyInstaller warnings only")
    args = parser.parse_args(argv)
    dist = args.dist or (ROOT / "dist" if args.onefile else ROOT / "dist" / "folder")
    exe = build(dist, args.work, args.onefile, args.quiet)
    if not exe.is_file():
        print(f"build.py: PyInstaller made no {exe}", file=sys.stderr)
        return 1
    bundle = exe if args.onefile else exe.parent
    size = size_mb(bundle)
    print(f"built {bundle}: {size:.1f} MB")
    if sys.platform == "darwin" and not args.onefile:
        print(f"built {app_path(dist)}: {size_mb(app_path(dist)):.1f} MB")
    if args.onefile and size > ONEFILE_LIMIT_MB:
        print(f"build.py: over the {ONEFILE_LIMIT_MB:.0f} MB budget for one file; look for "
              f"what came in (pyi-archive_viewer {exe})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
