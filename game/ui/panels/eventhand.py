"""The seated player's private events in the "You" panel: each card with the window it is
played in; while a window is open, the cards that may be played now are ringed and a click
plays one. Other players see only how many each holds (the Table panel)."""

from __future__ import annotations

import pygame

from ..cards.events import card_size, draw_event_card, event_card
from ..draw import text_block
from ..theme import Palette
from ..words.events import WINDOW_SHORT, window_name
from . import Ctx, Panel

PLAY = "event_play"


def draw_event_hand(panel: Panel, surface: pygame.Surface, ctx: Ctx, y: int,
                    found: list[tuple[pygame.Rect, str]]) -> int:
    """Draw the hand from `y` (panel coordinates); `found` gets each card's screen rect and
    id (for the card tooltip). Returns where the section ends."""
    events = ctx.view.events
    if events is None or ctx.view.viewer is None:
        return y
    t = panel.theme
    px = panel.px
    w = panel.rect.width
    hand = list(events.hand)
    head = f"Events in hand — {len(hand)}" if hand else "Events in hand"
    surface.blit(t.text(head, 15, Palette.gold_light, "bold"), (px(10), y))
    y += px(26)
    if not hand:
        note = "None: a private event you take waits here for its window."
        return y + text_block(surface, t, note, (px(12), y), w - px(24), 13, Palette.text_faint,
                              "italic") + px(6)
    playable = {label.split(":", 1)[1] for label in ctx.labels
                if label.startswith("event:")} if ctx.kind == PLAY else set()
    card_w = min(px(118), (w - px(16) - px(10) * 2) // 3)
    per_row = max(1, (w - px(16) + px(10)) // (card_w + px(10)))
    card_h = card_size(card_w)[1]
    row_h = card_h + px(24)
    for i, card in enumerate(hand):
        col, row = i % per_row, i // per_row
        at = (px(8) + col * (card_w + px(10)), y + row * row_h + px(3))
        pick = card in playable
        rect = draw_event_card(surface, t, card, at, card_w,
                               edge=Palette.highlight if pick else None)
        data = event_card(card)
        when = f"At {WINDOW_SHORT.get(data.window, window_name(data.window))}" \
            if data is not None and data.window else ""  # the short name fits under the card
        img = t.text("Play it now" if pick else when, 12,
                     Palette.highlight if pick else Palette.text_dim, "bold" if pick else "regular")
        if img.get_width() > card_w + px(8):
            img = img.subsurface(pygame.Rect(0, 0, card_w + px(8), img.get_height()))
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.bottom + px(5))))
        if pick:
            panel.add_hit(rect, f"event:{card}")
        found.append((rect.move(panel.rect.topleft), card))
    rows = (len(hand) - 1) // per_row + 1
    return y + rows * row_h + px(4)
