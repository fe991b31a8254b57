"""What the Events module reports; each event names the clause or card that caused it."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event


@dataclass(frozen=True, kw_only=True)
class EventDisplayLaid(Event):
    age: int
    face_up: tuple[str, ...]  # the face-up cards, left first
    face_down: int


@dataclass(frozen=True, kw_only=True)
class EventCardTaken(Event):
    player: str
    card: str
    private: bool  # kept in hand (others see only that a card was taken)


@dataclass(frozen=True, kw_only=True)
class EventCardUnpicked(Event):
    card: str


@dataclass(frozen=True, kw_only=True)
class EventCheck(Event):
    player: str
    die: str  # "d2" or "d10"
    result: str  # "pass" / "fail", or the face


@dataclass(frozen=True, kw_only=True)
class MarkerPlaced(Event):
    kind: str
    where: str  # an area, a region ("west:3") or a player
    turns: int


@dataclass(frozen=True, kw_only=True)
class PrivateEventsReturned(Event):
    player: str
    count: int


@dataclass(frozen=True, kw_only=True)
class AgeBegins(Event):
    age: int
    cards: int


@dataclass(frozen=True, kw_only=True)
class EventsEnd(Event):
    pass


@dataclass(frozen=True, kw_only=True)
class EventFellShort(Event):
    """An event card could not do all its text says (issue 36): what was done of what it asked,
    and why the rest was not. `what`: tokens, city, ship, treasury, treasury_paid, spaces,
    tokens_lost, private, monastery, enemy, sea, marker, fire; `why`: room, stock, site,
    no_city_piece, no_ship_piece, coast, treasury, needs, board, hand, single_area, no_area,
    foe, cities, region, no_city. The client words each pair (ui/words/shortfall.py)."""

    player: str  # whom the card served or struck (the taker for a card on no one)
    card: str  # the card's id, "" when not known
    what: str
    done: int
    asked: int
    why: str
