"""The Events module's moments on the map: a marker landing on its area, region or nation (the
places wash in the marker's colour and its emblem drops onto them) and a D10 region roll (the die
shows its face and the region it names lights up). The striking events' losses that follow are
the ordinary parts, in the look of the calamity they resemble."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.core import EventCheck, MarkerPlaced, Regions, load_event_cards

from ..cards.events import FAMILIES, emblem
from ..map.markers import MARKER_COLOURS
from ..theme import shade
from .looks import FAMINE, FIRE, PIRATES, PLAGUE, UNREST, WAR, Look
from .parts import Part, ease

if TYPE_CHECKING:
    from .stage import Stage

# The cards that strike like a calamity: the look their losses take (a test holds the ids
# against the card data).
STRIKING: dict[str, Look] = {
    "plague": PLAGUE,
    "famine": FAMINE,
    "scarcity": FAMINE,
    "piracy": PIRATES,
    "revolt": UNREST,
    "calamity_revolt": UNREST,
    "calamity_catastrophic_fire": FIRE,
    "calamity_usurper": WAR,
}
ROLL_COLOUR = (255, 236, 170)


def card_title(card: str) -> str:
    found = load_event_cards().cards.get(card)
    return found.title if found is not None else card


def place_areas(where: str, regions: Regions, known: Iterable[str],
                holdings: Sequence[str] = ()) -> list[str]:
    """The areas a marker's `where` covers on this map: a region's areas, an area itself, or
    (a marker on a nation) the nation's holdings."""
    areas = set(known)
    if ":" in where:
        return [a for a in regions.areas(where) if a in areas]
    if where in areas:
        return [where]
    return [a for a in holdings if a in areas]


def _areas(stage: Stage, where: str) -> list[str]:
    return place_areas(where, stage.regions, stage.geo.areas, stage.holdings(where))


class MarkerLands(Part[MarkerPlaced]):
    """MarkerPlaced: its areas pulse in the marker's colour and its emblem drops onto them."""

    duration = 1.2

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.areas = _areas(stage, e.where)
        self.colour = MARKER_COLOURS.get(e.kind, (120, 110, 140))
        self.motif = FAMILIES.get(e.kind, FAMILIES["omen"])[1]
        self.at = stage.middle(self.areas) if self.areas else stage.centre()
        for area in self.areas:
            stage.flash[area] = 1.0
        stage.mv.bring_into_view(self.areas, stage.free_rect())  # where it can be seen
        self._made: tuple[int, pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        pulse = 0.5 + 0.15 * math.sin(t * math.pi * 4)
        fade = min(1.0, t * 4) * (1 - max(0.0, t - 0.8) / 0.2)
        for area in self.areas:
            stage.fill_area(surface, area, self.colour, pulse * fade)
        d = stage.piece()
        size = max(stage.theme.px(28), round(d * 1.8))
        x, y = stage.screen(self.at)
        k = ease(min(1.0, t / 0.4))
        y -= d * 2.5 * (1 - k)
        alpha = min(1.0, t * 5) * (1 - max(0.0, t - 0.85) / 0.15)
        disc = self._disc(size)
        stage.blit_centred(surface, disc, (x, y), alpha, scale=1.0 + 0.3 * (1 - k))

    def _disc(self, size: int) -> pygame.Surface:
        """The marker's emblem on its disc, made once per size (the emblem is costly)."""
        if self._made is None or self._made[0] != size:
            disc = pygame.Surface((size, size), pygame.SRCALPHA)
            c = (size // 2, size // 2)
            pygame.draw.circle(disc, shade(self.colour, 1.35), c, size // 2)
            pygame.draw.circle(disc, shade(self.colour, 0.45), c, size // 2, max(2, size // 14))
            icon = emblem(self.motif, round(size * 0.66), shade(self.colour, 0.35))
            disc.blit(icon, icon.get_rect(center=c))
            self._made = (size, disc)
        return self._made[1]


class RegionRoll(Part[EventCheck]):
    """EventCheck of a D10 region roll: the die shows the face rolled and the region lights."""

    duration = 1.0

    def begin(self, stage: Stage) -> None:
        self.areas = _areas(stage, self.event.result)  # none: a region out of play, rolled again
        self.at = stage.middle(self.areas) if self.areas else None
        stage.mv.bring_into_view(self.areas, stage.free_rect())
        self.face = self.event.result.partition(":")[2] or self.event.result

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        glow = min(1.0, t * 3) * (1 - max(0.0, t - 0.75) / 0.25)
        for area in self.areas:
            stage.fill_area(surface, area, ROLL_COLOUR, 0.45 * glow)
        theme = stage.theme
        side = theme.px(40)
        spin = 1 - ease(min(1.0, t / 0.35))
        face = self.face if spin < 0.05 else str(1 + int(t * 40) % 10)
        die = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.rect(die, (250, 244, 226), die.get_rect(), border_radius=side // 5)
        pygame.draw.rect(die, (90, 60, 30), die.get_rect(), max(2, side // 14),
                         border_radius=side // 5)
        text = theme.text(face, 20, (60, 30, 10), "bold")
        die.blit(text, text.get_rect(center=(side // 2, side // 2)))
        x: float
        y: float
        if self.at is None:  # over the middle of the view
            x, y = stage.mv.rect.centerx, stage.mv.rect.centery
        else:
            x, y = stage.screen(self.at)
        y -= stage.piece() * 1.6 + theme.px(30) * spin
        stage.blit_centred(surface, die, (x, y), min(1.0, t * 6) * glow + 0.01,
                           angle=360 * spin)
