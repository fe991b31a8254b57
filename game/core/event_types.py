"""Every event class the core reports, in one place: the layers above dispatch on these types
(`match event: case TokensMoved(): ...`), never on class names. The classes stay in the modules
whose procedures report them; this module only gathers them. Class names are unique: they are
the "type" of an event's plain form (Event.to_dict), which `EVENT_TYPES` reads back."""

from __future__ import annotations

from .calamities.avalanches import (
    AvalancheStruck,
)
from .calamities.barbarian_hordes import (
    BarbariansDisbanded,
    BarbariansMoved,
    BarbariansPlaced,
)
from .calamities.civil_war import (
    CivilWarFactions,
)
from .calamities.civil_war_mega import (
    CivilWarSelected,
)
from .calamities.corruption import (
    CardsDiscarded,
    CardsGiven,
)
from .calamities.cyclone import (
    CycloneStruck,
)
from .calamities.damage import (
    UnitsLost,
)
from .calamities.drought import (
    DroughtStruck,
)
from .calamities.flood import (
    FloodStruck,
)
from .calamities.general_drought import (
    GeneralDroughtStruck,
)
from .calamities.iconoclasm_and_heresy import (
    CitiesSpared,
)
from .calamities.losses import (
    CalamityAverted,
    LossesAssigned,
)
from .calamities.pestilence import (
    PestilenceStruck,
)
from .calamities.piracy import (
    PirateCityCreated,
)
from .calamities.raiders import (
    RaidersStruck,
)
from .calamities.regression import (
    AdvanceLost,
    AdvanceReceived,
    AstRegressedByCalamity,
    RegressionCancelled,
)
from .calamities.total_war import (
    WarSpread,
)
from .calamities.tribal_conflict import (
    TribesClashed,
)
from .calamities.tsunamis import (
    TsunamiStruck,
)
from .calamities.tyranny import (
    BeneficiaryChosen,
    CalamityNoEffect,
    UnitsAnnexed,
)
from .calamities.volcanic_eruption import (
    EarthquakeStruck,
    VolcanoErupted,
)
from .conflict_rules import (
    CardPlundered,
    CityAttacked,
    CityTaken,
    ShipsLost,
    TokenConflictEnded,
    TokenConflictStarted,
)
from .eventdeck.log import (
    AgeBegins,
    EventCardTaken,
    EventCardUnpicked,
    EventCheck,
    EventDisplayLaid,
    EventFellShort,
    EventsEnd,
    MarkerPlaced,
    PrivateEventsReturned,
)
from .eventdeck.war import (
    BonusVictoryPoints,
)
from .events import (
    CityAnnexed,
    CityBuilt,
    CityDestroyed,
    CityReduced,
    DecisionMade,
    Event,
    GameEnded,
    GameStarted,
    PhaseStarted,
    TokensMoved,
    TokensPlaced,
    TokensRemoved,
    TreasuryChanged,
    TurnStarted,
)
from .phases.advance_acquisition import (
    AdvanceBought,
    CardDiscarded,
    CreditsPlaced,
    FreeAdvanceTaken,
    LibraryDiscountUsed,
    PurchaseCalledOff,
)
from .phases.ast_alteration import (
    AstAdvanced,
    AstRegressed,
    DiscardsReturned,
)
from .phases.calamity_resolution import (
    CalamityResolved,
    CalamityRevealed,
)
from .phases.calamity_selection import (
    CalamitiesShown,
    CalamityDiscarded,
)
from .phases.movement import (
    MovementTurn,
)
from .phases.movement_ships import (
    ShipBuilt,
    ShipMaintained,
    ShipSailed,
)
from .phases.population_expansion import (
    CensusTaken,
)
from .phases.special_common import (
    AbilityUsed,
)
from .phases.special_provincial_empire import (
    TributeGiven,
)
from .phases.special_trade_routes import (
    CardCashed,
)
from .phases.trade import (
    TradeAccepted,
    TradeOffered,
    TradeRefused,
)
from .phases.trade_card_acquisition import (
    TradeCardBought,
    TradeCardDrawn,
)
from .population import (
    CitySupportShort,
)

ALL_EVENT_TYPES: tuple[type[Event], ...] = (
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

# class name (the "type" of an event's plain form) -> the class
EVENT_TYPES: dict[str, type[Event]] = {kind.__name__: kind for kind in ALL_EVENT_TYPES}

__all__ = [
    "ALL_EVENT_TYPES",
    "EVENT_TYPES",
    "AbilityUsed",
    "AdvanceBought",
    "AdvanceLost",
    "AdvanceReceived",
    "AgeBegins",
    "AstAdvanced",
    "AstRegressed",
    "AstRegressedByCalamity",
    "AvalancheStruck",
    "BarbariansDisbanded",
    "BarbariansMoved",
    "BarbariansPlaced",
    "BeneficiaryChosen",
    "BonusVictoryPoints",
    "CalamitiesShown",
    "CalamityAverted",
    "CalamityDiscarded",
    "CalamityNoEffect",
    "CalamityResolved",
    "CalamityRevealed",
    "CardCashed",
    "CardDiscarded",
    "CardPlundered",
    "CardsDiscarded",
    "CardsGiven",
    "CensusTaken",
    "CitiesSpared",
    "CityAnnexed",
    "CityAttacked",
    "CityBuilt",
    "CityDestroyed",
    "CityReduced",
    "CitySupportShort",
    "CityTaken",
    "CivilWarFactions",
    "CivilWarSelected",
    "CreditsPlaced",
    "CycloneStruck",
    "DecisionMade",
    "DiscardsReturned",
    "DroughtStruck",
    "EarthquakeStruck",
    "EventCardTaken",
    "EventCardUnpicked",
    "EventCheck",
    "EventDisplayLaid",
    "EventFellShort",
    "EventsEnd",
    "FloodStruck",
    "FreeAdvanceTaken",
    "GameEnded",
    "GameStarted",
    "GeneralDroughtStruck",
    "LibraryDiscountUsed",
    "LossesAssigned",
    "MarkerPlaced",
    "MovementTurn",
    "PestilenceStruck",
    "PhaseStarted",
    "PirateCityCreated",
    "PrivateEventsReturned",
    "PurchaseCalledOff",
    "RaidersStruck",
    "RegressionCancelled",
    "ShipBuilt",
    "ShipMaintained",
    "ShipSailed",
    "ShipsLost",
    "TokenConflictEnded",
    "TokenConflictStarted",
    "TokensMoved",
    "TokensPlaced",
    "TokensRemoved",
    "TradeAccepted",
    "TradeCardBought",
    "TradeCardDrawn",
    "TradeOffered",
    "TradeRefused",
    "TreasuryChanged",
    "TribesClashed",
    "TributeGiven",
    "TsunamiStruck",
    "TurnStarted",
    "UnitsAnnexed",
    "UnitsLost",
    "VolcanoErupted",
    "WarSpread",
]
