"""The Events module's state: plain dataclasses, serialised with the rest of the game state."""

from __future__ import annotations

from dataclasses import dataclass, field

MARKER_KINDS = ("famine", "plague", "scarcity", "heresy", "revolt", "in_decline", "pillage")
HALVES = ("west", "east")


@dataclass
class EventsOptions:
    """The option at new game (004:16, 16.1, 16.2)."""

    randomise_x: bool = False  # optional rule 6: (X) cards dealt so the halves are equal
    reveal_more: bool = False  # optional rule 7: 4 face up with 6 or more players
    random_b: bool = False  # the B-event choice: a random set instead of the listed one
    b_events: list[str] = field(default_factory=list)  # chosen B-events ([] = the listed set)


@dataclass
class Marker:
    kind: str
    turns: int  # turns left, counting the current one
    area: str = ""
    region: str = ""  # "west:3"
    player: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Regions:
    """The D10 region tables: for each half, the land areas of regions 1-10 (index 0 = face 1)."""

    west: tuple[tuple[str, ...], ...] = ()
    east: tuple[tuple[str, ...], ...] = ()

    def areas(self, region: str) -> tuple[str, ...]:
        half, _, number = region.partition(":")
        table = self.west if half == "west" else self.east
        index = int(number) - 1
        return table[index] if 0 <= index < len(table) else ()


@dataclass
class EventDeck:
    age: int = 1
    over: bool = False  # Age IV has run out: no more displays
    deck: list[str] = field(default_factory=list)
    display: list[str] = field(default_factory=list)
    shown: list[bool] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    hands: dict[str, list[str]] = field(default_factory=dict)
    markers: list[Marker] = field(default_factory=list)
    regions: Regions = field(default_factory=Regions)
    log: list[str] = field(default_factory=list)  # cards taken or played, in order
    vp: dict[str, int] = field(default_factory=dict)  # bonus victory points from events
    d2: list[bool] = field(default_factory=list)  # forced outcomes (scenarios), then the rng
    d10: list[int] = field(default_factory=list)
