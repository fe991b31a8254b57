"""build/check.py, which the release workflow runs on each build: it finds a bundled libstdc++
on Linux, a Windows game program that would open a console, and a macOS app without its id,
version, icon or high-resolution flag."""

from __future__ import annotations

import importlib.util
import plistlib
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def check():
    spec = importlib.util.spec_from_file_location("build_check", ROOT / "build" / "check.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def windows_exe(path: Path, subsystem: int) -> None:
    """The smallest file with the fields check.py reads: MZ, the PE offset, 'PE\\0\\0', a COFF
    header and an optional header whose Subsystem is at byte 68."""
    data = bytearray(0x80 + 4 + 20 + 96)
    data[:2] = b"MZ"
    struct.pack_into("<I", data, 0x3C, 0x80)
    data[0x80:0x84] = b"PE\0\0"
    struct.pack_into("<H", data, 0x80 + 4 + 20 + 68, subsystem)
    path.write_bytes(bytes(data))


def test_windows_wants_a_windowed_game_and_a_console_twin(check, tmp_path):
    windows_exe(tmp_path / "calamitas.exe", check.GUI)
    windows_exe(tmp_path / "calamitas-cli.exe", check.CONSOLE)
    assert check.check_windows(tmp_path) == []
    windows_exe(tmp_path / "calamitas.exe", check.CONSOLE)
    assert check.check_windows(tmp_path) == [f"{tmp_path / 'calamitas.exe'}: is not windowed"]
    (tmp_path / "calamitas-cli.exe").unlink()
    assert f"{tmp_path / 'calamitas-cli.exe'}: missing" in check.check_windows(tmp_path)


def test_a_file_that_is_not_a_windows_program_is_one_clear_line(check, tmp_path, capsys):
    (tmp_path / "calamitas.exe").write_bytes(b"#!/bin/sh\n" + bytes(100))
    windows_exe(tmp_path / "calamitas-cli.exe", check.CONSOLE)
    assert check.main(["windows", str(tmp_path)]) == 1
    assert "is not a Windows executable" in capsys.readouterr().err


def make_app(check, tmp_path: Path, **changes) -> Path:
    app = tmp_path / "Calamitas.app"
    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "Resources").mkdir()
    (app / "Contents" / "MacOS" / "calamitas").write_bytes(b"")
    (app / "Contents" / "Resources" / "calamitas.icns").write_bytes(b"icns")
    plist = {"CFBundleIdentifier": check.BUNDLE_IDENTIFIER, "CFBundlePackageType": "APPL",
             "CFBundleShortVersionString": check.version(), "CFBundleVersion": check.version(),
             "CFBundleExecutable": "calamitas", "CFBundleIconFile": "calamitas.icns",
             "NSHighResolutionCapable": True, **changes}
    (app / "Contents" / "Info.plist").write_bytes(plistlib.dumps(plist))
    return app


def test_a_complete_macos_app_passes(check, tmp_path):
    assert check.check_macos(make_app(check, tmp_path)) == []


@pytest.mark.parametrize("changes, complaint", [
    ({"NSHighResolutionCapable": False}, "NSHighResolutionCapable"),
    ({"CFBundleShortVersionString": "0.0.0"}, "CFBundleShortVersionString"),
    ({"CFBundleIdentifier": "calamitas"}, "CFBundleIdentifier"),
    ({"LSBackgroundOnly": True}, "Dock"),
    ({"CFBundleIconFile": "icon-windowed.icns"}, ".icns"),
    ({"CFBundleExecutable": "python"}, "CFBundleExecutable"),
])
def test_a_macos_app_missing_a_part_is_refused(check, tmp_path, changes, complaint):
    found = check.check_macos(make_app(check, tmp_path, **changes))
    assert len(found) == 1 and complaint in found[0], found


def test_linux_refuses_a_bundled_libstdcxx_or_libgcc(check, tmp_path):
    inside = tmp_path / "calamitas" / "_internal"
    inside.mkdir(parents=True)
    (inside / "libSDL2-2.0.so.0").write_bytes(b"")
    assert check.check_linux(tmp_path / "calamitas") == []
    (inside / "libstdc++.so.6").write_bytes(b"")
    (inside / "libgcc_s.so.1").write_bytes(b"")
    assert len(check.check_linux(tmp_path / "calamitas")) == 2


def test_the_command_says_when_the_path_is_not_there(check, tmp_path, capsys):
    assert check.main(["macos", str(tmp_path / "Calamitas.app")]) == 1
    assert "no " in capsys.readouterr().err
