"""Readable prompts and log lines. The core's prompts name areas, players and cards by their
ids and explain the option labels to bots and the command line ("number:N pays the rest in
treasury"); on screen the same sentence names things as the map and the cards do and speaks of
the buttons.

    readable(pending.prompt, view.map)     # "In knossos: area = ..." -> "In Knossos: click ..."
    asked(pending.prompt, pending.detail)  # a decision with a typed detail, worded from it
    log_lines(events, turn, phase, graph)  # the game log's lines for what an action reported
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from game.core import (
    AdvancePrices,
    CreditsToPlace,
    Detail,
    Event,
    MapGraph,
    PaymentSoFar,
    PhaseStarted,
    TradeAnswer,
    TurnStarted,
    load_game_data,
)

from .logtext import LogLine, log_line, nice

Rewrite = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]


def _prices(m: re.Match[str]) -> str:
    prices = re.sub(r"stack (\d+): (\d+)", r"stack \1 for \2 treasury", m.group(1))
    return f"Buy an extra trade card ({prices})"


# Prompts that explain option labels, said in terms of the map and the buttons. Patterns are
# searched anywhere, so "X is deciding: <prompt>" reads as well as the prompt alone.
REWRITES: tuple[Rewrite, ...] = tuple((re.compile(p), r) for p, r in (
    (r"In (\w+): area = move tokens there by land, number = build a ship paying that much "
     r"treasury \(the rest in tokens\), yes = use a ship here",
     r"In \1: click a lit area to move tokens there by land, or build or use a ship here"),
    (r"Act in which area\? \(done: end your movement\)",
     "Act in which area? Click a lit area, or end your movement"),
    (r"Upkeep for the ship in (\w+): number:1 pays 1 treasury, an area destroys a token there",
     r"Upkeep for the ship in \1: pay 1 treasury, or click a lit area to destroy a token there"),
    (r"Buy an extra trade card \(number:S = from stack S; ([^)]*)\)", _prices),
    (r"Conflict in (\w+): take one loss \(an area for a token there, yes for a ship here\)",
     r"Conflict in \1: take one loss (click a lit area to lose a token there, or lose a ship)"),
    (r"Politics: take N treasury from stock \(number\), or annex an area paying 1 treasury per "
     r"unit point \(area\)",
     "Politics: take treasury from your stock, or annex a lit area paying 1 treasury per unit "
     "point"),
    (r"annex the pirate city in (\w+) \(yes\) or barbarian tokens there \(no\)\?",
     r"annex the pirate city in \1, or the barbarian tokens there?"),
    (r"Keep the first faction\? \(no: keep the second\)", "Keep the first faction or the second?"),
    (r"\((done|no): ", lambda m: f"({m.group(1).capitalize()}: "),
    (r",? \(?or done\)?$", ""),  # the button that ends the choice says it in its own words
))

_TOKEN = re.compile(r"\b(area|player|card|advance|sea|volcano|flood|number):(\w+)")
_WORD = re.compile(r"\b[a-z][a-z0-9_]*\b")
_NAMES: dict[tuple[str, int], dict[str, str]] = {}


def names(graph: MapGraph | None) -> dict[str, str]:
    """Every id a prompt (or a log line) may name bare, with the name to show: areas, seas,
    volcanoes, flood plains, civilizations, advances, commodities, and the calamities of more
    than one word (single words such as "famine" or "flood" are also plain English in
    prompts, and read well as they are)."""
    key = (graph.id, len(graph.areas)) if graph is not None else ("", 0)
    found = _NAMES.get(key)
    if found is not None:
        return found
    data = load_game_data()
    table = {c.id: c.name for c in data.commodities.values()}
    table.update((a.id, a.name) for a in data.advances.values())
    for ruleset in data.rulesets.values():
        table.update((cid, c.name) for cid, c in ruleset.calamities.items() if "_" in cid)
    if graph is not None:  # later names win: "indus" is a flood plain and a civilization
        table.update((pid, nice(pid).title()) for pid in graph.flood_plains)
    table.update((c.id, c.name) for c in data.civilizations.values())
    if graph is not None:
        table.update((sid, s.name) for sid, s in graph.seas.items())
        table.update((vid, v.name) for vid, v in graph.volcanoes.items())
        table.update((aid, a.name) for aid, a in graph.areas.items())
    _NAMES[key] = table
    return table


def _token(m: re.Match[str], table: dict[str, str]) -> str:
    prefix, ident = m.group(1), m.group(2)
    if prefix == "number":
        return "a number" if ident.isalpha() else ident
    if prefix == "card" and ident == "ID":
        return "a card"
    if prefix == "flood":
        return f"the {nice(ident).title()} flood plain"
    return table.get(ident, nice(ident))


def asked(prompt: str, detail: Detail | None) -> str:
    """What a decision asks, in the client's words: from its typed detail where it has one
    (the prices on offer, the payment so far, the offer on the table), else the core's prompt.
    Ids stay bare; `readable` names them."""
    match detail:
        case AdvancePrices(prices=prices):
            return f"Buy an advance ({', '.join(f'{a} {p}' for a, p in prices)})"
        case PaymentSoFar(stand_in_for=base, advance=advance) if not base:
            return (f"Pay {detail.rest} more for {advance}: hand in commodity cards, pay the "
                    "rest from the treasury, or call the purchase off")
        case PaymentSoFar(stand_in_for=base):
            return (f"Trade Empire: add one card as one more {base} (still {detail.rest} to "
                    "pay), or no")
        case CreditsToPlace(advance=advance, points=points, left=left):
            return (f"{advance}: place {points} credit points on a group of advances "
                    f"({left} left to place)")
        case TradeAnswer(offer=offer, may_counter=may_counter):
            counter = ", or make a counter-offer" if may_counter else ""
            wants = f". They ask for {' and '.join(offer.wants)}." if offer.wants else ""
            return (f"{offer.by} offers you {offer.count} cards, among them "
                    f"{' and '.join(offer.named)}: accept (then choose yours), "
                    f"refuse{counter}{wants}")
    return prompt


def readable(text: str, graph: MapGraph | None = None) -> str:
    """`text` (a prompt, or a sentence holding one) with ids and option labels in words."""
    if any(c in text for c in ":(=") or text.endswith("done"):  # what every rewrite needs;
        # most log lines have none of it, and skip the rewrites
        for pattern, replacement in REWRITES:
            text = pattern.sub(replacement, text)
    table = names(graph)
    if ":" in text:
        text = _TOKEN.sub(lambda m: _token(m, table), text)
    return _WORD.sub(lambda m: table.get(m.group(0), m.group(0)), text)


def log_lines(events: Iterable[Event], turn: int, phase: str,
              graph: MapGraph | None) -> list[LogLine]:
    """The log's lines for events reported by one action that began in `turn` and `phase`
    (the events themselves say when a new turn or phase starts)."""
    lines = []
    for event in events:
        match event:
            case TurnStarted():
                turn = event.turn
            case PhaseStarted():
                phase = event.phase
        line = log_line(event, turn, phase)
        lines.append(replace(line, text=readable(line.text, graph)))
    return lines
