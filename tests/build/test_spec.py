"""build/calamitas.spec on each system, run here with PyInstaller's build steps replaced by
recorders (the Windows and macOS builds need those systems): what programs it asks for, windowed
or console, with which icon, and the macOS app's bundle id, version and high-resolution flag."""

from __future__ import annotations

import sys
import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

hooks = pytest.importorskip("PyInstaller.utils.hooks", reason='pip install -e ".[build]"')

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build" / "calamitas.spec"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


class Step:
    """One PyInstaller build step (EXE, COLLECT, BUNDLE...), as the spec called it."""

    def __init__(self, kind: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs


@pytest.fixture(scope="module")
def icons(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    sys.path.insert(0, str(SPEC.parent))
    import icon  # build/icon.py, as the spec imports it

    return icon.write_icons(tmp_path_factory.mktemp("icons"))


@pytest.fixture
def spec_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, icons: dict[str, Path]):
    import icon

    monkeypatch.setattr(icon, "write_icons", lambda folder: icons)  # drawn once, above
    return lambda *args, **kwargs: run_spec(monkeypatch, tmp_path, *args, **kwargs)


def run_spec(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str,
             onefile: bool = False, binaries: list[tuple[str, str, str]] | None = None):
    steps: list[Step] = []

    def recorder(kind: str):
        def record(*args: Any, **kwargs: Any) -> Step:
            steps.append(Step(kind, args, kwargs))
            return steps[-1]
        return record

    class Analysis:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.binaries = list(binaries or [])
            self.datas: list[tuple[str, str, str]] = []
            self.pure: list[Any] = []
            self.scripts: list[Any] = []

    versioninfo = types.ModuleType("PyInstaller.utils.win32.versioninfo")
    for name in ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable",
                 "StringStruct", "VarFileInfo", "VarStruct"):
        setattr(versioninfo, name, recorder(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.win32.versioninfo", versioninfo)
    # the installed metadata, which pytest's view of the checkout may hide behind the egg-info
    metadata = [(f"/site-packages/calamitas-{VERSION}.dist-info", f"calamitas-{VERSION}.dist-info")]
    monkeypatch.setattr(hooks, "copy_metadata", lambda name: metadata)
    monkeypatch.setattr(hooks, "collect_submodules", lambda package: [package])  # 1 s each
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", ["calamitas.spec", *(["--onefile"] if onefile else [])])
    names = {"SPECPATH": str(SPEC.parent), "workpath": str(tmp_path), "Analysis": Analysis,
             "PYZ": recorder("PYZ"), "EXE": recorder("EXE"), "COLLECT": recorder("COLLECT"),
             "BUNDLE": recorder("BUNDLE"), "__name__": "__main__"}
    exec(compile(SPEC.read_text("utf-8"), str(SPEC), "exec"), names)
    return steps, names


def of_kind(steps: list[Step], kind: str) -> list[Step]:
    return [s for s in steps if s.kind == kind]


def test_windows_gets_a_windowed_game_and_a_console_twin_in_one_folder(spec_run):
    steps, _ = spec_run("win32")
    exes = {s.kwargs["name"]: s.kwargs for s in of_kind(steps, "EXE")}
    assert {n: kw["console"] for n, kw in exes.items()} == {"calamitas": False,
                                                           "calamitas-cli": True}
    assert all(kw["icon"].endswith(".ico") and "hide_console" not in kw for kw in exes.values())
    (collect,) = of_kind(steps, "COLLECT")
    assert [a for a in collect.args if isinstance(a, Step)] == of_kind(steps, "EXE")
    assert not of_kind(steps, "BUNDLE")


def test_windows_one_file_is_two_programs_too(spec_run):
    steps, _ = spec_run("win32", onefile=True)
    assert sorted(s.kwargs["name"] for s in of_kind(steps, "EXE")) == ["calamitas",
                                                                       "calamitas-cli"]
    assert not of_kind(steps, "COLLECT")


def test_macos_gets_an_app_in_the_folder_form(spec_run):
    steps, names = spec_run("darwin")
    (exe,) = of_kind(steps, "EXE")
    assert exe.kwargs["console"] is False  # a console program's app is LSBackgroundOnly
    (collect,) = of_kind(steps, "COLLECT")
    (bundle,) = of_kind(steps, "BUNDLE")
    assert bundle.args == (collect,)
    kw = bundle.kwargs
    assert kw["name"] == "Calamitas.app" and kw["version"] == VERSION
    assert kw["bundle_identifier"] == names["BUNDLE_IDENTIFIER"]
    assert Path(kw["icon"]).suffix == ".icns" and Path(kw["icon"]).is_file()
    assert kw["info_plist"]["NSHighResolutionCapable"] is True
    assert kw["info_plist"]["CFBundleVersion"] == VERSION


def test_macos_one_file_is_a_terminal_program_and_no_app(spec_run):
    steps, _ = spec_run("darwin", onefile=True)
    assert [s.kwargs["console"] for s in of_kind(steps, "EXE")] == [True]
    assert not of_kind(steps, "BUNDLE")


def test_linux_leaves_libstdcxx_and_libgcc_to_the_system(spec_run):
    vendored = ("pygame_ce.libs/libfluidsynth-2d6ca569.so.3.5.6", "/nowhere", "BINARY")
    binaries = [("libstdc++.so.6", "/usr/lib/libstdc++.so.6", "BINARY"),
                ("libgcc_s.so.1", "/usr/lib/libgcc_s.so.1", "BINARY"), vendored]
    steps, names = spec_run("linux", onefile=True, binaries=binaries)
    assert names["a"].binaries == [vendored]
    (exe,) = of_kind(steps, "EXE")
    assert exe.kwargs["name"] == "calamitas" and exe.kwargs["console"] is True


def test_other_systems_keep_their_libraries(spec_run):
    binaries = [("libstdc++.6.dylib", "/usr/lib/libstdc++.6.dylib", "BINARY")]
    _, names = spec_run("darwin", binaries=binaries)
    assert names["a"].binaries == binaries
