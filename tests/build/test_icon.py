"""The game's own icon: build/icon.py draws it, assets/icon.png is that drawing, the client gives
it to its window before opening it, and the Windows .ico and macOS .icns hold it at every size."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pygame
import pytest

from game.persist import Settings
from game.ui import app as app_module

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def icon():  # build/icon.py, which is a script beside the spec, not a package module
    spec = importlib.util.spec_from_file_location("build_icon", ROOT / "build" / "icon.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_icon_is_the_one_icon_py_draws(icon):
    shipped = pygame.image.load(ROOT / "assets" / "icon.png")
    drawn = pygame.transform.smoothscale(icon.draw_icon(), (icon.ASSET_SIZE, icon.ASSET_SIZE))
    assert shipped.get_size() == drawn.get_size()
    a, b = pygame.image.tobytes(shipped, "RGBA"), pygame.image.tobytes(drawn, "RGBA")
    # smoothscale may round a shade differently on another CPU; a changed drawing moves far more
    assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 2, \
        "assets/icon.png is stale: python build/icon.py --asset"


def test_the_client_sets_its_icon_before_it_opens_its_window(monkeypatch):
    calls: list[tuple[str, pygame.Surface | None]] = []
    real_icon, real_mode = pygame.display.set_icon, pygame.display.set_mode

    def set_icon(surface: pygame.Surface) -> None:
        calls.append(("icon", surface))
        real_icon(surface)

    def set_mode(*args, **kwargs) -> pygame.Surface:
        calls.append(("window", None))
        return real_mode(*args, **kwargs)

    monkeypatch.setattr(app_module.pygame.display, "set_icon", set_icon)
    monkeypatch.setattr(app_module.pygame.display, "set_mode", set_mode)
    app_module.App((1280, 720), settings=Settings(), persist_settings=False)
    assert [kind for kind, _ in calls][:2] == ["icon", "window"]
    given = calls[0][1]
    assert given is not None
    shipped = pygame.image.load(ROOT / "assets" / "icon.png")
    assert pygame.image.tobytes(given, "RGBA") == pygame.image.tobytes(shipped, "RGBA")


def test_a_missing_icon_costs_only_the_icon(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(app_module, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    app_module.set_window_icon()
    assert "no window icon" in caplog.text


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_icns_holds_a_png_of_the_right_size_for_each_entry(icon, tmp_path):
    data = icon.write_icons(tmp_path)["icns"].read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    at, seen = 8, {}
    while at < len(data):
        code, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        seen[code] = png_size(data[at + 8:at + length])
        at += length
    assert at == len(data)
    assert seen == {code: (n, n) for code, n in icon.ICNS_TYPES.items()}


def test_the_ico_holds_a_png_of_each_size(icon, tmp_path):
    data = icon.write_icons(tmp_path)["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(icon.ICO_SIZES))
    for i, n in enumerate(icon.ICO_SIZES):
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert (w or 256, h or 256) == (n, n)
        assert png_size(data[offset:offset + length]) == (n, n)
