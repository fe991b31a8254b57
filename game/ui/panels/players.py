"""The table: every player's public numbers and victory points, and the census order."""

from __future__ import annotations

import pygame

from game.core import MILITARY, PlayerView, PublicPlayer, load_game_data
from game.core import holds_effect as holds

from ..draw import civ_badge, wrap
from ..map.markers import decline_lines
from ..theme import Palette
from . import Ctx, Panel


def census_order(view: PlayerView) -> list[str]:
    """The movement order: highest census first, ties by ranking, Military holders last."""
    rank = {p.id: i for i, p in enumerate(view.players)}
    data = load_game_data()
    return [p.id for p in sorted(view.players, key=lambda p: (
        holds(data, p.advances, MILITARY), -p.census, rank[p.id]))]


def public_vp(p: PublicPlayer, view: PlayerView) -> int:
    """Victory points from what everyone can see, those events won included (the
    lone-Late-Iron bonus only at the end)."""
    data = load_game_data()
    n = data.ast_numbers
    events = dict(view.events.bonus_vp).get(p.id, 0) if view.events is not None else 0
    return (p.ast * n["vp_per_step"] + sum(data.advances[a].vp for a in p.advances)
            + p.cities * n["vp_per_city"] + events)


COLUMNS = (("Census", "census"), ("Cities", "cities"), ("Ships", "ships"),
           ("Treas.", "treasury"), ("Stock", "stock"), ("Cards", "hand_size"),
           ("Adv.", "advances"), ("VP", "vp"))
HEAD_TIPS = {"treasury": "Treasury", "hand_size": "Trade cards held", "advances": "Advances held",
             "vp": "Victory points anyone can count", "events": "Private events held"}
EVENTS_COLUMN = ("Ev.", "events")  # with the Events module on: only the counts are public


class PlayersPanel(Panel):
    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        view = ctx.view
        t = self.theme
        px = self.px
        data = load_game_data()
        w = self.rect.width
        y = px(8) - self.scroll
        surface.blit(t.text(f"Turn {view.turn} — the table", 15, Palette.gold_light, "bold"),
                     (px(10), y))
        y += px(26)
        name_w = px(112)
        columns = COLUMNS + (EVENTS_COLUMN,) if view.events is not None else COLUMNS
        held = dict(view.events.hand_sizes) if view.events is not None else {}
        col_w = (w - name_w - px(14)) / len(columns)
        heads = [t.text(head, 11, Palette.text_dim, "bold") for head, _ in columns]
        # headers that would run together ("ShipsTreas.") take two staggered rows instead
        stagger = any(img.get_width() > col_w - px(6) for img in heads)
        for i, img in enumerate(heads):
            x = px(8) + name_w + i * col_w + col_w - img.get_width() - px(2)
            top = y + (px(14) if stagger and i % 2 else 0)
            surface.blit(img, (round(x), top))
            key = columns[i][1]
            self.add_tip(pygame.Rect(round(x), top, img.get_width(), img.get_height()),
                         [HEAD_TIPS.get(key, columns[i][0])])
        y += px(32) if stagger else px(18)
        acting = view.pending.player if view.pending else None
        for p in view.players:
            civ = data.civilizations[p.id]
            row = pygame.Rect(px(4), y, w - px(8), px(30))
            fill = (58, 48, 30) if p.id == acting else (
                (44, 40, 32) if p.id == view.viewer else Palette.panel_light)
            pygame.draw.rect(surface, fill, row, border_radius=px(4))
            civ_badge(surface, t, p.id, civ.emblem, (row.x + px(14), row.centery), px(22))
            label = ctx.names.get(p.id, civ.name)
            img = t.text(label, 13, Palette.text, "bold")
            if img.get_width() > name_w - px(28):
                img = t.text(label[:10] + "…", 13, Palette.text, "bold")
            surface.blit(img, (row.x + px(28), row.y + px(6)))
            values = {"vp": public_vp(p, view), "advances": len(p.advances),
                      "events": held.get(p.id, 0)}
            for i, (_, key) in enumerate(columns):
                value = values.get(key, getattr(p, key, ""))
                v = t.text(str(value), 14, Palette.gold_light if key == "vp" else Palette.text)
                x = px(8) + name_w + i * col_w + col_w - v.get_width() - px(2)
                surface.blit(v, (round(x), row.y + px(6)))
            owned = ", ".join(data.advances[a].name for a in p.advances) or "none"
            self.add_tip(row, [f"{label} ({civ.name})",
                               *wrap(t, f"Advances ({len(p.advances)}): {owned}", px(380), 14),
                               *decline_lines(view, p.id)])
            y += px(33)
        y += px(10)
        surface.blit(t.text("Census order (movement)", 14, Palette.gold_light, "bold"), (px(10), y))
        y += px(24)
        x = px(12)
        for pid in census_order(view):
            if x > w - px(30):
                x = px(12)
                y += px(30)
            civ_badge(surface, t, pid, data.civilizations[pid].emblem, (x + px(11), y + px(11)),
                      px(22))
            x += px(28)
        self.content_height = y + px(40) + self.scroll
