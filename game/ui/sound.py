"""Short sound effects at the settings' volume: a click for buttons, and a sound for what
happens on the board (a card drawn, a city built, a calamity, barbarian drums, a trade, an
advance). Sound never stops the game: with no audio device, a missing file or a failing mixer
the client is silent, and says why once in the log.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable

import pygame

from game.core import (
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
)
from game.persist import Settings

from .theme import assets_dir

log = logging.getLogger(__name__)

EVENT_SOUNDS: dict[type[Event], str] = {
    TradeCardDrawn: "card",
    TradeCardBought: "card",
    CityBuilt: "city",
    CalamityRevealed: "calamity",
    BarbariansPlaced: "drums",
    BarbariansMoved: "drums",
    TradeAccepted: "coins",
    AdvanceBought: "advance",
}
# Events heard as nothing: the animations and the log show them.
SILENT: frozenset[type[Event]] = frozenset({
    AbilityUsed, AdvanceLost, AdvanceReceived, AgeBegins, AstAdvanced, AstRegressed,
    AstRegressedByCalamity, AvalancheStruck, BarbariansDisbanded, BeneficiaryChosen,
    BonusVictoryPoints, EventFellShort,
    CalamitiesShown, CalamityAverted, CalamityDiscarded, CalamityNoEffect, CalamityResolved,
    CardCashed, CardDiscarded, CardPlundered, CardsDiscarded, CardsGiven, CensusTaken,
    CitiesSpared, CityAnnexed, CityAttacked, CityDestroyed, CityReduced, CitySupportShort,
    CityTaken, CivilWarFactions, CivilWarSelected, CreditsPlaced, CycloneStruck, DecisionMade,
    DiscardsReturned, DroughtStruck, EarthquakeStruck, EventCardTaken, EventCardUnpicked,
    EventCheck, EventDisplayLaid, EventsEnd, FloodStruck, FreeAdvanceTaken, GameEnded,
    GameStarted, GeneralDroughtStruck, LibraryDiscountUsed, LossesAssigned, MarkerPlaced,
    MovementTurn, PestilenceStruck, PhaseStarted, PirateCityCreated, PrivateEventsReturned,
    PurchaseCalledOff, RaidersStruck, RegressionCancelled, ShipBuilt, ShipMaintained,
    ShipSailed, ShipsLost, TokenConflictEnded, TokenConflictStarted, TokensMoved, TokensPlaced,
    TokensRemoved, TradeOffered, TradeRefused, TreasuryChanged, TribesClashed, TributeGiven,
    TsunamiStruck, TurnStarted, UnitsAnnexed, UnitsLost, VolcanoErupted, WarSpread,
})
MIN_GAP = 0.09  # seconds: the same sound again sooner than this is skipped (bursts of events)
MOST_AT_ONCE = 2  # different sounds started for one batch of events


class Sounds:
    def __init__(self, settings: Callable[[], Settings]) -> None:
        self.settings = settings
        self.working = True  # False once the mixer failed: silent from then on
        self.last: str | None = None  # the last sound started (tests look at it)
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._started: dict[str, float] = {}

    def play(self, name: str, volume: float | None = None) -> bool:
        """Start sound `name` (at `volume`, else the settings'); whether it was started."""
        settings = self.settings()
        level = settings.volume if volume is None else volume
        if not (settings.sound and level > 0 and self.working):
            return False
        now = time.monotonic()
        if now - self._started.get(name, -MIN_GAP) < MIN_GAP:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            sound.set_volume(max(0.0, min(1.0, level)))
            sound.play()
        except pygame.error as err:
            self._give_up(f"cannot play sounds: {err}")
            return False
        self._started[name] = now
        self.last = name
        return True

    def events(self, events: Iterable[Event]) -> None:
        """The sounds of a batch of core events: each kind once, at most a couple at a time."""
        names = dict.fromkeys(EVENT_SOUNDS[kind] for kind in map(type, events)
                              if kind in EVENT_SOUNDS)
        for name in list(names)[:MOST_AT_ONCE]:
            self.play(name)

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        if self._mixer_ready():
            path = assets_dir() / "sounds" / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as err:
                log.warning("sound %s not loaded: %s", name, err)
        self._sounds[name] = sound
        return sound

    def _mixer_ready(self) -> bool:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init()
        except (pygame.error, NotImplementedError, AttributeError) as err:  # no audio device,
            self._give_up(f"no sound ({err})")  # or a pygame built without a mixer: silence
            return False
        return self.working

    def _give_up(self, why: str) -> None:
        if self.working:
            log.info("%s", why)
        self.working = False
