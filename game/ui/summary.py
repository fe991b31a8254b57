""""Since your last turn": what the others' moves did to one player, from the events they
reported — the calamities that struck them, what they lost and where, what they gained, who
traded with them. Moves that touched the player in no way say nothing.

    summary_lines(events, "assyria", graph)
    -> ["Famine struck you (traded by Egypt)", "You lost 5 tokens: 3 in Nineveh, 2 in Assur", ...]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.core import (
    AdvanceLost,
    AdvanceReceived,
    BeneficiaryChosen,
    CalamityRevealed,
    CardPlundered,
    CardsGiven,
    CityAnnexed,
    CityDestroyed,
    CityReduced,
    CityTaken,
    Event,
    MapGraph,
    ShipsLost,
    TokensRemoved,
    TradeAccepted,
    TradeCardDrawn,
    UnitsAnnexed,
)

from .logtext import card_name, name
from .prompts import names


def _plural(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def _where(counts: Counter[str], place: dict[str, str]) -> str:
    return ", ".join(f"{n} in {place.get(a, a)}" for a, n in counts.most_common())


def _places(areas: list[str], place: dict[str, str]) -> str:
    shown = [place.get(a, a) for a in areas]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def summary_lines(events: Iterable[Event], player: str, graph: MapGraph | None) -> list[str]:
    table = names(graph)
    struck: list[str] = []
    tokens: Counter[str] = Counter()
    reduced: list[str] = []
    destroyed: list[str] = []
    lost_to: list[str] = []
    ships = 0
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
            case TokensRemoved(area=area, count=n) if who == player:
                tokens[area] += n
            case CityReduced(area=area) if who == player:
                reduced.append(area)
            case CityDestroyed(area=area) if who == player:
                destroyed.append(area)
            case ShipsLost(count=n) if who == player:
                ships += n
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
    if tokens:
        total = sum(tokens.values())
        lines.append(f"You lost {_plural(total, 'token')}: {_where(tokens, table)}")
    for areas, what in ((reduced, "reduced"), (destroyed, "destroyed")):
        if areas:
            one = len(areas) == 1
            lines.append(f"Your {'city' if one else 'cities'} in {_places(areas, table)} "
                         f"{'was' if one else 'were'} {what}")
    if ships:
        lines.append(f"You lost {_plural(ships, 'ship')}")
    if advances_lost:
        lines.append(f"You lost {', '.join(advances_lost)}")
    lines += lost_to + gains
    if drawn:
        lines.append(f"You drew {_plural(drawn, 'trade card')}")
    lines += sorted(set(trades), key=trades.index)
    return lines
