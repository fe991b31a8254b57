"""Small drawing helpers shared by the screens: panels, wrapped text, chips, tooltips."""

from __future__ import annotations

import math

import pygame

from .emblems import emblem_surface
from .theme import Colour, Palette, Theme, civ_colour, ink_for, shade


def panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme,
          fill: Colour = Palette.panel, edge: Colour = Palette.panel_edge,
          radius: int = 8) -> None:
    if radius <= 0:  # a plain fill is far cheaper than the rounded shape
        surface.fill(fill, rect)
        pygame.draw.rect(surface, edge, rect, max(1, theme.px(1)))
        return
    r = theme.px(radius)
    pygame.draw.rect(surface, fill, rect, border_radius=r)
    pygame.draw.rect(surface, edge, rect, max(1, theme.px(1)), border_radius=r)


def token_disc(surface: pygame.Surface, owner: str, centre: tuple[float, float], r: float,
               ss: int) -> None:
    """A token at radius `r` on a surface drawn `ss` times too large (smooth-scaled down after):
    a rimmed, lit disc in its owner's colour; barbarians a spiked black star with a red rim."""
    colour = civ_colour(owner)
    cx, cy = centre
    if owner == "barbarians":
        pts = [(cx + (r if k % 2 == 0 else r * 0.78) * math.cos(k * math.pi / 10),
                cy + (r if k % 2 == 0 else r * 0.78) * math.sin(k * math.pi / 10))
               for k in range(20)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, (200, 60, 40), pts, ss * 2)
    else:
        pygame.draw.circle(surface, shade(colour, 0.6), centre, r)
        pygame.draw.circle(surface, colour, centre, r - ss * 2)
        pygame.draw.circle(surface, shade(colour, 1.25), centre, r - ss * 2, ss)


def wrap(theme: Theme, text: str, width: int, size: int = 15, role: str = "regular") -> list[str]:
    """Words into lines no wider than `width` pixels."""
    font = theme.font(role, size)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def shortened(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` cut so that it and "…" fit in `width` pixels (at a word if one fits)."""
    words = text.split()
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > width:
        words.pop()
    cut = " ".join(words)
    while len(cut) > 1 and font.size(cut + "…")[0] > width:
        cut = cut[:-1]
    return cut.rstrip(".,;:— (") + "…"


def text_block(surface: pygame.Surface, theme: Theme, text: str, pos: tuple[int, int],
               width: int, size: int = 15, colour: Colour = Palette.text,
               role: str = "regular", max_lines: int = 0) -> int:
    """Draw wrapped text; return the height used."""
    lines = wrap(theme, text, width, size, role)
    if max_lines and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".,; ") + "…"
    y = pos[1]
    step = theme.font(role, size).get_linesize()
    for line in lines:
        surface.blit(theme.text(line, size, colour, role), (pos[0], y))
        y += step
    return y - pos[1]


def civ_badge(surface: pygame.Surface, theme: Theme, civ: str, emblem: str,
              center: tuple[int, int], diameter: int) -> None:
    colour = civ_colour(civ)
    r = diameter // 2
    pygame.draw.circle(surface, shade(colour, 0.55), center, r)
    pygame.draw.circle(surface, colour, center, max(1, r - max(1, theme.px(1.5))))
    e = emblem_surface(emblem, int(diameter * 0.62), ink_for(colour))
    surface.blit(e, e.get_rect(center=center))


def tooltip(surface: pygame.Surface, theme: Theme, lines: list[str],
            pos: tuple[int, int], within: pygame.Rect | None = None) -> None:
    """A hover box near the mouse, kept on screen (and inside `within`, when given and there is
    room: a map tip stays on the map, off the prompt, Undo and the log); the first line is the
    title."""
    if not lines:
        return
    pad = theme.px(8)
    rendered = [theme.text(lines[0], 15, Palette.gold_light, "bold")]
    rendered += [theme.text(line, 14, Palette.text) for line in lines[1:]]
    w = max(s.get_width() for s in rendered) + pad * 2
    h = sum(s.get_height() for s in rendered) + pad * 2
    box = pygame.Rect(pos[0] + theme.px(16), pos[1] + theme.px(16), w, h)
    area = surface.get_rect()
    if within is not None and within.width >= w and within.height >= h:
        area = within
    box.clamp_ip(area)
    if box.collidepoint(pos):
        box.bottom = pos[1] - theme.px(8)
        box.clamp_ip(area)
        if box.collidepoint(pos):  # no room above either: beside the mouse instead
            box.right = pos[0] - theme.px(8)
            box.clamp_ip(area)
    shadow = box.move(theme.px(3), theme.px(3))
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=theme.px(6))
    panel(surface, box, theme, fill=(22, 19, 15), edge=Palette.gold, radius=6)
    y = box.y + pad
    for s in rendered:
        surface.blit(s, (box.x + pad, y))
        y += s.get_height()


def title(surface: pygame.Surface, theme: Theme, text: str, pos: tuple[int, int],
          size: int = 40, colour: Colour = Palette.gold_light, center: bool = False) -> None:
    img = theme.text(text, size, colour, "title")
    shadow = theme.text(text, size, (0, 0, 0), "title")
    x, y = pos
    if center:
        x -= img.get_width() // 2
    off = max(1, theme.px(2))
    surface.blit(shadow, (x + off, y + off))
    surface.blit(img, (x, y))


_BACKDROPS: dict[tuple[int, int], pygame.Surface] = {}


def backdrop(surface: pygame.Surface, theme: Theme) -> None:
    """The menus' background: a dark wash with a faint warm glow (made once per size)."""
    size = surface.get_size()
    hit = _BACKDROPS.get(size)
    if hit is None:
        w, h = size
        hit = pygame.Surface(size)
        hit.fill((24, 21, 17))
        glow = pygame.Surface((w // 8 + 1, h // 8 + 1), pygame.SRCALPHA)
        cx, cy = glow.get_width() // 2, glow.get_height() // 3
        for k in range(12, 0, -1):
            pygame.draw.ellipse(glow, (120, 90, 40, 6),
                                pygame.Rect(cx - k * w // 160, cy - k * h // 220,
                                            k * w // 80, k * h // 110))
        hit.blit(pygame.transform.smoothscale(glow, (w, h)), (0, 0))
        _BACKDROPS.clear()
        _BACKDROPS[size] = hit
    surface.blit(hit, (0, 0))


def banner_plate(theme: Theme, title: str, line: str, colour: Colour) -> pygame.Surface:
    """A calamity's announcement: its name over a line of what it does, on a plate in its
    colour. The game's animations and the replay viewer both show it."""
    big = theme.text(title, 28, (255, 240, 215), "title")
    small = theme.text(line, 16, (250, 225, 195), "italic")
    w = max(big.get_width(), small.get_width()) + theme.px(70)
    h = big.get_height() + small.get_height() + theme.px(22)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    r = theme.px(10)
    pygame.draw.rect(layer, (*shade(colour, 0.55), 236), layer.get_rect(), border_radius=r)
    pygame.draw.rect(layer, (*shade(colour, 1.5), 255), layer.get_rect(), theme.px(2),
                     border_radius=r)
    layer.blit(big, big.get_rect(midtop=(w // 2, theme.px(8))))
    layer.blit(small, small.get_rect(midbottom=(w // 2, h - theme.px(8))))
    return layer
