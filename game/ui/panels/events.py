"""The Event Action's display (seed 004, 16.2) over the top of the map: the row of events laid
out at the start of the turn, face-up cards drawn from their data and face-down ones as their
Age's back, with the current Age, the cards left in its deck and the Age that follows.

While the seated player takes a card, each card they may take is ringed: a click takes it, a
number key (its place from the left) or the arrow keys choose one and Enter takes it. The bar
at its top folds the row away to see the map under it. It shows only while the display holds
cards, so the rest of the turn keeps the whole map.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core import PlayerView

from ..cards.events import (
    READABLE_PT,
    card_back,
    card_face,
    card_size,
    card_tooltip,
    draw_event_card,
    event_card,
)
from ..draw import tooltip
from ..theme import Palette, Theme
from ..words.events import roman, source_line, symbol_words
from ..words.log import name
from ..words.options import option_text
from . import Ctx

TAKE = "event_take"
REVEAL = 1.1  # seconds a card just taken stays in its place, turning over, at speed 1
FACE_DOWN = "face_down:"  # the core's label for a face-down card: event:face_down:N (from 1)
MAX_CARD = 168  # unscaled widths of a card in the row
MIN_CARD = 96
READABLE = 148  # below this a card is drawn compact (its words in the tooltip): all fit above


def display_labels(view: PlayerView) -> list[str]:
    """The option label of each card of the display, left first, as the core names them."""
    events = view.events
    if events is None:
        return []
    return [f"event:{card}" if card else f"event:{FACE_DOWN}{i + 1}"
            for i, card in enumerate(events.display)]


def age_line(view: PlayerView) -> str:
    """The Age, the cards left in its deck and what follows."""
    events = view.events
    if events is None:
        return ""
    if events.over:
        return "The event decks are spent: no more events"
    row = len(view.players) + 1
    size = events.deck_size
    then = f"then Age {roman(events.age + 1)}" if events.age < 4 else "then events end"
    if size == 0:  # the row out now is the Age's last
        left = "its last row"
    elif size < row:
        left = f"{size} card{'s' * (size != 1)} left, not a full row"
    else:
        left = f"{size} cards left (~{size // row} turns)"
    return f"Age {roman(events.age)} · {left} · {then}"


def fitting(line: str, room: int, width: Callable[[str], int]) -> str:
    """As much of a line of parts (" · " between them) as fits in `room`, whole parts only,
    the last ones (the least needed) left out first; the first part always stays."""
    parts = line.split(" · ")
    while len(parts) > 1 and width(" · ".join(parts)) > room:
        parts.pop()
    return " · ".join(parts)


def event_tip(card: str) -> list[str]:
    """The lines under a card shown large: its symbols in words and the seed card."""
    data = event_card(card)
    if data is None:
        return []
    return [*(symbol_words(s) for s in data.symbols), source_line(data)]


@dataclass
class Taken:
    """A card just taken, shown in its place turning over (face down to face up) and then
    going: its face when everyone may see it, else its back with who took it."""

    place: int  # its place in the row as it was laid out
    card: str  # "" when it went face down into someone's hand
    age: int
    taker: str
    clock: float = 0.0


def _public(card: str) -> bool:
    data = event_card(card) if card else None
    return data is not None and data.public


class EventRow:
    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 0, 0)  # what it covers; empty while not shown
        self.bar = pygame.Rect(0, 0, 0, 0)  # the header: a click folds or unfolds the row
        self.cards: list[tuple[pygame.Rect, str, str]] = []  # (rect, label, card id or "")
        self.folded = False
        self.focus: int | None = None  # the keyboard's choice: a place in the row
        self.labels: list[str] = []  # the labels the viewer may pick now, left first
        self.small = False  # cards drawn below the readable width
        self.unfitted: list[str] = []  # cards whose words did not fit (the layout check)
        self.tiny: list[tuple[str, float]] = []  # cards whose words are too small to read
        self.captions: list[tuple[str, pygame.Rect]] = []  # the words under each card
        self.room = 0  # how wide each may be
        self._round: object = None
        self.area = pygame.Rect(0, 0, 0, 0)  # the map it lies over
        self._backing: pygame.Surface | None = None  # the translucent plate, kept per size
        self.taken: list[Taken] = []  # cards turning over as they leave the row
        self.speed = 1.0  # the animation-speed setting
        self.slots: list[tuple[pygame.Rect, Taken]] = []  # where each card taken is drawn
        self.origin: list[int] = []  # each card's place in the row as it was laid out

    def took(self, display: list[str], age: int, label: str, taker: str, card: str) -> None:
        """`taker` took the card `label` names from `display` (the row as it was, which loses
        that card); `card` is what it turned out to be ("" when only its taker may know)."""
        value = label.split(":", 1)[1] if label.startswith("event:") else ""
        if value.startswith(FACE_DOWN):
            place = int(value.removeprefix(FACE_DOWN)) - 1
        elif value and value in display:
            place = display.index(value)
        else:
            return
        if not 0 <= place < len(display):
            return
        if len(self.origin) != len(display):
            self.origin = list(range(len(display)))
        display.pop(place)
        laid = self.origin.pop(place)
        if self.speed < 8:  # at the fastest speeds the row just moves on
            self.taken.append(Taken(laid, card, age, taker))

    def tick(self, dt: float) -> None:
        for taken in self.taken:
            taken.clock += dt * self.speed
        self.taken = [t for t in self.taken if t.clock < REVEAL]

    # -- what it offers ---------------------------------------------------------------------
    def shown(self) -> bool:
        return self.rect.width > 0

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.shown() and self.rect.collidepoint(pos)

    def taking(self) -> bool:
        """The seated player is taking a card from it now."""
        return self.shown() and not self.folded and bool(self.labels)

    def click(self, pos: tuple[int, int]) -> str | None:
        """The label a click picks; a click on the bar folds or unfolds the row."""
        if self.bar.collidepoint(pos):
            self.folded = not self.folded
            return None
        for rect, label, _ in self.cards:
            if rect.collidepoint(pos) and label in self.labels:
                return label
        return None

    def number(self, n: int) -> None:
        """Number key `n`: the n-th card from the left, if it may be taken."""
        if self.taking() and 1 <= n <= len(self.cards) and self.cards[n - 1][1] in self.labels:
            self.focus = n - 1

    def step(self, by: int) -> None:
        """An arrow key: the next card that may be taken, left or right."""
        if not self.taking():
            return
        places = [i for i, (_, label, _) in enumerate(self.cards) if label in self.labels]
        if not places:
            return
        if self.focus not in places:
            self.focus = places[0] if by > 0 else places[-1]
            return
        k = places.index(self.focus)
        self.focus = places[(k + by) % len(places)]

    def chosen(self) -> str | None:
        """The card the keyboard chose, for Enter."""
        if not self.taking() or self.focus is None or self.focus >= len(self.cards):
            return None
        label = self.cards[self.focus][1]
        return label if label in self.labels else None

    def hint(self) -> str:
        chosen = self.chosen()
        if chosen:
            return f"Enter: take {option_text(chosen, TAKE)} — or click a card"
        n = len(self.cards)
        return (f"Click a card above, or press 1-{n} and Enter"
                if n > 1 else "Click the card above, or press 1 and Enter")

    def card_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """(card id or "" face down, place) under the mouse."""
        if not self.hit(pos):
            return None
        for i, (rect, _, card) in enumerate(self.cards):
            if rect.collidepoint(pos):
                return (card, i)
        return None

    # -- drawing ----------------------------------------------------------------------------
    def hide(self) -> None:
        """Nothing of it shows (the hot-seat curtain is down: a private card turning over
        for the last player must not turn for the next)."""
        self.rect = self.bar = pygame.Rect(0, 0, 0, 0)
        self.cards, self.labels, self.focus, self.slots = [], [], None, []
        self.captions, self.tiny = [], []
        self.taken = [t for t in self.taken if _public(t.card)]

    def place(self, view: PlayerView, area: pygame.Rect) -> None:
        """Lay the row out over the top of `area` (the map), or hide it."""
        events = view.events
        self.cards = []
        self.area = pygame.Rect(area)
        if events is None or not (events.display or self.taken):
            self.hide()
            return
        px = self.theme.px
        n = len(events.display) + len(self.taken)
        margin, gap, pad = px(10), px(10), px(12)
        bar_h = px(30)
        width = area.width - 2 * margin
        key_h = px(20)

        def fits(rows: int) -> int:
            """The widest card that `rows` rows let fit across and down the map."""
            per = -(-n // rows)
            across = (width - 2 * pad - gap * (per - 1)) // per
            down = (area.height - 2 * margin - bar_h - pad - rows * (key_h + gap)) // rows
            return min(px(MAX_CARD), across, int(down / card_size(100)[1] * 100))

        rows = 2 if fits(1) < px(MIN_CARD) and fits(2) > fits(1) else 1  # many players: 2 rows
        card_w = max(px(40), fits(rows))
        per_row = -(-n // rows)
        card_h = card_size(card_w)[1]
        height = bar_h + (0 if self.folded else rows * (card_h + key_h + gap) + pad)
        span = per_row * card_w + (per_row - 1) * gap + 2 * pad
        width = min(width, max(span, px(640)))  # as wide as the cards, room for the bar's words
        self.rect = pygame.Rect(area.centerx - width // 2, area.y + margin, width, height)
        self.bar = pygame.Rect(self.rect.x, self.rect.y, width, bar_h)
        self.small = card_w < px(READABLE)
        if self.folded:
            return
        # the row as it stands, with each card just taken back in the place it left
        if len(self.origin) != len(events.display):  # a new row
            self.origin = list(range(len(events.display)))
        placed: list[tuple[int, str | Taken]] = [*zip(self.origin, events.display, strict=True),
                                                 *((t.place, t) for t in self.taken)]
        slots = [slot for _, slot in sorted(placed, key=lambda p: p[0])]
        self.slots = []
        for i, slot in enumerate(slots):
            row, col = divmod(i, per_row)
            in_row = per_row if row < rows - 1 else n - per_row * (rows - 1)
            span = in_row * card_w + (in_row - 1) * gap
            x = self.rect.centerx - span // 2 + col * (card_w + gap)
            y = self.bar.bottom + pad // 2 + row * (card_h + key_h + gap)
            rect = pygame.Rect(x, y, card_w, card_h)
            if isinstance(slot, Taken):
                self.slots.append((rect, slot))
            else:
                self.cards.append((rect, "", slot))

    def draw(self, surface: pygame.Surface, area: pygame.Rect, ctx: Ctx,
             live: PlayerView | None = None) -> None:
        """`live`: the view as the game stands (the panels may show an older one while an
        animation plays; the row follows the cards as they are taken)."""
        view = live if live is not None else ctx.view
        self.place(view, area)
        events = view.events
        if events is None or not self.shown():
            self.labels = []
            return
        labels = display_labels(view)
        self.cards = [(rect, labels[i], card) for i, (rect, _, card) in enumerate(self.cards)]
        taking = ctx.kind == TAKE and not self.folded  # folded: the decision bar's buttons
        self.labels = [lb for lb in labels if lb in ctx.labels] if taking else []
        moment = (view.turn, ctx.labels)
        if moment != self._round:  # a new choice: the keyboard starts afresh
            self._round = moment
            self.focus = None
        t = self.theme
        px = self.px
        if self._backing is None or self._backing.get_size() != self.rect.size:
            self._backing = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(self._backing, (24, 20, 16, 228), self._backing.get_rect(),
                             border_radius=px(10))
        surface.blit(self._backing, self.rect)
        pygame.draw.rect(surface, Palette.gold, self.rect, max(1, px(1)), border_radius=px(10))
        self._bar(surface, view, ctx)
        self.unfitted, self.captions, self.tiny = [], [], []
        room = self.room = self.caption_room()
        for i, (rect, label, card) in enumerate(self.cards):
            pick = label in self.labels
            edge = None
            if pick:
                edge = Palette.hover if i == self.focus else Palette.highlight
            draw_event_card(surface, t, card, rect.topleft, rect.width, age=events.age,
                            edge=edge, faded=bool(self.labels) and not pick,
                            compact=self.small)
            if card:
                face = card_face(t, card, rect.width, self.small)
                if not face.fitted and not self.small:
                    self.unfitted.append(card)
                if face.fitted and 0 < face.smallest < t.px(READABLE_PT) - 0.5:
                    self.tiny.append((card, face.smallest))
            colour = Palette.gold_light if pick else Palette.text_dim
            self._caption(surface, rect, [f"{i + 1} · face down", str(i + 1)] if not card
                          else [str(i + 1)], colour, room)
        for rect, taken in self.slots:
            self._turning(surface, rect, taken, ctx)

    def caption_room(self) -> int:
        """How wide a caption under a card may be: the card and half the gap each side (issue
        36: "4 · face down5 · face down" ran together under the small cards of 18 players)."""
        return (self.cards[0][0].width if self.cards else 0) + self.px(8)

    def _caption(self, surface: pygame.Surface, rect: pygame.Rect, words: list[str],
                 colour: tuple[int, int, int], room: int, size: int = 13) -> None:
        """The first of `words` that fits `room` under the card at `rect` (the last if none)."""
        t = self.theme
        chosen = next((text for text in words
                       if t.text(text, size, colour, "bold").get_width() <= room), words[-1])
        img = t.text(chosen, size, colour, "bold")
        spot = img.get_rect(midtop=(rect.centerx, rect.bottom + self.px(4)))
        self.captions.append((chosen, spot))
        surface.blit(img, spot)

    def _turning(self, surface: pygame.Surface, rect: pygame.Rect, taken: Taken,
                 ctx: Ctx) -> None:
        """A card taken: its back narrows to an edge, its face (or its back again, for a card
        gone into a hand) widens from it, it stays a moment, then fades."""
        t = self.theme
        half = REVEAL * 0.25
        k = taken.clock
        front = k >= half
        if front:
            image = card_face(t, taken.card, rect.width, self.small).surface if taken.card else \
                card_back(t, rect.width, taken.age)
        else:
            image = card_back(t, rect.width, taken.age)
        squeeze = abs(k - half) / half if k < 2 * half else 1.0
        w = max(1, round(rect.width * squeeze))
        image = pygame.transform.smoothscale(image, (w, rect.height)) if w != rect.width \
            else image.copy()
        fade = REVEAL * 0.8
        if k > fade:
            image.set_alpha(round(255 * max(0.0, 1 - (k - fade) / (REVEAL - fade))))
        surface.blit(image, image.get_rect(center=rect.center))
        who = ctx.names.get(taken.taker, name(taken.taker))
        data = event_card(taken.card) if taken.card else None
        if not taken.taker:
            words = ["Left unpicked", "Unpicked"]
        elif data is not None and data.public:
            words = [f"{who} takes it", who]
        else:
            words = (["Into your hand", "Yours"] if taken.taker == ctx.view.viewer
                     else [f"Into {who}'s hand", who])
        self._caption(surface, rect, words, Palette.gold_light, rect.width + self.px(8), 12)

    def px(self, n: float) -> int:
        return self.theme.px(n)

    def _bar(self, surface: pygame.Surface, view: PlayerView, ctx: Ctx) -> None:
        t = self.theme
        px = self.px
        bar = self.bar
        head = t.text("Events", 16, Palette.gold_light, "title")
        surface.blit(head, head.get_rect(midleft=(bar.x + px(12), bar.centery)))
        x = bar.x + px(24) + head.get_width()
        fold = t.text("Show the cards" if self.folded else "Hide", 13, Palette.text_dim, "bold")
        right = bar.right - px(12) - fold.get_width()
        surface.blit(fold, (right, bar.centery - fold.get_height() // 2))
        pending = view.pending
        who = ""
        if pending is not None and pending.kind == TAKE:
            who = ("Your pick" if pending.player == view.viewer
                   else f"{ctx.names.get(pending.player, name(pending.player))} is taking a card")
        status = t.text(who, 14, Palette.highlight if who == "Your pick" else Palette.text,
                        "bold") if who else None
        if status is not None:
            right -= status.get_width() + px(18)
            surface.blit(status, (right + px(6), bar.centery - status.get_height() // 2))
        room = right - x - px(8)
        words = fitting(age_line(view), room,
                        lambda text: t.text(text, 14, Palette.text).get_width())
        line = t.text(words, 14, Palette.text)
        if line.get_width() > room > 0:
            line = line.subsurface(pygame.Rect(0, 0, room, line.get_height()))
        if room > 0:
            surface.blit(line, (x, bar.centery - line.get_height() // 2))

    def tip(self, pos: tuple[int, int], surface: pygame.Surface, view: PlayerView) -> bool:
        """The card under the mouse, large; True when one was drawn."""
        found = self.card_at(pos)
        if found is None:
            return False
        card, place = found
        if not card:
            age = view.events.age if view.events is not None else 0
            tooltip(surface, self.theme, [f"A face-down Age {roman(age)} event",
                                          "It is turned over when someone takes it",
                                          f"Key {place + 1}"], pos)
            return True
        card_tooltip(surface, self.theme, card, pos, event_tip(card), within=self.area)
        return True

    def layout_problems(self) -> list[str]:
        out = [f"event card {card!r}: its words do not fit the card" for card in self.unfitted]
        out += [f"event card {card!r}: words {size:.1f} px high, below the readable "
                f"{self.theme.px(READABLE_PT)} px" for card, size in self.tiny]
        room = self.room
        for k, (text, spot) in enumerate(self.captions if self.shown() else []):
            if spot.width > room:
                out.append(f"the caption {text!r} under an event card is {spot.width} px, "
                           f"wider than its {room} px")
            for other, spot2 in self.captions[k + 1:]:
                if spot.colliderect(spot2):
                    out.append(f"the captions {text!r} and {other!r} under the event cards "
                               "run together")
        if self.shown() and not self.area.contains(self.rect):
            out.append(f"the event display at {tuple(self.rect)} falls off the map at "
                       f"{tuple(self.area)}")
        return out
