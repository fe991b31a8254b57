"""The losses box over the map's top-right corner: one row per area the loss (or a civil war's
selection) may come from, with what each pick there is worth ("token 1", "city 5", measured by
the plan on copies of the game), − and + for how many picks come from there, and Suggest (the
normal bot's choice), Clear and the button that makes the picks. Before a pick is made the box
says when it would go past what is owed ("city 5 · 2 over" on the row, and under the rows), and
the total says when the plan does ("Chosen: 9 of 7 unit points, 2 more than owed")."""

from __future__ import annotations

import pygame

from ..draw import panel
from ..seat.losses import LossPlan, Pick
from ..theme import Palette, Theme

MAX_ROWS = 12


class LossBox:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.plan: LossPlan | None = None
        self.key: object = None  # the decision the plan is for
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hits: list[tuple[pygame.Rect, str]] = []
        self._figures: tuple[object, int | None, dict[str, Pick | None]] | None = None
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
        return max(px(400), 3 * (widest + px(20)) + px(40))

    def figures(self) -> tuple[int | None, dict[str, Pick | None]]:
        """The unit points the plan takes, and one more pick in each area (what it takes, how
        far past what is owed): measured once per plan."""
        plan = self.plan
        assert plan is not None
        key = (self.key, id(plan), tuple(sorted(plan.counts.items())))
        if self._figures is None or self._figures[0] != key:
            self._figures = (key, plan.taken(), {a: plan.next_pick(a) for a in plan.areas})
        return self._figures[1], self._figures[2]

    def row_words(self, area: str) -> str:
        """The row's worth of a pick: "token 1", "city 5", "city 5 · 2 over"."""
        plan = self.plan
        assert plan is not None
        words = plan.units(area)
        upcoming = self.figures()[1].get(area)
        if upcoming is not None and upcoming.over:
            words = f"{'city' if upcoming.city else 'token'} {upcoming.points} · "\
                    f"{upcoming.over} over"
        return words

    def notes(self) -> list[tuple[str, bool]]:
        """The lines under the rows, each with whether it warns: the total chosen, and what a
        city would take past what is owed."""
        plan = self.plan
        assert plan is not None
        taken, upcoming = self.figures()
        lines: list[tuple[str, bool]] = []
        if taken is not None and plan.asked is not None:
            over = taken - plan.asked
            lines.append((f"Chosen: {taken} of {plan.asked} unit points"
                          + (f", {over} more than owed" if over > 0 else ""), over > 0))
        else:
            picks = len(plan.picks())
            lines.append((f"Chosen: {picks} {'pick' if picks == 1 else 'picks'}", False))
        overs = [(p.over, p.points) for p in upcoming.values() if p is not None and p.over]
        if overs and (taken is None or plan.asked is None or taken < plan.asked):
            over, points = min(overs)
            owed = points - over if points is not None else None
            lines.append((f"A city now takes {points}: {over} more than the {owed} owed", True))
        return lines

    def draw(self, surface: pygame.Surface, area: pygame.Rect, place: dict[str, str]) -> None:
        plan = self.plan
        if plan is None:
            return
        t = self.theme
        px = t.px
        step = px(30)
        notes = [] if self.folded else self.notes()
        foot = px(60) + px(22) * len(notes)
        room = max(1, (area.height - px(24) - px(44) - foot) // step)  # rows that fit
        rows = plan.areas[:min(MAX_ROWS, room)]
        width = self.width()
        height = px(40) if self.folded else px(44) + step * len(rows) + foot
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
            if img.get_width() > px(128):
                img = img.subsurface(pygame.Rect(0, 0, px(128), img.get_height()))
            surface.blit(img, (x, y + px(5)))
            bx = self.rect.right - px(150)
            worth = self.row_words(name)
            warn = "over" in worth
            cap = t.text(worth, 12, Palette.bad if warn else Palette.text_dim,
                         "bold" if warn else "regular")
            room_cap = bx - px(8) - (x + px(134))
            if cap.get_width() > room_cap:
                cap = cap.subsurface(pygame.Rect(0, 0, room_cap, cap.get_height()))
            surface.blit(cap, (x + px(134), y + px(7)))
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
        for text, warn in notes:
            surface.blit(t.text(text, 13, Palette.bad if warn else Palette.text, "italic"),
                         (x, y + px(4)))
            y += px(22)
        y += px(10)
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
