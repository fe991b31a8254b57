"""The trade window, open bargaining as at the table: choose a partner; put cards on your side
of the table; name two commodities truly; ask for the cards you want by name; then review the
offer and send it, or cancel. An offer made to you stays in view while you answer it, accept
(choosing what you give), or counter. Every card is drawn as a card (`..cards`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame
import pygame_gui

from game.bots.talk import Remark
from game.core import (
    Detail,
    TableOffer,
    TradeAnswer,
    TradePartnerChoice,
    TradeSideSoFar,
    load_game_data,
)

from ..cards.trade import card_colour, draw_card, fan_height
from ..draw import civ_badge, panel, text_block, title, wrap
from ..theme import Palette, Theme, shade
from ..words.log import name as civ_name
from ..words.log import plural
from ..words.options import card_name
from . import Ctx
from .decision import OptionButtons
from .hand import hand_groups

HEADINGS = {
    "trade_partner": "Make an offer — or pass",
    "trade_card": "Put cards on the table",
    "trade_name": "Name two commodities truly",
    "trade_review": "Review before it goes",
    "trade_answer": "An offer for you",
}
CARD_W = 74
NO_SIDE = TradeSideSoFar(role="offer", partner="", cards=(), named=(), wants=(), least=0,
                         commodities=0)


def side_role(detail: Detail | None) -> tuple[str, str]:
    """("offer" | "counter" | "accept", partner) for the side a decision builds; ("", "")
    for a decision that builds none."""
    if isinstance(detail, TradeSideSoFar):
        return detail.role, detail.partner
    return "", ""


def said_line(ctx: Ctx) -> str:
    """What a bot said to the viewer in this trade phase (why it refused or countered their
    offer), "" when nothing."""
    remark = ctx.extra.get("said")
    return remark.text if isinstance(remark, Remark) else ""


def table_offer(detail: Detail | None) -> TableOffer | None:
    """The offer on the table that a decision answers, if any."""
    if isinstance(detail, TradeAnswer):
        return detail.offer
    if isinstance(detail, TradeSideSoFar):
        return detail.answering
    return None


class TradeWindow:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.map_rect = pygame.Rect(0, 0, 10, 10)
        self.buttons = OptionButtons(theme)
        self.hits: list[tuple[pygame.Rect, str]] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.table: TableOffer | None = None  # the offer answered, if any
        self._key: object = None
        self.marks: list[tuple[str, pygame.Rect]] = []  # texts drawn, for the layout check

    def place(self, map_rect: pygame.Rect, kind: str = "trade_card", high: int = 0) -> None:
        """Centred on the map; short when there are only buttons to show (`high`: as high as
        that, in pixels, if the map has room)."""
        px = self.theme.px
        self.map_rect = map_rect
        tall = kind in ("trade_card", "trade_name", "trade_review")
        w = min(map_rect.width - px(24), px(900) if tall else px(720))
        h = min(map_rect.height - px(16), high or px(
            {"trade_partner": 250, "trade_answer": 300}.get(kind, 600)))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = map_rect.center

    def partner_texts(self, ctx: Ctx, detail: Detail | None) -> tuple[str, str]:
        """The choice of a partner: what is asked, and how an offer is made."""
        passes = ": for this round, or for the whole trade phase" if "no" in ctx.labels else ""
        left = (f" ({plural(detail.offers_left, 'offer')} left)"
                if isinstance(detail, TradePartnerChoice) else "")
        line = f"Choose a player to make an offer to{left}, or pass{passes}."
        hint = ("Offer at least 3 cards, 2 of them commodities you name truly; the others "
                "may be anything tradable. You may ask for cards by name before it goes.")
        return line, hint

    def _partner_lines(self, ctx: Ctx, detail: Detail | None) -> tuple[list[str], list[str]]:
        t = self.theme
        width = self.rect.width - t.px(40)
        line, hint = self.partner_texts(ctx, detail)
        said = said_line(ctx)
        return wrap(t, line, width, 14), wrap(t, said, width, 13, "italic") + wrap(
            t, hint, width, 13, "italic")

    def _partner_top(self, ctx: Ctx, detail: Detail | None) -> int:
        """How far under the window's top the partner buttons start: under all the words."""
        t = self.theme
        px = t.px
        lines, hints = self._partner_lines(ctx, detail)
        return (px(54) + len(lines) * t.font("regular", 14).get_linesize() + px(2)
                + len(hints) * t.font("italic", 13).get_linesize() + px(12))

    def button_kind(self, ctx: Ctx, detail: Detail | None) -> str:
        """The kind whose button texts fit this side: offering, countering or accepting."""
        role, _ = side_role(detail)
        return f"{ctx.kind}:{role}" if role in ("counter", "accept") else ctx.kind

    def rebuild(self, ctx: Ctx, labels: list[str], manager: pygame_gui.UIManager,
                container: object, key: object, detail: Detail | None = None) -> None:
        if key == self._key:
            return
        self._key = key
        self.place(self.map_rect, ctx.kind)
        px = self.theme.px
        others = [lb for lb in labels if not lb.startswith("card:")]
        area = pygame.Rect(self.rect.x + px(20), self.rect.bottom - px(52),
                           self.rect.width - px(40), px(44))
        rows = 0
        keep: tuple[str, ...] = ()
        if ctx.kind == "trade_partner":
            # the buttons under the words, never over them (at 18 players and UI scale 1.5
            # they flowed over the prompt and out of the window, issue 36): the window as
            # high as its rows need, and the partners that no row holds in a drop-down
            top = self._partner_top(ctx, detail)
            h, gap = px(36), px(8)
            kind = self.button_kind(ctx, detail)
            width = self.rect.width - px(40)
            need = self.buttons.rows_needed(others, kind, ctx, width)
            most = max(1, (self.map_rect.height - px(16) - top - px(14) + gap) // (h + gap))
            rows = min(need, most)
            area = pygame.Rect(self.rect.x + px(20), self.rect.y + top, width,
                               rows * (h + gap) - gap)
            keep = ("no",)  # passing for the whole phase: a button beside passing this round
            _, last = self.buttons.build(others, kind, ctx, area, None, None, rows, dry=True,
                                         keep=keep)
            used = (last - area.y) // (h + gap) + 1  # fewer when a drop-down holds them
            self.place(self.map_rect, ctx.kind,
                       max(px(160), top + used * (h + gap) - gap + px(16)))
            area = pygame.Rect(self.rect.x + px(20), self.rect.y + top, width,
                               rows * (h + gap) - gap)
        self.buttons.build(others, self.button_kind(ctx, detail), ctx, area, manager, container,
                           rows, keep=keep)

    def clear(self) -> None:
        self.buttons.clear()
        self._key = None
        self.marks = []

    def layout_marks(self) -> list[tuple[str, pygame.Rect]]:
        """The words drawn in the window (a partner's button over them is a problem)."""
        return list(self.marks) if self.buttons.widgets else []

    def layout_problems(self) -> list[str]:
        """A button of the window outside it."""
        rects = [(type(w).__name__, pygame.Rect(w.rect))  # type: ignore[attr-defined]
                 for w in self.buttons.widgets]
        return [f"trade window: {name} at {tuple(rect)} outside the window"
                for name, rect in rects if not self.rect.contains(rect)]

    def click(self, pos: tuple[int, int]) -> str | None:
        for rect, label in self.hits:
            if rect.collidepoint(pos):
                return label
        return None

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, ctx: Ctx, detail: Detail | None) -> None:
        """The decision the viewer faces, from its detail: their own side so far, the offer
        on the table, the offers they have left."""
        t = self.theme
        px = t.px
        r = self.rect
        self.hits = []
        self.tips = []
        self.table = table_offer(detail)
        shadow = r.move(px(6), px(8))
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=px(10))
        panel(surface, r, t, fill=(30, 26, 20), edge=Palette.gold, radius=10)
        title(surface, t, "Trade", (r.x + px(20), r.y + px(12)), size=24)
        role, partner = side_role(detail)
        head = HEADINGS.get(ctx.kind, "")
        if role:
            who = ctx.names.get(partner, civ_name(partner))
            head += {"offer": f" · your offer to {who}", "counter": f" · countering {who}",
                     "accept": f" · accepting {who}'s offer"}[role]
        heading = t.text(head, 16, Palette.text, "bold")
        surface.blit(heading, (r.x + px(110), r.y + px(20)))
        self.marks = [("trade heading", heading.get_rect(topleft=(r.x + px(110), r.y + px(20))))]
        y = r.y + px(54)
        said = said_line(ctx)
        if said and ctx.kind != "trade_partner":  # (there: among the partner lines)
            for row in wrap(t, said, r.width - px(40), 13, "italic")[:2]:
                img = t.text(row, 13, Palette.gold_light, "italic")
                surface.blit(img, (r.x + px(20), y - px(8)))
                self.marks.append((row, img.get_rect(topleft=(r.x + px(20), y - px(8)))))
                y += t.font("italic", 13).get_linesize()
        if ctx.kind == "trade_partner":
            lines, hints = self._partner_lines(ctx, detail)
            said_rows = set(wrap(t, said, r.width - px(40), 13, "italic")) if said else set()
            for words, size, colour, role, gap in (
                    (lines, 14, Palette.text_dim, "regular", 0),
                    (hints, 13, Palette.text_faint, "italic", px(2))):
                y += gap
                for row in words:
                    img = t.text(row, size, Palette.gold_light if row in said_rows else colour,
                                 role)
                    surface.blit(img, (r.x + px(20), y))
                    self.marks.append((row, img.get_rect(topleft=(r.x + px(20), y))))
                    y += t.font(role, size).get_linesize()
            return
        if self.table is not None and (ctx.kind == "trade_answer" or role in ("counter",
                                                                                "accept")):
            y = self._offer(surface, ctx, self.table, y)
        if ctx.kind == "trade_answer":
            note = ("Accept to choose the cards you give in return; counter to put your own "
                    "offer on the table instead. What they ask for binds nobody.")
            text_block(surface, t, note, (r.x + px(20), y + px(6)), r.width - px(40), size=13,
                       colour=Palette.text_faint, role="italic", max_lines=2)
            return
        side = detail if isinstance(detail, TradeSideSoFar) else NO_SIDE
        self._building(surface, ctx, side, role, y)

    def _building(self, surface: pygame.Surface, ctx: Ctx, side: TradeSideSoFar, role: str,
                  y: int) -> None:
        """Your hand (or, in review, the commodities to ask for) on the left, your side of the
        table on the right."""
        t = self.theme
        px = t.px
        r = self.rect
        col_w = (r.width - px(60)) // 2
        left = pygame.Rect(r.x + px(20), y + px(6), col_w, r.bottom - px(64) - y - px(6))
        right = pygame.Rect(left.right + px(20), left.y, col_w, left.height)
        picks = {lb.split(":", 1)[1] for lb in ctx.labels if lb.startswith("card:")}
        given = Counter(side.cards)
        ruleset = ctx.view.config.ruleset
        if ctx.kind == "trade_review" and role != "accept":
            self._asks(surface, left, picks, side)
        else:
            naming = ctx.kind in ("trade_name", "trade_review")
            head = "Your hand" + ("" if naming else " — click a card to give it")
            surface.blit(t.text(head, 13, Palette.gold_light, "bold"), (left.x, left.y))
            cards = [(c, n - given.get(c, 0)) for c, n in hand_groups(ctx.view)]
            self._grid(surface, left.move(0, px(22)), [(c, n) for c, n in cards if n > 0],
                       ruleset, lambda c: (not naming and c in picks), "card:")
        verb = {"accept": "You give in return", "counter": "Your counter-offer"}.get(
            role, "You offer")
        surface.blit(t.text(f"{verb} — {len(side.cards)} cards", 13, Palette.gold_light,
                            "bold"), (right.x, right.y))
        if not given:  # wrapped in its column (at UI scale 1.5 it ran out of the window)
            text_block(surface, t, "nothing yet: at least 3 cards, 2 of them commodities",
                       (right.x, right.y + px(26)), right.width, size=13,
                       colour=Palette.text_faint, role="italic", max_lines=2)
            return
        named = Counter(side.named)
        tags = {c: "named" for c in named}
        naming = ctx.kind == "trade_name"
        box = right.move(0, px(22))
        box.height -= px(22)
        if ctx.kind == "trade_review" and role != "accept":
            box.height = box.height // 2
        bottom = self._grid(surface, box, sorted(given.items()), ruleset,
                            lambda c: naming and c in picks, "card:", tags)
        if naming:
            surface.blit(t.text("click a card of your offer to name it", 12, Palette.text_faint,
                                "italic"), (right.x, right.bottom - px(16)))
        if ctx.kind == "trade_review" and role != "accept":
            wants = side.wants
            line = ("You ask for: " + (", ".join(card_name(c) for c in wants)
                                       if wants else "nothing yet (optional)"))
            surface.blit(t.text(line, 13, Palette.gold_light, "bold"), (right.x, bottom + px(8)))
            self._grid(surface, pygame.Rect(right.x, bottom + px(30), right.width,
                                            right.bottom - bottom - px(30)),
                       [(c, 1) for c in wants], ruleset, lambda c: False, "", width=px(52))

    def _grid(self, surface: pygame.Surface, box: pygame.Rect, cards: list[tuple[str, int]],
              ruleset: str, pickable: Callable[[str], bool], prefix: str,
              tags: dict[str, str] | None = None, width: int | None = None) -> int:
        """Cards in rows inside `box`; returns the bottom of the last row. Cards that do not fit
        are counted in a "+N more" note, never drawn outside."""
        px = self.theme.px
        w = width or max(px(CARD_W), min(px(108), (box.width + px(10)) // 4 - px(10)))
        per_row = max(1, (box.width + px(8)) // (w + px(10)))
        x, y = box.x, box.y
        row_h = fan_height(w, 3) + px(6)
        shown = 0
        for i, (card, n) in enumerate(cards):
            if i and i % per_row == 0:
                x, y = box.x, y + row_h
            if y + row_h > box.bottom + px(6):
                break
            lit = pickable(card)
            rect = draw_card(surface, self.theme, card, pygame.Rect(x, y, w, 0), ruleset,
                             count=n, edge=Palette.highlight if lit else None,
                             tag=(tags or {}).get(card, ""))
            if lit and prefix:
                self.hits.append((rect, f"{prefix}{card}"))
            x += w + px(10)
            shown += 1
        if shown < len(cards):
            more = self.theme.text(f"+{len(cards) - shown} more", 12, Palette.text_dim, "italic")
            surface.blit(more, (box.right - more.get_width(), box.bottom - more.get_height()))
        return y + (row_h if cards else 0)

    def _asks(self, surface: pygame.Surface, box: pygame.Rect, picks: set[str],
              side: TradeSideSoFar) -> None:
        """Every commodity that may be asked for, by stack: a chip each, click to ask."""
        t = self.theme
        px = t.px
        data = load_game_data()
        surface.blit(t.text("Ask for cards by name (optional; binds nobody)", 13,
                            Palette.gold_light, "bold"), (box.x, box.y))
        by_stack: dict[int, list[str]] = {}
        for cid, c in data.commodities.items():
            by_stack.setdefault(c.value, []).append(cid)
        top = box.y + px(22)
        row = max(px(14), (box.bottom - top) // max(1, len(by_stack)))
        chip_w = (box.width - px(4) * 4) // 5
        for i, stack in enumerate(sorted(by_stack)):
            for j, cid in enumerate(by_stack[stack][:5]):
                chip = pygame.Rect(box.x + j * (chip_w + px(4)), top + i * row, chip_w,
                                   row - px(3))
                asked = cid in side.wants
                colour = card_colour(cid)
                pygame.draw.rect(surface, colour if asked else shade(colour, 0.45), chip,
                                 border_radius=px(3))
                if cid in picks:
                    pygame.draw.rect(surface, Palette.highlight, chip, 1, border_radius=px(3))
                    self.hits.append((chip, f"card:{cid}"))
                label = f"{data.commodities[cid].name} {stack}"
                size = 12 if chip.height >= px(18) else 10
                img = t.text(label, size, Palette.ink if asked else Palette.text)
                if img.get_width() > chip.width - px(4):
                    img = img.subsurface(pygame.Rect(0, 0, chip.width - px(4),
                                                     img.get_height()))
                surface.blit(img, img.get_rect(center=chip.center))

    def _offer(self, surface: pygame.Surface, ctx: Ctx, offer: TableOffer, y: int) -> int:
        """The offer on the table: who, how many cards (the named two face up, the rest face
        down), and what they ask for. Returns the y below it."""
        t = self.theme
        px = t.px
        r = self.rect
        civ = load_game_data().civilizations.get(offer.by)
        x = r.x + px(20)
        if civ is not None:
            civ_badge(surface, t, offer.by, civ.emblem, (x + px(16), y + px(18)), px(32))
        who = ctx.names.get(offer.by, civ_name(offer.by))
        surface.blit(t.text(f"{who} offers {offer.count} cards", 16, Palette.gold_light, "bold"),
                     (x + px(40), y + px(8)))
        w = px(60)
        cx = x + px(40)
        cy = y + px(34)
        ruleset = ctx.view.config.ruleset
        for card in offer.named:
            draw_card(surface, t, card, pygame.Rect(cx, cy, w, 0), ruleset)
            cx += w + px(6)
        hidden = max(0, offer.count - len(offer.named))
        for _ in range(min(hidden, 6)):
            back = pygame.Rect(cx, cy, w, round(w * 1.4))
            pygame.draw.rect(surface, (70, 56, 40), back, border_radius=px(4))
            pygame.draw.rect(surface, Palette.gold, back.inflate(-px(6), -px(6)), 1,
                             border_radius=px(3))
            q = t.text("?", 16, Palette.gold_light, "title")
            surface.blit(q, q.get_rect(center=back.center))
            cx += w + px(6)
        if offer.wants:
            cx += px(16)
            surface.blit(t.text("They ask for", 13, Palette.text_dim, "italic"), (cx, y + px(12)))
            for card in offer.wants:
                draw_card(surface, t, card, pygame.Rect(cx, cy, w, 0), ruleset)
                cx += w + px(6)
        return cy + round(w * 1.4) + px(8)


def partner_name(pid: str) -> str:
    return civ_name(pid)
