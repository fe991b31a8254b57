"""The phase track across the top: the 13 phases with the current one lit, the turn, and who
acts now."""

from __future__ import annotations

import pygame

from game.core.gamedata import load_game_data
from game.core.turn import PHASES

from ..draw import civ_badge, wrap
from ..rulestext import PHASE_BRIEFS
from ..theme import PHASE_NAMES, PHASE_SHORT, Palette, shade
from . import Ctx, Panel


class TopBar(Panel):
    def key(self, ctx: Ctx) -> object:
        return (ctx.view.phase, ctx.view.turn, ctx.view.pending.player if ctx.view.pending else "",
                self.rect.size, ctx.extra.get("right", 0))

    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        t = self.theme
        px = self.px
        view = ctx.view
        w, h = self.rect.size
        surface.fill((20, 17, 13))
        pygame.draw.line(surface, shade(Palette.gold, 0.6), (0, h - 1), (w, h - 1))
        turn = t.text(f"Turn {view.turn}", 18, Palette.gold_light, "title")
        surface.blit(turn, (px(12), (h - turn.get_height()) // 2))
        x = px(24) + turn.get_width()
        right_reserved = int(ctx.extra.get("right", 0))  # type: ignore[call-overload]
        # who acts
        acting = view.pending.player if view.pending else None
        who_w = px(190)
        avail = w - x - who_w - right_reserved - px(10)
        chip_w = avail / len(PHASES)
        current = view.phase
        for i, phase in enumerate(PHASES):
            box = pygame.Rect(round(x + i * chip_w), px(7), max(4, round(chip_w) - px(3)),
                              h - px(14))
            lit = phase == current
            done = PHASES.index(current) > i if current in PHASES else False
            fill = Palette.gold if lit else ((52, 46, 36) if done else (36, 32, 26))
            pygame.draw.rect(surface, fill, box, border_radius=px(4))
            if lit:
                pygame.draw.rect(surface, Palette.gold_light, box, px(2), border_radius=px(4))
            label = f"{i + 1} {PHASE_SHORT[phase]}"
            colour = Palette.ink if lit else (Palette.text_dim if done else Palette.text)
            img = t.text(label, 12, colour, "bold" if lit else "regular")
            if img.get_width() > box.width - px(6):
                img = t.text(label, 10, colour, "bold" if lit else "regular")
            if img.get_width() > box.width - px(4):
                img = t.text(str(i + 1), 12, colour, "bold" if lit else "regular")
            surface.blit(img, img.get_rect(center=box.center))
            self.add_tip(box, [f"Phase {i + 1}: {PHASE_NAMES[phase]}",
                               *wrap(t, PHASE_BRIEFS[phase], px(340), 14)])
        if acting:
            data = load_game_data()
            cx = w - right_reserved - who_w + px(14)
            civ_badge(surface, t, acting, data.civilizations[acting].emblem, (cx, h // 2), px(24))
            name = ctx.names.get(acting, acting)
            surface.blit(t.text("to act", 11, Palette.text_dim), (cx + px(16), px(4)))
            surface.blit(t.text(name[:18], 14, Palette.text, "bold"), (cx + px(16), px(17)))
