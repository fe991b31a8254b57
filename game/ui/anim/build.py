"""From a batch of core events to the steps that show them.

Events of one kind that happen together outside a calamity (the tokens of an expansion, the
cards of a draw) play side by side in one step; a calamity's events play one after another.
Events that belong together become one part: a conflict's removals one battle, the tokens
replaced in an annexation one change of colour, the tokens that went into a city its rising.
Where the core reports a calamity's place after the losses it caused (an earthquake, a flood),
the place is shown first.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import (
    PIRATE,
    AbilityUsed,
    AdvanceBought,
    AdvanceLost,
    AdvanceReceived,
    AgeBegins,
    AstAdvanced,
    AstRegressed,
    AstRegressedByCalamity,
    AvalancheStruck,
    BarbariansDisbanded,
    BarbariansMoved,
    BarbariansPlaced,
    BeneficiaryChosen,
    BonusVictoryPoints,
    CalamitiesShown,
    CalamityAverted,
    CalamityDiscarded,
    CalamityNoEffect,
    CalamityResolved,
    CalamityRevealed,
    CardCashed,
    CardDiscarded,
    CardPlundered,
    CardsDiscarded,
    CardsGiven,
    CensusTaken,
    CitiesSpared,
    CityAnnexed,
    CityAttacked,
    CityBuilt,
    CityDestroyed,
    CityReduced,
    CitySupportShort,
    CityTaken,
    CivilWarFactions,
    CivilWarSelected,
    CreditsPlaced,
    CycloneStruck,
    DecisionMade,
    DiscardsReturned,
    DroughtStruck,
    EarthquakeStruck,
    Event,
    EventCardTaken,
    EventCardUnpicked,
    EventCheck,
    EventDisplayLaid,
    EventFellShort,
    EventsEnd,
    FloodStruck,
    FreeAdvanceTaken,
    GameEnded,
    GameStarted,
    GeneralDroughtStruck,
    LibraryDiscountUsed,
    LossesAssigned,
    MarkerPlaced,
    MovementTurn,
    PestilenceStruck,
    PhaseStarted,
    PirateCityCreated,
    PrivateEventsReturned,
    PurchaseCalledOff,
    RaidersStruck,
    RegressionCancelled,
    ShipBuilt,
    ShipMaintained,
    ShipSailed,
    ShipsLost,
    TokenConflictEnded,
    TokenConflictStarted,
    TokensMoved,
    TokensPlaced,
    TokensRemoved,
    TradeAccepted,
    TradeCardBought,
    TradeCardDrawn,
    TradeOffered,
    TradeRefused,
    TreasuryChanged,
    TribesClashed,
    TributeGiven,
    TsunamiStruck,
    TurnStarted,
    UnitsAnnexed,
    UnitsLost,
    VolcanoErupted,
    WarSpread,
    load_game_data,
)

from ..words.log import name as civ_name
from ..words.log import nice
from .disasters import (
    CalamityEnds,
    CalamityStarts,
    CycloneHit,
    Eruption,
    FloodHit,
    Quake,
    Spread,
    TsunamiHit,
)
from .horde import Battle, HordeArrives, HordeDisbands, HordeMarches
from .looks import ERUPTION, FIRE, QUAKE, Look, look_for
from .marks import STRIKING, MarkerLands, RegionRoll, card_title
from .parts import (
    Banner,
    CardFlight,
    FallingCity,
    MoveTokens,
    Note,
    Part,
    PlaceTokens,
    RemoveTokens,
    RisingCity,
    Sail,
    ShipLaunch,
    ShipsGone,
    Turncoat,
)
from .unpicked import SymbolsResolve, symbols_of

# Where a calamity struck, reported after the losses it caused: shown before them.
PLACES: tuple[type[Event], ...] = (
    VolcanoErupted, EarthquakeStruck, CycloneStruck, FloodStruck, TsunamiStruck, AvalancheStruck,
    PestilenceStruck)
LOSSES: tuple[type[Event], ...] = (
    CityDestroyed, CityReduced, TokensRemoved, UnitsLost, ShipsLost, LossesAssigned)
# Shown together in one step when several come at once outside a calamity.
TOGETHER: tuple[type[Event], ...] = (
    TokensPlaced, TokensMoved, TokensRemoved, CityBuilt, CityReduced, ShipBuilt, ShipSailed,
    ShipsLost, TradeCardDrawn, TradeCardBought)
STAGGER = 0.05  # seconds between parts shown together
# Events that open a calamity or a battle in `Builder.steps` rather than make a part alone.
FRAMING: frozenset[type[Event]] = frozenset({
    CalamityRevealed, CalamityResolved, TokenConflictStarted, EventCardTaken, EventCardUnpicked})
# What ends the run of events a card left unpicked caused by its secondary symbols.
AFTER_SYMBOLS: tuple[type[Event], ...] = (
    EventCardUnpicked, EventCardTaken, PhaseStarted, TurnStarted, EventDisplayLaid)
# Events with nothing to see on the map (the log and the panels show them).
UNSEEN: frozenset[type[Event]] = frozenset({
    GameStarted, TurnStarted, PhaseStarted, DecisionMade, GameEnded,
    TreasuryChanged, UnitsLost, LossesAssigned, BeneficiaryChosen, CalamitiesShown,
    CalamityDiscarded, CensusTaken, MovementTurn, ShipMaintained, TradeOffered,
    TradeRefused, TradeAccepted, AdvanceBought, CardDiscarded, CreditsPlaced,
    FreeAdvanceTaken, LibraryDiscountUsed, PurchaseCalledOff, AstAdvanced,
    DiscardsReturned, AbilityUsed, TributeGiven, CardCashed, CitySupportShort,
    TokenConflictEnded, UnitsAnnexed, CityAttacked,
    # The Events module: its display and hand panels show these.
    EventDisplayLaid, PrivateEventsReturned, AgeBegins, EventsEnd,
    BonusVictoryPoints, EventFellShort,
})


def reorder(events: Sequence[Event]) -> list[Event]:
    """Each place event moved before the losses just ahead of it."""
    out = list(events)
    for i in range(len(out)):
        if isinstance(out[i], PLACES):
            j = i
            while j > 0 and isinstance(out[j - 1], LOSSES):
                j -= 1
            if j < i:
                out.insert(j, out.pop(i))
    return out


class Builder:
    """Keeps which calamity is under way from one batch to the next."""

    def __init__(self) -> None:
        self.look: Look | None = None

    def steps(self, events: Sequence[Event]) -> list[list[Part]]:
        events = reorder(events)
        out: list[list[Part]] = []
        striking = False  # a striking event card's effects under way in this batch
        banners: list[int] = []  # steps holding a striking card's banner alone
        i = 0
        while i < len(events):
            e = events[i]
            group = self._belonging(events, i)
            if group > 1:
                out.append([self._group_part(events[i:i + group])])
                i += group
                continue
            if isinstance(e, TOGETHER) and self.look is None:
                j = i
                while j < len(events) and type(events[j]) is type(e) and j - i < 40:
                    j += 1
                parts = [p for p in (self.part(ev) for ev in events[i:j]) if p is not None]
                for n, p in enumerate(parts):
                    p.delay = min(n * STAGGER, 0.8)
                if parts:
                    out.append(parts)
                i = j
                continue
            match e:
                case TokensRemoved():  # one part for a run from the same stack
                    run = [e]
                    while i + len(run) < len(events):
                        other = events[i + len(run)]
                        if not (isinstance(other, TokensRemoved)
                                and (other.player, other.area) == (e.player, e.area)):
                            break
                        run.append(other)
                    out.append([RemoveTokens(run, self._losses())])
                    i += len(run)
                    continue
                case CalamityRevealed():
                    self.look = look_for(e.calamity)
                    out.append([CalamityStarts([e], self.look), self._banner(e)])
                case CalamityResolved():
                    out.append([CalamityEnds([e])])
                    self.look = None
                case EventCardTaken():
                    if striking:  # the card before has done its work
                        self.look, striking = None, False
                    look = STRIKING.get(e.card)
                    if look is not None and not e.private and self.look is None:
                        self.look, striking = look, True  # its losses go in its way
                        banners.append(len(out))
                        out.append([Banner([e], card_title(e.card),
                                           f"strikes {civ_name(e.player)}", look.colour)])
                case EventCardUnpicked():  # its secondary symbols resolve
                    if symbols_of(e.card):
                        after = events[i + 1:]
                        results = next((k for k, ev in enumerate(after)
                                        if isinstance(ev, AFTER_SYMBOLS)), len(after))
                        out.append([SymbolsResolve(e, results)])
                case EarthquakeStruck() | AvalancheStruck():
                    self.look = QUAKE  # the ground shakes: cities fall in dust, not in flames
                    out.append([Quake([e])])
                case _:
                    part = self.part(e)
                    if part is not None:
                        out.append([part])
            i += 1
        if striking:
            self.look = None
        for b in reversed(banners):  # the banner over the card's first moment, not before it
            if b + 1 < len(out):
                out[b:b + 2] = [out[b] + out[b + 1]]
        return out

    def _losses(self) -> str:
        return self.look.losses if self.look is not None else "fall"

    def _banner(self, e: CalamityRevealed) -> Banner:
        look = self.look
        assert look is not None
        title = nice(e.calamity).title()
        by = f" — traded by {civ_name(e.traded_by)}" if e.traded_by else ""
        return Banner([], title, f"strikes {civ_name(e.victim)}{by}", look.colour)

    def _belonging(self, events: Sequence[Event], i: int) -> int:
        """How many events from `i` on make one part (1: just this one)."""
        e = events[i]
        if isinstance(e, TokenConflictStarted):
            for j in range(i + 1, len(events)):
                if isinstance(events[j], TokenConflictEnded):
                    return j - i + 1
            return len(events) - i
        if isinstance(e, TokensRemoved | TokensPlaced | CityAnnexed):
            for j in range(i, min(len(events), i + 4)):
                other = events[j]
                if isinstance(other, UnitsAnnexed) and other.area == e.area:
                    return j - i + 1
                if (not isinstance(other, TokensRemoved | TokensPlaced | CityAnnexed)
                        or other.area != e.area):
                    break
        if isinstance(e, TokensRemoved):  # the tokens that went into a new city
            for j in range(i, min(len(events), i + 8)):
                other = events[j]
                if isinstance(other, CityBuilt) and other.area == e.area:
                    return j - i + 1
                if not isinstance(other, TokensRemoved) or other.area != e.area:
                    break
        return 1

    def _group_part(self, events: Sequence[Event]) -> Part:
        first, last = events[0], events[-1]
        if isinstance(first, TokenConflictStarted):
            return Battle(events)
        if isinstance(last, CityBuilt):
            return RisingCity(events)
        assert isinstance(last, UnitsAnnexed)  # the only other end `_belonging` groups to
        return Turncoat(events, last.area, last.previous, last.player, last.tokens)

    def part(self, e: Event) -> Part | None:
        match e:
            case TokensPlaced():
                return PlaceTokens([e])
            case TokensMoved():
                return MoveTokens([e])
            case CityBuilt():
                return RisingCity([e])
            case BarbariansPlaced():
                return HordeArrives([e])
            case BarbariansMoved():
                return HordeMarches([e])
            case BarbariansDisbanded():
                return HordeDisbands([e])
            case ShipsLost():
                return ShipsGone([e])
            case ShipSailed():
                return Sail([e])
            case ShipBuilt():
                return ShipLaunch([e])
            case VolcanoErupted():
                return Eruption([e])
            case EarthquakeStruck() | AvalancheStruck():
                return Quake([e])
            case CycloneStruck():
                return CycloneHit([e])
            case FloodStruck():
                return FloodHit([e])
            case TsunamiStruck():
                return TsunamiHit([e])
            case TokensRemoved():
                return RemoveTokens([e], self._losses())
            case CityReduced() | CityDestroyed() | CityTaken():
                return FallingCity([e], fire=self.look in (FIRE, ERUPTION))
            case CityAnnexed():
                return Turncoat([e], e.area, e.previous, e.player, 0)
            case PirateCityCreated():
                return Turncoat([e], e.area, e.player, PIRATE, 0)
            case TradeCardDrawn() | TradeCardBought() | CardPlundered():
                return CardFlight([e], 1, outward=False)
            case CardsGiven():
                return CardFlight([e], len(e.cards), outward=False)
            case CardsDiscarded():
                return CardFlight([e], len(e.cards), outward=True)
            case MarkerPlaced():
                return MarkerLands([e])
            case EventCheck() if e.die == "d10" and ":" in e.result:
                return RegionRoll([e])
            case (PestilenceStruck() | TribesClashed() | DroughtStruck() | GeneralDroughtStruck()
                  | CivilWarSelected()):
                return Spread([e], e.areas)
        return self._note(e)

    def _note(self, e: Event) -> Part | None:
        who = getattr(e, "player", "") or getattr(e, "victim", "")
        text = ""
        match e:
            case TreasuryChanged() if self.look is not None and e.change < 0:
                return Note([e], f"{civ_name(e.player)}: −{-e.change} treasury", None,
                            (255, 220, 120), who=e.player, burst="gold")
            case AstRegressedByCalamity():
                text = f"{civ_name(e.player)}: A.S.T. back" + (f" {e.steps}" if e.steps else "")
            case AstRegressed():  # the A.S.T. phase's: no number of steps
                text = f"{civ_name(e.player)}: A.S.T. back"
            case AdvanceLost():
                text = f"{civ_name(e.player)} loses {_advance(e.advance)}"
            case AdvanceReceived():
                text = f"{civ_name(e.player)} gains {_advance(e.advance)}"
            case RegressionCancelled():
                text = f"{civ_name(e.player)}: regression cancelled"
            case CalamityAverted() | CalamityNoEffect():
                text = "No effect" + (f": {e.reason}" if e.reason else "")
            case CitiesSpared():
                cities = "city" if e.cities == 1 else "cities"
                text = f"{civ_name(e.player)} spares {e.cities} {cities}"
            case RaidersStruck():
                text = f"Raiders: {civ_name(e.player)} pays {e.paid}"
            case WarSpread():
                text = f"War spreads to {civ_name(e.player)} (−{e.loss})"
            case CivilWarFactions():
                text = f"{civ_name(e.beneficiary)} takes a faction of {civ_name(e.victim)}"
            case EventCheck() if e.die == "d2":  # a city's check: shown when it fails
                text = f"{civ_name(e.player)}: check failed" if e.result == "fail" else ""
            case EventCheck():  # a usurper's roll-off ("ruler 7")
                side, _, face = e.result.partition(" ")
                text = f"{civ_name(e.player)}: {nice(side)} rolls {face}".rstrip()
        if not text:
            return None
        return Note([e], text, None, who=who)


def _advance(aid: str) -> str:
    adv = load_game_data().advances.get(aid)
    return adv.name if adv is not None else nice(aid)
