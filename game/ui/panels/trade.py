"""The trade window: choose a partner, choose at least three cards, name two commodities; or
answer an offer — accept, refuse, or counter. Cards are picked by clicking them in the hand
shown here; the rest of the options are buttons."""

from __future__ import annotations

from collections import Counter

import pygame
import pygame_gui

from game.core.gamedata import load_game_data

from ..controller import TradeSide
from ..draw import civ_badge, panel, text_block, title
from ..logtext import name as civ_name
from ..options import card_name
from ..prompts import readable
from ..theme import Palette, Theme, shade
from . import Ctx
from .decision import OptionButtons
from .hand import card_colour, hand_groups

HEADINGS = {
    "trade_partner": "Make an offer — or pass",
    "trade_card": "Choose the cards you give",
    "trade_name": "Declare two commodities",
    "trade_answer": "An offer for you",
}


class TradeWindow:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons = OptionButtons(theme)
        self.hits: list[tuple[pygame.Rect, str]] = []
        self._key: object = None

    def place(self, map_rect: pygame.Rect, kind: str = "trade_card") -> None:
        """Centred on the map; short when there are only buttons to show."""
        px = self.theme.px
        self.map_rect = map_rect
        w = min(map_rect.width - px(40), px(720))
        tall = kind in ("trade_card", "trade_name")
        h = min(map_rect.height - px(30), px(430) if tall else px(230))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = map_rect.center

    def rebuild(self, ctx: Ctx, labels: list[str], manager: pygame_gui.UIManager,
                container: object, key: object) -> None:
        if key == self._key:
            return
        self._key = key
        self.place(self.map_rect, ctx.kind)
        px = self.theme.px
        others = [lb for lb in labels if not lb.startswith("card:")]
        area = pygame.Rect(self.rect.x + px(20), self.rect.bottom - px(56),
                           self.rect.width - px(40), px(44))
        if ctx.kind == "trade_partner":
            area = pygame.Rect(self.rect.x + px(20), self.rect.y + px(110),
                               self.rect.width - px(40), self.rect.height - px(120))
        self.buttons.build(others, ctx.kind, ctx, area, manager, container)

    def clear(self) -> None:
        self.buttons.clear()
        self._key = None

    def click(self, pos: tuple[int, int]) -> str | None:
        for rect, label in self.hits:
            if rect.collidepoint(pos):
                return label
        return None

    def draw(self, surface: pygame.Surface, ctx: Ctx, prompt: str, side: TradeSide) -> None:
        t = self.theme
        px = t.px
        r = self.rect
        self.hits = []
        shadow = r.move(px(6), px(8))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=px(10))
        panel(surface, r, t, fill=(30, 26, 20), edge=Palette.gold, radius=10)
        title(surface, t, "Trade", (r.x + px(20), r.y + px(12)), size=24)
        head = t.text(HEADINGS.get(ctx.kind, ""), 16, Palette.text, "bold")
        surface.blit(head, (r.x + px(110), r.y + px(20)))
        y = r.y + px(54)
        if ctx.kind != "trade_answer":  # the offer itself is shown below instead
            y += text_block(surface, t, readable(prompt, ctx.view.map), (r.x + px(20), y),
                            r.width - px(40), size=14,
                            colour=Palette.text_dim, max_lines=2)
        view = ctx.view
        if ctx.kind == "trade_partner":
            hint = ("Offer at least 3 cards, 2 of them commodities you name truly; the "
                    "others may be anything tradable.")
            text_block(surface, t, hint, (r.x + px(20), y + px(2)), r.width - px(40), size=13,
                       colour=Palette.text_faint, role="italic", max_lines=2)
            return
        if ctx.kind == "trade_answer":
            self._offer(surface, ctx, y)
            return
        # building a side: the hand on the left, the side on the right
        col_w = (r.width - px(60)) // 2
        left = pygame.Rect(r.x + px(20), y + px(8), col_w, r.bottom - px(72) - y - px(8))
        right = pygame.Rect(left.right + px(20), left.y, col_w, left.height)
        naming = ctx.kind == "trade_name"
        head = "Your hand" if naming else "Your hand (click to give)"
        surface.blit(t.text(head, 13, Palette.gold_light, "bold"), (left.x, left.y))
        if naming:
            surface.blit(t.text("click a card of your side to declare it", 12, Palette.text_faint,
                                "italic"), (right.x, right.bottom - px(18)))
        surface.blit(t.text("Your side of the trade", 13, Palette.gold_light, "bold"),
                     (right.x, right.y))
        picks = {lb.split(":", 1)[1] for lb in ctx.labels if lb.startswith("card:")}
        given = Counter(side.cards)
        yy = left.y + px(22)
        row = px(28)
        for card, n in hand_groups(view):
            left_n = n - given.get(card, 0)
            if left_n <= 0:
                continue
            box = pygame.Rect(left.x, yy, left.width, row)
            if box.bottom > left.bottom:
                break
            pickable = card in picks and not naming
            self._chip(surface, box, card, left_n, pickable)
            if pickable:
                self.hits.append((box, f"card:{card}"))
            yy += row + px(4)
        yy = right.y + px(22)
        named = Counter(side.named)
        for card, n in sorted(given.items()):
            box = pygame.Rect(right.x, yy, right.width, row)
            if box.bottom > right.bottom:
                break
            pickable = naming and card in picks
            self._chip(surface, box, card, n, pickable, named.get(card, 0))
            if pickable:
                self.hits.append((box, f"card:{card}"))
            yy += row + px(4)
        if not given:
            surface.blit(t.text("nothing yet: at least 3 cards, 2 of them commodities", 13,
                                Palette.text_faint, "italic"), (right.x, yy))

    def _offer(self, surface: pygame.Surface, ctx: Ctx, y: int) -> None:
        """What is on the table: who offers, how many cards, the two commodities named."""
        offer = ctx.extra.get("offer")
        if not isinstance(offer, dict) or not offer:
            return
        t = self.theme
        px = t.px
        r = self.rect
        who = str(offer.get("player", ""))
        civ = load_game_data().civilizations.get(who)
        x = r.x + px(24)
        if civ is not None:
            civ_badge(surface, t, who, civ.emblem, (x + px(18), y + px(26)), px(36))
        head = (f"{ctx.names.get(who, civ_name(who))} offers you {offer.get('count', 0)} cards"
                + (" (a counter-offer)" if offer.get("counter") else ""))
        surface.blit(t.text(head, 18, Palette.gold_light, "bold"), (x + px(46), y + px(6)))
        named = offer.get("named")
        names = [card_name(str(c)) for c in named] if isinstance(named, list) else []
        line = f"Named: {' and '.join(names)} — the other cards are not shown"
        surface.blit(t.text(line, 14, Palette.text), (x + px(46), y + px(32)))

    def _chip(self, surface: pygame.Surface, box: pygame.Rect, card: str, n: int,
              pickable: bool, named: int = 0) -> None:
        t = self.theme
        px = t.px
        colour = card_colour(card)
        pygame.draw.rect(surface, shade(colour, 0.5), box, border_radius=px(4))
        pygame.draw.rect(surface, colour, pygame.Rect(box.x, box.y, px(6), box.height),
                         border_radius=px(3))
        if pickable:
            pygame.draw.rect(surface, Palette.highlight, box, px(2), border_radius=px(4))
        text = f"{card_name(card)} ×{n}" if n > 1 else card_name(card)
        surface.blit(t.text(text, 14, Palette.text, "bold"), (box.x + px(12), box.y + px(5)))
        if named:
            tag = t.text("declared" + (f" ×{named}" if named > 1 else ""), 12, Palette.gold_light)
            surface.blit(tag, (box.right - tag.get_width() - px(8), box.y + px(7)))


def partner_name(pid: str) -> str:
    return civ_name(pid)
