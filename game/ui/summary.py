""""Since your last turn": what the others' moves did to one player, from the events they
reported — the calamities that struck them, what they lost and where, what they gained, who
traded with them. Moves that touched the player in no way say nothing.

    summary_lines(events, "assyria", graph)
    -> ["Famine struck you (traded by Egypt)", "You lost 5 tokens: 3 in Nineveh, 2 in Assur", ...]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from game.core import Event
from game.core.mapgraph import MapGraph

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
        e: dict[str, Any] = event.to_dict()
        kind = e.get("type")
        who = e.get("player")
        if kind == "CalamityRevealed" and e.get("victim") == player:
            by = f" (traded to you by {name(e['traded_by'])})" if e.get("traded_by") else ""
            struck.append(f"{card_name(e['calamity'])} struck you{by}")
        elif kind == "TokensRemoved" and who == player:
            tokens[e["area"]] += int(e["count"])
        elif kind == "CityReduced" and who == player:
            reduced.append(e["area"])
        elif kind == "CityDestroyed" and who == player:
            destroyed.append(e["area"])
        elif kind == "ShipsLost" and who == player:
            ships += int(e["count"])
        elif kind in ("CityAnnexed", "UnitsAnnexed") and e.get("previous") == player:
            lost_to.append(f"{name(who)} took over your units in "
                           f"{table.get(e['area'], e['area'])}")
        elif kind in ("CityAnnexed", "UnitsAnnexed") and who == player:
            gains.append(f"You took over {name(e['previous'])}'s units in "
                         f"{table.get(e['area'], e['area'])}")
        elif kind == "CityTaken" and e.get("defender") == player:
            lost_to.append(f"{name(e['attacker'])} took your city in "
                           f"{table.get(e['area'], e['area'])}")
        elif kind == "CardPlundered" and e.get("victim") == player:
            lost_to.append(f"{name(who)} plundered a card from you")
        elif kind == "AdvanceLost" and who == player:
            advances_lost.append(card_name(e["advance"]))
        elif kind == "AdvanceReceived" and who == player:
            gains.append(f"You received {card_name(e['advance'])}")
        elif kind == "BeneficiaryChosen" and who == player:
            gains.append(f"You gain from {card_name(e['calamity'])}")
        elif kind == "CardsGiven" and e.get("to") == player:
            gains.append(f"{name(who)} gave you {_plural(len(e['cards']), 'card')}")
        elif kind == "CardsGiven" and who == player:
            lost_to.append(f"You gave {name(e['to'])} {_plural(len(e['cards']), 'card')}")
        elif kind == "TradeCardDrawn" and who == player:
            drawn += 1
        elif kind == "TradeAccepted" and player in (who, e.get("partner")):
            other = e["partner"] if who == player else who
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
