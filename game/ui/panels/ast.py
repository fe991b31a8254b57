"""The A.S.T.: every civilization's marker on its track, its epoch, and what the next step
needs (met requirements in green, missing ones in red)."""

from __future__ import annotations

import pygame

from game.core import EPOCHS, PublicPlayer, load_game_data

from ..draw import civ_badge
from ..theme import Colour, Palette, shade
from . import Ctx, Panel

EPOCH_COLOURS: dict[str, Colour] = {
    "stone_age": (110, 100, 90), "early_bronze": (170, 120, 70),
    "middle_bronze": (190, 140, 80), "late_bronze": (205, 160, 95),
    "early_iron": (130, 140, 150), "late_iron": (170, 180, 190),
}


def next_needs(p: PublicPlayer, side: str) -> list[tuple[str, bool]]:
    """What moving onto the next space asks, each with whether it is met now."""
    data = load_game_data()
    civ = data.civilizations[p.id]
    last = civ.epochs_basic[-1] if side == "basic" else civ.epochs_expert[-1]
    if p.ast >= last:
        return [("at the end of the table", True)]
    epoch = civ.epoch_of(p.ast + 1, side)
    req = data.ast[side][EPOCHS.index(epoch)]
    owned = [data.advances[a] for a in p.advances]
    have = {
        "cities": p.cities,
        "advances": len(owned),
        "advances_100": sum(a.cost >= 100 for a in owned),
        "advances_200": sum(a.cost >= 200 for a in owned),
        "advances_under_100": sum(a.cost < 100 for a in owned),
        "advance_vp": sum(a.vp for a in owned),
    }
    words = {"cities": "cities", "advances": "advances", "advances_100": "adv. 100+",
             "advances_200": "adv. 200+", "advances_under_100": "adv. <100",
             "advance_vp": "advance VP"}
    out = []
    for key, word in words.items():
        need = getattr(req, key)
        if need:
            out.append((f"{need} {word}", have[key] >= need))
    return out or [("nothing", True)]


class AstPanel(Panel):
    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        view = ctx.view
        t = self.theme
        px = self.px
        data = load_game_data()
        side = view.config.ast_side
        w = self.rect.width
        y = px(8) - self.scroll
        surface.blit(t.text(f"A.S.T. ({side.capitalize()} side)", 15, Palette.gold_light, "bold"),
                     (px(10), y))
        y += px(26)
        row_h = px(58)
        for p in view.players:
            civ = data.civilizations[p.id]
            box = pygame.Rect(px(6), y, w - px(12), row_h)
            mine = p.id == view.viewer
            pygame.draw.rect(surface, (52, 44, 32) if mine else Palette.panel_light, box,
                             border_radius=px(5))
            civ_badge(surface, t, p.id, civ.emblem, (box.x + px(16), box.y + px(16)), px(24))
            label = ctx.names.get(p.id, civ.name)
            surface.blit(t.text(label, 14, Palette.text, "bold"), (box.x + px(32), box.y + px(4)))
            epoch = civ.epoch_of(p.ast, side)
            right = t.text(f"{epoch.replace('_', ' ').title()} · space {p.ast}", 12,
                           Palette.text_dim)
            surface.blit(right, (box.right - right.get_width() - px(6), box.y + px(6)))
            # the track
            bounds = civ.epochs_basic if side == "basic" else civ.epochs_expert
            spaces = bounds[-1] + 1
            tx, ty = box.x + px(32), box.y + px(24)
            cw = (box.width - px(40)) / spaces
            for s in range(spaces):
                colour = EPOCH_COLOURS[civ.epoch_of(s, side)]
                cell = pygame.Rect(round(tx + s * cw), ty, max(1, round(cw) - 1), px(9))
                pygame.draw.rect(surface, colour if s <= p.ast else shade(colour, 0.45), cell)
            mx = round(tx + p.ast * cw + cw / 2)
            pygame.draw.polygon(surface, Palette.gold_light,
                                [(mx, ty - px(1)), (mx - px(5), ty - px(7)),
                                 (mx + px(5), ty - px(7))])
            x = tx
            surface.blit(t.text("next:", 12, Palette.text_faint), (x, box.y + px(37)))
            x += px(34)
            for text, met in next_needs(p, side):
                img = t.text(text, 12, Palette.good if met else (235, 130, 110))
                if x + img.get_width() > box.right - px(4):
                    break
                surface.blit(img, (x, box.y + px(37)))
                x += img.get_width() + px(8)
            y += row_h + px(4)
        self.content_height = y + self.scroll + px(10)
