"""Core events as lines of the game log: plain words, the players involved, the rule clause."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import Event
from game.core.gamedata import load_game_data

from .theme import PHASE_NAMES, civ_names


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


def _count(n: object, one: str, many: str | None = None) -> str:
    many = many or one + "s"
    return f"{n} {one if n == 1 else many}"


# One formatter per event type; anything missing falls back to the event's own description.
def _fmt(kind: str, e: dict[str, Any]) -> str | None:
    p = name(e.get("player", ""))
    table: dict[str, Any] = {
        "TokensPlaced": lambda: f"{p} places {_count(e['count'], 'token')} in {e['area']}",
        "TokensRemoved": lambda: f"{p} loses {_count(e['count'], 'token')} in {e['area']}",
        "TokensMoved": lambda: (f"{p} moves {_count(e['count'], 'token')} from {e['source']} to "
                                f"{e['target']}" + (" by ship" if e.get("by_ship") else "")),
        "CityBuilt": lambda: f"{p} builds a city in {e['area']}",
        "CityReduced": lambda: f"{p}'s city in {e['area']} is reduced",
        "CityDestroyed": lambda: f"{p}'s city in {e['area']} is destroyed",
        "CityAnnexed": lambda: f"{p} annexes {name(e['previous'])}'s city in {e['area']}",
        "TreasuryChanged": lambda: (f"{p} puts {e['change']} in the treasury" if e["change"] > 0
                                    else f"{p} spends {-e['change']} from the treasury"),
        "AdvanceBought": lambda: f"{p} buys {card_name(e['advance'])} for {e['price']}",
        "AstAdvanced": lambda: f"{p} advances on the A.S.T. to {e['space']} ({nice(e['epoch'])})",
        "CalamityRevealed": lambda: (f"Calamity: {card_name(e['calamity'])} strikes "
                                     f"{name(e['victim'])}"
                                     + (f" (traded by {name(e['traded_by'])})"
                                        if e.get("traded_by") else "")),
        "CalamityResolved": lambda: f"{card_name(e['calamity'])} is over",
        "CalamityAverted": lambda: f"{card_name(e['calamity'])} averted: {e['reason']}",
        "CensusTaken": lambda: f"{p}: census {e['census']}",
        "TradeCardDrawn": lambda: (f"{p} draws a card from stack {e['stack']}"
                                   + (" (water)" if e.get("water") else "")),
        "TradeCardBought": lambda: f"{p} buys a card from stack {e['stack']} for {e['price']}",
        "TradeOffered": lambda: (f"{p} {'counters' if e.get('counter') else 'offers'} "
                                 f"{name(e['partner'])} {_count(e['count'], 'card')} incl. "
                                 f"{' and '.join(map(card_name, e['named']))}"),
        "TradeAccepted": lambda: (f"{p} accepts {name(e['partner'])}'s offer, giving "
                                  f"{_count(e['count'], 'card')} incl. "
                                  f"{' and '.join(map(card_name, e['named']))}"),
        "TradeRefused": lambda: f"{p} refuses {name(e['partner'])}'s offer",
        "ShipBuilt": lambda: f"{p} builds a ship in {e['area']}",
        "ShipSailed": lambda: f"{p}'s ship sails from {e['source']} to {e['target']}",
        "ShipsLost": lambda: f"{p} loses {_count(e['count'], 'ship')} in {e['area']}",
        "ShipMaintained": lambda: f"{p} keeps the ship in {e['area']}",
        "BarbariansPlaced": lambda: f"{_count(e['count'], 'barbarian')} land in {e['area']}",
        "BarbariansMoved": lambda: f"Barbarians march from {e['source']} to {e['target']}",
        "BarbariansDisbanded": lambda: f"The barbarians in {e['area']} disband",
        "LibraryDiscountUsed": lambda: f"{p} uses the Library: {e['points']} off",
        "PurchaseCalledOff": lambda: f"{p} calls off buying {card_name(e['advance'])}",
        "FreeAdvanceTaken": lambda: f"{p} takes {card_name(e['advance'])} free",
        "CreditsPlaced": lambda: f"{p} places {e['points']} credits on {e['group']}",
        "AstRegressed": lambda: f"{p} falls back on the A.S.T.",
        "DiscardsReturned": lambda: (f"{_count(e['count'], 'card')} "
                                     f"{'goes' if e['count'] == 1 else 'go'} back under stack "
                                     f"{e['stack']}"),
        "CalamitiesShown": lambda: f"{p} holds {_count(e['count'], 'calamity', 'calamities')}",
        "CalamityDiscarded": lambda: f"{p} returns {card_name(e['card'])} unresolved",
        "CitySupportShort": lambda: (f"{p}'s tokens support too few cities "
                                     f"({e['tokens']} of {e['needed']})"),
        "TokenConflictStarted": lambda: f"Conflict in {e['area']}",
        "TokenConflictEnded": lambda: f"The conflict in {e['area']} is over",
        "CityTaken": lambda: f"{name(e['attacker'])} takes the city in {e['area']}",
        "CardPlundered": lambda: f"{p} plunders a card from {name(e['victim'])}",
        "AbilityUsed": lambda: f"{p} uses {card_name(e['ability'])}",
        "TributeGiven": lambda: f"{p} pays tribute to {name(e['to'])}",
        "CardCashed": lambda: f"{p} cashes {card_name(e['card'])} for {e['treasury']}",
        "LossesAssigned": lambda: f"{name(e['chooser'])} shares out the losses",
        "AvalancheStruck": lambda: f"Avalanches strike {p}",
        "CardsDiscarded": lambda: f"{p} discards {_count(len(e['cards']), 'card')}",
        "CardsGiven": lambda: f"{p} gives {_count(len(e['cards']), 'card')} to {name(e['to'])}",
        "BeneficiaryChosen": lambda: f"{p} gains from {card_name(e['calamity'])}",
        "CalamityNoEffect": lambda: f"{card_name(e['calamity'])} has no effect",
        "UnitsAnnexed": lambda: (f"{p} takes over {name(e['previous'])}'s units in {e['area']}"),
        "CivilWarFactions": lambda: f"Civil war splits {name(e['victim'])}",
        "CivilWarSelected": lambda: (f"Civil war: {name(e['beneficiary'])} takes "
                                     f"{e['points']} points"),
        "CitiesSpared": lambda: f"{p} spares cities",
        "DroughtStruck": lambda: "Drought",
        "GeneralDroughtStruck": lambda: "General drought",
        "PestilenceStruck": lambda: f"Pestilence strikes {p}",
        "RaidersStruck": lambda: f"Raiders strike {p}",
        "RegressionCancelled": lambda: f"{p}'s regression is cancelled",
        "AdvanceLost": lambda: f"{p} loses {card_name(e['advance'])}",
        "AdvanceReceived": lambda: f"{p} receives {card_name(e['advance'])}",
        "WarSpread": lambda: f"War spreads to {p}",
        "TribesClashed": lambda: f"Tribes clash in {p}'s lands",
        "TsunamiStruck": lambda: f"Tsunami at {e['area']}",
        "VolcanoErupted": lambda: f"Volcano {e['volcano']} erupts over {', '.join(e['areas'])}",
        "EarthquakeStruck": lambda: f"Earthquake in {e['area']}",
        "FloodStruck": lambda: f"Flood on {e['plain']}",
        "CycloneStruck": lambda: f"Cyclone over {e['sea']}",
        "PirateCityCreated": lambda: f"Pirates seize the city in {e['area']}",
        "CityAttacked": lambda: (f"{name(e['attacker'])} attacks {name(e['defender'])}'s city in "
                                 f"{e['area']}: {'taken' if e['success'] else 'holds'}"),
        "UnitsLost": lambda: f"{p} loses {_count(e['points'], 'unit point')}",
        "CardDiscarded": lambda: f"{p} discards {card_name(e['card'])}",
        "MovementTurn": lambda: f"{p} moves",
    }
    fn = table.get(kind)
    return str(fn()) if fn else None


def log_line(event: Event, turn: int, phase: str) -> LogLine:
    data = event.to_dict()
    kind = data.pop("type")
    rule = str(data.pop("rule", ""))
    players = tuple(
        v for k, v in data.items()
        if isinstance(v, str) and k in ("player", "partner", "victim", "attacker", "defender",
                                        "previous", "to", "chooser", "beneficiary")
    )
    if kind == "TurnStarted":
        return LogLine(turn, phase, f"Turn {data['turn']}", (), rule, heading=True)
    if kind == "PhaseStarted":
        text = PHASE_NAMES.get(str(data["phase"]), nice(data["phase"]))
        return LogLine(turn, str(data["phase"]), text, (), rule, heading=True)
    try:
        text = _fmt(kind, data)
    except (KeyError, TypeError):
        text = None
    if text is None:
        text = event.describe().split(" [")[0]
    return LogLine(turn, phase, text, players, rule)
