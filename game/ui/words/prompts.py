"""Decisions and log lines in the client's words.

The core's prompts name areas, players and cards by their ids and explain the option labels to
bots and the command line ("number:N pays the rest in treasury"). On screen a decision is worded
from its typed detail where the one deciding has it, else from the client's own sentence for its
kind, else from the core's words with each thing they name called as the map and the cards call
it. Nothing here reads the core's sentences back.

    question(kind, words, detail, graph)   # "In Knossos: click a lit area to ..."
    label_name("area:knossos", graph)      # "Knossos"
    log_lines(events, turn, phase, graph)  # the game log's lines for what an action reported
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.core import (
    AdvancePrices,
    CardOffers,
    CreditsToPlace,
    Detail,
    Event,
    MapGraph,
    PaymentSoFar,
    PhaseStarted,
    TradeAnswer,
    TradePartnerChoice,
    TradeSideSoFar,
    TurnStarted,
    Words,
    label_kind,
    label_value,
    load_game_data,
)

from .log import LogLine, card_name, log_line, name, nice, plural

# The client's sentence for a decision whose core prompt explains its option labels (or ends
# in "or done", which the Done button says in its own words); {0}, {1}... are the things the
# core's words name, in order.
SENTENCES: dict[str, str] = {
    "movement_action": "In {0}: click a lit area to move tokens there by land, or build or use "
                       "a ship here",
    "movement_area": "Act in which area? Click a lit area, or end your movement",
    "ship_upkeep": "Upkeep for the ship in {0}: pay 1 treasury, or click a lit area to destroy "
                   "a token there",
    "ship_destination": "Sail the ship from {0} to where? (Done: it stays)",
    "conflict_loss": "Conflict in {0}: take one loss (click a lit area to lose a token there, "
                     "or lose a ship)",
    "politics": "Politics: take treasury from your stock, or annex a lit area paying 1 treasury "
                "per unit point",
    "universal_doctrine_city": "Universal Doctrine: annex the pirate city in {0}, or the "
                               "barbarian tokens there?",
    "civil_war_keep": "Keep the first faction or the second?",
    "tempest_keep_ship": "Choose a ship to keep (Done: lose the rest)",
    "special_ability": "Use a special ability",
    "build_city": "Choose an area to build a city in",
    "buy_trade_card": "Buy an extra trade card",
    "advance_choice": "Buy an advance",
    "advance_payment": "Paying for {0}",
    "advance_stand_in": "Trade Empire: paying with one more {0}",
    "advance_credits": "Placing credit points for {0}",
    "trade_answer": "Answering {0}'s offer",
    "event_play": "Play a private event from your hand now?",
    "trade_partner": "Trade: choose a player to make an offer to, or pass",
    "trade_review": "Trade with {0}: review the cards before they go, or call it off",
}

_NAMES: dict[tuple[str, int], dict[str, str]] = {}


def names(graph: MapGraph | None) -> dict[str, str]:
    """Every id a sentence may name, with the name to show: areas, seas, volcanoes, flood
    plains, civilizations, advances, commodities and calamities."""
    key = (graph.id, len(graph.areas)) if graph is not None else ("", 0)
    found = _NAMES.get(key)
    if found is not None:
        return found
    data = load_game_data()
    table = {c.id: c.name for c in data.commodities.values()}
    table.update((a.id, a.name) for a in data.advances.values())
    for ruleset in data.rulesets.values():
        table.update((cid, c.name) for cid, c in ruleset.calamities.items())
    if graph is not None:  # later names win: "indus" is a flood plain and a civilization
        table.update((pid, nice(pid).title()) for pid in graph.flood_plains)
    table.update((c.id, c.name) for c in data.civilizations.values())
    if graph is not None:
        table.update((sid, s.name) for sid, s in graph.seas.items())
        table.update((vid, v.name) for vid, v in graph.volcanoes.items())
        table.update((aid, a.name) for aid, a in graph.areas.items())
    _NAMES[key] = table
    return table


def place_names(graph: MapGraph | None) -> dict[str, str]:
    """Area, sea, volcano and flood plain ids to names, for the log."""
    if graph is None:
        return {}
    table = {pid: nice(pid).title() for pid in graph.flood_plains}
    table.update((sid, s.name) for sid, s in graph.seas.items())
    table.update((vid, v.name) for vid, v in graph.volcanoes.items())
    table.update((aid, a.name) for aid, a in graph.areas.items())
    return table


def label_name(label: str, graph: MapGraph | None = None) -> str:
    """The thing an option label names, as the map and the cards name it."""
    kind, value = label_kind(label), label_value(label)
    if kind == "player":
        return name(value)
    if kind in ("card", "advance"):
        return card_name(value)
    if kind == "flood":
        return f"the {nice(value).title()} flood plain"
    if kind == "number":
        return value
    return names(graph).get(value, nice(value or label))


def _from_detail(detail: Detail | None, kind: str = "") -> str:
    """A decision worded from the facts only its decider sees; "" when it has none."""
    match detail:
        case TradePartnerChoice(offers_left=left, may_leave=may_leave):
            rest = ": for this round, or for the whole trade phase" if may_leave else ""
            return (f"Trade: choose a player to make an offer to ({plural(left, 'offer')} left), "
                    f"or pass{rest}")
        case TradeSideSoFar(role=role, partner=partner) if kind == "trade_review":
            cards = plural(len(detail.cards), "card")
            if role == "accept":
                return (f"Trade, accepting {name(partner)}'s offer: hand over your {cards}, or "
                        "take the acceptance back")
            asked = (f" (asking for {' and '.join(map(card_name, detail.wants))})"
                     if detail.wants else "")
            return (f"Trade, offering to {name(partner)}: your {cards}{asked}. Ask for a "
                    "commodity by name, send the offer, or call it off")
        case AdvancePrices(prices=prices):
            return f"Buy an advance ({', '.join(f'{card_name(a)} {p}' for a, p in prices)})"
        case PaymentSoFar(stand_in_for=base, advance=advance) if not base:
            return (f"Pay {detail.rest} more for {card_name(advance)}: hand in commodity cards, "
                    "pay the rest from the treasury, or call the purchase off")
        case PaymentSoFar(stand_in_for=base):
            return (f"Trade Empire: add one card as one more {card_name(base)} (still "
                    f"{detail.rest} to pay), or no")
        case CreditsToPlace(advance=advance, points=points, left=left):
            return (f"{card_name(advance)}: place {points} credit points on a group of "
                    f"advances ({left} left to place)")
        case CardOffers(offers=offers):
            stacks = ", ".join(f"stack {s} for {p} treasury" if p else
                               f"stack {s} free (Wonder of the World)" for s, p in offers)
            return f"Buy an extra trade card ({stacks})"
        case TradeAnswer(offer=offer, may_counter=may_counter):
            counter = ", or make a counter-offer" if may_counter else ""
            wants = (f". They ask for {' and '.join(map(card_name, offer.wants))}."
                     if offer.wants else "")
            return (f"{name(offer.by)} offers you {plural(offer.count, 'card')}, among them "
                    f"{' and '.join(map(card_name, offer.named))}: accept (then choose yours), "
                    f"refuse{counter}{wants}")
    return ""


def question(kind: str, words: Words | None, detail: Detail | None = None,
             graph: MapGraph | None = None, prompt: str = "") -> str:
    """What a decision asks, in the client's words (see the module's docstring). `prompt` is
    shown as it is only for a decision saved before the core kept its words."""
    shown = _from_detail(detail, kind)
    if shown:
        return shown
    if words is None:
        return settled_plurals(prompt)
    named = [label_name(label, graph) for label in words.names]
    sentence = SENTENCES.get(kind)
    if sentence is not None and sentence.count("{") <= len(named):
        return settled_plurals(sentence.format(*named))
    return settled_plurals(words.render(lambda label: label_name(label, graph)))


_MAYBE_PLURAL = re.compile(r"\b(\d+)\b([^()\d:]{0,30}?)\(s\)")


def settled_plurals(text: str) -> str:
    """The core's "4 more unit point(s)" as a person writes it: "4 more unit points", "1 more
    unit point" (issue 36: no "(s)" on screen)."""
    return _MAYBE_PLURAL.sub(
        lambda m: f"{m.group(1)}{m.group(2)}{'' if m.group(1) == '1' else 's'}", text)


def log_lines(events: Iterable[Event], turn: int, phase: str,
              graph: MapGraph | None) -> list[LogLine]:
    """The log's lines for events reported by one action that began in `turn` and `phase`
    (the events themselves say when a new turn or phase starts)."""
    places = place_names(graph)
    lines = []
    for event in events:
        match event:
            case TurnStarted():
                turn = event.turn
            case PhaseStarted():
                phase = event.phase
        lines.append(log_line(event, turn, phase, places))
    return lines
