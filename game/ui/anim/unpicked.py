"""The card left unpicked at the end of the Event Action (004:16.4): it has no effect, but its
secondary symbols resolve. A plate in the middle of the map shows the card and its symbols;
each symbol lights in turn with its words, then is ticked off, and the losses it causes follow
as the ordinary parts (a ship lost at sea, a city's failed check and its fall). A card with no
symbol resolves nothing, and shows nothing beyond its turning over in the display."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core import EventCardUnpicked, load_event_cards

from ..cards.events import READABLE_PT, card_face, card_picture, symbol_emblem
from ..theme import Palette, Theme, shade
from ..words.events import SYMBOLS
from ..words.log import nice
from .parts import Banner, ease

if TYPE_CHECKING:
    from .stage import Stage

COLOUR = (112, 96, 150)  # the plate: the dusk of a card nobody wanted
OPEN = 0.5  # seconds before the first symbol lights
PER_SYMBOL = 0.9  # seconds each symbol stays lit
CLOSE = 0.45


PLATE_CARD = 84  # unscaled width of the card on the plate


def plate_face(theme: Theme, card: str) -> pygame.Surface:
    """The card as the plate shows it, PLATE_CARD wide: a full face only if its words read at
    that width (they do not, at any scale now: about 6 points), else the compact face the event
    row draws its narrow cards with (18 players): title, family and kind at a size that
    reads (issue 36, defect 11)."""
    width = theme.px(PLATE_CARD)
    full = card_face(theme, card, width)
    if full.fitted and full.smallest >= theme.px(READABLE_PT) - 0.5:
        return card_picture(theme, card, width)
    return card_face(theme, card, width, compact=True).surface


def symbols_of(card: str) -> tuple[str, ...]:
    found = load_event_cards().cards.get(card)
    return found.symbols if found is not None else ()


class SymbolsResolve(Banner):
    """EventCardUnpicked of a card with secondary symbols; `results`: how many of the events
    after it its symbols caused (none: each is shown to come to nothing)."""

    def __init__(self, event: EventCardUnpicked, results: int) -> None:
        found = load_event_cards().cards.get(event.card)
        title = found.title if found is not None else nice(event.card)
        super().__init__([event], title, "Left unpicked: its symbols resolve", COLOUR)
        self.card = event.card
        self.symbols = symbols_of(event.card)
        self.results = results
        self.duration = OPEN + PER_SYMBOL * max(1, len(self.symbols)) + CLOSE
        self.plate: tuple[float, pygame.Surface, list[pygame.Rect]] | None = None

    def lit(self, t: float) -> tuple[int, float]:
        """The symbol lit at `t` (0 to 1 of the part) and how far into its time; -1 before the
        first, len(symbols) after the last."""
        seconds = t * self.duration - OPEN
        if seconds < 0:
            return -1, 0.0
        k = int(seconds // PER_SYMBOL)
        if k >= len(self.symbols):
            return len(self.symbols), 0.0
        return k, (seconds - k * PER_SYMBOL) / PER_SYMBOL

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        theme = stage.theme
        if self.plate is None or self.plate[0] != theme.scale:
            self.plate = (theme.scale, *self._plate(theme))
        _, plate, discs = self.plate
        rect = stage.mv.rect
        fade = min(1.0, t * self.duration / 0.2, (1 - t) * self.duration / 0.3)
        rise = 0 if self.still else theme.px(14) * (1 - ease(min(1.0, t * self.duration / 0.3)))
        box = plate.get_rect(center=(rect.centerx, rect.centery + rise))
        box.top = max(box.top, stage.free_top() + theme.px(12) + rise)  # under the display
        if fade < 0.99:
            plate = plate.copy()
            plate.set_alpha(round(255 * max(0.0, fade)))
        surface.blit(plate, box)
        if fade < 0.5:
            return
        k, into = self.lit(t)
        for i, disc in enumerate(discs):
            at = disc.move(box.topleft)
            if i < k:  # resolved: ticked off
                self._tick(surface, theme, at)
            elif i == k:  # resolving: a ring swells from it, and its words show
                pulse = 0.5 + 0.5 * math.sin(into * math.pi * 4)
                grow = 0 if self.still else round(theme.px(10) * ease(into))
                pygame.draw.circle(surface, shade(Palette.gold_light, 0.8 + 0.4 * pulse),
                                   at.center, at.width // 2 + theme.px(3) + grow,
                                   max(2, theme.px(3)))
        words = self._words(k)
        if words:
            img = theme.text(words, 14, (250, 236, 205), "italic")
            if img.get_width() > box.width - theme.px(24):
                img = img.subsurface(pygame.Rect(0, 0, box.width - theme.px(24),
                                                 img.get_height()))
            surface.blit(img, img.get_rect(midbottom=(box.centerx, box.bottom - theme.px(10))))

    def _words(self, k: int) -> str:
        if 0 <= k < len(self.symbols):
            title, does = SYMBOLS.get(self.symbols[k], (nice(self.symbols[k]), "resolves"))
            return f"{title}: {does}"
        if k >= len(self.symbols) and not self.results:
            return "Nothing comes of it this time"
        return ""

    def _tick(self, surface: pygame.Surface, theme: Theme, at: pygame.Rect) -> None:
        w = max(2, theme.px(3))
        c = at.center
        r = at.width // 2
        pygame.draw.lines(surface, (150, 230, 140), False,
                          [(c[0] - r // 2, c[1]), (c[0] - r // 8, c[1] + r // 2),
                           (c[0] + r // 2, c[1] - r // 2)], w)

    def _plate(self, theme: Theme) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """The card, its title and its symbols on a plate, made once; where each symbol's disc
        lies on it."""
        px = theme.px
        face = plate_face(theme, self.card)
        head = theme.text("Left unpicked", 14, (230, 215, 250), "italic")
        title = theme.text(self.title, 24, (255, 240, 215), "title")
        size = px(34)
        names = [theme.text(SYMBOLS.get(s, (nice(s), ""))[0], 14, (250, 230, 200), "bold")
                 for s in self.symbols]
        row = sum(size + px(8) + n.get_width() + px(18) for n in names)
        words_h = theme.font("italic", 14).get_linesize() + px(10)
        inner_w = max(head.get_width(), title.get_width(), row, px(330))
        w = px(16) + face.get_width() + px(16) + inner_w + px(16)
        h = max(face.get_height() + px(16), px(12) + head.get_height() + title.get_height()
                + px(12) + size + px(8)) + words_h
        plate = pygame.Surface((w, h), pygame.SRCALPHA)
        r = px(10)
        pygame.draw.rect(plate, (*shade(COLOUR, 0.45), 246), plate.get_rect(), border_radius=r)
        pygame.draw.rect(plate, (*shade(COLOUR, 1.5), 255), plate.get_rect(), px(2),
                         border_radius=r)
        plate.blit(face, (px(16), px(8)))
        x = px(16) + face.get_width() + px(16)
        y = px(12)
        plate.blit(head, (x, y))
        y += head.get_height()
        plate.blit(title, (x, y))
        y += title.get_height() + px(12)
        discs: list[pygame.Rect] = []
        for symbol, name in zip(self.symbols, names, strict=True):
            disc = pygame.Rect(x, y, size, size)
            pygame.draw.circle(plate, shade(COLOUR, 0.8), disc.center, size // 2)
            pygame.draw.circle(plate, Palette.gold, disc.center, size // 2, max(1, px(2)))
            glyph = symbol_emblem(symbol, size - px(8), Palette.gold_light)
            plate.blit(glyph, glyph.get_rect(center=disc.center))
            plate.blit(name, name.get_rect(midleft=(disc.right + px(8), disc.centery)))
            discs.append(disc)
            x = disc.right + px(8) + name.get_width() + px(18)
        return plate, discs
