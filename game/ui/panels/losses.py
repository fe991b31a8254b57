"""The losses box over the map's top-right corner: one row per area the loss (or a civil war's
selection) may come from, with − and + for how many picks come from there, and Suggest (the
normal bot's choice), Clear and the button that makes the picks."""

from __future__ import annotations

import pygame

from ..draw import panel
from ..seat.losses import LossPlan
from ..theme import Palette, Theme

MAX_ROWS = 12


class LossBox:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.plan: LossPlan | None = None
        self.key: object = None  # the decision the plan is for
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hits: list[tuple[pygame.Rect, str]] = []
        self._chosen: tuple[object, int | None] | None = None
        self.folded = False  # only the title shows (a small map: the box would hide it)

    def close(self) -> None:
        self.plan = None
        self.key = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hits = []

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.plan is not None and self.rect.collidepoint(pos)

    def click(self, pos: tuple[int, int]) -> str:
        """What a click at `pos` does: "plus:A", "minus:A", "suggest", "clear", "go" or ""
        ("fold" opens or closes the box, here)."""
        for rect, what in self.hits:
            if rect.collidepoint(pos):
                if what == "fold":
                    self.folded = not self.folded
                    return ""
                return what
        return ""

    def button(self, what: str) -> pygame.Rect | None:
        for rect, hit in self.hits:
            if hit == what:
                return rect
        return None

    def width(self) -> int:
        """The box's width: room for its three buttons' words at any UI scale."""
        if self.plan is None:
            return 0
        px = self.theme.px
        font = self.theme.font("bold", 14)
        widest = max(font.size(text)[0] for text in ("Suggest", "Clear", "Select these",
                                                     "Remove these"))
        return max(px(330), 3 * (widest + px(20)) + px(40))

    def _chosen_points(self) -> int | None:
        plan = self.plan
        assert plan is not None
        key = (self.key, tuple(sorted(plan.counts.items())))
        if self._chosen is None or self._chosen[0] != key:
            self._chosen = (key, plan.chosen())
        return self._chosen[1]

    def draw(self, surface: pygame.Surface, area: pygame.Rect, place: dict[str, str]) -> None:
        plan = self.plan
        if plan is None:
            return
        t = self.theme
        px = t.px
        step = px(30)
        room = max(1, (area.height - px(24) - px(44) - px(84)) // step)  # rows that fit
        rows = plan.areas[:min(MAX_ROWS, room)]
        width = self.width()
        height = px(40) if self.folded else px(44) + step * len(rows) + px(84)
        self.rect = pygame.Rect(area.right - width - px(12), area.y + px(12), width, height)
        panel(surface, self.rect, t, fill=(30, 26, 20), edge=Palette.gold)
        self.hits = [(pygame.Rect(self.rect.x, self.rect.y, width, px(36)), "fold")]
        x, y = self.rect.x + px(12), self.rect.y + px(10)
        selecting = plan.kind == "civil_war_select"
        title = "Select by area" if selecting else "Losses by area"
        surface.blit(t.text(title, 16, Palette.gold_light, "bold"), (x, y))
        note = t.text("click to open" if self.folded else "+: one more pick there · click to fold",
                      12, Palette.text_dim, "italic")
        surface.blit(note, (self.rect.right - note.get_width() - px(12), y + px(4)))
        if self.folded:
            return
        y += px(32)
        for name in rows:
            label = place.get(name, name)
            img = t.text(label, 14, Palette.text)
            if img.get_width() > px(150):
                img = img.subsurface(pygame.Rect(0, 0, px(150), img.get_height()))
            surface.blit(img, (x, y + px(5)))
            bx = self.rect.right - px(150)
            minus = pygame.Rect(bx, y, px(28), px(26))
            plus = pygame.Rect(bx + px(72), y, px(28), px(26))
            for rect, sign, what in ((minus, "−", "minus"), (plus, "+", "plus")):
                pygame.draw.rect(surface, Palette.panel_light, rect, border_radius=px(4))
                mark = t.text(sign, 16, Palette.gold_light, "bold")
                surface.blit(mark, mark.get_rect(center=rect.center))
                self.hits.append((rect, f"{what}:{name}"))
            count = t.text(str(plan.counts[name]), 15, Palette.highlight
                           if plan.counts[name] else Palette.text_dim, "bold")
            surface.blit(count, count.get_rect(center=(bx + px(50), y + px(13))))
            most = t.text(f"of {plan.most[name]}", 12, Palette.text_dim)
            surface.blit(most, (bx + px(106), y + px(6)))
            y += step
        chosen = self._chosen_points()
        total = (f"Chosen: {chosen} of {plan.asked} unit points" if chosen is not None
                 and plan.asked is not None else f"Chosen: {len(plan.picks())} picks")
        surface.blit(t.text(total, 14, Palette.text, "italic"), (x, y + px(4)))
        y += px(32)
        bw = (width - px(24) - px(16)) // 3
        go_text = "Select these" if selecting else "Remove these"
        for i, (text, what) in enumerate((("Suggest", "suggest"), ("Clear", "clear"),
                                          (go_text, "go"))):
            rect = pygame.Rect(x + i * (bw + px(8)), y, bw, px(32))
            fill = Palette.gold if what == "go" and plan.picks() else Palette.panel_light
            pygame.draw.rect(surface, fill, rect, border_radius=px(5))
            img = t.text(text, 14, Palette.ink if fill == Palette.gold else Palette.text, "bold")
            surface.blit(img, img.get_rect(center=rect.center))
            self.hits.append((rect, what))
