"""The game screen's panels: each draws part of a PlayerView into its own cached surface and
says which option label (if any) a click on it picks."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core import PlayerView

from ..theme import Palette, Theme
from ..words.options import Options


@dataclass
class Ctx:
    """What a panel may draw from: the seated player's view and the options they may pick."""

    view: PlayerView
    options: Options
    labels: tuple[str, ...]
    names: dict[str, str]  # civ -> seat name
    version: int  # changes whenever the game or the seated player changes
    kind: str = ""  # the pending decision's kind, when the viewer decides
    extra: dict[str, object] = field(default_factory=dict)


class Panel:
    """A rectangle of the screen drawn from a Ctx; redrawn only when its key changes."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._surface: pygame.Surface | None = None
        self._key: object = None
        self.hits: list[tuple[pygame.Rect, str]] = []  # (screen rect, option label)
        self.tips: list[tuple[pygame.Rect, list[str]]] = []
        self.scroll = 0
        self.content_height = 0
        self.background = Palette.panel
        self.made_from: Ctx | None = None  # what the cached drawing was made from

    def px(self, n: float) -> int:
        return self.theme.px(n)

    def key(self, ctx: Ctx) -> object:
        return (ctx.version, self.scroll, self.rect.size)

    def draw(self, surface: pygame.Surface, ctx: Ctx) -> None:
        key = self.key(ctx)
        if self._surface is None or key != self._key or self._surface.get_size() != self.rect.size:
            self._surface = pygame.Surface(self.rect.size)  # opaque: a plain copy to blit
            self._surface.fill(self.background)
            self.hits = []
            self.tips = []
            self.render(self._surface, ctx)
            self._key = key
            self.made_from = ctx
        surface.blit(self._surface, self.rect.topleft)

    def invalidate(self) -> None:
        self._key = None

    def current(self, ctx: Ctx) -> bool:
        """Whether the cached drawing is the one `ctx` would give (else the next draw makes
        it anew)."""
        return self._surface is not None and self._key == self.key(ctx)

    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        """Draw into `surface` (panel coordinates); record hits and tips in screen coords."""

    def add_hit(self, local: pygame.Rect, label: str) -> None:
        self.hits.append((local.move(self.rect.topleft), label))

    def add_tip(self, local: pygame.Rect, lines: list[str]) -> None:
        self.tips.append((local.move(self.rect.topleft), lines))

    def click(self, pos: tuple[int, int]) -> str | None:
        for rect, label in self.hits:
            if rect.collidepoint(pos):
                return label
        return None

    def tip(self, pos: tuple[int, int]) -> list[str] | None:
        for rect, lines in self.tips:
            if rect.collidepoint(pos):
                return lines
        return None

    def wheel(self, dy: int) -> None:
        limit = max(0, self.content_height - self.rect.height)
        self.scroll = max(0, min(limit, self.scroll - dy * self.px(40)))
