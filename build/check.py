"""Check a built download for what the player's system needs of it, beyond the self-test:

    python build/check.py linux PATH        # one file or folder: no libstdc++ / libgcc_s inside
    python build/check.py windows FOLDER    # calamitas.exe windowed, calamitas-cli.exe console
    python build/check.py macos APP         # Calamitas.app: id, version, icon, high resolution

Prints one line per finding and exits 1 if there is any. The release workflow runs it on each
build; each check reads the files only, so it runs on any system.
"""

from __future__ import annotations

import argparse
import plistlib
import struct
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
from build import BUNDLE_IDENTIFIER  # noqa: E402  (build/build.py)

SYSTEM_LIBRARIES = ("libstdc++.so.6", "libgcc_s.so.1")  # the system's own must be used
GUI, CONSOLE = 2, 3  # IMAGE_SUBSYSTEM_WINDOWS_GUI, IMAGE_SUBSYSTEM_WINDOWS_CUI


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def bundled_names(path: Path) -> list[str]:
    """The file names inside a folder build, or inside a one-file program's archive."""
    if path.is_dir():
        return [p.name for p in path.rglob("*")]
    from PyInstaller.archive.readers import CArchiveReader

    return [Path(name).name for name in CArchiveReader(str(path)).toc]


def check_linux(path: Path) -> list[str]:
    names = set(bundled_names(path))
    return [f"{path}: bundles {lib}, which must come from the system" for lib in SYSTEM_LIBRARIES
            if lib in names]


def pe_subsystem(exe: Path) -> int:
    """The Subsystem field of a Windows executable: 68 bytes into the optional header, which
    follows the 'PE\\0\\0' signature (at the offset kept at 0x3C) and the 20-byte COFF header."""
    data = exe.read_bytes()
    (pe,) = struct.unpack_from("<I", data, 0x3C)
    if data[:2] != b"MZ" or data[pe:pe + 4] != b"PE\0\0":
        raise ValueError(f"{exe} is not a Windows executable")
    (subsystem,) = struct.unpack_from("<H", data, pe + 4 + 20 + 68)
    return int(subsystem)


def check_windows(folder: Path) -> list[str]:
    found = []
    for name, wanted, kind in (("calamitas.exe", GUI, "windowed"),
                               ("calamitas-cli.exe", CONSOLE, "a console program")):
        exe = folder / name
        if not exe.is_file():
            found.append(f"{exe}: missing")
        elif pe_subsystem(exe) != wanted:
            found.append(f"{exe}: is not {kind}")
    return found


def check_macos(app: Path) -> list[str]:
    contents = app / "Contents"
    plist_file = contents / "Info.plist"
    if not plist_file.is_file():
        return [f"{plist_file}: missing"]
    plist = plistlib.loads(plist_file.read_bytes())
    wanted = {"CFBundleIdentifier": BUNDLE_IDENTIFIER, "CFBundleShortVersionString": version(),
              "CFBundleVersion": version(), "CFBundlePackageType": "APPL",
              "NSHighResolutionCapable": True}
    found = [f"{plist_file}: {key} is {plist.get(key)!r}, not {value!r}"
             for key, value in wanted.items() if plist.get(key) != value]
    if plist.get("LSBackgroundOnly"):
        found.append(f"{plist_file}: LSBackgroundOnly would hide the game from the Dock")
    icon = contents / "Resources" / str(plist.get("CFBundleIconFile", ""))
    if icon.suffix != ".icns" or not icon.is_file():
        found.append(f"{plist_file}: no .icns icon in Contents/Resources")
    if not (contents / "MacOS" / str(plist.get("CFBundleExecutable", ""))).is_file():
        found.append(f"{plist_file}: CFBundleExecutable is not in Contents/MacOS")
    return found


CHECKS: dict[str, Callable[[Path], list[str]]] = {
    "linux": check_linux, "windows": check_windows, "macos": check_macos}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system", choices=sorted(CHECKS))
    parser.add_argument("path", type=Path)
    args = parser.parse_args(argv)
    if not args.path.exists():
        print(f"check.py: no {args.path}", file=sys.stderr)
        return 1
    try:
        found = CHECKS[args.system](args.path)
    except (OSError, ValueError, struct.error) as error:
        found = [f"{args.path}: {error}"]
    for line in found:
        print(line, file=sys.stderr)
    if not found:
        print(f"{args.path}: as a {args.system} download should be")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
