"""Core events as lines of the game log: plain words, the players involved, the rule clause."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

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
    label_kind,
    label_value,
    load_event_cards,
    load_game_data,
)

from ..theme import PHASE_NAMES, civ_names
from .ended import ended_words
from .shortfall import shortfall_text


@dataclass(frozen=True)
class LogLine:
    turn: int
    phase: str
    text: str
    players: tuple[str, ...]  # who the line is about (for the filter)
    rule: str
    heading: bool = False  # a turn or phase marker


def name(pid: object) -> str:
    if not isinstance(pid, str):
        return str(pid)
    if pid == "barbarians":
        return "Barbarians"
    if pid == "pirate":
        return "Pirates"
    return civ_names().get(pid, pid)


def nice(ident: object) -> str:
    return str(ident).replace("_", " ")


def card_name(ident: object) -> str:
    """An advance, commodity or calamity by the name its card bears ("Cloth Making")."""
    data = load_game_data()
    key = str(ident)
    if key in data.advances:
        return data.advances[key].name
    if key in data.commodities:
        return data.commodities[key].name
    for ruleset in data.rulesets.values():
        if key in ruleset.calamities:
            return ruleset.calamities[key].name
    return nice(key)


def plural(n: object, one: str, many: str | None = None) -> str:
    """A count and its noun agreeing: "1 card", "2 cards", "1 calamity", "3 calamities"."""
    many = many or one + "s"
    return f"{n} {one if n == 1 else many}"


_count = plural


def _verb(pid: object, verb: str) -> str:
    """`verb` agreeing with the player `pid` names: "Barbarians attack", "Egypt attacks"."""
    return verb if pid in ("barbarians", "pirate") else verb + "s"


def rule_words(rule: str) -> str:
    """A log line's rule clause for players: "rules:phase-5b" reads "Rules, phase 5b",
    "000:event:21" "Events deck, event card 21", "004:16.2" "Events rules §16.2"."""
    parts = rule.split(":")
    if parts[0] == "rules" and len(parts) == 2:
        return "Rules, " + parts[1].replace("-", " ")
    if len(parts) == 3 and parts[2].isdigit():
        return f"Events deck, {nice(parts[1])} card {int(parts[2])}"
    if len(parts) == 2 and parts[0].isdigit():
        return f"Events rules §{parts[1]}"
    return nice(rule)


def event_title(card: str) -> str:
    """An event card of the Events module by its title ("Famine")."""
    found = load_event_cards().cards.get(card)
    return found.title if found is not None else nice(card).capitalize()


# A loss's cause (the core's cause labels, events.py) in words; the calamity or event card
# under way is named by its card, a conflict by the other side.
_CAUSES = {
    "population_limit": "population limit",
    "city_support": "city support",
    "city_built": "to build a city",
    "ship_upkeep": "ship not maintained",
    "ship_lapse": "an unkept ship taken to build one again",
    "ship_payment": "paid for a ship",
    "tax_revolt": "tax revolt",
    "symbol:lost_at_sea": "lost at sea, an event card's symbol",
    "symbol:unrest": "unrest, an event card's symbol",
}


def loss_cause(cause: tuple[str, ...] | list[str]) -> str:
    """Why a loss happened, in words, from its event's cause labels (nearest first): "population
    limit", "Famine", "Slave Revolt: city support", "conflict with Egypt", "ship not
    maintained"; "" when the event names none."""
    reasons: list[str] = []
    conflicts: list[str] = []
    card = ""
    for label in cause:
        kind, _, value = label.partition(":")
        if kind == "calamity" or kind == "event":
            card = card or (card_name(value) if kind == "calamity" else event_title(value))
        elif kind == "conflict":
            conflicts.append("the barbarians" if value == "barbarians"
                             else "the pirates" if value == "pirate" else name(value))
        elif kind == "ability":
            user, _, advance = value.partition(":")
            reasons.append(f"{name(user)}'s {card_name(advance)}")
        else:
            reasons.append(_CAUSES.get(label, nice(value or kind)))
    if conflicts:
        reasons.insert(0, "conflict with " + " and ".join(conflicts))
    why = ", ".join(reasons)
    if card:
        return f"{card}: {why}" if why else card
    return why


def _because(event: Event) -> str:
    """" (population limit)": the loss's cause for the end of its line, or ""."""
    why = loss_cause(getattr(event, "cause", ()))
    return f" ({why})" if why else ""


_AGES = ("", "I", "II", "III", "IV")
PRIVATE_TAKE_RULE = "004:16.2"  # the Event Action: what a private event's take may show
# Events that start a heading line of their own (see `log_line`).
HEADINGS: frozenset[type[Event]] = frozenset({TurnStarted, PhaseStarted})


def _text(event: Event, places: Mapping[str, str]) -> str | None:
    """The log's words for `event`, places named from `places` (area, sea, volcano and flood
    plain ids to names); None for the types in HEADINGS."""
    pid = getattr(event, "player", "")
    p = name(pid)

    def at(place: str) -> str:
        return places.get(place, nice(place))

    match event:
        case TokensPlaced(count=n, area=area):
            return f"{p} places {_count(n, 'token')} in {at(area)}"
        case TokensRemoved(count=n, area=area, cause=cause) if cause[:1] == ("city_built",):
            return f"{p} returns {_count(n, 'token')} in {at(area)} to stock to build a city"
        case TokensRemoved(count=n, area=area, cause=cause) if cause[:1] == ("ship_payment",):
            return f"{p} pays {_count(n, 'token')} in {at(area)} for a ship"
        case TokensRemoved(count=n, area=area):
            return f"{p} loses {_count(n, 'token')} in {at(area)}{_because(event)}"
        case TokensMoved():
            return (f"{p} moves {_count(event.count, 'token')} from {at(event.source)} to "
                    f"{at(event.target)}" + (" by ship" if event.by_ship else ""))
        case CityBuilt(area=area):
            return f"{p} builds a city in {at(area)}"
        case CityReduced(area=area):
            return f"{p}'s city in {at(area)} is reduced{_because(event)}"
        case CityDestroyed(area=area):
            return f"{p}'s city in {at(area)} is destroyed{_because(event)}"
        case CityAnnexed(previous=previous, area=area):
            return f"{p} annexes {name(previous)}'s city in {at(area)}"
        case BonusVictoryPoints(points=n):
            return f"{p} wins {_count(n, 'bonus victory point')}"
        case TreasuryChanged(change=change):
            return (f"{p} puts {change} in the treasury" if change > 0
                    else f"{p} spends {-change} from the treasury")
        case AdvanceBought(advance=advance, price=price):
            return f"{p} buys {card_name(advance)} for {price}"
        case AstAdvanced(space=space, epoch=epoch):
            return f"{p} advances on the A.S.T. to {space} ({nice(epoch)})"
        case CalamityRevealed(calamity=calamity, victim=victim, traded_by=by):
            return (f"Calamity: {card_name(calamity)} strikes {name(victim)}"
                    + (f" (traded by {name(by)})" if by else ""))
        case CalamityResolved(calamity=calamity):
            return f"{card_name(calamity)} is over"
        case CalamityAverted(calamity=calamity, reason=reason):
            return f"{card_name(calamity)} averted: {reason}"
        case CensusTaken(census=census):
            return f"{p}: census {census}"
        case TradeCardDrawn(stack=stack, water=water):
            return f"{p} draws a card from stack {stack}" + (" (water)" if water else "")
        case TradeCardBought(stack=stack, price=price):
            return f"{p} buys a card from stack {stack} for {price}"
        case TradeOffered():
            return (f"{p} {'counters' if event.counter else 'offers'} "
                    f"{name(event.partner)} {_count(event.count, 'card')} incl. "
                    f"{' and '.join(map(card_name, event.named))}")
        case TradeAccepted():
            return (f"{p} accepts {name(event.partner)}'s offer, giving "
                    f"{_count(event.count, 'card')} incl. "
                    f"{' and '.join(map(card_name, event.named))}")
        case TradeRefused(partner=partner):
            return f"{p} refuses {name(partner)}'s offer"
        case ShipBuilt(area=area):
            return f"{p} builds a ship in {at(area)}"
        case ShipSailed(source=source, target=target):
            return f"{p}'s ship sails from {at(source)} to {at(target)}"
        case ShipsLost(count=n, area=area):
            return f"{p} loses {_count(n, 'ship')} in {at(area)}{_because(event)}"
        case ShipMaintained(area=area):
            return f"{p} keeps the ship in {at(area)}"
        case BarbariansPlaced(count=n, area=area):
            return f"{_count(n, 'barbarian')} land in {at(area)}"
        case BarbariansMoved(source=source, target=target):
            return f"Barbarians march from {at(source)} to {at(target)}"
        case BarbariansDisbanded(area=area):
            return f"The barbarians in {at(area)} disband"
        case LibraryDiscountUsed(points=points):
            return f"{p} uses the Library: {points} off"
        case PurchaseCalledOff(advance=advance):
            return f"{p} calls off buying {card_name(advance)}"
        case FreeAdvanceTaken(advance=advance):
            return f"{p} takes {card_name(advance)} free"
        case CreditsPlaced(points=points, group=group):
            return f"{p} places {points} credits on {group}"
        case AstRegressed() | AstRegressedByCalamity():
            return f"{p} falls back on the A.S.T."
        case DiscardsReturned(count=n, stack=stack):
            return f"{_count(n, 'card')} {'goes' if n == 1 else 'go'} back under stack {stack}"
        case CalamitiesShown(count=n):
            return f"{p} holds {_count(n, 'calamity', 'calamities')}"
        case CalamityDiscarded(card=card):
            return f"{p} returns {card_name(card)} unresolved"
        case CitySupportShort(tokens=tokens, needed=needed):
            return f"{p}'s tokens support too few cities ({tokens} of {needed})"
        case TokenConflictStarted(area=area):
            return f"Conflict in {at(area)}"
        case TokenConflictEnded(area=area):
            return f"The conflict in {at(area)} is over"
        case CityTaken(attacker=attacker, area=area):
            return f"{name(attacker)} takes the city in {at(area)}"
        case CardPlundered(victim=victim):
            return f"{p} plunders a card from {name(victim)}"
        case AbilityUsed(ability=ability):
            return f"{p} uses {card_name(ability)}"
        case TributeGiven(to=to):
            return f"{p} pays tribute to {name(to)}"
        case CardCashed(card=card, treasury=treasury):
            return f"{p} cashes {card_name(card)} for {treasury}"
        case LossesAssigned(chooser=chooser):
            return f"{name(chooser)} shares out the losses"
        case AvalancheStruck():
            return f"Avalanches strike {p}"
        case CardsDiscarded(cards=cards):
            return f"{p} discards {_count(len(cards), 'card')}"
        case CardsGiven(cards=cards, to=to):
            return f"{p} gives {_count(len(cards), 'card')} to {name(to)}"
        case BeneficiaryChosen(calamity=calamity):
            return f"{p} gains from {card_name(calamity)}"
        case CalamityNoEffect(calamity=calamity):
            return f"{card_name(calamity)} has no effect"
        case UnitsAnnexed(previous=previous, area=area):
            return f"{p} takes over {name(previous)}'s units in {at(area)}"
        case CivilWarFactions(victim=victim):
            return f"Civil war splits {name(victim)}"
        case CivilWarSelected(beneficiary=beneficiary, points=points):
            return f"Civil war: {name(beneficiary)} takes {points} points"
        case CitiesSpared():
            return f"{p} spares cities"
        case DroughtStruck():
            return "Drought"
        case GeneralDroughtStruck():
            return "General drought"
        case PestilenceStruck():
            return f"Pestilence strikes {p}"
        case RaidersStruck():
            return f"Raiders strike {p}"
        case RegressionCancelled():
            return f"{p}'s regression is cancelled"
        case AdvanceLost(advance=advance):
            return f"{p} loses {card_name(advance)}"
        case AdvanceReceived(advance=advance):
            return f"{p} receives {card_name(advance)}"
        case WarSpread():
            return f"War spreads to {p}"
        case TribesClashed():
            return f"Tribes clash in {p}'s lands"
        case TsunamiStruck(area=area):
            return f"Tsunami at {at(area)}"
        case VolcanoErupted(volcano=volcano, areas=areas):
            return f"Volcano {at(volcano)} erupts over {', '.join(map(at, areas))}"
        case EarthquakeStruck(area=area):
            return f"Earthquake in {at(area)}"
        case FloodStruck(plain=plain):
            return f"Flood on the {at(plain)} flood plain"
        case CycloneStruck(sea=sea):
            return f"Cyclone over {at(sea)}"
        case PirateCityCreated(area=area):
            return f"Pirates seize the city in {at(area)}"
        case CityAttacked():
            return (f"{name(event.attacker)} {_verb(event.attacker, 'attack')} "
                    f"{name(event.defender)}'s city in "
                    f"{at(event.area)}: {'taken' if event.success else 'holds'}")
        case UnitsLost(points=points):
            return f"{p} loses {_count(points, 'unit point')}"
        case CardDiscarded(card=card):
            return f"{p} discards {card_name(card)}"
        case MovementTurn():
            return f"{p} moves"
        case GameStarted(players=players, ruleset=ruleset):
            return (f"A game of {len(players)} begins ({nice(ruleset)} calamities, seed "
                    f"{event.seed})")
        case DecisionMade(choice=choice):
            kind, value = label_kind(choice), label_value(choice)
            chosen = (at(value) if kind in ("area", "sea", "volcano", "flood")
                      else name(value) if kind == "player"
                      else card_name(value) if kind in ("card", "advance")
                      else value or nice(choice))
            return f"{p} chooses {chosen}"
        case GameEnded(scores=scores):
            ranking = ", ".join(f"{name(pid)} {score}" for pid, score in scores)
            why = ended_words(event.ended_by)
            return f"The game is over ({why}): {ranking}"
        case EventDisplayLaid(age=age, face_up=face_up, face_down=hidden):
            shown = ", ".join(map(event_title, face_up))
            return (f"Age {_AGES[age] if age < len(_AGES) else age} events laid out: {shown}"
                    + (f" and {_count(hidden, 'card')} face down" if hidden else ""))
        case EventCardTaken(card=card, private=private):
            if private:
                return f"{p} takes an event into their hand"
            found = load_event_cards().cards.get(card)
            if found is not None and not found.public:  # a private event played from the hand
                return f"{p} plays {found.title}"
            if found is not None and found.target == "realm" and found.realm:
                # it strikes its civilization, whoever took it
                whose = f"{name(found.realm)}'s" if found.realm != pid else "their own"
                return f"{p} takes {found.title}, an event of {whose} realm"
            return f"{p} takes {event_title(card)}"
        case EventCardUnpicked(card=card):
            return f"{event_title(card)} is left unpicked"
        case EventCheck(die=die, result=result):
            side, _, number = result.partition(":")
            rolled = f"region {number} of the {side}" if number else result
            return f"{p} rolls {die.upper()}: {rolled}"
        case MarkerPlaced(kind=kind, where=where, turns=turns):
            side, _, number = where.partition(":")
            place = (f"region {number} of the {side}" if side in ("west", "east") and number
                     else civ_names().get(where) or at(where))
            return f"{nice(kind).capitalize()} on {place} for {_count(turns, 'turn')}"
        case PrivateEventsReturned(count=n):
            return f"{p} returns {_count(n, 'event card')} to the deck"
        case AgeBegins(age=age, cards=cards):
            return f"Age {_AGES[age] if age < len(_AGES) else age} begins ({_count(cards, 'card')})"
        case EventsEnd():
            return "The event decks are spent: no more events"
        case EventFellShort():  # what a card could not do, and why (words/shortfall.py)
            return shortfall_text(p, event.card, event.what, event.done, event.asked,
                                  event.why)
    return None


def log_line(event: Event, turn: int, phase: str,
             places: Mapping[str, str] = MappingProxyType({})) -> LogLine:
    data = event.to_dict()
    rule = event.rule
    if isinstance(event, EventCardTaken) and event.private:
        rule = PRIVATE_TAKE_RULE  # the card's own clause would tell everyone which card it is
    players = tuple(
        v for k, v in data.items()
        if isinstance(v, str) and k in ("player", "partner", "victim", "attacker", "defender",
                                        "previous", "to", "chooser", "beneficiary")
    )
    match event:
        case TurnStarted():
            return LogLine(turn, phase, f"Turn {event.turn}", (), rule, heading=True)
        case PhaseStarted():
            heading = PHASE_NAMES.get(event.phase, nice(event.phase))
            return LogLine(turn, event.phase, heading, (), rule, heading=True)
    return LogLine(turn, phase, _text(event, places) or "", players, rule)
