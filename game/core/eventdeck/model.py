"""The Events module's state: plain dataclasses, serialised with the rest of the game state."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..plain import optional_part

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


# Lasting effects of the battle, siege and movement cards (effects/conflict.py, war.py):
#   spared       the holder's next `amount` losses in the battle are not taken
#   extra_round  the battle goes on one round after the population limit holds
#   battle_vp    `amount` bonus VP per token of another side removed in the battle
#   won_vp       `amount` bonus VP if the holder wins the battle
#   enemy_vp     `amount` bonus VP per token of `enemy` removed in the holder's battles this turn
#   siege        the city attack in `area` needs `amount` more tokens (fewer when negative)
#   breach       the city attack in `area` ignores the defender's walls
#   attrition    the first other player's tokens entering the holder's areas this turn may die
#   overrun      the holder's first move this turn to 4 times every other side there overruns
MODIFIER_KINDS = ("spared", "extra_round", "battle_vp", "won_vp", "enemy_vp", "siege",
                  "breach", "attrition", "overrun")


@dataclass
class Modifier:
    """A played card's effect that waits for its moment: in the battle or city attack in
    `area`, or ("" area) for the rest of the turn."""

    kind: str  # one of MODIFIER_KINDS
    player: str  # the card's holder
    amount: int = 0
    area: str = ""
    enemy: str = ""  # enemy_vp: the mortal enemy
    rule: str = ""


@dataclass
class Fight:
    """The battle (token conflict) or city attack being fought now, for the cards played in
    it: the sides' tokens in the area as it began."""

    area: str
    sides: dict[str, int] = field(default_factory=dict)
    attacker: str = ""  # a city attack's attacker and defender ("" in a battle)
    defender: str = ""
    needed: int = 0  # the tokens the city attack needs without the cards


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
    d2: list[bool] = field(default_factory=list)  # forced outcomes (scenarios), then the rng
    d10: list[int] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)  # battle, siege, movement cards
    fight: Fight | None = None  # the battle or city attack being fought now
    bonus_vp: dict[str, int] = field(default_factory=dict)  # victory points won by events
    # How many of `discards` were there before this turn's display was drawn (the rest were
    # drawn this turn, which Pool leaves out, 000:event:47); None: every discard is older (no
    # display drawn from the deck yet this turn). Written only when set, so older saves stand.
    older_discards: int | None = optional_part(None)
