"""Event cards drawn from their data: the one place that paints an event card, for the display,
the hand and the card tooltip.

A face shows what a board gamer looks for: the title under a band in the colour of the card's
family, the Age in a medallion, the deck half, public or private (a private card has a blue
frame and names its timing window), an emblem of its family, its effects in words
(eventwords.py), its secondary symbols along the foot and the seed card it adapts. A face-down
card shows its Age's back. Emblems are simple shapes drawn in code, like the trade cards'.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.core import EventCard, load_event_cards

from ..draw import wrap
from ..emblems import Pen
from ..theme import Colour, Palette, Theme, ink_for, shade
from ..words.events import card_text, half_words, headline, marker_kind, roman
from .trade import fit_text

ASPECT = 1.42  # height / width
PARCHMENT = (244, 234, 208)
FRAMES = {"public": (120, 88, 44), "private": (44, 62, 120), "calamity": (122, 32, 28)}
AGE_BACKS: dict[int, Colour] = {1: (150, 98, 50), 2: (70, 104, 140), 3: (60, 116, 84),
                                4: (110, 70, 130)}


# --- Emblems: one per family ----------------------------------------------------------------


def _coins(d: Pen) -> None:
    for k, y in enumerate((0.74, 0.62, 0.5)):
        d.ellipse(0.14 + k * 0.03, y, 0.46, 0.16)
        d.ellipse(0.14 + k * 0.03, y, 0.46, 0.16, width=0.02, erase=True)
    d.circle(0.66, 0.38, 0.22)
    d.circle(0.66, 0.38, 0.15, width=0.025, erase=True)
    d.rect(0.63, 0.28, 0.06, 0.2, erase=True)


def _cracked_coin(d: Pen) -> None:
    d.circle(0.5, 0.48, 0.36)
    d.circle(0.5, 0.48, 0.28, width=0.03, erase=True)
    d.poly([(0.46, 0.08), (0.58, 0.3), (0.44, 0.46), (0.6, 0.64), (0.5, 0.9), (0.56, 0.9),
            (0.68, 0.64), (0.52, 0.46), (0.66, 0.3), (0.54, 0.08)], erase=True)


def _withered(d: Pen) -> None:  # a sheaf bent and bare
    for k, dx in enumerate((-0.2, 0.0, 0.2)):
        d.line((0.5, 0.92), (0.5 + dx, 0.4), 0.045)
        tip = (0.5 + dx + (0.16 if k != 1 else -0.14), 0.5)
        d.line((0.5 + dx, 0.4), tip, 0.04)
        d.ellipse(tip[0] - 0.06, tip[1], 0.12, 0.2)
    d.rect(0.36, 0.7, 0.28, 0.07)


def _skull(d: Pen) -> None:
    d.circle(0.5, 0.42, 0.32)
    d.rect(0.32, 0.56, 0.36, 0.28)
    d.circle(0.38, 0.42, 0.08, erase=True)
    d.circle(0.62, 0.42, 0.08, erase=True)
    d.poly([(0.5, 0.52), (0.45, 0.62), (0.55, 0.62)], erase=True)
    for x in (0.41, 0.5, 0.59):
        d.rect(x - 0.015, 0.72, 0.03, 0.12, erase=True)


def _empty_jar(d: Pen) -> None:
    d.ellipse(0.24, 0.3, 0.52, 0.52, width=0.06)
    d.rect(0.42, 0.12, 0.16, 0.2)
    d.rect(0.46, 0.16, 0.08, 0.18, erase=True)
    d.poly([(0.36, 0.78), (0.64, 0.78), (0.5, 0.94)])
    d.line((0.56, 0.36), (0.46, 0.56), 0.035)


def _temple(d: Pen) -> None:
    d.poly([(0.1, 0.34), (0.5, 0.1), (0.9, 0.34)])
    d.rect(0.12, 0.36, 0.76, 0.06)
    for x in (0.18, 0.38, 0.56, 0.74):
        d.rect(x, 0.44, 0.09, 0.36)
    d.rect(0.08, 0.82, 0.84, 0.08)
    d.poly([(0.5, 0.1), (0.44, 0.3), (0.54, 0.46), (0.46, 0.64), (0.5, 0.64), (0.6, 0.46),
            (0.5, 0.3)], erase=True)


def _torch(d: Pen) -> None:
    d.line((0.3, 0.92), (0.5, 0.42), 0.07)
    d.line((0.7, 0.92), (0.5, 0.42), 0.07)
    d.poly([(0.38, 0.44), (0.62, 0.44), (0.66, 0.3), (0.56, 0.06), (0.52, 0.2), (0.44, 0.12),
            (0.34, 0.3)])
    d.poly([(0.45, 0.42), (0.55, 0.42), (0.56, 0.32), (0.5, 0.22), (0.44, 0.32)], erase=True)


def _flame(d: Pen) -> None:
    d.poly([(0.2, 0.9), (0.8, 0.9), (0.86, 0.6), (0.7, 0.34), (0.66, 0.52), (0.56, 0.06),
            (0.42, 0.36), (0.34, 0.22), (0.14, 0.6)])
    d.poly([(0.36, 0.9), (0.64, 0.9), (0.66, 0.7), (0.56, 0.5), (0.5, 0.62), (0.42, 0.54),
            (0.34, 0.72)], erase=True)


def _broken_sword(d: Pen) -> None:
    d.poly([(0.2, 0.86), (0.26, 0.92), (0.5, 0.68), (0.44, 0.62)])
    d.line((0.26, 0.62), (0.5, 0.86), 0.06)
    d.poly([(0.48, 0.58), (0.6, 0.46), (0.66, 0.52), (0.54, 0.64)])
    d.poly([(0.66, 0.4), (0.86, 0.12), (0.8, 0.34), (0.72, 0.46)])


def _fan(d: Pen) -> None:  # three cards fanned out
    for angle in (-0.35, 0.0, 0.35):
        c, s = math.cos(angle), math.sin(angle)
        pts = []
        for x, y in ((-0.16, -0.3), (0.16, -0.3), (0.16, 0.2), (-0.16, 0.2)):
            pts.append((0.5 + x * c - y * s, 0.66 + x * s + y * c - 0.14))
        d.poly(pts)
        inner = [(0.5 + (px * 0.8) * c - (py * 0.85) * s, 0.52 + (px * 0.8) * s + (py * 0.85) * c)
                 for px, py in ((-0.16, -0.3), (0.16, -0.3), (0.16, 0.2), (-0.16, 0.2))]
        d.poly(inner, erase=True)
    d.circle(0.5, 0.46, 0.07)


def _people(d: Pen) -> None:
    for x, y, r in ((0.26, 0.42, 0.1), (0.74, 0.42, 0.1), (0.5, 0.32, 0.12)):
        d.circle(x, y - 0.04, r)
        d.poly([(x - r * 1.5, y + r * 4.2), (x + r * 1.5, y + r * 4.2), (x + r, y + r * 1.0),
                (x - r, y + r * 1.0)])


def _walls(d: Pen) -> None:
    d.rect(0.14, 0.42, 0.72, 0.46)
    for x in (0.14, 0.3, 0.46, 0.62, 0.78):
        d.rect(x, 0.34, 0.08, 0.1)
    d.rect(0.38, 0.16, 0.24, 0.3)
    for x in (0.38, 0.54):
        d.rect(x, 0.1, 0.08, 0.08)
    d.ellipse(0.42, 0.62, 0.16, 0.3, erase=True)


def _falling(d: Pen) -> None:  # a toppled column
    d.poly([(0.1, 0.88), (0.9, 0.88), (0.9, 0.8), (0.1, 0.8)])
    d.rect(0.16, 0.3, 0.14, 0.5)
    d.rect(0.12, 0.24, 0.22, 0.07)
    d.poly([(0.4, 0.78), (0.84, 0.56), (0.88, 0.66), (0.44, 0.88)])


def _star(d: Pen) -> None:
    pts = []
    for k in range(16):
        a = -math.pi / 2 + k * math.pi / 8
        r = 0.42 if k % 2 == 0 else 0.18
        pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    d.poly(pts)


def _ship(d: Pen) -> None:  # a ship lost at sea
    d.poly([(0.14, 0.52), (0.86, 0.52), (0.72, 0.72), (0.28, 0.72)])
    d.line((0.5, 0.52), (0.5, 0.12), 0.04)
    d.poly([(0.52, 0.14), (0.78, 0.44), (0.52, 0.44)])
    for k in range(3):
        d.arc(0.04 + k * 0.32, 0.74, 0.32, 0.18, 0.0, math.pi, 0.05)


EMBLEMS: dict[str, Callable[[Pen], None]] = {
    "coins": _coins, "cracked_coin": _cracked_coin, "withered": _withered, "skull": _skull,
    "empty_jar": _empty_jar, "temple": _temple, "torch": _torch, "flame": _flame,
    "broken_sword": _broken_sword, "fan": _fan, "people": _people, "walls": _walls,
    "falling": _falling, "star": _star, "ship": _ship,
}
# Each family: its band colour and emblem. Markers on the map share the emblems.
FAMILIES: dict[str, tuple[Colour, str]] = {
    "fortune": ((196, 150, 52), "coins"),
    "tribute": ((150, 120, 70), "cracked_coin"),
    "famine": ((176, 128, 58), "withered"),
    "plague": ((96, 128, 70), "skull"),
    "scarcity": ((170, 140, 96), "empty_jar"),
    "heresy": ((118, 84, 150), "temple"),
    "revolt": ((176, 58, 46), "torch"),
    "pillage": ((206, 100, 40), "flame"),
    "fire": ((206, 100, 40), "flame"),
    "loss": ((110, 100, 96), "broken_sword"),
    "fate": ((70, 96, 150), "fan"),
    "growth": ((86, 140, 80), "people"),
    "city": ((150, 120, 100), "walls"),
    "in_decline": ((100, 96, 110), "falling"),
    "omen": ((120, 110, 140), "star"),
}
_BY_PRIMITIVE = {"plague": "plague", "city_fire": "fire", "lose_tokens": "loss",
                 "treasury_halved": "tribute", "return_private": "fate", "pool": "fate",
                 "gain_tokens": "growth", "free_city": "city"}


def family(card: EventCard) -> str:
    """The family a card's first effect names (its emblem and colour); "omen" for effects this
    client does not know yet."""
    for effect in (*card.effects, *(e for option in card.choice for e in option)):
        if effect.do in ("region_marker", "own_area_marker"):
            kind = marker_kind(effect.params)
            if kind in FAMILIES:
                return kind
        if effect.do == "treasury":
            return "fortune" if effect.params.get("amount", 0) >= 0 else "tribute"
        if effect.do in _BY_PRIMITIVE:
            return _BY_PRIMITIVE[effect.do]
    return "omen"


@lru_cache(maxsize=256)
def emblem(name: str, size: int, colour: Colour) -> pygame.Surface:
    """A family emblem, `size` pixels square, drawn four times larger and scaled down."""
    size = max(4, size)
    big = pygame.Surface((size * 4, size * 4), pygame.SRCALPHA)
    EMBLEMS.get(name, _star)(Pen(big, colour))
    return pygame.transform.smoothscale(big, (size, size))


# --- Faces ----------------------------------------------------------------------------------


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * ASPECT)


def _paragraphs(theme: Theme, paras: list[str], box: pygame.Rect, most: float,
                least: float) -> tuple[int, list[list[str]], bool]:
    """The largest type (in points, `most` down to `least` pixels) at which the paragraphs fit
    `box`; (points, lines per paragraph, whether they fit)."""
    pt = max(6, round(most / theme.scale))
    floor = max(6, round(least / theme.scale))
    while True:
        lines = [wrap(theme, p, box.width, pt) for p in paras]
        step = theme.font("regular", pt).get_linesize()
        height = sum(len(ls) for ls in lines) * step + max(0, len(paras) - 1) * step // 3
        if height <= box.height or pt <= floor:
            return pt, lines, height <= box.height
        pt -= 1


READABLE_PT = 8  # no word on a card drawn smaller than this many points (px at scale 1)


class Face:
    """A painted card face, whether all its text fitted (the layout check asks) and the
    smallest text on it in pixels (0: not measured)."""

    def __init__(self, surface: pygame.Surface, fitted: bool, smallest: float = 0) -> None:
        self.surface = surface
        self.fitted = fitted
        self.smallest = smallest


_FACES: dict[tuple[object, ...], Face] = {}


def event_card(card_id: str) -> EventCard | None:
    return load_event_cards().cards.get(card_id)


@lru_cache(maxsize=1)
def _by_source() -> dict[str, str]:
    return {card.source: card.id for card in load_event_cards().cards.values()}


def card_of_rule(rule: str) -> str | None:
    """The event card whose seed clause a log line's rule names, if any."""
    return _by_source().get(rule)


def card_face(theme: Theme, card_id: str, width: int, compact: bool = False) -> Face:
    """The face of event card `card_id`, `width` pixels wide (cached); `compact`: a card too
    small for its words (the display at 18 players) shows its title, family and whether it is
    public or private at a readable size, its words left to the card shown large."""
    key = (id(theme), theme.scale, card_id, width) + (("compact",) if compact else ())
    hit = _FACES.get(key)
    if hit is None:
        if len(_FACES) > 300:
            _FACES.clear()
        card = event_card(card_id)
        if card is None:
            hit = Face(card_back(theme, width, 0), True)
        else:
            hit = _paint_compact(theme, card, width) if compact else _paint(theme, card, width)
        _FACES[key] = hit
    return hit


def _broken(theme: Theme, title: str, room: int, pt: int, role: str = "bold",
            hyphens: bool = True) -> list[str]:
    """`title` in lines no wider than `room`, a word too long for a line broken with a hyphen
    ("Frankin-" "cense"), each piece at least three letters (with `hyphens`)."""
    font = theme.font(role, pt)
    words: list[str] = []
    for word in title.split():
        while hyphens and font.size(word)[0] > room and len(word) >= 6:
            fits = [k for k in range(3, len(word) - 2) if font.size(word[:k] + "-")[0] <= room]
            if not fits:
                break
            words.append(word[:fits[-1]] + "-")
            word = word[fits[-1]:]
        words.append(word)
    lines: list[str] = []
    for word in words:
        trial = f"{lines[-1]} {word}" if lines and not lines[-1].endswith("-") else None
        if trial is not None and font.size(trial)[0] <= room:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


def _blank(card: EventCard, w: int, h: int, border: int) -> tuple[pygame.Surface,
                                                                   pygame.Rect, int]:
    """A card's frame in its colour (blue for a private card) around the parchment, `border`
    wide: the surface, the parchment's rect and the corners' radius."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 14)
    edge = frame_colour(card)
    pygame.draw.rect(surf, shade(edge, 0.7), rect, border_radius=radius)
    pygame.draw.rect(surf, shade(edge, 1.35), rect, max(1, w // 70), border_radius=radius)
    inner = rect.inflate(-border * 2, -border * 2)
    pygame.draw.rect(surf, PARCHMENT, inner, border_radius=max(2, radius - 3))
    return surf, inner, radius


def _paint_compact(theme: Theme, card: EventCard, width: int) -> Face:
    """A small card: frame, the title on the family's band, the emblem in the room left, and
    Public or Private along the foot when there is room (the frame's colour says it too: blue
    for a private card); no word under READABLE_PT points (issue 36: the display's cards at 18
    players had words about 6 px high)."""
    w, h = card_size(width)
    surf, inner, radius = _blank(card, w, h, max(3, w // 24))
    edge = frame_colour(card)
    tone, motif = FAMILIES[family(card)]
    pad = max(2, w // 40)
    room = inner.width - 2 * pad
    foot_img = theme.text(headline(card), READABLE_PT, shade(edge, 0.45), "italic")
    if foot_img.get_width() > room:  # "Public · strikes Maurya" where it fits, else "Public"
        foot_img = theme.text("Public" if card.public else "Private", READABLE_PT,
                              shade(edge, 0.45), "italic")
    foot_h = foot_img.get_height() + pad
    # the largest type, boldest first, at which the title fits (with the foot, else without):
    # from about a ninth of the card's width down to the readable least
    top = max(READABLE_PT + 2, round(w * 0.11 / theme.scale))
    tries = [*((pt, "bold") for pt in range(top, READABLE_PT, -1)),
             (READABLE_PT + 1, "regular"), (READABLE_PT, "regular")]
    chosen = None
    for with_foot, hyphens in ((True, False), (True, True), (False, True)):
        for pt, role in tries:  # whole words at a smaller size before a word broken
            lines = _broken(theme, card.title, room, pt, role, hyphens)
            step = theme.font(role, pt).get_linesize()
            wide = any(theme.font(role, pt).size(ln)[0] > room for ln in lines)
            if not wide and len(lines) * step + 2 * pad <= inner.height - (
                    foot_h if with_foot else 0):
                chosen = (pt, role, lines, step, with_foot)
                break
        if chosen:
            break
    fitted = chosen is not None
    if chosen is None:
        pt, role = READABLE_PT, "regular"
        step = theme.font(role, pt).get_linesize()
        lines = _broken(theme, card.title, room, pt, role)[:max(1, (inner.height - 2 * pad)
                                                                  // step)]
        chosen = (pt, role, lines, step, False)
    pt, role, lines, step, with_foot = chosen
    ink = ink_for(tone)
    band = pygame.Rect(inner.x, inner.y, inner.width, len(lines) * step + 2 * pad)
    pygame.draw.rect(surf, tone, band, border_top_left_radius=max(2, radius - 3),
                     border_top_right_radius=max(2, radius - 3))
    y = band.y + pad
    for line in lines:
        img = theme.text(line, pt, ink, role)
        if img.get_width() > room:
            img, fitted = img.subsurface(pygame.Rect(0, 0, room, img.get_height())), False
        surf.blit(img, img.get_rect(midtop=(band.centerx, y)))
        y += step
    bottom = inner.bottom
    if with_foot:
        foot = pygame.Rect(inner.x, inner.bottom - foot_h, inner.width, foot_h)
        pygame.draw.rect(surf, shade(edge, 1.75), foot,
                         border_bottom_left_radius=max(2, radius - 3),
                         border_bottom_right_radius=max(2, radius - 3))
        if foot_img.get_width() > room:
            fitted = False
        surf.blit(foot_img, foot_img.get_rect(center=foot.center))
        bottom = foot.top
    art = pygame.Rect(inner.x, band.bottom, inner.width, bottom - band.bottom)
    size = min(art.width - 2 * pad, art.height - 2 * pad, round(w * 0.5))
    if size >= 12:
        glow = pygame.Rect(0, 0, size + size // 3, size)
        glow.center = art.center
        pygame.draw.ellipse(surf, shade(tone, 1.6), glow)
        icon = emblem(motif, size, shade(tone, 0.5))
        surf.blit(icon, icon.get_rect(center=art.center))
    return Face(surf, fitted, READABLE_PT * theme.scale)


def frame_colour(card: EventCard) -> Colour:
    if not card.public:
        return FRAMES["private"]
    return FRAMES["calamity"] if ":calamity:" in card.source else FRAMES["public"]


def title_lines(theme: Theme, title: str, band: int, room: int,
                colour: Colour) -> list[pygame.Surface]:
    """A card's title in its band, `band` pixels high and `room` wide: on one line if it fits
    at a readable size, else on two (issue 36: "Narmer Unites the Two Lands" shrank to 6
    points on the display's cards at 1366x768)."""
    readable = max(7, round(band * 0.42 / theme.scale))
    pt = max(6, round(band * 0.58 / theme.scale))
    while pt > readable and theme.text(title, pt, colour, "title").get_width() > room:
        pt -= 1
    words = title.split()
    if theme.text(title, pt, colour, "title").get_width() <= room or len(words) < 2:
        return [fit_text(theme, title, pt * theme.scale, room, colour, "title")]
    # two lines, broken where the longer line is shortest, at the largest size both fit
    cut = min(range(1, len(words)), key=lambda i: max(
        theme.text(" ".join(words[:i]), pt, colour, "title").get_width(),
        theme.text(" ".join(words[i:]), pt, colour, "title").get_width()))
    halves = [" ".join(words[:cut]), " ".join(words[cut:])]
    pt = max(6, round(band * 0.46 / theme.scale))
    while pt > 6 and (theme.font("title", pt).get_linesize() * 2 > band * 1.08 or max(
            theme.text(h, pt, colour, "title").get_width() for h in halves) > room):
        pt -= 1
    return [fit_text(theme, h, pt * theme.scale, room, colour, "title") for h in halves]


def _paint(theme: Theme, card: EventCard, width: int) -> Face:
    w, h = card_size(width)
    surf, inner, radius = _blank(card, w, h, max(4, w // 16))
    edge = frame_colour(card)
    tone, motif = FAMILIES[family(card)]
    # the title band, with the Age in a medallion at its left
    band = pygame.Rect(inner.x, inner.y, inner.width, max(14, round(h * 0.15)))
    pygame.draw.rect(surf, tone, band, border_top_left_radius=max(2, radius - 3),
                     border_top_right_radius=max(2, radius - 3))
    pygame.draw.line(surf, shade(tone, 0.6), band.bottomleft, (band.right - 1, band.bottom),
                     max(1, w // 90))
    disc_r = band.height // 2 - 1
    centre = (band.x + disc_r + max(2, w // 50), band.centery)
    pygame.draw.circle(surf, shade(edge, 0.55), centre, disc_r)
    pygame.draw.circle(surf, Palette.gold_light, centre, disc_r, max(1, w // 90))
    age = fit_text(theme, roman(card.age), band.height * 0.5, disc_r * 2 - 4, Palette.gold_light,
               "title")
    surf.blit(age, age.get_rect(center=centre))
    left = centre[0] + disc_r + max(3, w // 40)
    for k, img in enumerate(titles := title_lines(theme, card.title, band.height,
                                                 band.right - left - max(3, w // 40),
                                                 ink_for(tone))):
        y = band.centery if len(titles) == 1 else band.y + band.height * (1 + 2 * k) / 4
        surf.blit(img, img.get_rect(midleft=(left, round(y))))
    # public or private, and when or on whom
    strip = pygame.Rect(inner.x, band.bottom + 1, inner.width, max(10, round(h * 0.075)))
    pygame.draw.rect(surf, shade(edge, 1.75), strip)
    words = fit_text(theme, headline(card), strip.height * 0.72, strip.width - 6,
                 shade(edge, 0.45), "italic")
    surf.blit(words, words.get_rect(center=strip.center))
    # the emblem
    foot_h = max(10, round(h * 0.085))
    art = pygame.Rect(inner.x, strip.bottom, inner.width, round(h * 0.19))
    size = max(8, art.height - max(4, h // 60))
    glow = pygame.Rect(0, 0, size + size // 3, size)
    glow.center = art.center
    pygame.draw.ellipse(surf, shade(tone, 1.6), glow)
    icon = emblem(motif, size, shade(tone, 0.5))
    surf.blit(icon, icon.get_rect(center=art.center))
    # the words
    pad = max(3, w // 24)
    box = pygame.Rect(inner.x + pad, art.bottom + max(1, h // 90), inner.width - 2 * pad,
                      inner.bottom - foot_h - art.bottom - max(2, h // 60))
    paras = card_text(card)
    pt, lines, fitted = _paragraphs(theme, paras, box, h * 0.062, 9)
    step = theme.font("regular", pt).get_linesize()
    y = box.y
    ink = (52, 40, 28)
    for k, para in enumerate(lines):
        for line in para:
            if y + step > box.bottom + step // 4:
                fitted = False
                break
            surf.blit(theme.text(line, pt, ink), (box.x, y))
            y += step
        if k < len(lines) - 1:
            y += step // 3
    # the foot: secondary symbols at the left, the half and the seed card at the right
    foot = pygame.Rect(inner.x, inner.bottom - foot_h, inner.width, foot_h)
    pygame.draw.line(surf, shade(edge, 1.2), foot.topleft, (foot.right - 1, foot.top), 1)
    x = foot.x + pad
    for symbol in card.symbols:
        r = foot_h // 2 - 1
        pygame.draw.circle(surf, shade(edge, 0.6), (x + r, foot.centery), r)
        glyph = symbol_emblem(symbol, r * 2 - 2, Palette.gold_light)
        surf.blit(glyph, glyph.get_rect(center=(x + r, foot.centery)))
        x += 2 * r + 3
    ref = half_words(card)
    tag = fit_text(theme, ref, foot_h * 0.7, foot.right - x - pad, shade(edge, 0.8), "regular")
    surf.blit(tag, tag.get_rect(midright=(foot.right - pad, foot.centery)))
    return Face(surf, fitted, min(pt * theme.scale, strip.height * 0.72, foot_h * 0.7))


def card_picture(theme: Theme, card_id: str, width: int) -> pygame.Surface:
    """The face of `card_id` about `width` wide for a picture of it (an animation's): a face
    already painted at another width (the display's, the hand's) scaled, which costs far less
    than painting one anew, else a new face."""
    for key, face in _FACES.items():  # a face's key: (theme, scale, card, width)
        if len(key) == 4 and key[:3] == (id(theme), theme.scale, card_id):
            return pygame.transform.smoothscale(face.surface, card_size(width))
    return card_face(theme, card_id, width).surface


def symbol_emblem(symbol: str, size: int, colour: Colour) -> pygame.Surface:
    """A secondary symbol's glyph: a ship for Lost at Sea, a torch for Unrest."""
    return emblem("ship" if symbol == "lost_at_sea" else "torch", size, colour)


def card_back(theme: Theme, width: int, age: int) -> pygame.Surface:
    """A face-down event card of Age `age` (0: no Age shown)."""
    key = (id(theme), theme.scale, "back", width, age)
    hit = _FACES.get(key)
    if hit is not None:
        return hit.surface
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = AGE_BACKS.get(age, (90, 80, 70))
    radius = max(4, w // 14)
    pygame.draw.rect(surf, shade(colour, 0.5), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, shade(colour, 1.4), surf.get_rect(), max(1, w // 50),
                     border_radius=radius)
    inner = surf.get_rect().inflate(-w // 6, -w // 6)
    pygame.draw.rect(surf, colour, inner, border_radius=max(2, radius - 2))
    pygame.draw.rect(surf, shade(colour, 1.5), inner, max(1, w // 60),
                     border_radius=max(2, radius - 2))
    star = emblem("star", round(w * 0.55), shade(colour, 1.35))
    surf.blit(star, star.get_rect(center=(inner.centerx, inner.y + inner.height * 0.42)))
    if age:
        num = fit_text(theme, roman(age), h * 0.16, inner.width - 4, Palette.gold_light, "title")
        surf.blit(num, num.get_rect(center=(inner.centerx, inner.y + inner.height * 0.42)))
    word = fit_text(theme, "EVENT", max(h * 0.075, theme.px(READABLE_PT)), inner.width - 6,
                    shade(colour, 1.7), "bold")
    least = theme.font("bold", READABLE_PT).get_height()
    if word.get_height() >= least and word.get_width() <= inner.width - 6:  # else the star only
        surf.blit(word, word.get_rect(midbottom=(inner.centerx, inner.bottom - h // 20)))
    _FACES[key] = Face(surf, True)
    return surf


def draw_event_card(surface: pygame.Surface, theme: Theme, card_id: str, topleft: tuple[int, int],
                    width: int, age: int = 0, edge: Colour | None = None,
                    faded: bool = False, compact: bool = False) -> pygame.Rect:
    """Card `card_id` ("" face down: the back of Age `age`) at `topleft`; `edge` rings it (a
    pick, the keyboard's choice); `faded` veils it; `compact`: its small face (card_face).
    The rect covered."""
    image = (card_face(theme, card_id, width, compact).surface if card_id
             else card_back(theme, width, age))
    rect = image.get_rect(topleft=topleft)
    surface.blit(image, rect)
    if faded:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 16, 12, 140), veil.get_rect(),
                         border_radius=max(4, width // 14))
        surface.blit(veil, rect)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect.inflate(theme.px(6), theme.px(6)),
                         max(2, theme.px(3)), border_radius=max(5, width // 12))
    return rect


def card_tooltip(surface: pygame.Surface, theme: Theme, card_id: str, pos: tuple[int, int],
                 extra: list[str] | None = None,
                 within: pygame.Rect | None = None) -> pygame.Rect:
    """The card large beside the mouse, with `extra` lines under it (the seed card, the
    symbols' words); kept inside `within` (where no widget is drawn over it), smaller if it
    must be, else on screen."""
    lines = [theme.text(line, 13, Palette.text) for line in extra or []]
    pad = theme.px(8)
    area = within if within is not None else surface.get_rect()
    under = sum(img.get_height() for img in lines) + pad * 2 + (pad if lines else 0)
    width = max(theme.px(120), min(theme.px(230), int((area.height - under) / ASPECT)))
    face = card_face(theme, card_id, width).surface
    w = max([face.get_width(), *(img.get_width() for img in lines)]) + pad * 2
    h = face.get_height() + under
    box = pygame.Rect(pos[0] + theme.px(18), pos[1] + theme.px(18), w, h)
    box.clamp_ip(area if area.width >= w and area.height >= h else surface.get_rect())
    if box.collidepoint(pos):
        box.right = pos[0] - theme.px(12)
        box.clamp_ip(area if area.width >= w and area.height >= h else surface.get_rect())
    pygame.draw.rect(surface, (0, 0, 0), box.move(theme.px(3), theme.px(3)),
                     border_radius=theme.px(8))
    pygame.draw.rect(surface, (22, 19, 15), box, border_radius=theme.px(8))
    pygame.draw.rect(surface, Palette.gold, box, max(1, theme.px(1)), border_radius=theme.px(8))
    surface.blit(face, (box.x + pad, box.y + pad))
    y = box.y + pad + face.get_height() + pad
    for img in lines:
        surface.blit(img, (box.x + pad, y))
        y += img.get_height()
    return box
