"""The application icon, drawn with pygame: a civilization token (a coloured disc with a gold
rim and an emblem) on the client's dark ground.

`python build/icon.py DIR` writes calamitas.png, calamitas.ico (the Windows executables' icon)
and calamitas.icns (the macOS app's) into DIR; the spec calls write_icons at every build.
`python build/icon.py --asset` redraws assets/icon.png, the picture the running game gives its
window, taskbar button and Dock tile (the Linux one-file program carries no icon of its own).
The .ico and .icns hold PNG images, which Windows (since Vista) and macOS (since 10.7) read, so
no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.ui.emblems import emblem_surface  # noqa: E402

GROUND = (27, 24, 20)      # theme.json dark_bg
GOLD = (224, 185, 90)      # theme.json selected_border
DISC = (51, 34, 136)       # Babylon's Tol muted indigo
EMBLEM_INK = (239, 230, 210)  # theme.json normal_text
EMBLEM = "ziggurat"
MASTER = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns entries that may hold PNG data: type code -> pixel size (ic11-ic14 are the @2x ones)
ICNS_TYPES = {b"ic11": 32, b"ic12": 64, b"ic07": 128, b"ic13": 256, b"ic08": 256,
              b"ic14": 512, b"ic09": 512, b"ic10": 1024}
ASSET = Path(__file__).resolve().parent.parent / "assets" / "icon.png"
ASSET_SIZE = 256


def draw_icon(size: int = MASTER) -> pygame.Surface:
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    corner = size // 6
    pygame.draw.rect(icon, GROUND, icon.get_rect(), border_radius=corner)
    centre = (size // 2, size // 2)
    pygame.draw.circle(icon, GOLD, centre, round(size * 0.43))
    pygame.draw.circle(icon, DISC, centre, round(size * 0.38))
    emblem = emblem_surface(EMBLEM, round(size * 0.62), EMBLEM_INK)
    icon.blit(emblem, emblem.get_rect(center=centre))
    return icon


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def scaled(master: pygame.Surface, size: int) -> bytes:
    return png_bytes(pygame.transform.smoothscale(master, (size, size)))


def ico_bytes(master: pygame.Surface) -> bytes:
    """ICONDIR, one ICONDIRENTRY per size, then the PNG images (width 0 means 256)."""
    images = [scaled(master, n) for n in ICO_SIZES]
    offset = 6 + 16 * len(images)
    head = struct.pack("<HHH", 0, 1, len(images))
    entries = b""
    for n, data in zip(ICO_SIZES, images, strict=True):
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return head + entries + b"".join(images)


def icns_bytes(master: pygame.Surface) -> bytes:
    """The 'icns' magic and total length, then per image its type code, length and PNG data
    (big-endian lengths that count their own 8-byte headers)."""
    body = b""
    for code, n in ICNS_TYPES.items():
        data = scaled(master, n)
        body += code + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    master = draw_icon()
    paths = {ext: folder / f"calamitas.{ext}" for ext in ("png", "ico", "icns")}
    paths["png"].write_bytes(scaled(master, ASSET_SIZE))
    paths["ico"].write_bytes(ico_bytes(master))
    paths["icns"].write_bytes(icns_bytes(master))
    return paths


def write_asset(path: Path = ASSET) -> Path:
    path.write_bytes(scaled(draw_icon(), ASSET_SIZE))
    return path


if __name__ == "__main__":
    if sys.argv[1:] == ["--asset"]:
        print(write_asset())
    else:
        for path in write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "dist")).values():
            print(path)
