"""The pieces of an animation. A `Part` shows one event (or a few that belong together) over
`duration` seconds; a `Step` runs parts side by side, and the queue runs steps one after another.

A part never touches the game: it changes only the animations' copy of the board (mirroring its
events when the moment comes) and what it draws. Ending a part early (a skip) makes the same
change at once, so a skipped animation leaves the board exactly where a watched one does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.core import (
    PIRATE,
    Board,
    CityBuilt,
    CityDestroyed,
    CityReduced,
    CityTaken,
    Event,
    ShipBuilt,
    ShipSailed,
    ShipsLost,
    TokensMoved,
    TokensPlaced,
    TokensRemoved,
)

from ..draw import banner_plate
from ..theme import Theme, civ_colour, ink_for, shade
from .common import Point, copy_board
from .mirror import mirror, ships, tokens

if TYPE_CHECKING:
    from .stage import Stage


def ease(t: float) -> float:
    """Slow in, slow out."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


E = TypeVar("E", bound=Event)


class Part(Generic[E]):
    """Shows core events of type E (a part made of several kinds of event says Event)."""

    duration = 0.6
    shown_early = False  # the part changes the board as it begins (calls show_outcome itself)

    def __init__(self, events: Sequence[E] = ()) -> None:
        self.events: list[E] = list(events)
        self.delay = 0.0  # seconds into its step before it starts (the builder staggers parts)
        self.stage_of_life = 0  # 0 waiting, 1 running, 2 ended

    @property
    def event(self) -> E:
        return self.events[0]

    def begin(self, stage: Stage) -> None:
        """Called once when the part starts."""

    def update(self, stage: Stage, t: float, dt: float) -> None:
        """`t` runs from 0 to 1 over the part's duration."""

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        pass

    def end(self, stage: Stage) -> None:
        """Called once at the end, or at once on a skip: the board as the events left it."""
        if not self.shown_early:
            self.show_outcome(stage)

    def show_outcome(self, stage: Stage) -> None:
        """The board drawn as the events left it."""
        if stage.shown is not None:
            for event in self.events:
                mirror(stage.shown, event)


class Step:
    def __init__(self, parts: Sequence[Part], sync: Board | None = None,
                 hurry: float = 1.0, sounds: bool = True) -> None:
        self.parts = list(parts)
        self.sync = sync  # the real board after this batch of events: put right at the end
        self.hurry = hurry
        self.sounds = sounds  # each part's events heard as it begins (not when skipped)
        self.clock = 0.0

    @property
    def length(self) -> float:
        return max((p.delay + p.duration for p in self.parts), default=0.0)

    def advance(self, stage: Stage, dt: float) -> bool:
        """Run for `dt` seconds (already scaled by the speed); True once it is over."""
        self.clock += dt
        for p in self.parts:
            if p.stage_of_life == 0 and self.clock >= p.delay:
                p.stage_of_life = 1
                p.begin(stage)
                if self.sounds:
                    stage.heard += p.events
            if p.stage_of_life == 1:
                t = (self.clock - p.delay) / p.duration if p.duration > 0 else 1.0
                if t >= 1.0:
                    p.stage_of_life = 2
                    p.end(stage)
                else:
                    p.update(stage, t, dt)
        if all(p.stage_of_life == 2 for p in self.parts):
            self._sync(stage)
            return True
        return False

    def finish(self, stage: Stage) -> None:
        """Skip: every part begun and ended now, in order."""
        for p in self.parts:
            if p.stage_of_life == 0:
                p.stage_of_life = 1
                p.begin(stage)
            if p.stage_of_life == 1:
                p.stage_of_life = 2
                p.end(stage)
        self._sync(stage)

    def _sync(self, stage: Stage) -> None:
        if self.sync is not None:
            stage.shown = copy_board(self.sync)

    def draw(self, surface: pygame.Surface, stage: Stage) -> None:
        for p in self.parts:
            if p.stage_of_life == 1:
                p.draw(surface, stage, min(1.0, (self.clock - p.delay) / max(p.duration, 1e-6)))


# -- tokens ---------------------------------------------------------------------------------------
class PlaceTokens(Part[TokensPlaced]):
    """Tokens drop onto their area."""

    duration = 0.45

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        e = self.event
        x, y = stage.stack_screen(e.area, e.player)
        d = stage.piece()
        k = ease(t)
        stage.blit_centred(surface, stage.sprite("stack", e.player, e.count),
                           (x, y - d * 1.6 * (1 - k)), alpha=k)


class MoveTokens(Part[TokensMoved]):
    """Tokens glide from one area to the next (on a ship's deck when they sail)."""

    duration = 0.7

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.start = stage.stack_screen(e.source, e.player)
        if stage.shown is not None:
            tokens(stage.shown, e.source, e.player, -e.count)

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        e = self.event
        d = stage.piece()
        end = stage.stack_screen(e.target, e.player)
        k = ease(t)
        x, y = lerp(self.start, end, k)
        y -= d * 0.8 * math.sin(math.pi * k)
        if e.by_ship:
            stage.blit_centred(surface, stage.sprite("ship", e.player, 1), (x, y + d * 0.35))
        stage.blit_centred(surface, stage.sprite("stack", e.player, e.count), (x, y))

    def end(self, stage: Stage) -> None:
        e = self.event
        if stage.shown is not None:
            tokens(stage.shown, e.target, e.player, e.count)


class RemoveTokens(Part[TokensRemoved]):
    """Tokens leave the board: knocked off, washed away, withering, burning or scattering."""

    duration = 0.6
    shown_early = True

    def __init__(self, events: Sequence[TokensRemoved], how: str = "fall") -> None:
        super().__init__(events)
        self.how = how

    def begin(self, stage: Stage) -> None:
        e = self.event
        sx, sy = stage.stack_screen(e.area, e.player)
        at = stage.mv.to_map(sx, sy)
        count = sum(ev.count for ev in self.events)
        self.show_outcome(stage)  # the stack shrinks now; the lost tokens are drawn as bodies
        u = stage.unit
        rnd = stage.random
        radius = stage.piece() * 0.4 / stage.mv.zoom
        for _ in range(min(count, 10)):
            a = rnd.uniform(0, 2 * math.pi)
            if self.how == "wash":
                v = (u * rnd.uniform(0.4, 0.9), u * rnd.uniform(-0.3, 0.3))
            elif self.how == "wither":
                v = (u * 0.1 * math.cos(a), u * 0.1 * math.sin(a))
            elif self.how == "burn":
                v = (u * 0.4 * math.cos(a), u * rnd.uniform(0.8, 1.4))
            elif self.how == "scatter":
                v = (u * 1.2 * math.cos(a), u * 1.2 * math.sin(a))
            else:
                v = (u * 0.7 * math.cos(a), u * rnd.uniform(0.9, 1.6))
            token = stage.swarm.add(e.player, (at[0] + rnd.uniform(-radius, radius), at[1]),
                                    None, radius)
            token.born = 1.0
            stage.swarm.knock(token, v, self.duration * 1.6 if self.how == "wither" else 0.9,
                              falls=self.how in ("fall", "burn", "scatter"))
        style = {"wash": "spray", "burn": "sparks", "wither": "miasma", "scatter": "dust"}
        stage.particles.burst(style.get(self.how, "dust"), at, 0.35)



# -- cities ---------------------------------------------------------------------------------------
class FallingCity(Part[CityReduced | CityDestroyed | CityTaken]):
    """A city shakes, then crumbles (reduced, destroyed or taken), in dust or flames."""

    duration = 1.0
    BREAK = 0.5

    def __init__(self, events: Sequence[CityReduced | CityDestroyed | CityTaken],
                 fire: bool = False) -> None:
        super().__init__(events)
        self.fire = fire
        self.broke = False

    def begin(self, stage: Stage) -> None:
        e = self.event
        board = stage.shown
        self.owner = board.cities.get(e.area, getattr(e, "player", "")) if board else ""
        self.at = stage.mv.to_map(*stage.city_screen(e.area))
        stage.hide(("city", e.area, ""))
        if self.fire:
            stage.particles.burst("sparks", self.at, 0.6)

    def update(self, stage: Stage, t: float, dt: float) -> None:
        if not self.broke and t >= self.BREAK:
            self.broke = True
            stage.particles.burst("smoke" if self.fire else "dust", self.at, 0.8)
            if self.fire:
                stage.particles.burst("embers", self.at, 0.3)

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        if not self.owner:
            return
        x, y = stage.city_screen(self.event.area)
        d = stage.piece()
        image = stage.sprite("city", self.owner)
        if t < self.BREAK:
            shake = d * 0.12 * (t / self.BREAK)
            x += shake * math.sin(t * 90)
            y += shake * 0.4 * math.cos(t * 77)
            stage.blit_centred(surface, image, (x, y), anchor_y=0.62)
        else:
            k = (t - self.BREAK) / (1 - self.BREAK)
            squat = pygame.transform.smoothscale(
                image, (image.get_width(), max(1, int(image.get_height() * (1 - 0.8 * k)))))
            stage.blit_centred(surface, squat, (x, y + image.get_height() * 0.38),
                               alpha=1 - k, anchor_y=1.0)

    def end(self, stage: Stage) -> None:
        stage.unhide(("city", self.event.area, ""))
        super().end(stage)


class RisingCity(Part[Event]):
    """The tokens gather and a city rises in their place."""

    duration = 0.6

    def begin(self, stage: Stage) -> None:
        if stage.shown is not None:
            for event in self.events[:-1]:  # the tokens that went into it
                mirror(stage.shown, event)
        self.at = stage.mv.to_map(*stage.city_screen(self.built.area))
        stage.particles.burst("gold", self.at, 0.4)

    @property
    def built(self) -> CityBuilt:
        """The city's own event: the last one (the tokens that went into it come first)."""
        e = self.events[-1]
        assert isinstance(e, CityBuilt)
        return e

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        e = self.built
        k = ease(t)
        stage.blit_centred(surface, stage.sprite("city", e.player), stage.city_screen(e.area),
                           alpha=k, scale=0.4 + 0.6 * k, anchor_y=0.62)

    def end(self, stage: Stage) -> None:
        if stage.shown is not None:
            mirror(stage.shown, self.events[-1])


class Turncoat(Part[Event]):
    """Pieces change hands: the old colour gives way to the new one (civil war, tyranny,
    annexation), or a city becomes a pirate city."""

    duration = 0.95

    def __init__(self, events: Sequence[Event], area: str, old: str, new: str,
                 tokens: int) -> None:
        super().__init__(events)
        self.area, self.old, self.new, self.moved = area, old, new, tokens

    def begin(self, stage: Stage) -> None:
        board = stage.shown
        self.city = bool(board and board.cities.get(self.area) == self.old)
        self.tokens = min(board.count(self.area, self.old), self.moved) if board else 0
        if self.city:
            stage.hide(("city", self.area, ""))
        if self.tokens:
            stage.hide(("tokens", self.area, self.old), self.tokens)
        at = stage.area_point(self.area)
        if self.new == "pirate":
            stage.particles.burst("spray", at, 0.5)

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        d = stage.piece()
        k = ease(t)
        centre = stage.city_screen(self.area) if self.city else stage.stack_screen(self.area,
                                                                                   self.old)
        ring = int(d * (0.4 + 1.4 * k))
        alpha = int(200 * (1 - k))
        if alpha > 4:
            layer = pygame.Surface((ring * 2 + 4, ring * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(layer, (*civ_colour(self.new), alpha), (ring + 2, ring + 2), ring,
                               max(2, d // 8))
            surface.blit(layer, (round(centre[0] - ring - 2), round(centre[1] - ring - 2)))
        if self.city:
            at = stage.city_screen(self.area)
            stage.blit_centred(surface, stage.sprite("city", self.old), at, 1 - k,
                               anchor_y=0.62)
            stage.blit_centred(surface, stage.sprite("city", self.new), at, k,
                               scale=0.8 + 0.2 * k, anchor_y=0.62)
        if self.tokens:
            at = stage.stack_screen(self.area, self.old)
            stage.blit_centred(surface, stage.sprite("stack", self.old, self.tokens), at, 1 - k)
            stage.blit_centred(surface, stage.sprite("stack", self.new, self.tokens), at, k)
        if self.new == PIRATE and self.city:
            _black_flag(surface, stage.city_screen(self.area), d, t)

    def end(self, stage: Stage) -> None:
        if self.city:
            stage.unhide(("city", self.area, ""))
        if self.tokens:
            stage.unhide(("tokens", self.area, self.old), self.tokens)
        super().end(stage)


def _black_flag(surface: pygame.Surface, at: Point, d: int, t: float) -> None:
    """A pirate flag run up over the city, flapping."""
    x, y = at[0] + d * 0.1, at[1] - d * 0.55
    top = y - d * (0.4 + 0.6 * ease(min(1.0, t * 1.6)))
    pygame.draw.line(surface, (60, 45, 30), (x, y), (x, top - d * 0.05), max(2, d // 12))
    w, h = d * 0.7, d * 0.42
    wave = [(x + w * i / 6, top + d * 0.06 * math.sin(t * 18 + i)) for i in range(7)]
    cloth = [*wave, *[(px, py + h) for px, py in reversed(wave)]]
    pygame.draw.polygon(surface, (20, 20, 24), cloth)
    cx, cy = x + w * 0.5, top + h * 0.5 + d * 0.06 * math.sin(t * 18 + 3)
    k = d * 0.12
    pygame.draw.circle(surface, (235, 235, 230), (cx, cy - k * 0.4), max(2, int(k * 0.7)))
    pygame.draw.line(surface, (235, 235, 230), (cx - k, cy), (cx + k, cy + k), 2)
    pygame.draw.line(surface, (235, 235, 230), (cx - k, cy + k), (cx + k, cy), 2)


# -- ships ----------------------------------------------------------------------------------------
class ShipsGone(Part[ShipsLost]):
    """Ships swept away: spun into the storm when one blows, else they founder and sink."""

    duration = 0.9
    shown_early = True

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.start = stage.mv.to_map(*stage.ship_screen(e.area))
        self.show_outcome(stage)
        storm = next((a for a in stage.ambience if a.eye() is not None), None)
        self.eye = storm.eye() if storm is not None else None
        stage.particles.burst("spray", self.start, 0.5)

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        e = self.event
        k = ease(t)
        if self.eye is not None:
            where = lerp(self.start, self.eye, k * 0.8)
            angle = 540 * k
        else:
            where = (self.start[0], self.start[1] - stage.unit * 0.15 * k)
            angle = 35 * k
        stage.blit_centred(surface, stage.sprite("ship", e.player, e.count), stage.screen(where),
                           alpha=1 - k, scale=1 - 0.5 * k, angle=angle)



class ShipLaunch(Part[ShipBuilt]):
    """A new ship slides onto the water."""

    duration = 0.5

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        e = self.event
        x, y = stage.ship_screen(e.area)
        k = ease(t)
        stage.blit_centred(surface, stage.sprite("ship", e.player, 1),
                           (x - stage.piece() * 0.6 * (1 - k), y), alpha=k)


class Sail(Part[ShipSailed]):
    duration = 0.6

    def begin(self, stage: Stage) -> None:
        e = self.event
        self.start = stage.ship_screen(e.source)
        if stage.shown is not None:
            ships(stage.shown, e.source, e.player, -1)

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        e = self.event
        at = lerp(self.start, stage.ship_screen(e.target), ease(t))
        stage.blit_centred(surface, stage.sprite("ship", e.player, 1), at)

    def end(self, stage: Stage) -> None:
        e = self.event
        if stage.shown is not None:
            ships(stage.shown, e.target, e.player, 1)


# -- cards, notes, banners ------------------------------------------------------------------------
class CardFlight(Part[Event]):
    """Cards fly from the stacks to a hand, or out of it onto the discard pile."""

    duration = 0.7

    def __init__(self, events: Sequence[Event], count: int, outward: bool) -> None:
        super().__init__(events)
        self.count, self.outward = min(count, 5), outward

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        rect = stage.mv.rect
        deck = (rect.centerx, rect.bottom - stage.theme.px(30))
        hand = stage.hand_rect.center if stage.hand_rect.width else (rect.right, rect.top)
        a, b = (hand, deck) if self.outward else (deck, hand)
        for i in range(self.count):
            k = ease(min(1.0, max(0.0, t * 1.3 - i * 0.08)))
            x, y = lerp(a, b, k)
            y -= stage.theme.px(80) * math.sin(math.pi * k)
            stage.blit_centred(surface, self._card(stage), (x, y),
                               alpha=1 - k * 0.6 if self.outward else min(1.0, 0.3 + k),
                               angle=(1 - k) * 40 - 20 + i * 6)


    def _card(self, stage: Stage) -> pygame.Surface:
        """A card drawn from a stack shows that stack's back; water lies face up."""
        from ..cards.trade import card_back as stack_back
        from ..cards.trade import card_face

        e = self.events[0] if self.events else None
        width = stage.theme.px(34)
        if getattr(e, "water", False):
            return card_face(stage.theme, "water", width, "classic")
        stack = getattr(e, "stack", 0)
        return stack_back(stage.theme, width, stack) if stack else card_back(stage)


def card_back(stage: Stage) -> pygame.Surface:
    key = ("card", stage.theme.scale)
    hit = _CARDS.get(key)
    if hit is None:
        w, h = stage.theme.px(34), stage.theme.px(48)
        hit = pygame.Surface((w, h), pygame.SRCALPHA)
        r = stage.theme.px(5)
        pygame.draw.rect(hit, (122, 72, 40), hit.get_rect(), border_radius=r)
        pygame.draw.rect(hit, (236, 200, 130), hit.get_rect(), max(1, r // 2), border_radius=r)
        inner = hit.get_rect().inflate(-r * 2, -r * 2)
        pygame.draw.rect(hit, (180, 120, 60), inner, max(1, r // 3), border_radius=r)
        _CARDS[key] = hit
    return hit


_CARDS: dict[tuple[object, ...], pygame.Surface] = {}


class Note(Part[Event]):
    """A line of text rising from a place and fading: what was lost that has no piece."""

    duration = 1.3

    def __init__(self, events: Sequence[Event], text: str, area: str | None,
                 colour: tuple[int, int, int] = (255, 230, 190), who: str = "",
                 burst: str = "") -> None:
        super().__init__(events)
        self.text, self.area, self.colour, self.who = text, area, colour, who
        self.burst = burst  # particles thrown up where the note rises (coins for treasury)

    def begin(self, stage: Stage) -> None:
        if self.area is None and self.who:  # over the player's lands: a city first
            board = stage.shown
            cities = board.cities_of(self.who) if board else []
            held = cities or stage.holdings(self.who)
            self.area = held[0] if held else None
        if self.burst and self.area:
            stage.particles.burst(self.burst, stage.area_point(self.area), 0.8)

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        theme = stage.theme
        image = theme.text(self.text, 17, self.colour, "bold")
        shadow = theme.text(self.text, 17, (20, 14, 10), "bold")
        if self.area:
            x, y = stage.screen(stage.area_point(self.area))
        else:
            x, y = stage.mv.rect.centerx, stage.mv.rect.centery
        y -= theme.px(18) + theme.px(40) * ease(t)
        alpha = min(1.0, t * 5) * (1 - max(0.0, t - 0.6) / 0.4)
        stage.blit_centred(surface, shadow, (x + 1, y + 1), alpha)
        stage.blit_centred(surface, image, (x, y), alpha)


class Banner(Part[Event]):
    """The calamity's name across the top of the map, in its colour."""

    duration = 1.8

    def __init__(self, events: Sequence[Event], title: str, line: str,
                 colour: tuple[int, int, int]) -> None:
        super().__init__(events)
        self.title, self.line, self.colour = title, line, colour
        self.image: pygame.Surface | None = None
        self.still = False  # reduce motion: it fades, without sliding in

    def draw(self, surface: pygame.Surface, stage: Stage, t: float) -> None:
        if self.image is None:
            self.image = banner_plate(stage.theme, self.title, self.line, self.colour)
        rect = stage.mv.rect
        fade = min(1.0, t / 0.15, (1 - t) / 0.2)
        drop = 0 if self.still else stage.theme.px(16) * (1 - ease(min(1.0, t / 0.15)))
        at = (rect.centerx, stage.free_top() + stage.theme.px(22) - drop)
        stage.blit_centred(surface, self.image, at, fade, anchor_y=0.0)


def caption(surface: pygame.Surface, stage: Stage, text: str, colour: tuple[int, int, int],
            alpha: float) -> None:
    """A small reminder of the calamity under way, at the top of the map (drawn every frame
    of it: the plate is made once)."""
    t = stage.theme
    stage.blit_centred(surface, _caption_plate(t, text, colour),
                       (stage.mv.rect.centerx, stage.free_top() + t.px(8)), alpha, anchor_y=0.0)


def _caption_plate(t: Theme, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    key = (text, colour, t.scale)
    hit = _CAPTIONS.get(key)
    if hit is None:
        image = t.text(text, 15, ink_for(shade(colour, 0.55)), "bold")
        box = image.get_rect().inflate(t.px(24), t.px(8))
        hit = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(hit, (*shade(colour, 0.55), 210), hit.get_rect(),
                         border_radius=t.px(8))
        hit.blit(image, image.get_rect(center=hit.get_rect().center))
        if len(_CAPTIONS) > 64:
            _CAPTIONS.clear()
        _CAPTIONS[key] = hit
    return hit


_CAPTIONS: dict[tuple[object, ...], pygame.Surface] = {}
