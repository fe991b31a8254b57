"""The rules screen's Events tab: every event card of the module (the Age decks A and B, the
realm events of every civilization), drawn as the display and the hand draw them
(eventcards.py), found by typing, and one card at a time shown large with all it says.

The cards come from the core's card data, so the tab is the same whether or not a game has
the Events module on. The screen hands it keys, clicks and the wheel; it keeps its own query,
choice and scroll, and draws into the rect it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.core import EventCard, load_event_cards, load_game_data

from ..draw import panel, wrap
from ..theme import Colour, Palette, Theme
from ..words.events import card_lines, roman, window_name
from .events import FAMILIES, card_face, family

DECKS = {"A": "Deck A", "B": "Deck B", "realm": "Realm events"}


@dataclass(frozen=True)
class Entry:
    """One card of the book, its section heading and what a search looks through."""

    card: EventCard
    section: str
    words: tuple[str, ...]  # lower-case words of everything the card says and is


def _deck_line(card: EventCard) -> str:
    if card.kind == "realm":
        civ = load_game_data().civilizations.get(card.realm)
        return f"Realm event of {civ.name if civ else card.realm}"
    return DECKS.get(card.kind, card.kind)


def _words(card: EventCard) -> tuple[str, ...]:
    text = " ".join([*card_lines(card), _deck_line(card), f"age {card.age} {roman(card.age)}",
                     family(card).replace("_", " "), FAMILIES[family(card)][1].replace("_", " "),
                     "public" if card.public else "private",
                     window_name(card.window) if card.window else "",
                     card.window.replace("_", " ")])
    cleaned = "".join(ch if ch.isalnum() else " " for ch in text.lower())
    return tuple(cleaned.split())


@lru_cache(maxsize=1)
def book() -> tuple[Entry, ...]:
    """Every card in reading order: each Age's deck A, then its B events, then its realm
    events by civilization."""
    cards = load_event_cards().cards.values()
    order = {"A": 0, "B": 1, "realm": 2}
    civs = list(load_game_data().civilizations)
    out = []
    for card in sorted(cards, key=lambda c: (c.age, order.get(c.kind, 3),
                                             civs.index(c.realm) if c.realm in civs else -1,
                                             c.title)):
        section = f"Age {roman(card.age)} · {DECKS.get(card.kind, card.kind)}"
        out.append(Entry(card, section, _words(card)))
    return tuple(out)


def matches(entry: Entry, query: str) -> bool:
    """Every word typed begins a word of the card (a number or an Age's numeral must be the
    whole word: "age ii" is not Age III)."""
    for part in "".join(ch if ch.isalnum() else " " for ch in query.lower()).split():
        exact = part.isdigit() or set(part) <= set("iv")
        if not any(w == part if exact else w.startswith(part) for w in entry.words):
            return False
    return True


class EventBook:
    """The query, the cards it finds, the card chosen and the grid's scroll."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.query = ""
        self.found: list[Entry] = list(book())
        self.chosen = 0  # index into found
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.cells: list[tuple[pygame.Rect, int]] = []  # screen rects of the cards drawn
        self.columns = 1
        self.row_h = 1
        self.marks: list[tuple[str, pygame.Rect]] = []  # texts drawn, for the layout check
        self._painted: set[tuple[int, str, int]] = set()  # faces asked for (card_face keeps)
        self._near: list[int] = []  # cards in the rows just out of sight, to paint ahead

    def px(self, n: float) -> int:
        return self.theme.px(n)

    # -- input --------------------------------------------------------------------------------
    def paint_ahead(self) -> None:
        """Paint one face of the rows just above or below sight, so that scrolling finds it
        ready (a face costs a few milliseconds; a row of them at once, a stutter)."""
        width = self.card_width()
        for index in self._near:
            if index >= len(self.found):
                continue
            key = (id(self.theme), self.found[index].card.id, width)
            if key not in self._painted:
                self._painted.add(key)
                card_face(self.theme, key[1], width)
                return

    def search(self, query: str) -> None:
        self.query = query
        self.found = [e for e in book() if matches(e, query)]
        self.chosen = 0
        self.scroll = 0

    def key(self, event: pygame.event.Event) -> bool:
        """A key for the book: typing searches, the arrows and pages move the choice; True if
        it was used (Escape with no query is the screen's)."""
        key = event.key
        rows = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self._rows_seen(),
                pygame.K_PAGEDOWN: self._rows_seen()}
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.choose(self.chosen + (1 if key == pygame.K_RIGHT else -1))
        elif key in rows:
            self.choose(self._below(rows[key]))
        elif key == pygame.K_HOME:
            self.choose(0)
        elif key == pygame.K_END:
            self.choose(len(self.found) - 1)
        elif key == pygame.K_BACKSPACE:
            self.search(self.query[:-1])
        elif key == pygame.K_ESCAPE and self.query:
            self.search("")
        elif event.unicode and event.unicode.isprintable() and len(self.query) < 40:
            self.search(self.query + event.unicode)
        else:
            return False
        return True

    def _rows(self) -> list[list[int]]:
        """The grid's rows of card indices: each section starts a row of its own."""
        rows: list[list[int]] = []
        for index, entry in enumerate(self.found):
            if (not rows or len(rows[-1]) >= self.columns
                    or self.found[index - 1].section != entry.section):
                rows.append([])
            rows[-1].append(index)
        return rows

    def _below(self, by: int) -> int:
        """The card `by` rows down (up when negative) in the chosen card's column."""
        rows = self._rows()
        here = next((r for r, row in enumerate(rows) if self.chosen in row), 0)
        col = rows[here].index(self.chosen) if rows else 0
        there = max(0, min(len(rows) - 1, here + by)) if rows else 0
        return rows[there][min(col, len(rows[there]) - 1)] if rows else 0

    def choose(self, index: int) -> None:
        """Choose the card at `index` of those found and scroll it into sight."""
        if not self.found:
            return
        self.chosen = max(0, min(len(self.found) - 1, index))
        row = next((r for r, cells in enumerate(self._rows()) if self.chosen in cells), 0)
        seen = self._rows_seen()
        top = -(-self.scroll // self.row_h)
        if row < top:
            self.scroll = row * self.row_h
        elif row >= top + seen:
            self.scroll = (row - seen + 1) * self.row_h

    def click(self, pos: tuple[int, int]) -> bool:
        for rect, index in self.cells:
            if rect.collidepoint(pos):
                self.chosen = index
                return True
        return False

    def wheel(self, dy: int) -> None:
        limit = max(0, len(self._rows()) * self.row_h - self._grid().height)
        self.scroll = max(0, min(limit, self.scroll - dy * self.row_h // 2))

    # -- layout -------------------------------------------------------------------------------
    def _search_bar(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.px(14), self.rect.y + self.px(10),
                           self.rect.width - self.px(28), self.px(34))

    def _detail(self) -> pygame.Rect:
        top = self._search_bar().bottom + self.px(10)
        width = min(self.px(420), self.rect.width * 2 // 5)
        return pygame.Rect(self.rect.right - width - self.px(14), top, width,
                           self.rect.bottom - top - self.px(12))

    def _grid(self) -> pygame.Rect:
        top = self._search_bar().bottom + self.px(10)
        return pygame.Rect(self.rect.x + self.px(14), top,
                           self._detail().x - self.rect.x - self.px(28),
                           self.rect.bottom - top - self.px(12))

    def card_width(self) -> int:
        return self.px(150)

    def _rows_seen(self) -> int:
        return max(1, self._grid().height // max(1, self.row_h))

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = rect
        self.marks = []
        self._draw_search(surface)
        self._draw_grid(surface)
        self._draw_detail(surface)

    def _text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              colour: tuple[int, int, int], role: str = "regular") -> pygame.Rect:
        img = self.theme.text(text, size, colour, role)
        rect = surface.blit(img, pos)
        self.marks.append((text, rect))
        return rect

    def _draw_search(self, surface: pygame.Surface) -> None:
        t, px = self.theme, self.px
        bar = self._search_bar()
        pygame.draw.rect(surface, (22, 19, 15), bar, border_radius=px(6))
        pygame.draw.rect(surface, Palette.gold if self.query else Palette.panel_edge, bar,
                         max(1, px(1)), border_radius=px(6))
        label = self._text(surface, "Search", (bar.x + px(10), bar.y + px(7)), 14,
                           Palette.text_dim, "bold")
        x = label.right + px(10)
        if self.query:
            shown = self._text(surface, self.query, (x, bar.y + px(6)), 15, Palette.text)
            caret = pygame.Rect(shown.right + px(2), bar.y + px(8), max(1, px(2)),
                                bar.height - px(16))
            pygame.draw.rect(surface, Palette.gold_light, caret)
        else:
            self._text(surface, "type a title, a word of the text, an Age, a window or a "
                       "family", (x, bar.y + px(7)), 14, Palette.text_faint, "italic")
        count = (f"{len(self.found)} of {len(book())} cards  ·  arrows choose, Backspace "
                 "and Esc clear")
        img = t.text(count, 12, Palette.text_dim)
        if img.get_width() < bar.width // 2:
            self._text(surface, count, (bar.right - img.get_width() - px(10),
                                        bar.centery - img.get_height() // 2), 12,
                       Palette.text_dim)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        t, px = self.theme, self.px
        grid = self._grid()
        width = self.card_width()
        gap = px(12)
        head_h = px(20)
        self.columns = max(1, (grid.width - px(14) + gap) // (width + gap))
        self.row_h = round(width * 1.42) + head_h + gap
        self.cells = []
        if not self.found:
            self._text(surface, "No card says that.", (grid.x + px(8), grid.y + px(8)), 15,
                       Palette.text_dim, "italic")
            return
        rows = self._rows()
        total = len(rows) * self.row_h
        self.scroll = max(0, min(self.scroll, total - grid.height))
        clip = surface.get_clip()
        surface.set_clip(grid)
        first = self.scroll // self.row_h
        last = min(len(rows), first + grid.height // self.row_h + 2)
        self._near = [i for r in (*range(last, min(len(rows), last + 2)),
                                  *range(max(0, first - 1), first)) for i in rows[r]]
        for r in range(first, last):
            y = grid.y + r * self.row_h - self.scroll
            lead = rows[r][0]
            if lead == 0 or self.found[lead - 1].section != self.found[lead].section:
                surface.blit(t.text(self.found[lead].section, 13, Palette.gold_light, "bold"),
                             (grid.x, y))
            elif r == first:  # the top row seen: which section it is in, all the same
                surface.blit(t.text(f"{self.found[lead].section} (continued)", 13,
                                    Palette.text_dim, "bold"), (grid.x, y))
            for col, index in enumerate(rows[r]):
                face = card_face(t, self.found[index].card.id, width).surface
                self._painted.add((id(t), self.found[index].card.id, width))
                rect = surface.blit(face, (grid.x + col * (width + gap), y + head_h))
                if index == self.chosen:
                    pygame.draw.rect(surface, Palette.gold_light, rect.inflate(px(6), px(6)),
                                     max(2, px(3)), border_radius=max(5, width // 12))
                if grid.colliderect(rect):
                    self.cells.append((rect.clip(grid), index))
        surface.set_clip(clip)
        if total > grid.height:  # the scroll bar
            bar_h = max(px(30), grid.height * grid.height // total)
            bar_y = grid.y + self.scroll / max(1, total - grid.height) * (grid.height - bar_h)
            pygame.draw.rect(surface, Palette.panel_edge,
                             pygame.Rect(grid.right - px(6), bar_y, px(5), bar_h),
                             border_radius=px(3))

    def _detail_lines(self, card: EventCard, width: int) -> list[tuple[str, int, str, Colour]]:
        """What the chosen card says, wrapped: (text, points, role, colour) per line."""
        lines = card_lines(card)
        lines[1:1] = [_deck_line(card)]
        out = []
        for k, line in enumerate(lines):
            size, role, colour = ((16, "bold", Palette.gold_light) if k == 0 else
                                  (13, "italic", Palette.text_dim) if k in (1, 2) or
                                  k == len(lines) - 1 else (14, "regular", Palette.text))
            out += [(part, size, role, colour) for part in wrap(self.theme, line, width, size,
                                                                role)]
        return out

    def _draw_detail(self, surface: pygame.Surface) -> None:
        """The chosen card large, over all it says in lines (the lines first: the face gets
        the room they leave)."""
        t, px = self.theme, self.px
        box = self._detail()
        panel(surface, box, t, radius=8)
        if not self.found:
            return
        card = self.found[self.chosen].card
        lines = self._detail_lines(card, box.width - px(28))
        text_h = sum(t.font(role, size).get_linesize() for _, size, role, _ in lines)
        room = box.height - text_h - px(34)
        width = max(px(100), min(box.width - px(24), round(room / 1.42)))
        face = card_face(t, card.id, width).surface
        rect = surface.blit(face, face.get_rect(midtop=(box.centerx, box.y + px(12))))
        y = rect.bottom + px(10)
        for text, size, role, colour in lines:
            step = t.font(role, size).get_linesize()
            if y + step > box.bottom - px(4):
                break
            self._text(surface, text, (box.x + px(14), y), size, colour, role)
            y += step

    def layout_problems(self) -> list[str]:
        found = []
        if self.found and self.card_width() < self.px(120):
            found.append("event cards too small to read")
        return found
