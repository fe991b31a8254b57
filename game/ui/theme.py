"""Look and feel: where the assets are, the palette, fonts at the UI scale, the pygame-gui theme.

Everything that has a size goes through `Theme.px`, so one UI-scale setting makes the client
readable on a 4K screen. Fonts are the ones shipped in ``assets/fonts`` (never SysFont: what a
machine happens to have installed must not change the look).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.core import load_game_data
from game.resources import resource_path

Colour = tuple[int, int, int]


def assets_dir() -> Path:
    """The assets folder: inside the bundle when frozen, else beside the package."""
    return resource_path("assets")


FONT_FILES = {
    "regular": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "italic": "NotoSans-Italic.ttf",
    "title": "DejaVuSerif-Bold.ttf",
}


def hex_colour(text: str) -> Colour:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def luminance(colour: Colour) -> float:
    r, g, b = (c / 255 for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_for(colour: Colour) -> Colour:
    """Black or white, whichever reads better on `colour`."""
    return (24, 20, 16) if luminance(colour) > 0.45 else (250, 246, 236)


def shade(colour: Colour, factor: float) -> Colour:
    """Darker (factor < 1) or lighter (factor > 1, mixed towards white)."""
    if factor <= 1:
        return tuple(max(0, int(c * factor)) for c in colour)  # type: ignore[return-value]
    t = min(factor - 1, 1)
    return tuple(int(c + (255 - c) * t) for c in colour)  # type: ignore[return-value]


class Palette:
    """The colours of the client, in one place."""

    ink = (24, 20, 16)
    panel = (31, 27, 22)
    panel_light = (45, 39, 31)
    panel_edge = (92, 78, 57)
    gold = (201, 161, 74)
    gold_light = (243, 213, 138)
    text = (239, 230, 210)
    text_dim = (168, 156, 134)
    text_faint = (120, 110, 95)
    good = (120, 190, 110)
    bad = (220, 96, 80)
    sea = (38, 84, 108)
    sea_deep = (28, 64, 86)
    sea_edge = (70, 120, 140)
    coast_water = (64, 118, 138)
    land = (226, 212, 176)
    land_alt = (214, 198, 158)
    land_edge = (120, 100, 70)
    flood = (150, 190, 120)
    river = (62, 120, 160)
    volcano = (170, 60, 40)
    site_white = (250, 248, 240)
    site_black = (30, 26, 22)
    highlight = (255, 214, 90)
    hover = (255, 255, 255)
    barbarian = (28, 28, 28)
    pirate = (60, 60, 60)
    curtain = (16, 14, 11)


@lru_cache(maxsize=1)
def civ_colours() -> dict[str, Colour]:
    return {cid: hex_colour(c.colour) for cid, c in load_game_data().civilizations.items()}


@lru_cache(maxsize=1)
def civ_names() -> dict[str, str]:
    return {cid: c.name for cid, c in load_game_data().civilizations.items()}


def civ_colour(owner: str) -> Colour:
    if owner == "barbarians":
        return Palette.barbarian
    if owner == "pirate":
        return Palette.pirate
    return civ_colours().get(owner, (128, 128, 128))


TEXTS_DRAWN: set[str] | None = None
"""While a check listens (checks/words.py, the selftest), every text rendered is added here."""


def listen_to_texts() -> set[str]:
    """Start collecting every text rendered through any Theme (for the no-raw-ids check)."""
    global TEXTS_DRAWN
    TEXTS_DRAWN = set()
    return TEXTS_DRAWN


def stop_listening() -> None:
    global TEXTS_DRAWN
    TEXTS_DRAWN = None


@dataclass
class Theme:
    """Fonts and sizes at one UI scale. Create after pygame.init(); fonts die with pygame.quit."""

    scale: float = 1.0

    def __post_init__(self) -> None:
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, str, Colour], pygame.Surface] = {}

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale)) if n > 0 else round(n * self.scale)

    def font(self, role: str = "regular", size: int = 15) -> pygame.font.Font:
        """A shipped font; `size` is in unscaled points."""
        key = (role, self.px(size))
        hit = self._fonts.get(key)
        if hit is None:
            path = assets_dir() / "fonts" / FONT_FILES[role]
            hit = pygame.font.Font(str(path), key[1])
            self._fonts[key] = hit
        return hit

    def text(self, text: str, size: int = 15, colour: Colour = Palette.text,
             role: str = "regular") -> pygame.Surface:
        """Rendered text, cached: labels drawn every frame cost a blit, not a render."""
        key = (role, size, text, colour)
        if TEXTS_DRAWN is not None:
            TEXTS_DRAWN.add(text)
        hit = self._text.get(key)
        if hit is None:
            if len(self._text) > 4000:
                self._text.clear()
            hit = self.font(role, size).render(text, True, colour)
            self._text[key] = hit
        return hit

    def gui_theme(self) -> dict[str, Any]:
        """The pygame-gui theme from assets/theme.json with sizes multiplied by the UI scale."""
        return scaled_theme(self.scale)

    def font_paths(self) -> dict[str, dict[str, str]]:
        folder = assets_dir() / "fonts"
        return {
            "noto_sans": {
                "regular": str(folder / FONT_FILES["regular"]),
                "bold": str(folder / FONT_FILES["bold"]),
                "italic": str(folder / FONT_FILES["italic"]),
            },
            "serif_title": {"regular": str(folder / FONT_FILES["title"])},
        }


_SCALED_MISC = ("shape_corner_radius", "border_width", "title_bar_height", "list_item_height",
                "sliding_button_width", "text_horiz_alignment_padding", "rect_width")


@lru_cache(maxsize=8)
def _base_theme() -> str:
    return (assets_dir() / "theme.json").read_text(encoding="utf-8")


def scaled_theme(scale: float) -> dict[str, Any]:
    theme: dict[str, Any] = copy.deepcopy(json.loads(_base_theme()))
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(6, round(int(font["size"]) * scale)))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for key in _SCALED_MISC:
                if key in misc:
                    misc[key] = str(max(1, round(int(misc[key]) * scale)))
    return theme


PHASE_NAMES = {
    "events": "Event action",  # the Events module's step before Taxation (004:16.2)
    "taxation": "Taxation",
    "population_expansion": "Population expansion",
    "movement": "Movement",
    "conflict": "Conflict",
    "city_construction": "City construction",
    "trade_card_acquisition": "Trade-card acquisition",
    "trade": "Trade",
    "calamity_selection": "Calamity selection",
    "calamity_resolution": "Calamity resolution",
    "special_abilities": "Special abilities",
    "surplus_and_support": "Surplus and support",
    "advance_acquisition": "Advance acquisition",
    "ast_alteration": "A.S.T. alteration",
}
PHASE_SHORT = {
    "events": "Events",
    "taxation": "Tax",
    "population_expansion": "Expand",
    "movement": "Move",
    "conflict": "Conflict",
    "city_construction": "Cities",
    "trade_card_acquisition": "Cards",
    "trade": "Trade",
    "calamity_selection": "Select",
    "calamity_resolution": "Calamity",
    "special_abilities": "Abilities",
    "surplus_and_support": "Support",
    "advance_acquisition": "Advances",
    "ast_alteration": "A.S.T.",
}
