"""The "Since your last turn" box: drawn over the map's top-left corner when a person's
decision comes after the others played and something touched them; a click on it, or the
person's next pick, puts it away."""

from __future__ import annotations

import pygame

from ..draw import panel, wrap
from ..theme import Palette, Theme

MAX_LINES = 9


class NewsBox:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    def show(self, lines: list[str]) -> None:
        self.lines = lines

    def close(self) -> None:
        self.lines = []
        self.rect = pygame.Rect(0, 0, 0, 0)

    def hit(self, pos: tuple[int, int]) -> bool:
        return bool(self.lines) and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        if not self.lines:
            return
        t = self.theme
        px = t.px
        width = min(px(420), area.width - px(24))
        inner = width - px(24)
        rows: list[str] = []
        for line in self.lines:
            rows += ["• " + r if i == 0 else "  " + r
                     for i, r in enumerate(wrap(t, line, inner - px(14), 14, "regular"))]
        if len(rows) > MAX_LINES:
            rows = rows[:MAX_LINES - 1] + ["… and more in the Log tab"]
        step = t.font("regular", 14).get_linesize()
        title = t.text("Since your last turn", 16, Palette.gold_light, "bold")
        foot = t.text("Click to close", 12, Palette.text_dim, "italic")
        height = px(12) + title.get_height() + px(6) + step * len(rows) + foot.get_height() \
            + px(14)
        self.rect = pygame.Rect(area.x + px(12), area.y + px(12), width, height)
        panel(surface, self.rect, t, fill=(30, 26, 20), edge=Palette.gold)
        y = self.rect.y + px(10)
        surface.blit(title, (self.rect.x + px(12), y))
        y += title.get_height() + px(6)
        for row in rows:
            surface.blit(t.text(row, 14, Palette.text), (self.rect.x + px(12), y))
            y += step
        surface.blit(foot, (self.rect.right - foot.get_width() - px(12), y + px(2)))
