"""The Events module's markers on the map: famine, plague, scarcity, heresy, revolt and pillage
on their areas (a region's marker on every area of the region, each area tinted in the marker's
colour), each as a chip with its emblem and the turns it has left; a tooltip says what it does
and until when. A marker on a civilization (in decline) is told in the Table panel."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.core import GameState, Marker, PlayerView, Regions, computed_regions, load_event_cards

from ..cards.events import FAMILIES, emblem
from ..theme import Colour, Palette, Theme, shade
from ..words.events import MARKER_DOES, marker_name, turns_left

MARKER_COLOURS: dict[str, Colour] = {kind: colour for kind, (colour, _) in FAMILIES.items()}


def regions_of(state: GameState) -> Regions:
    """The D10 region tables of the game's map (public: printed on the board). The player's
    view does not carry them, so they come from the state, or are computed from the map as
    the core computes them."""
    deck = state.eventdeck
    return deck.regions if deck is not None else computed_regions(state.map)


def where_text(marker: Marker) -> str:
    half, _, number = marker.region.partition(":")
    if marker.region and number:
        return f"Region {number} of the {half}"
    return ""


def _source_title(rule: str) -> str:
    for card in load_event_cards().cards.values():
        if card.source == rule:
            return card.title
    return ""


def marker_lines(marker: Marker) -> list[str]:
    """What a marker is, what it does and how long it stays."""
    does = MARKER_DOES.get(marker.kind, "")
    lines = [marker_name(marker.kind)]
    if does:
        lines.append(does[0].upper() + does[1:])
    lines.append(f"Stays {turns_left(marker.turns)}")
    place = where_text(marker)
    title = _source_title(marker.rule)
    if place or title:
        lines.append(", ".join(x for x in (place, f"from {title}" if title else "") if x))
    return lines


def decline_lines(view: PlayerView, player: str) -> list[str]:
    """The markers on a civilization itself, for its row in the Table panel."""
    events = view.events
    if events is None:
        return []
    return [f"{marker_name(m.kind)}: {MARKER_DOES.get(m.kind, '')}, {turns_left(m.turns)}"
            for m in events.markers if m.player == player and not m.area and not m.region]


def marked_areas(markers: Iterable[Marker], regions: Regions,
                 areas: Iterable[str]) -> dict[str, list[Marker]]:
    """Area -> the markers on it (a region marker on each of its areas on this map)."""
    known = set(areas)
    out: dict[str, list[Marker]] = {}
    for marker in markers:
        covered = (marker.area,) if marker.area else (
            regions.areas(marker.region) if marker.region else ())
        for area in covered:
            if area in known:
                out.setdefault(area, []).append(marker)
    return out


class MarkerLayer:
    """Draws the markers of a view on a MapView and answers what is under the mouse."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.chips: list[tuple[pygame.Rect, Marker]] = []
        self.marked: dict[str, list[Marker]] = {}
        self._key: object = None
        self._sprites: dict[tuple[str, int, int], pygame.Surface] = {}

    def update(self, view: PlayerView, regions: Regions, areas: Iterable[str]) -> None:
        events = view.events
        markers = tuple(events.markers) if events is not None else ()
        key = (markers, id(regions))
        if key != self._key:
            self._key = key
            self.marked = marked_areas(markers, regions, areas)

    def draw_tints(self, surface: pygame.Surface, mapview: object) -> None:
        """Each marked area washed in its first marker's colour (under the pieces)."""
        by_kind: dict[str, list[str]] = {}
        for area, markers in self.marked.items():
            by_kind.setdefault(markers[0].kind, []).append(area)
        for kind, areas in by_kind.items():
            mapview.draw_highlights(surface, areas, f"marker:{kind}")  # type: ignore[attr-defined]

    def draw_chips(self, surface: pygame.Surface, mapview: object) -> None:
        """A chip per marker over each marked area's name (over the pieces). Zoomed out, a
        region's marker has one chip, on its middle area in view: its tint shows the rest."""
        self.chips = []
        if not self.marked:
            return
        mv = mapview
        d = mv.piece_size()  # type: ignore[attr-defined]
        size = max(self.theme.px(20), round(d * 0.95))
        rect = mv.rect  # type: ignore[attr-defined]
        points = {area: mv.area_point(area) for area in self.marked}  # type: ignore[attr-defined]
        shown = self._shown(points, rect, every=d >= self.theme.px(24))
        clip = surface.get_clip()
        surface.set_clip(rect)
        for area, markers in self.marked.items():
            here = [m for m in markers if (id(m), area) in shown]
            x, y = points[area]
            left = x - (len(here) * (size + 2)) // 2 + size // 2
            for k, marker in enumerate(here):
                centre = (left + k * (size + 2), y - round(d * 0.75) - size)  # over the name
                chip = self._chip(marker.kind, marker.turns, size)
                box = chip.get_rect(center=centre)
                surface.blit(chip, box)
                self.chips.append((box, marker))
        surface.set_clip(clip)

    def _shown(self, points: dict[str, tuple[int, int]], rect: pygame.Rect,
               every: bool) -> set[tuple[int, str]]:
        """(marker, area) pairs that get a chip: every one in view, or one per patch of a
        marker's areas (a region may lie in pieces)."""
        spots: dict[int, list[str]] = {}
        for area, markers in self.marked.items():
            if rect.collidepoint(points[area]):
                for marker in markers:
                    spots.setdefault(id(marker), []).append(area)
        if every:
            return {(key, area) for key, areas in spots.items() for area in areas}
        reach = self.theme.px(110) ** 2  # areas closer than this to a patch's first join it
        out: set[tuple[int, str]] = set()
        for key, areas in spots.items():
            patches: list[list[str]] = []
            for area in sorted(areas):
                x, y = points[area]
                near = next((p for p in patches if (points[p[0]][0] - x) ** 2
                             + (points[p[0]][1] - y) ** 2 <= reach), None)
                if near is None:
                    patches.append([area])
                else:
                    near.append(area)
            for patch in patches:
                mx = sum(points[a][0] for a in patch) / len(patch)
                my = sum(points[a][1] for a in patch) / len(patch)
                out.add((key, min(patch, key=lambda a: (points[a][0] - mx) ** 2
                                  + (points[a][1] - my) ** 2)))
        return out

    def _chip(self, kind: str, turns: int, size: int) -> pygame.Surface:
        key = (kind, turns, size)
        hit = self._sprites.get(key)
        if hit is None:
            colour = MARKER_COLOURS.get(kind, (120, 110, 140))
            motif = FAMILIES.get(kind, FAMILIES["omen"])[1]
            pad = max(2, size // 6)
            hit = pygame.Surface((size + pad, size + pad), pygame.SRCALPHA)
            c = (size // 2, size // 2)
            pygame.draw.circle(hit, (20, 16, 12), (c[0] + 1, c[1] + 2), size // 2)
            pygame.draw.circle(hit, shade(colour, 1.35), c, size // 2)
            pygame.draw.circle(hit, shade(colour, 0.45), c, size // 2, max(1, size // 12))
            icon = emblem(motif, round(size * 0.66), shade(colour, 0.35))
            hit.blit(icon, icon.get_rect(center=c))
            badge = self.theme.text(str(turns), 10, Palette.text, "bold")
            r = max(badge.get_width(), badge.get_height()) // 2 + 1
            at = (size - r + pad // 2, size - r + pad // 2)
            pygame.draw.circle(hit, (24, 20, 16), at, r)
            pygame.draw.circle(hit, Palette.gold_light, at, r, 1)
            hit.blit(badge, badge.get_rect(center=at))
            if len(self._sprites) > 200:
                self._sprites.clear()
            self._sprites[key] = hit
        return hit

    def tip(self, pos: tuple[int, int]) -> list[str] | None:
        for box, marker in reversed(self.chips):
            if box.collidepoint(pos):
                return marker_lines(marker)
        return None

    def area_lines(self, area: str) -> list[str]:
        """Lines for an area's tooltip: each marker on it, in a few words."""
        return [f"{marker_name(m.kind)}: {MARKER_DOES.get(m.kind, '')} ({turns_left(m.turns)})"
                for m in self.marked.get(area, ())]
