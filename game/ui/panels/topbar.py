"""The phase track across the top: the 13 phases (after the Event action when the Events
module is on) with the current one lit, the turn, and who acts now."""

from __future__ import annotations

import pygame

from game.core import load_game_data

from ..draw import civ_badge, wrap
from ..theme import PHASE_NAMES, PHASE_SHORT, Palette, shade
from ..words.rules import PHASE_BRIEFS, phase_track, step_number
from . import Ctx, Panel


class TopBar(Panel):
    shortened: list[str] = []  # phases shown by number only, for lack of room
    size = 10  # points of the phase names in the two-line mode

    def _chip_widths(self, avail: float, steps: tuple[str, ...]) -> tuple[str, list[float]]:
        """The roomiest way to name the steps in `avail` pixels: "N Name" at 12 or 10
        points, the number above the name, or numbers alone; each chip as wide as its label
        needs, the room left shared out evenly."""
        t, px = self.theme, self.px
        for mode, size in (("wide", 12), ("narrow", 10), ("two-line", 10), ("two-line", 9)):
            font = t.font("bold", size)  # the lit phase is bold: the widest case
            if mode == "two-line":
                needs = [font.size(PHASE_SHORT[p])[0] + px(6) for p in steps]
            else:
                needs = [font.size(f"{step_number(p)} {PHASE_SHORT[p]}")[0] + px(10)
                         for p in steps]
            if sum(needs) <= avail:
                self.size = size
                spare = (avail - sum(needs)) / len(steps)
                return mode, [n + spare for n in needs]
        return "number", [avail / len(steps)] * len(steps)

    cut_name = ""  # the name of who acts, when it did not fit

    def layout_problems(self) -> list[str]:
        out = [f"the name to act cut: {self.cut_name!r}"] if self.cut_name else []
        if not self.shortened:
            return out
        return [*out, f"phase names lost for lack of room: {', '.join(self.shortened)}"]

    def key(self, ctx: Ctx) -> object:
        return (ctx.view.phase, ctx.view.turn, ctx.view.pending.player if ctx.view.pending else "",
                self.rect.size, ctx.extra.get("right", 0), ctx.view.events is not None,
                tuple(sorted(ctx.names.items())))

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
        # who acts: room for the whole name (issue 36: "to act: A very very long p" was cut)
        acting = view.pending.player if view.pending else None
        self.cut_name = ""
        who = ctx.names.get(acting, acting) if acting else ""
        steps = phase_track(view.events is not None)
        chips = sum(t.font("bold", 9).size(PHASE_SHORT[p])[0] + px(6) for p in steps)
        most = max(px(170), w - x - right_reserved - px(10) - chips)  # the chips keep names
        who_w, who_size, who_lines = px(170), 14, [who]
        if who:
            for who_size in (14, 13, 12, 11):
                needs = t.text(who, who_size, Palette.text, "bold").get_width() + px(36)
                if needs <= most:
                    break
            else:  # two lines under "to act"
                who_size = 10
                who_lines = wrap(t, who, most - px(36), who_size, "bold")[:2]
                needs = max(t.text(line, who_size, Palette.text, "bold").get_width()
                            for line in who_lines) + px(36)
            who_w = max(px(170), min(most, needs))
        avail = w - x - who_w - right_reserved - px(10)
        current = view.phase
        mode, widths = self._chip_widths(avail, steps)
        self.shortened = [step_number(p) for p in steps] if mode == "number" else []
        left = float(x)
        for i, phase in enumerate(steps):
            box = pygame.Rect(round(left), px(7), max(4, round(widths[i]) - px(3)), h - px(14))
            left += widths[i]
            lit = phase == current
            done = steps.index(current) > i if current in steps else False
            mark = step_number(phase)
            fill = Palette.gold if lit else ((52, 46, 36) if done else (36, 32, 26))
            pygame.draw.rect(surface, fill, box, border_radius=px(4))
            if lit:
                pygame.draw.rect(surface, Palette.gold_light, box, px(2), border_radius=px(4))
            colour = Palette.ink if lit else (Palette.text_dim if done else Palette.text)
            role = "bold" if lit else "regular"
            if mode == "two-line":  # the number small above the name
                num = t.text(mark, 9, colour, role)
                name = t.text(PHASE_SHORT[phase], self.size, colour, role)
                top = box.centery - (num.get_height() + name.get_height() - px(4)) // 2
                surface.blit(num, num.get_rect(midtop=(box.centerx, top)))
                surface.blit(name, name.get_rect(midtop=(box.centerx,
                                                         top + num.get_height() - px(4))))
            else:
                label = mark if mode == "number" else f"{mark} {PHASE_SHORT[phase]}"
                img = t.text(label, 12 if mode == "wide" else 10, colour, role)
                surface.blit(img, img.get_rect(center=box.center))
            head = PHASE_NAMES[phase] if mark == "E" else f"Phase {mark}: {PHASE_NAMES[phase]}"
            self.add_tip(box, [head,
                               *wrap(t, PHASE_BRIEFS[phase], px(340), 14)])
        if acting:
            data = load_game_data()
            cx = w - right_reserved - who_w + px(14)
            civ_badge(surface, t, acting, data.civilizations[acting].emblem, (cx, h // 2), px(24))
            caption = t.text("to act", 11, Palette.text_dim)
            surface.blit(caption, (cx + px(16), px(4)))
            room = w - right_reserved - (cx + px(16)) - px(4)
            y = px(17) if len(who_lines) == 1 else px(4) + caption.get_height() - px(3)
            shown = []
            for line in who_lines:
                img = t.text(line, who_size, Palette.text, "bold")
                if img.get_width() > room:  # never at 24 letters (the layout check says)
                    img = img.subsurface(pygame.Rect(0, 0, room, img.get_height()))
                    self.cut_name = who
                surface.blit(img, (cx + px(16), y))
                shown.append(line)
                y += img.get_height() - px(3)
            if " ".join(shown) != who:
                self.cut_name = who
