"""Civilization advances: those owned, and every other with its cost after credits; hovering
one shows the credit arithmetic and what it does."""

from __future__ import annotations

import pygame

from game.core import advance_cost, group_credits, load_game_data, specific_credits

from ..draw import wrap
from ..theme import Colour, Palette, shade
from ..words.advances import advance_does, advance_hint, power_line
from . import Ctx, Panel

GROUP_COLOURS: dict[str, Colour] = {
    "arts": (80, 120, 200), "crafts": (214, 134, 52), "civics": (196, 70, 64),
    "religion": (222, 190, 70), "science": (80, 166, 96),
}


def credit_lines(target: str, advances: tuple[str, ...], credits: dict[str, int]) -> list[str]:
    """The price of `target` worked out: printed cost, best group credit, specific credits."""
    data = load_game_data()
    card = data.advances[target]
    groups = group_credits(data, advances, credits)
    best_group = max(card.groups, key=lambda g: groups[g])
    best = groups[best_group]
    spec = specific_credits(data, advances, target)
    givers = [data.advances[a].name for a in advances
              if data.advances[a].specific_credits.get(target)]
    cost = advance_cost(data, target, advances, credits)
    lines = [card.name, f"Printed cost {card.cost}  ·  {card.vp} VP  ·  "
             + " / ".join(g.capitalize() for g in card.groups)]
    lines.append(f"− {best} best group credit ({best_group})")
    if spec:
        lines.append(f"− {spec} specific credit ({', '.join(givers)})")
    lines.append(f"= {cost} to pay" + (" (never below 0)" if card.cost - best - spec < 0 else ""))
    return lines


class AdvancesPanel(Panel):
    def render(self, surface: pygame.Surface, ctx: Ctx) -> None:
        view = ctx.view
        t = self.theme
        px = self.px
        data = load_game_data()
        w = self.rect.width
        y = px(8) - self.scroll
        if view.viewer is None:
            surface.blit(t.text("Spectating", 15, Palette.text_dim), (px(12), y))
            return
        me = view.player(view.viewer)
        owned = me.advances
        credits = dict(me.credits)
        picks = set(ctx.options.advances)
        ruleset = view.config.ruleset
        rows = [a for a in data.advances.values() if ruleset in a.rulesets]
        cost = {a.id: advance_cost(data, a.id, owned, credits) for a in rows if a.id not in owned}
        rows.sort(key=lambda a: (a.id in owned, a.id not in picks, cost.get(a.id, 0), a.number))
        groups = group_credits(data, owned, credits)
        head = f"Advances — {len(owned)} owned"
        surface.blit(t.text(head, 15, Palette.gold_light, "bold"), (px(10), y))
        y += px(24)
        gx = px(10)
        for g, colour in GROUP_COLOURS.items():
            chip = t.text(f"{g[:3].capitalize()} {groups.get(g, 0)}", 12, Palette.ink, "bold")
            box = pygame.Rect(gx, y, chip.get_width() + px(10), px(20))
            pygame.draw.rect(surface, colour, box, border_radius=px(4))
            surface.blit(chip, (box.x + px(5), box.y + px(2)))
            gx = box.right + px(5)
        self.add_tip(pygame.Rect(px(10), y, gx, px(20)),
                     ["Group credits", "Printed on owned advances plus credit tokens;",
                      "a card's best group credit lowers its price"])
        y += px(28)
        # what the player can pay now, and why no advance is on offer when none is
        hint = advance_hint(view)
        for line in wrap(t, hint or power_line(view), w - px(20), 13):
            surface.blit(t.text(line, 13, Palette.gold_light if hint else Palette.text_dim),
                         (px(10), y))
            y += px(18)
        y += px(6)
        row_h = px(28)
        for adv in rows:
            box = pygame.Rect(px(6), y, w - px(12), row_h)
            mine = adv.id in owned
            pick = adv.id in picks
            fill = (40, 52, 36) if mine else (Palette.panel_light if not pick else (70, 58, 30))
            pygame.draw.rect(surface, fill, box, border_radius=px(4))
            if pick:
                pygame.draw.rect(surface, Palette.highlight, box, px(2), border_radius=px(4))
            bar_x = box.x + px(4)
            for g in adv.groups:
                pygame.draw.rect(surface, GROUP_COLOURS.get(g, (120, 120, 120)),
                                 pygame.Rect(bar_x, box.y + px(5), px(5), row_h - px(10)))
                bar_x += px(7)
            name_colour = Palette.good if mine else Palette.text
            surface.blit(t.text(adv.name, 14, name_colour, "bold" if pick else "regular"),
                         (box.x + px(22), box.y + px(4)))
            if mine:
                right = t.text(f"owned · {adv.vp} VP", 13, shade(Palette.good, 0.9))
            else:
                price = cost[adv.id]
                text = f"{price}" if price == adv.cost else f"{price}  ({adv.cost})"
                right = t.text(text, 14, Palette.gold_light if pick else Palette.text_dim, "bold")
            surface.blit(right, (box.right - right.get_width() - px(8), box.y + px(4)))
            if pick:
                self.add_hit(box, f"advance:{adv.id}")
            lines = credit_lines(adv.id, owned, credits) if not mine else [adv.name, "Owned"]
            for said in advance_does(adv.id, ruleset):
                lines += wrap(t, said, px(360), 14)
            self.add_tip(box, lines)
            y += row_h + px(3)
        self.content_height = y + self.scroll + px(10)
