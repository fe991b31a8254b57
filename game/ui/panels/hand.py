"""The seated player's holdings: treasury, stock, cities, ships, and the hand — commodities
grouped into sets with their value, calamities marked tradable or not."""

from __future__ import annotations

from collections import Counter

import pygame

from game.core import PlayerView
from game.core.costs import set_value
from game.core.gamedata import load_game_data

from ..draw import civ_badge, panel
from ..theme import Colour, Palette, shade
from . import Ctx, Panel

STACK_COLOURS: dict[int, Colour] = {
    1: (196, 170, 120), 2: (170, 150, 90), 3: (196, 120, 70), 4: (120, 150, 90),
    5: (90, 140, 150), 6: (120, 110, 160), 7: (160, 90, 120), 8: (190, 150, 60),
    9: (150, 60, 60),
}


def card_colour(card: str) -> Colour:
    data = load_game_data()
    if card in data.commodities:
        return STACK_COLOURS.get(data.commodities[card].value, (150, 150, 150))
    if card == data.water.id:
        return (70, 130, 170)
    return (120, 30, 30)


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
    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        view = ctx.view
        t = self.theme
        px = self.px
        data = load_game_data()
        w = self.rect.width
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
        picks = set(ctx.options.cards)
        groups = hand_groups(view)
        total = sum(set_value(n, data.commodities[c].value) for c, n in groups
                    if c in data.commodities)
        head = f"Hand — {len(view.hand)} cards, sets worth {total}"
        surface.blit(t.text(head, 15, Palette.gold_light, "bold"), (px(10), y))
        y += px(26)
        if not groups:
            surface.blit(t.text("No cards yet", 14, Palette.text_faint, "italic"), (px(12), y))
            y += px(24)
        row_h = px(34)
        for card, n in groups:
            box = pygame.Rect(px(8), y, w - px(16), row_h)
            colour = card_colour(card)
            pickable = card in picks
            pygame.draw.rect(surface, shade(colour, 0.55), box, border_radius=px(5))
            stripe = pygame.Rect(box.x, box.y, px(8), box.height)
            pygame.draw.rect(surface, colour, stripe, border_top_left_radius=px(5),
                             border_bottom_left_radius=px(5))
            edge = Palette.highlight if pickable else shade(colour, 0.8)
            pygame.draw.rect(surface, edge, box, px(2) if pickable else 1, border_radius=px(5))
            name, note = self._describe(card, n, view.config.ruleset)
            surface.blit(t.text(name, 15, Palette.text, "bold"), (box.x + px(16), box.y + px(6)))
            right = t.text(note, 14, Palette.text if "non-tradable" not in note
                           else (255, 150, 130))
            surface.blit(right, (box.right - right.get_width() - px(10), box.y + px(7)))
            if pickable:
                self.add_hit(box, f"card:{card}")
            self.add_tip(box, self._tip(card, n, view.config.ruleset))
            y += row_h + px(5)
        y = self._recent(surface, ctx, y + px(10))
        self.content_height = y + self.scroll + px(10)

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
            img = t.text(ln.text, 13, Palette.text_dim)
            if img.get_width() > self.rect.width - px(20):
                img = img.subsurface(pygame.Rect(0, 0, self.rect.width - px(20), img.get_height()))
            surface.blit(img, (px(12), y))
            y += step
        return y

    def _describe(self, card: str, n: int, ruleset: str) -> tuple[str, str]:
        data = load_game_data()
        if card in data.commodities:
            c = data.commodities[card]
            return (f"{c.name} ×{n}", f"{n}² × {c.value} = {set_value(n, c.value)}")
        if card == data.water.id:
            return (f"{data.water.name} ×{n}", "worth nothing")
        cal = data.rulesets[ruleset].calamities.get(card)
        label = cal.name if cal else card
        kind = calamity_kind(card, ruleset) or "calamity"
        tag = {"non_tradable": "non-tradable", "tradable": "tradable", "minor": "minor"}[kind] \
            if kind in ("non_tradable", "tradable", "minor") else kind
        return (f"{label}" + (f" ×{n}" if n > 1 else ""), tag)

    def _tip(self, card: str, n: int, ruleset: str) -> list[str]:
        data = load_game_data()
        if card in data.commodities:
            c = data.commodities[card]
            return [c.name, f"Face value {c.value} (stack {c.value})",
                    f"A set of n cards is worth n² × {c.value}"]
        cal = data.rulesets[ruleset].calamities.get(card)
        if cal:
            lines = [cal.name, f"Stack {cal.stack}, {cal.kind.replace('_', '-')}"]
            from ..draw import wrap

            lines += wrap(self.theme, cal.summary, self.px(340), 14)
            return lines
        return [card]
