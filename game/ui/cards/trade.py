"""Trade cards drawn as cards: the one place that paints a card, for the hand, the trade window
and a card as it is drawn.

A commodity card shows what the board game's card shows: its name, its face value (which is also
its stack number), an emblem, and a row of set boxes, one per card of that commodity in play,
each with the set's worth (n² × face value); the box of the set held is lit. A calamity card is
dark, with its stack number and a band saying whether it may be traded. Water is blue. The
emblems are simple shapes drawn in code (no copied art), in the manner of the civilization
emblems of `emblems.py`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.core import load_game_data, set_value

from ..emblems import Pen, emblem_surface
from ..theme import Colour, Theme, ink_for, shade

# One colour per stack (face value), as the card backs of the board game differ by stack.
STACK_COLOURS: dict[int, Colour] = {
    1: (196, 170, 120), 2: (150, 150, 160), 3: (196, 120, 70), 4: (130, 160, 90),
    5: (90, 140, 160), 6: (130, 110, 170), 7: (170, 90, 130), 8: (200, 150, 60),
    9: (150, 60, 60),
}
WATER = (70, 130, 170)
CALAMITY = (120, 30, 30)
PARCHMENT = (242, 232, 206)
CALAMITY_BODY = (52, 24, 22)
TRADABLE = {"tradable": ("TRADABLE", (236, 196, 100)), "minor": ("MINOR · TRADABLE",
                                                              (220, 200, 150)),
            "non_tradable": ("NOT TRADABLE", (255, 140, 120))}
ASPECT = 1.4  # height / width


def card_colour(card: str) -> Colour:
    data = load_game_data()
    if card in data.commodities:
        return STACK_COLOURS.get(data.commodities[card].value, (150, 150, 150))
    if card == data.water.id:
        return WATER
    return CALAMITY


@lru_cache(maxsize=128)
def set_size(card: str) -> int:
    """Cards of this commodity in play, the longest set (the boxes printed on the card)."""
    most = 0
    for setup in load_game_data().setups.values():
        for stacks in setup.stacks.values():
            for stack in stacks:
                most = max([most, *(n for c, n in stack.commodities if c == card)])
    return most


def calamity_of(card: str, ruleset: str) -> tuple[str, str, int] | None:
    """(name, kind, stack) of a calamity card in the rule set, or None."""
    data = load_game_data()
    cal = data.rulesets[ruleset].calamities.get(card) if ruleset in data.rulesets else None
    if cal is None:
        for rules in data.rulesets.values():
            cal = rules.calamities.get(card) or cal
    return (cal.name, cal.kind, cal.stack) if cal else None


# --- Emblems: a motif per commodity ---------------------------------------------------------


def _sheaf(d: Pen) -> None:
    for dx in (-0.16, 0.0, 0.16):
        d.line((0.5, 0.9), (0.5 + dx * 1.6, 0.18), 0.05)
        d.ellipse(0.5 + dx * 1.6 - 0.07, 0.08, 0.14, 0.26)
    d.rect(0.38, 0.56, 0.24, 0.07)


def _amphora(d: Pen) -> None:
    d.ellipse(0.26, 0.3, 0.48, 0.5)
    d.poly([(0.36, 0.72), (0.64, 0.72), (0.5, 0.94)])
    d.rect(0.42, 0.1, 0.16, 0.24)
    d.arc(0.22, 0.14, 0.2, 0.3, 1.2, 3.6, 0.04)
    d.arc(0.58, 0.14, 0.2, 0.3, -0.5, 1.9, 0.04)


def _ingot(d: Pen) -> None:
    d.poly([(0.1, 0.78), (0.9, 0.78), (0.76, 0.5), (0.24, 0.5)])
    d.poly([(0.22, 0.46), (0.78, 0.46), (0.66, 0.22), (0.34, 0.22)])


def _gem(d: Pen) -> None:
    d.poly([(0.2, 0.36), (0.36, 0.16), (0.64, 0.16), (0.8, 0.36), (0.5, 0.88)])
    d.line((0.2, 0.36), (0.8, 0.36), 0.03)
    d.poly([(0.36, 0.36), (0.64, 0.36), (0.5, 0.8)], erase=True)
    d.poly([(0.4, 0.4), (0.6, 0.4), (0.5, 0.7)])


def _bolt(d: Pen) -> None:  # a bolt of cloth
    d.rect(0.14, 0.3, 0.56, 0.42)
    d.ellipse(0.6, 0.3, 0.22, 0.42)
    d.ellipse(0.66, 0.42, 0.1, 0.18, erase=True)
    d.poly([(0.14, 0.72), (0.4, 0.72), (0.3, 0.92), (0.08, 0.92)])


def _drop(d: Pen) -> None:
    d.circle(0.5, 0.62, 0.26)
    d.poly([(0.26, 0.56), (0.74, 0.56), (0.5, 0.1)])
    d.circle(0.42, 0.6, 0.06, erase=True)


def _pot(d: Pen) -> None:
    d.ellipse(0.14, 0.34, 0.72, 0.54)
    d.rect(0.1, 0.3, 0.8, 0.1)
    for x in (0.34, 0.5, 0.66):
        d.circle(x, 0.62, 0.05, erase=True)


def _bricks(d: Pen) -> None:
    for row, y in enumerate((0.66, 0.44, 0.22)):
        off = 0.12 * (row % 2)
        for k in range(3 - row // 2):
            d.rect(0.1 + off + k * 0.28, y, 0.24, 0.18)


def _hide(d: Pen) -> None:
    d.poly([(0.3, 0.14), (0.7, 0.14), (0.9, 0.3), (0.76, 0.5), (0.9, 0.74), (0.68, 0.9),
            (0.32, 0.9), (0.1, 0.74), (0.24, 0.5), (0.1, 0.3)])
    d.circle(0.5, 0.5, 0.1, erase=True)


def _bone(d: Pen) -> None:
    d.line((0.26, 0.74), (0.74, 0.26), 0.12)
    for x, y in ((0.2, 0.7), (0.3, 0.8), (0.7, 0.2), (0.8, 0.3)):
        d.circle(x, y, 0.1)


def _scroll(d: Pen) -> None:
    d.rect(0.2, 0.22, 0.6, 0.56)
    d.ellipse(0.12, 0.14, 0.16, 0.72)
    d.ellipse(0.72, 0.14, 0.16, 0.72)
    for y in (0.36, 0.5, 0.64):
        d.line((0.34, y), (0.66, y), 0.025)


def _fruit(d: Pen) -> None:
    d.circle(0.36, 0.6, 0.22)
    d.circle(0.64, 0.6, 0.22)
    d.line((0.5, 0.4), (0.56, 0.16), 0.04)
    d.ellipse(0.56, 0.12, 0.24, 0.12)


def _logs(d: Pen) -> None:
    for x, y in ((0.3, 0.7), (0.7, 0.7), (0.5, 0.36)):
        d.circle(x, y, 0.18)
        d.circle(x, y, 0.1, width=0.025, erase=True)


def _mound(d: Pen) -> None:
    d.poly([(0.08, 0.84), (0.92, 0.84), (0.5, 0.2)])
    for x, y in ((0.4, 0.62), (0.56, 0.5), (0.62, 0.72), (0.34, 0.76)):
        d.circle(x, y, 0.04, erase=True)


def _spiral(d: Pen) -> None:  # a ball of wool
    d.circle(0.5, 0.52, 0.34)
    for k in range(3):
        d.arc(0.26 + k * 0.06, 0.26 + k * 0.06, 0.48 - k * 0.12, 0.52 - k * 0.12, 0.3, 2.8,
              0.025)
    d.circle(0.5, 0.52, 0.34, width=0.03, erase=True)


def _boll(d: Pen) -> None:  # a cotton boll
    for x, y in ((0.5, 0.3), (0.3, 0.5), (0.7, 0.5), (0.5, 0.62)):
        d.circle(x, y, 0.18)
    d.line((0.5, 0.7), (0.5, 0.94), 0.05)


def _leaf(d: Pen) -> None:
    d.ellipse(0.2, 0.12, 0.6, 0.7)
    d.line((0.5, 0.2), (0.5, 0.92), 0.04)
    d.line((0.5, 0.2), (0.5, 0.82), 0.015)


def _burner(d: Pen) -> None:  # an incense burner
    d.ellipse(0.2, 0.5, 0.6, 0.3)
    d.rect(0.2, 0.5, 0.6, 0.12)
    d.rect(0.44, 0.78, 0.12, 0.12)
    for x in (0.4, 0.6):
        d.arc(x - 0.1, 0.12, 0.2, 0.34, -1.5, 1.5, 0.03)


def _coin(d: Pen) -> None:
    d.circle(0.5, 0.5, 0.38)
    d.circle(0.5, 0.5, 0.3, width=0.03, erase=True)
    d.rect(0.44, 0.3, 0.12, 0.4, erase=True)


def _pearls(d: Pen) -> None:
    for k in range(9):
        a = math.pi * (0.15 + 0.7 * k / 8)
        d.circle(0.5 + 0.36 * math.cos(a), 0.3 + 0.46 * math.sin(a), 0.07)


def _waves(d: Pen) -> None:
    for y in (0.3, 0.5, 0.7):
        for k in range(3):
            d.arc(0.08 + k * 0.28, y - 0.08, 0.28, 0.2, 0.0, math.pi, 0.045)


def _calamity(d: Pen) -> None:  # a broken tablet struck by lightning
    d.poly([(0.56, 0.06), (0.26, 0.52), (0.48, 0.52), (0.36, 0.94), (0.76, 0.4), (0.52, 0.4),
            (0.68, 0.06)])


def _volcano(d: Pen) -> None:
    d.poly([(0.06, 0.9), (0.94, 0.9), (0.62, 0.36), (0.38, 0.36)])
    for x, y, r in ((0.46, 0.24, 0.08), (0.58, 0.14, 0.07), (0.4, 0.08, 0.05)):
        d.circle(x, y, r)


MOTIFS: dict[str, Callable[[Pen], None]] = {
    "sheaf": _sheaf, "amphora": _amphora, "ingot": _ingot, "gem": _gem, "bolt": _bolt,
    "drop": _drop, "pot": _pot, "bricks": _bricks, "hide": _hide, "bone": _bone,
    "scroll": _scroll, "fruit": _fruit, "logs": _logs, "mound": _mound, "spiral": _spiral,
    "boll": _boll, "leaf": _leaf, "burner": _burner, "coin": _coin, "pearls": _pearls,
    "waves": _waves, "calamity": _calamity, "volcano": _volcano,
}
COMMODITY_MOTIF = {
    "ochre": "pot", "clay": "bricks", "flax": "sheaf", "hides": "hide", "bone": "bone",
    "papyrus": "scroll", "iron": "ingot", "stone": "bricks", "furs": "hide", "wax": "drop",
    "fish": "fish", "fruit": "fruit", "timber": "logs", "salt": "mound", "ceramics": "amphora",
    "wool": "spiral", "oil": "drop", "cotton": "boll", "sugar": "mound", "grain": "sheaf",
    "wine": "amphora", "textiles": "bolt", "lacquer": "pot", "livestock": "bull", "glass": "gem",
    "tin": "ingot", "copper": "ingot", "silver": "coin", "bronze": "ingot", "lead": "ingot",
    "resin": "drop", "incense": "burner", "jade": "gem", "spice": "mound", "herbs": "leaf",
    "marble": "column", "gemstones": "gem", "dye": "drop", "tea": "leaf", "obsidian": "gem",
    "ivory": "crescent", "gold": "coin", "silk": "bolt", "pearls": "pearls", "amber": "drop",
}
CALAMITY_MOTIF = {"volcanic_eruption": "volcano", "earthquake": "volcano", "flood": "waves",
                  "tsunamis": "waves", "cyclone": "waves", "tempest": "waves"}


@lru_cache(maxsize=512)
def motif_surface(motif: str, size: int, colour: Colour) -> pygame.Surface:
    """A card emblem, `size` pixels square: the card motifs here, else a civilization emblem's
    shape of the same name (fish, bull, column, crescent)."""
    draw = MOTIFS.get(motif)
    if draw is None:
        return emblem_surface(motif, size, colour)
    size = max(4, size)
    big = pygame.Surface((size * 4, size * 4), pygame.SRCALPHA)
    draw(Pen(big, colour))
    return pygame.transform.smoothscale(big, (size, size))


def motif_of(card: str) -> str:
    data = load_game_data()
    if card in data.commodities:
        return COMMODITY_MOTIF.get(card, "coin")
    if card == data.water.id:
        return "waves"
    return CALAMITY_MOTIF.get(card, "calamity")


# --- The card face -------------------------------------------------------------------------


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * ASPECT)


def fit_text(theme: Theme, text: str, px_size: float, width: int, colour: Colour,
         role: str = "bold") -> pygame.Surface:
    """Text at about `px_size` pixels, smaller until it fits `width`."""
    pt = max(6, round(px_size / theme.scale))
    img = theme.text(text, pt, colour, role)
    while img.get_width() > width and pt > 6:
        pt -= 1
        img = theme.text(text, pt, colour, role)
    if img.get_width() > width:
        img = img.subsurface(pygame.Rect(0, 0, width, img.get_height()))
    return img


_FACES: dict[tuple[object, ...], pygame.Surface] = {}


def card_face(theme: Theme, card: str, width: int, ruleset: str, held: int = 0
              ) -> pygame.Surface:
    """One card, `width` pixels wide (cached). `held`: how many the hand holds, to light the box
    of that set on a commodity card."""
    key = (id(theme), theme.scale, card, width, ruleset, held)
    hit = _FACES.get(key)
    if hit is None:
        if len(_FACES) > 600:
            _FACES.clear()
        hit = _paint(theme, card, width, ruleset, held)
        _FACES[key] = hit
    return hit


def _paint(theme: Theme, card: str, width: int, ruleset: str, held: int) -> pygame.Surface:
    data = load_game_data()
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(3, w // 12)
    colour = card_colour(card)
    calamity = calamity_of(card, ruleset) if card not in data.commodities else None
    body = CALAMITY_BODY if calamity else PARCHMENT if card in data.commodities else (
        214, 232, 240)
    pygame.draw.rect(surf, shade(colour, 0.45), rect, border_radius=radius)
    inner = rect.inflate(-max(2, w // 22) * 2, -max(2, w // 22) * 2)
    pygame.draw.rect(surf, body, inner, border_radius=max(2, radius - 2))
    band = pygame.Rect(inner.x, inner.y, inner.width, max(10, round(h * 0.19)))
    pygame.draw.rect(surf, colour, band, border_top_left_radius=max(2, radius - 2),
                     border_top_right_radius=max(2, radius - 2))
    ink = ink_for(colour)
    if card in data.commodities:
        name, value = data.commodities[card].name, data.commodities[card].value
    elif card == data.water.id:
        name, value = data.water.name, 0
    else:
        name, value = (calamity[0], calamity[2]) if calamity else (card, 0)
    # the face value in a disc at the band's left; the name beside it
    disc_r = band.height // 2 - 1
    centre = (band.x + disc_r + 2, band.centery)
    pygame.draw.circle(surf, shade(colour, 0.5), centre, disc_r)
    num = fit_text(theme, str(value), band.height * 0.62, disc_r * 2, (255, 250, 235))
    surf.blit(num, num.get_rect(center=centre))
    room = band.right - centre[0] - disc_r - 6
    # a calamity's band says what it is; its long name goes across the body, on two lines
    head = ("Minor calamity" if calamity[1] == "minor" else "Calamity") if calamity else name
    label = fit_text(theme, head, band.height * 0.5, room, ink)
    surf.blit(label, label.get_rect(midleft=(centre[0] + disc_r + 4, band.centery)))
    top = band.bottom
    if calamity:
        for line in _two_lines(name):
            img = fit_text(theme, line, h * 0.085, inner.width - 6, (250, 226, 200))
            surf.blit(img, img.get_rect(midtop=(inner.centerx, top + 2)))
            top += img.get_height()
    # the emblem
    foot = round(h * (0.27 if card in data.commodities or calamity else 0.12))
    art = pygame.Rect(inner.x, top, inner.width, inner.bottom - top - foot)
    size = max(8, min(art.width, art.height) - max(4, w // 10))
    tint = shade(colour, 0.55) if not calamity else (230, 120, 90)
    icon = motif_surface(motif_of(card), size, tint)
    surf.blit(icon, icon.get_rect(center=art.center))
    footer = pygame.Rect(inner.x, art.bottom, inner.width, inner.bottom - art.bottom)
    if card in data.commodities:
        _set_boxes(theme, surf, footer, value, set_size(card), held, colour)
    elif calamity:
        text, tone = TRADABLE.get(calamity[1], (calamity[1], (230, 230, 230)))
        strip = footer.inflate(-4, -max(2, footer.height // 4))
        pygame.draw.rect(surf, shade(tone, 0.3), strip, border_radius=3)
        pygame.draw.rect(surf, tone, strip, 1, border_radius=3)
        tag = fit_text(theme, text, strip.height * 0.6, strip.width - 4, tone)
        surf.blit(tag, tag.get_rect(center=strip.center))
    return surf


def _two_lines(name: str) -> list[str]:
    """A name as one line, or two split at the space nearest its middle."""
    words = name.split()
    if len(words) < 2:
        return [name]
    cut = min(range(1, len(words)),
              key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def _set_boxes(theme: Theme, surf: pygame.Surface, footer: pygame.Rect, value: int, most: int,
               held: int, colour: Colour) -> None:
    """The printed set boxes: n² × value for n = 1 .. the longest set, two rows when many."""
    if most <= 0:
        return
    rows = 1 if most <= 5 else 2
    per_row = math.ceil(most / rows)
    pad = 2
    bw = (footer.width - pad * (per_row + 1)) / per_row
    bh = (footer.height - pad * (rows + 1)) / rows
    # one type size for every box, the one at which the largest worth fits
    widest = fit_text(theme, str(set_value(most, value)), bh * 0.72, max(1, round(bw) - 2),
                  (0, 0, 0))
    pt_h = widest.get_height() * 0.8
    for n in range(1, most + 1):
        row, col = divmod(n - 1, per_row)
        box = pygame.Rect(round(footer.x + pad + col * (bw + pad)),
                          round(footer.y + pad + row * (bh + pad)), max(3, round(bw)),
                          max(3, round(bh)))
        lit = n == held
        pygame.draw.rect(surf, colour if lit else shade(colour, 1.55), box, border_radius=2)
        pygame.draw.rect(surf, shade(colour, 0.5), box, 1, border_radius=2)
        if box.height >= 9:
            num = fit_text(theme, str(set_value(n, value)), pt_h, box.width - 2,
                       ink_for(colour) if lit else (60, 50, 40))
            surf.blit(num, num.get_rect(center=box.center))


def draw_card(surface: pygame.Surface, theme: Theme, card: str, rect: pygame.Rect, ruleset: str,
              count: int = 1, held: int = 0, edge: Colour | None = None, faded: bool = False,
              tag: str = "") -> pygame.Rect:
    """A card (a small fan of them when `count` > 1, with a ×n badge) with its top-left corner at
    `rect`'s, `rect.width` wide; `edge` rings it (picks, declared cards); `tag` is a ribbon
    across the foot (e.g. "declared", "asked for"). Returns the rect covered."""
    face = card_face(theme, card, rect.width, ruleset, held)
    w, h = face.get_size()
    fan = min(count, 3) - 1
    step = max(2, w // 14)
    for k in range(fan, 0, -1):  # the cards underneath peek out above and to the right
        back = pygame.Rect(rect.x + k * step, rect.y - k * step + fan * step, w, h)
        pygame.draw.rect(surface, shade(card_colour(card), 0.35), back,
                         border_radius=max(3, w // 12))
        pygame.draw.rect(surface, shade(card_colour(card), 0.8), back, 1,
                         border_radius=max(3, w // 12))
    top = pygame.Rect(rect.x, rect.y + fan * step, w, h)
    surface.blit(face, top)
    if faded:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 16, 12, 150), veil.get_rect(), border_radius=max(3, w // 12))
        surface.blit(veil, top)
    if edge is not None:
        pygame.draw.rect(surface, edge, top.inflate(4, 4), max(2, w // 30),
                         border_radius=max(4, w // 10))
    if count > 1:
        badge = fit_text(theme, f"×{count}", max(11, w * 0.2), w, (255, 250, 235))
        # under the title band, at the right: the card's name and value stay readable
        box = badge.get_rect(midright=(top.right - 2, top.y + round(h * 0.34)))
        box = box.inflate(8, 2)
        box.right = top.right - 2
        pygame.draw.rect(surface, (30, 24, 18), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, (243, 213, 138), box, 1, border_radius=box.height // 2)
        surface.blit(badge, badge.get_rect(center=box.center))
    if tag:
        ribbon = fit_text(theme, tag, max(10, w * 0.15), w - 6, (30, 24, 18))
        strip = pygame.Rect(top.x, top.bottom - ribbon.get_height() - round(h * 0.3), w,
                            ribbon.get_height() + 2)
        pygame.draw.rect(surface, (243, 213, 138), strip)
        surface.blit(ribbon, ribbon.get_rect(center=strip.center))
    return pygame.Rect(rect.x, rect.y, w + fan * step, h + fan * step)


def card_back(theme: Theme, width: int, stack: int = 0) -> pygame.Surface:
    """The back of a card of trade stack `stack` (0: no stack shown): the stack's colour and its
    number, as the board game's backs differ by stack."""
    key = (id(theme), theme.scale, "back", width, stack)
    hit = _FACES.get(key)
    if hit is not None:
        return hit
    w, h = card_size(width)
    hit = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = STACK_COLOURS.get(stack, (122, 72, 40))
    radius = max(3, w // 12)
    pygame.draw.rect(hit, shade(colour, 0.55), hit.get_rect(), border_radius=radius)
    pygame.draw.rect(hit, shade(colour, 1.3), hit.get_rect(), max(1, w // 20),
                     border_radius=radius)
    inner = hit.get_rect().inflate(-w // 5, -w // 5)
    pygame.draw.rect(hit, colour, inner, max(1, w // 24), border_radius=radius)
    if stack:
        num = fit_text(theme, str(stack), h * 0.4, w, shade(colour, 1.5), "title")
        hit.blit(num, num.get_rect(center=hit.get_rect().center))
    _FACES[key] = hit
    return hit


def fan_height(width: int, count: int) -> int:
    """Height taken by `draw_card` of `count` cards `width` wide."""
    return card_size(width)[1] + (min(count, 3) - 1) * max(2, width // 14)
