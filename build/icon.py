"""The application icon, drawn with pygame at build time: a civilization token (a coloured disc
with a gold rim and an emblem) on the client's dark ground.

`python build/icon.py DIR` writes calamitas.png and calamitas.ico (the Windows executable's
icon) into DIR. The .ico holds PNG images, which Windows reads since Vista, so no image
library beyond pygame is needed. (A one-file program on macOS or Linux carries no icon.)
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


def write_icons(folder: Path) -> dict[str, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    master = draw_icon()
    paths = {ext: folder / f"calamitas.{ext}" for ext in ("png", "ico")}
    paths["png"].write_bytes(scaled(master, 256))
    paths["ico"].write_bytes(ico_bytes(master))
    return paths


if __name__ == "__main__":
    for path in write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "dist")).values():
        print(path)
