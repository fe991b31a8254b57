"""The game log: what happened, newest at the bottom, each line with its rule clause; a
filter shows one player's lines."""

from __future__ import annotations

import pygame

from game.core import load_game_data

from ..cards.events import card_of_rule
from ..draw import civ_badge, wrap
from ..theme import PHASE_NAMES, Palette, Theme
from ..words.log import LogLine, nice, plural, rule_words
from . import Ctx, Panel


class LogPanel(Panel):
    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self.lines: list[LogLine] = []
        self.filter: str | None = None
        self.event_cards: list[tuple[pygame.Rect, str]] = []  # lines an event card caused
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        self.drawn: list[tuple[str, pygame.Rect]] = []  # each row drawn, in the panel's pixels

    def event_card_at(self, pos: tuple[int, int]) -> str | None:
        """The event card behind the log line under the mouse (shown large as its tooltip)."""
        return next((card for rect, card in self.event_cards if rect.collidepoint(pos)), None)

    def key(self, ctx: Ctx) -> object:
        return (len(self.lines), self.filter, self.scroll, self.rect.size, ctx.version)

    def wheel(self, dy: int) -> None:
        # scroll counts lines back from the newest
        self.scroll = max(0, self.scroll + dy * 3)

    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        t = self.theme
        px = self.px
        data = load_game_data()
        w, h = self.rect.size
        # filter chips
        x, y = px(8), px(6)
        chip = t.text("All", 13, Palette.ink if self.filter is None else Palette.text, "bold")
        box = pygame.Rect(x, y, chip.get_width() + px(14), px(24))
        pygame.draw.rect(surface, Palette.gold if self.filter is None else Palette.panel_light,
                         box, border_radius=px(5))
        surface.blit(chip, (box.x + px(7), box.y + px(3)))
        self.add_hit(box, "filter:")
        x = box.right + px(6)
        for p in ctx.view.players:
            if x > w - px(26):  # every player has a chip: a second row at 18 players
                x, y = box.right + px(6), y + px(28)
            center = (x + px(12), y + px(12))
            if self.filter == p.id:
                pygame.draw.circle(surface, Palette.gold_light, center, px(14))
            civ_badge(surface, t, p.id, data.civilizations[p.id].emblem, center, px(22))
            hit = pygame.Rect(x, y, px(24), px(24))
            self.add_hit(hit, f"filter:{p.id}")
            self.add_tip(hit, [f"Only {ctx.names.get(p.id, p.id)}'s lines"])
            x += px(27)
        top = y + px(32)
        self.event_cards = []
        recent = self.lines[-6000:]  # far enough back to scroll; keeps a redraw cheap
        lines = [ln for ln in recent
                 if self.filter is None or ln.heading or self.filter in ln.players]
        kept: list[LogLine] = []  # phases in which nothing happened are left out
        for ln in lines:
            if ln.heading and kept and kept[-1].heading and not kept[-1].text.startswith("Turn"):
                kept.pop()
            kept.append(ln)
        lines = kept
        step = t.font("regular", 13).get_linesize() + px(2)
        visible = max(1, (h - top - px(4)) // step)
        room = w - px(20)
        indent = px(14)  # a long line goes on, wrapped, under itself (issue 36: lines were cut)

        def rows(ln: LogLine) -> list[str]:
            if ln.heading:
                return [ln.text]
            key = (ln.text, room)
            hit = self._wrapped.get(key)
            if hit is None:
                first = wrap(t, ln.text, room, 13)
                hit = first[:1]
                rest = " ".join(first[1:])
                if rest:
                    hit += wrap(t, rest, room - indent, 13)
                if len(self._wrapped) > 20000:
                    self._wrapped.clear()
                self._wrapped[key] = hit
            return hit

        # scroll counts lines back from the newest; at most so far that a page is full
        fill, first_page = 0, 0
        for ln in lines:
            fill += len(rows(ln))
            if fill > visible:
                break
            first_page += 1
        self.scroll = min(self.scroll, max(0, len(lines) - first_page))
        end = len(lines) - self.scroll
        shown: list[tuple[LogLine, list[str]]] = []
        used = 0
        for ln in reversed(lines[:end]):
            parts = rows(ln)
            if used + len(parts) > visible:
                if not shown:  # a line longer than the panel: its start
                    shown.append((ln, parts[:visible]))
                break
            shown.insert(0, (ln, parts))
            used += len(parts)
        self.drawn = []
        y = top
        for ln, parts in shown:
            if ln.heading:
                colour = Palette.gold_light if ln.text.startswith("Turn") else Palette.gold
                img = t.text(ln.text, 13, colour, "bold")
                pygame.draw.line(surface, (70, 60, 44), (px(8), y + step // 2),
                                 (w - px(8), y + step // 2))
                bg = pygame.Rect(px(14), y, img.get_width() + px(10), step)
                pygame.draw.rect(surface, Palette.panel, bg)
                surface.blit(img, (px(19), y))
                self.drawn.append((ln.text, pygame.Rect(px(19), y, img.get_width(), step)))
                y += step
                continue
            block = pygame.Rect(0, y, w, step * len(parts))
            for k, part in enumerate(parts):
                img = t.text(part, 13, Palette.text)
                x = px(10) + (indent if k else 0)
                surface.blit(img, (x, y))
                self.drawn.append((part, pygame.Rect(x, y, img.get_width(), step)))
                y += step
            if ln.rule:
                self.add_tip(block, [
                    ln.text, f"Rule: {rule_words(ln.rule)}",
                    f"Turn {ln.turn}, {PHASE_NAMES.get(ln.phase, nice(ln.phase))}"])
            card = card_of_rule(ln.rule)
            if card:
                self.event_cards.append((block.move(self.rect.topleft), card))
        if self.scroll:
            more = t.text(f"{plural(self.scroll, 'newer line')} below", 12, Palette.gold_light)
            surface.blit(more, (w - more.get_width() - px(8), h - more.get_height() - px(2)))
