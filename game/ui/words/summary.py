""""Since your last turn": what the others' moves did to one player, from the events they
reported — the calamities that struck them, what they lost and where, what they gained, who
traded with them. Moves that touched the player in no way say nothing.

    summary_lines(events, "assyria", graph)
    -> ["Famine struck you (traded by Egypt)",
        "You lost 5 tokens (Famine): 3 in Nineveh, 2 in Assur",
        "Your city in Caria was reduced (city support)", ...]

Each loss says its cause (the core's cause labels on the event, in the log's words): losses of
one cause make one line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from game.core import (
    AdvanceLost,
    AdvanceReceived,
    AstRegressedByCalamity,
    BeneficiaryChosen,
    BonusVictoryPoints,
    CalamityRevealed,
    CardPlundered,
    CardsGiven,
    CityAnnexed,
    CityDestroyed,
    CityReduced,
    CityTaken,
    Event,
    EventCardTaken,
    EventCardUnpicked,
    GameState,
    MapGraph,
    MarkerPlaced,
    PhaseStarted,
    PrivateEventsReturned,
    ShipsLost,
    TokensRemoved,
    TradeAccepted,
    TradeCardDrawn,
    TreasuryChanged,
    UnitsAnnexed,
    load_event_cards,
)

from .log import card_name, loss_cause, name
from .prompts import names


def _plural(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _where(counts: Counter[str], place: dict[str, str]) -> str:
    return ", ".join(f"{n} in {place.get(a, a)}" for a, n in counts.most_common())


def _because(why: str) -> str:
    return f" ({why})" if why else ""


def _places(areas: list[str], place: dict[str, str]) -> str:
    shown = [place.get(a, a) for a in areas]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def summary_lines(events: Iterable[Event], player: str, graph: MapGraph | None) -> list[str]:
    table = names(graph)
    struck: list[str] = []
    tokens: dict[str, Counter[str]] = {}  # cause words -> area -> tokens lost
    cities: dict[tuple[str, str], list[str]] = {}  # (reduced/destroyed, cause) -> areas
    ships: dict[str, Counter[str]] = {}
    lost_to: list[str] = []
    advances_lost: list[str] = []
    gains: list[str] = []
    trades: list[str] = []
    drawn = 0
    for event in events:
        who = getattr(event, "player", None)
        match event:
            case CalamityRevealed(victim=victim, traded_by=by) if victim == player:
                by = f" (traded to you by {name(by)})" if by else ""
                struck.append(f"{card_name(event.calamity)} struck you{by}")
            case TokensRemoved(cause=cause) if who == player and cause[:1] in (
                    ("city_built",), ("ship_payment",)):
                pass  # the player's own tokens spent on a city or a ship: no loss
            case TokensRemoved(area=area, count=n, cause=cause) if who == player:
                tokens.setdefault(loss_cause(cause), Counter())[area] += n
            case CityReduced(area=area, cause=cause) if who == player:
                cities.setdefault(("reduced", loss_cause(cause)), []).append(area)
            case CityDestroyed(area=area, cause=cause) if who == player:
                cities.setdefault(("destroyed", loss_cause(cause)), []).append(area)
            case ShipsLost(area=area, count=n, cause=cause) if who == player:
                ships.setdefault(loss_cause(cause), Counter())[area] += n
            case (CityAnnexed(previous=previous, area=area)
                  | UnitsAnnexed(previous=previous, area=area)) if previous == player:
                lost_to.append(f"{name(who)} took over your units in {table.get(area, area)}")
            case (CityAnnexed(previous=previous, area=area)
                  | UnitsAnnexed(previous=previous, area=area)) if who == player:
                gains.append(f"You took over {name(previous)}'s units in "
                             f"{table.get(area, area)}")
            case CityTaken(defender=defender, attacker=attacker, area=area) if defender == player:
                lost_to.append(f"{name(attacker)} took your city in {table.get(area, area)}")
            case CardPlundered(victim=victim) if victim == player:
                lost_to.append(f"{name(who)} plundered a card from you")
            case AdvanceLost(advance=advance) if who == player:
                advances_lost.append(card_name(advance))
            case AdvanceReceived(advance=advance) if who == player:
                gains.append(f"You received {card_name(advance)}")
            case BeneficiaryChosen(calamity=calamity) if who == player:
                gains.append(f"You gain from {card_name(calamity)}")
            case CardsGiven(to=to, cards=cards) if to == player:
                gains.append(f"{name(who)} gave you {_plural(len(cards), 'card')}")
            case CardsGiven(to=to, cards=cards) if who == player:
                lost_to.append(f"You gave {name(to)} {_plural(len(cards), 'card')}")
            case TradeCardDrawn() if who == player:
                drawn += 1
            case TradeAccepted(partner=partner) if player in (who, partner):
                other = partner if who == player else who
                trades.append(f"You traded with {name(other)}")
    lines = list(struck)
    for why, where in tokens.items():
        total = sum(where.values())
        lines.append(f"You lost {_plural(total, 'token')}{_because(why)}: "
                     f"{_where(where, table)}")
    for what in ("reduced", "destroyed"):
        for (done, why), areas in cities.items():
            if done == what:
                one = len(areas) == 1
                lines.append(f"Your {'city' if one else 'cities'} in {_places(areas, table)} "
                             f"{'was' if one else 'were'} {what}{_because(why)}")
    for why, where in ships.items():
        total = sum(where.values())
        lines.append(f"You lost {_plural(total, 'ship')}{_because(why)}: "
                     f"{_where(where, table)}")
    if advances_lost:
        lines.append(f"You lost {', '.join(advances_lost)}")
    lines += lost_to + gains
    if drawn:
        lines.append(f"You drew {_plural(drawn, 'trade card')}")
    lines += sorted(set(trades), key=trades.index)
    return lines


# --- The Events module at the end of the game ------------------------------------------------

EVENTS_SEED = "004:16"  # the event deck's clauses; the cards name their own seed card


@lru_cache(maxsize=1)
def _card_rules() -> frozenset[str]:
    return frozenset(card.source for card in load_event_cards().cards.values())


def event_rule(rule: str) -> bool:
    """A rule of the Events module: a card's seed card, or a clause of the event deck."""
    return rule in _card_rules() or rule.startswith(EVENTS_SEED)


@dataclass
class EventStats:
    """One player's events over a whole game."""

    taken: int = 0  # cards taken from the display
    played: int = 0  # private events played from the hand (Cancellation too)
    struck: int = 0  # event cards that cost them something (tokens, cities, treasury, ...)
    vp: int = 0  # bonus victory points won by events
    played_cards: list[str] = field(default_factory=list)  # titles, in the order played
    struck_cards: list[str] = field(default_factory=list)  # titles of the cards that struck

    def story(self) -> str:
        """The cards behind the figures, in a line: "Played Windfall; struck by Famine"."""
        parts = []
        if self.played_cards:
            parts.append("Played " + ", ".join(self.played_cards))
        if self.struck_cards:
            parts.append("struck by " + ", ".join(self.struck_cards))
        text = "; ".join(parts)
        return text[:1].upper() + text[1:]


@dataclass
class EventTally:
    """Counts EventStats from a whole game's events, told in order (a replay of its record:
    hidden facts are fine once the game is over). A card taken or left over opens an
    occurrence; a loss an event rule caused is charged to it, once per player struck."""

    stats: dict[str, EventStats]
    occurrence: int = 0
    card: str = ""  # the title of the card being resolved ("" between cards)
    _hit: set[tuple[int, str]] = field(default_factory=set)

    @staticmethod
    def of(players: Iterable[str]) -> EventTally:
        return EventTally({p: EventStats() for p in players})

    def add(self, events: Iterable[Event], state: GameState | None = None) -> None:
        """The events of one action; `state` (after it) says whose cities a marker lies on."""
        cards = load_event_cards().cards
        for event in events:
            match event:
                case EventCardTaken(player=who, card=card, private=private):
                    self.occurrence += 1
                    data = cards.get(card)
                    self.card = data.title if data is not None else ""
                    if private or (data is not None and data.public):
                        self._stat(who).taken += 1
                    elif data is not None:
                        self._stat(who).played += 1
                        self._stat(who).played_cards.append(data.title)
                case EventCardUnpicked(card=card):
                    self.occurrence += 1
                    data = cards.get(card)
                    self.card = data.title if data is not None else ""
                case PhaseStarted():
                    self.occurrence += 1
                    self.card = ""
                case BonusVictoryPoints(player=who, points=n):
                    self._stat(who).vp += n
                case MarkerPlaced(where=where) if event_rule(event.rule):
                    for who in {where} & set(self.stats) or _marked(where, state):
                        self._struck(who)
                case (TokensRemoved(player=who) | CityReduced(player=who)
                      | CityDestroyed(player=who) | ShipsLost(player=who)
                      | AstRegressedByCalamity(player=who)
                      | PrivateEventsReturned(player=who)) if event_rule(event.rule):
                    self._struck(who)
                case TreasuryChanged(player=who, change=change) if change < 0 and event_rule(
                        event.rule):
                    self._struck(who)

    def bonus(self, bonus_vp: dict[str, int]) -> None:
        """The victory points events won, as the core keeps them (EventDeck.bonus_vp: every
        source, the monastery's too)."""
        for who, points in bonus_vp.items():
            self._stat(who).vp = points

    def _stat(self, player: str) -> EventStats:
        return self.stats.setdefault(player, EventStats())

    def _struck(self, player: str) -> None:
        if player in self.stats and (self.occurrence, player) not in self._hit:
            self._hit.add((self.occurrence, player))
            self.stats[player].struck += 1
            if self.card:
                self.stats[player].struck_cards.append(self.card)


def _marked(where: str, state: GameState | None) -> set[str]:
    """Who a marker on an area or region strikes: the owners of the cities (and, on one area,
    the tokens) where it lies."""
    if state is None:
        return set()
    deck = state.eventdeck
    areas = deck.regions.areas(where) if deck is not None and ":" in where else (where,)
    board = state.board
    owners = {board.cities[a] for a in areas if a in board.cities}
    if len(areas) == 1:
        owners |= {p for p, n in board.tokens.get(areas[0], {}).items() if n}
    return owners
