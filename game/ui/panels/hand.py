"""The seated player's holdings: treasury, stock, cities, ships, and the hand — commodities
grouped into sets with their value, calamities marked tradable or not."""

from __future__ import annotations

from collections import Counter

import pygame

from game.core import PlayerView, load_game_data, set_value

from ..cards.trade import draw_card, fan_height
from ..draw import civ_badge, panel, shortened
from ..theme import Palette, Theme
from ..words.hints import set_hint
from ..words.log import plural
from ..words.options import card_name
from . import Ctx, Panel
from .eventhand import draw_event_hand


def calamity_kind(card: str, ruleset: str) -> str | None:
    c = load_game_data().rulesets[ruleset].calamities.get(card)
    return c.kind if c else None


def hand_groups(view: PlayerView) -> list[tuple[str, int]]:
    """(card, count) with commodities by face value, then water, then calamities."""
    data = load_game_data()
    counts = Counter(h.card for h in view.hand)

    def order(card: str) -> tuple[int, int, str]:
        if card in data.commodities:
            return (0, data.commodities[card].value, card)
        if card == data.water.id:
            return (1, 0, card)
        return (2, 0, card)

    return sorted(counts.items(), key=lambda kv: order(kv[0]))


class HandPanel(Panel):
    """The hand as cards. Cards that came in a trade this turn carry a "received" ribbon, and a
    calamity among them is announced above the hand: a trade never slips one in silently."""

    def __init__(self, theme: Theme) -> None:
        super().__init__(theme)
        self.received: dict[str | None, Counter[str]] = {}
        self.drawn: dict[str | None, Counter[str]] = {}  # drawn or bought this turn
        # the hand as this turn's card acquisition (or, if not seen then, its trade) began, as
        # (card, who traded it) pairs
        self._before: dict[str | None, tuple[int, Counter[tuple[str, str]]]] = {}
        self.event_cards: list[tuple[pygame.Rect, str]] = []  # (screen rect, event card)
        self.hint: str | None = None  # the set hint shown in trade, if any

    def event_card_at(self, pos: tuple[int, int]) -> str | None:
        """The private event card under the mouse (shown large as its tooltip)."""
        return next((card for rect, card in self.event_cards if rect.collidepoint(pos)), None)

    def _track(self, view: PlayerView) -> None:
        """The cards that came to the viewer this turn: drawn or bought, or received in trades
        (a card received carries its giver, HandCard.traded_by)."""
        hand = Counter((h.card, h.traded_by) for h in view.hand)
        mark = self._before.get(view.viewer)
        starts = view.phase in ("trade_card_acquisition", "trade")
        if starts and (mark is None or mark[0] != view.turn):
            self._before[view.viewer] = mark = (view.turn, hand)
        got: Counter[str] = Counter()
        drawn: Counter[str] = Counter()
        if mark is not None and mark[0] == view.turn:
            for (card, giver), n in (hand - mark[1]).items():
                (got if giver else drawn)[card] += n
        self.received[view.viewer] = got
        self.drawn[view.viewer] = drawn

    def _received(self, surface: pygame.Surface, ctx: Ctx, y: int) -> int:
        """A line per calamity received in trade this turn, and one for the rest."""
        view = ctx.view
        got = self.received.get(view.viewer)
        if not got:
            return y
        t = self.theme
        px = self.px
        givers = {h.card: h.traded_by for h in view.hand if h.traded_by}
        for card in sorted(got):
            if calamity_kind(card, view.config.ruleset) is None:
                continue
            who = ctx.names.get(givers.get(card, ""), givers.get(card, "someone"))
            line = f"{who} passed you {card_name(card)} in a trade"
            img = t.text(line, 14, (255, 150, 130), "bold")
            box = pygame.Rect(px(8), y, self.rect.width - px(16), img.get_height() + px(8))
            pygame.draw.rect(surface, (70, 24, 20), box, border_radius=px(4))
            surface.blit(img, (box.x + px(8), box.y + px(4)))
            y = box.bottom + px(4)
        total = sum(got.values())
        note = t.text(f"Received in trade this turn: {total} card{'s' * (total != 1)}", 13,
                      Palette.text_dim, "italic")
        surface.blit(note, (px(10), y))
        return y + note.get_height() + px(6)

    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        view = ctx.view
        t = self.theme
        px = self.px
        data = load_game_data()
        w = self.rect.width
        self._track(view)
        self.event_cards = []
        y = px(8) - self.scroll
        if view.viewer is None:
            surface.blit(t.text("Spectating: hands are hidden", 15, Palette.text_dim), (px(12), y))
            return
        me = view.player(view.viewer)
        civ = data.civilizations[me.id]
        civ_badge(surface, t, me.id, civ.emblem, (px(26), y + px(18)), px(32))
        surface.blit(t.text(ctx.names.get(me.id, civ.name), 18, Palette.gold_light, "title"),
                     (px(50), y + px(2)))
        surface.blit(t.text(civ.name, 13, Palette.text_dim), (px(50), y + px(24)))
        y += px(48)
        stats = [("Treasury", me.treasury), ("Stock", me.stock),
                 ("Cities", me.cities), ("Ships", me.ships), ("Census", me.census),
                 ("A.S.T.", me.ast)]
        cell = (w - px(16)) // 3
        for i, (label, value) in enumerate(stats):
            cx = px(8) + (i % 3) * cell
            cy = y + (i // 3) * px(46)
            box = pygame.Rect(cx, cy, cell - px(6), px(40))
            panel(surface, box, t, fill=Palette.panel_light, radius=6)
            surface.blit(t.text(label, 12, Palette.text_dim), (box.x + px(8), box.y + px(3)))
            surface.blit(t.text(str(value), 17, Palette.text, "bold"),
                         (box.x + px(8), box.y + px(17)))
        y += px(100)
        # in a trade review the card options ask for cards, which the hand does not hold
        picks = set(ctx.options.cards) if ctx.kind != "trade_review" else set()
        groups = hand_groups(view)
        total = sum(set_value(n, data.commodities[c].value) for c, n in groups
                    if c in data.commodities)
        head = f"Hand — {plural(len(view.hand), 'card')}, sets worth {total}"
        surface.blit(t.text(head, 15, Palette.gold_light, "bold"), (px(10), y))
        y += px(26)
        if not groups:
            surface.blit(t.text("No cards yet", 14, Palette.text_faint, "italic"), (px(12), y))
            y += px(24)
        y = self._received(surface, ctx, y)
        y = self._set_hint(surface, view, y)
        w_card = min(px(96), (w - px(16) - px(10) * 3) // 4)
        per_row = max(1, (w - px(16) + px(10)) // (w_card + px(10)))
        row_h = fan_height(w_card, 3) + px(8)
        received = self.received.get(view.viewer, Counter())
        for i, (card, n) in enumerate(groups):
            col, row = i % per_row, i // per_row
            at = pygame.Rect(px(8) + col * (w_card + px(10)), y + row * row_h, w_card, 0)
            pickable = card in picks
            held = n if card in data.commodities else 0
            tag = "received" if received.get(card) else (
                "new" if self.drawn.get(view.viewer, Counter()).get(card) else "")
            box = draw_card(surface, t, card, at, view.config.ruleset, count=n, held=held,
                            edge=Palette.highlight if pickable else None, tag=tag)
            if pickable:
                self.add_hit(box, f"card:{card}")
            self.add_tip(box, self._tip(card, n, view.config.ruleset))
        if groups:
            y += row_h * ((len(groups) - 1) // per_row + 1)
        y = draw_event_hand(self, surface, ctx, y + px(6), self.event_cards)
        y = self._recent(surface, ctx, y + px(10))
        self.content_height = y + self.scroll + px(10)

    def _set_hint(self, surface: pygame.Surface, view: PlayerView, y: int) -> int:
        """In trade, the set begun in hand that more cards would raise most (issue 39)."""
        hint = set_hint(view)
        self.hint = hint
        if hint is None:
            return y
        from ..draw import wrap

        t, px = self.theme, self.px
        step = t.font("italic", 13).get_linesize()
        for row in wrap(t, hint, self.rect.width - px(20), 13, "italic"):
            surface.blit(t.text(row, 13, Palette.highlight, "italic"), (px(10), y))
            y += step
        return y + px(6)

    def _recent(self, surface: pygame.Surface, ctx: Ctx, y: int) -> int:
        """The last lines of the log, in whatever room is left below the hand."""
        t = self.theme
        px = self.px
        lines = ctx.extra.get("log")
        if not isinstance(lines, list) or not lines:
            return y
        step = t.font("regular", 13).get_linesize() + px(1)
        room = (self.rect.height - y - px(34)) // step
        if room < 3:
            return y
        surface.blit(t.text("Recently", 15, Palette.gold_light, "bold"), (px(10), y))
        y += px(24)
        recent = [ln for ln in lines[-200:] if not ln.heading][-room:]
        for ln in recent:
            text, font = ln.text, t.font("regular", 13)
            if font.size(text)[0] > self.rect.width - px(20):
                text = shortened(font, text, self.rect.width - px(20))
            surface.blit(t.text(text, 13, Palette.text_dim), (px(12), y))
            y += step
        return y

    def _tip(self, card: str, n: int, ruleset: str) -> list[str]:
        data = load_game_data()
        if card in data.commodities:
            c = data.commodities[card]
            return [c.name, f"Face value {c.value} (stack {c.value})",
                    f"A set of n cards is worth n² × {c.value}",
                    f"You hold {n}: worth {n}² × {c.value} = {set_value(n, c.value)}"]
        cal = data.rulesets[ruleset].calamities.get(card)
        if cal:
            lines = [cal.name, f"Stack {cal.stack}, {cal.kind.replace('_', '-')}"]
            from ..draw import wrap

            lines += wrap(self.theme, cal.summary, self.px(340), 14)
            return lines
        return [card]
