"""From a batch of core events to the steps that show them.

Events of one kind that happen together outside a calamity (the tokens of an expansion, the
cards of a draw) play side by side in one step; a calamity's events play one after another.
Events that belong together become one part: a conflict's removals one battle, the tokens
replaced in an annexation one change of colour, the tokens that went into a city its rising.
Where the core reports a calamity's place after the losses it caused (an earthquake, a flood),
the place is shown first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core import Event
from game.core.gamedata import load_game_data
from game.core.state import PIRATE

from ..logtext import name as civ_name
from ..logtext import nice
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
from .mirror import kind
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

# Where a calamity struck, reported after the losses it caused: shown before them.
PLACES = {"VolcanoErupted", "EarthquakeStruck", "CycloneStruck", "FloodStruck", "TsunamiStruck",
          "AvalancheStruck", "PestilenceStruck"}
LOSSES = {"CityDestroyed", "CityReduced", "TokensRemoved", "UnitsLost", "ShipsLost",
          "LossesAssigned"}
# Shown together in one step when several come at once outside a calamity.
TOGETHER = {"TokensPlaced", "TokensMoved", "TokensRemoved", "CityBuilt", "CityReduced",
            "ShipBuilt", "ShipSailed", "ShipsLost", "TradeCardDrawn", "TradeCardBought"}
STAGGER = 0.05  # seconds between parts shown together
# Events whose part is made from the event alone.
ONE_EVENT: dict[str, Callable[[list[Event]], Part]] = {
    "TokensPlaced": PlaceTokens, "TokensMoved": MoveTokens, "CityBuilt": RisingCity,
    "BarbariansPlaced": HordeArrives, "BarbariansMoved": HordeMarches,
    "BarbariansDisbanded": HordeDisbands, "ShipsLost": ShipsGone, "ShipSailed": Sail,
    "ShipBuilt": ShipLaunch, "VolcanoErupted": Eruption, "EarthquakeStruck": Quake,
    "AvalancheStruck": Quake, "CycloneStruck": CycloneHit, "FloodStruck": FloodHit,
    "TsunamiStruck": TsunamiHit,
}
# Events with nothing to see on the map (the log and the panels show them).
UNSEEN = {
    "GameStarted", "TurnStarted", "PhaseStarted", "DecisionMade", "GameEnded",
    "TreasuryChanged", "UnitsLost", "LossesAssigned", "BeneficiaryChosen", "CalamitiesShown",
    "CalamityDiscarded", "CensusTaken", "MovementTurn", "ShipMaintained", "TradeOffered",
    "TradeRefused", "TradeAccepted", "AdvanceBought", "CardDiscarded", "CreditsPlaced",
    "FreeAdvanceTaken", "LibraryDiscountUsed", "PurchaseCalledOff", "AstAdvanced",
    "DiscardsReturned", "AbilityUsed", "TributeGiven", "CardCashed", "CitySupportShort",
    "TokenConflictEnded", "UnitsAnnexed", "CityAttacked",
    # The Events module (issue 18): the client shows its display and markers in a later step.
    "EventDisplayLaid", "EventCardTaken", "EventCardUnpicked", "EventCheck", "MarkerPlaced",
    "PrivateEventsReturned", "AgeBegins", "EventsEnd",
}


def reorder(events: Sequence[Event]) -> list[Event]:
    """Each place event moved before the losses just ahead of it."""
    out = list(events)
    for i in range(len(out)):
        if kind(out[i]) in PLACES:
            j = i
            while j > 0 and kind(out[j - 1]) in LOSSES:
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
        i = 0
        while i < len(events):
            e: Any = events[i]
            k = kind(e)
            group = self._belonging(events, i)
            if group > 1:
                out.append([self._group_part(events[i:i + group])])
                i += group
                continue
            if k in TOGETHER and self.look is None:
                j = i
                while j < len(events) and kind(events[j]) == k and j - i < 40:
                    j += 1
                parts = [p for p in (self.part(ev) for ev in events[i:j]) if p is not None]
                for n, p in enumerate(parts):
                    p.delay = min(n * STAGGER, 0.8)
                if parts:
                    out.append(parts)
                i = j
                continue
            if k == "TokensRemoved":  # one part for a run from the same stack
                j = i + 1
                while (j < len(events) and kind(events[j]) == k
                       and (events[j].player, events[j].area) == (e.player, e.area)):  # type: ignore[attr-defined]
                    j += 1
                out.append([RemoveTokens(events[i:j], self._losses())])
                i = j
                continue
            if k == "CalamityRevealed":
                self.look = look_for(e.calamity)
                out.append([CalamityStarts([e], self.look), self._banner(e)])
            elif k == "CalamityResolved":
                out.append([CalamityEnds([e])])
                self.look = None
            elif k in ("EarthquakeStruck", "AvalancheStruck"):
                self.look = QUAKE  # the ground shakes: cities fall in dust, not in flames
                out.append([Quake([e])])
            else:
                part = self.part(e)
                if part is not None:
                    out.append([part])
            i += 1
        return out

    def _losses(self) -> str:
        return self.look.losses if self.look is not None else "fall"

    def _banner(self, e: Any) -> Banner:
        look = self.look
        assert look is not None
        title = nice(e.calamity).title()
        by = f" — traded by {civ_name(e.traded_by)}" if getattr(e, "traded_by", "") else ""
        return Banner([], title, f"strikes {civ_name(e.victim)}{by}", look.colour)

    def _belonging(self, events: Sequence[Event], i: int) -> int:
        """How many events from `i` on make one part (1: just this one)."""
        e: Any = events[i]
        k = kind(e)
        if k == "TokenConflictStarted":
            for j in range(i + 1, len(events)):
                if kind(events[j]) == "TokenConflictEnded":
                    return j - i + 1
            return len(events) - i
        if k in ("TokensRemoved", "TokensPlaced", "CityAnnexed"):
            for j in range(i, min(len(events), i + 4)):
                other: Any = events[j]
                ok = kind(other) in ("TokensRemoved", "TokensPlaced", "CityAnnexed")
                if kind(other) == "UnitsAnnexed" and other.area == e.area:
                    return j - i + 1
                if not ok or other.area != e.area:
                    break
        if k == "TokensRemoved":  # the tokens that went into a new city
            for j in range(i, min(len(events), i + 8)):
                other = events[j]
                if kind(other) == "CityBuilt" and other.area == e.area:
                    return j - i + 1
                if kind(other) != "TokensRemoved" or other.area != e.area:
                    break
        return 1

    def _group_part(self, events: Sequence[Event]) -> Part:
        first: Any = events[0]
        last: Any = events[-1]
        if kind(first) == "TokenConflictStarted":
            return Battle(events)
        if kind(last) == "CityBuilt":
            return RisingCity(events)
        return Turncoat(events, last.area, last.previous, last.player, last.tokens)

    def part(self, e: Any) -> Part | None:
        k = kind(e)
        made = ONE_EVENT.get(k)
        if made is not None:
            return made([e])
        look = self.look
        if k == "TokensRemoved":
            return RemoveTokens([e], self._losses())
        if k in ("CityReduced", "CityDestroyed", "CityTaken"):
            return FallingCity([e], fire=look in (FIRE, ERUPTION))
        if k == "CityAnnexed":
            return Turncoat([e], e.area, e.previous, e.player, 0)
        if k == "PirateCityCreated":
            return Turncoat([e], e.area, e.player, PIRATE, 0)
        if k in ("TradeCardDrawn", "TradeCardBought", "CardPlundered"):
            return CardFlight([e], 1, outward=False)
        if k == "CardsGiven":
            return CardFlight([e], len(e.cards), outward=False)
        if k == "CardsDiscarded":
            return CardFlight([e], len(e.cards), outward=True)
        if k in ("PestilenceStruck", "TribesClashed", "DroughtStruck", "GeneralDroughtStruck",
                 "CivilWarSelected"):
            return Spread([e], e.areas)
        return self._note(e)

    def _note(self, e: Any) -> Part | None:
        k = kind(e)
        who = getattr(e, "player", "") or getattr(e, "victim", "")
        text = ""
        if k == "TreasuryChanged" and self.look is not None and e.change < 0:
            return Note([e], f"{civ_name(e.player)}: −{-e.change} treasury", None,
                        (255, 220, 120), who=e.player, burst="gold")
        if k == "AstRegressed":
            steps = getattr(e, "steps", 0)  # the calamity's; the A.S.T. phase's has none
            text = f"{civ_name(e.player)}: A.S.T. back" + (f" {steps}" if steps else "")
        elif k == "AdvanceLost":
            text = f"{civ_name(e.player)} loses {_advance(e.advance)}"
        elif k == "AdvanceReceived":
            text = f"{civ_name(e.player)} gains {_advance(e.advance)}"
        elif k == "RegressionCancelled":
            text = f"{civ_name(e.player)}: regression cancelled"
        elif k in ("CalamityAverted", "CalamityNoEffect"):
            text = "No effect" + (f": {e.reason}" if getattr(e, "reason", "") else "")
        elif k == "CitiesSpared":
            text = f"{civ_name(e.player)} spares {e.cities} cit{'y' if e.cities == 1 else 'ies'}"
        elif k == "RaidersStruck":
            text = f"Raiders: {civ_name(e.player)} pays {e.paid}"
        elif k == "WarSpread":
            text = f"War spreads to {civ_name(e.player)} (−{e.loss})"
        elif k == "CivilWarFactions":
            text = f"{civ_name(e.beneficiary)} takes a faction of {civ_name(e.victim)}"
        if not text:
            return None
        return Note([e], text, None, who=who)


def _advance(aid: str) -> str:
    adv = load_game_data().advances.get(aid)
    return adv.name if adv is not None else nice(aid)
