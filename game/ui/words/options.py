"""What the options of a pending decision say on screen: one friendly text per label."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import GROUPS, PlayerView, load_game_data, set_value

from .asking import QUIET, quiet_text
from .events import choice_text
from .log import event_title, name, nice
from .prompts import label_name

# Labels of `done` by decision kind: "Done" means different things in different places.
_DONE_TEXT = {
    "trade_partner": "Pass this round",
    "movement_area": "End movement",
    "build_city": "No more cities",
    "advance_choice": "Stop buying",
    "buy_trade_card": "No more cards",
    "trade_card": "Done — name two commodities",
    "trade_card:counter": "Done — name two commodities",
    "trade_card:accept": "Done — name two commodities",
}
_YES_NO = {
    "trade_answer": ("Accept — then choose yours", "Refuse"),
    "trade_partner": ("Yes", "Pass the whole trade phase"),
    "trade_card": ("Yes", "Cancel the offer"),
    "trade_name": ("Yes", "Cancel the offer"),
    "trade_review": ("Send the offer", "Cancel the offer"),
    "trade_card:counter": ("Yes", "Cancel the counter-offer"),
    "trade_name:counter": ("Yes", "Cancel the counter-offer"),
    "trade_review:counter": ("Send the counter-offer", "Cancel the counter-offer"),
    "trade_card:accept": ("Yes", "Take back the acceptance"),
    "trade_name:accept": ("Yes", "Take back the acceptance"),
    "trade_review:accept": ("Trade — give these cards", "Take back the acceptance"),
    "civil_war_keep": ("Keep the first", "Keep the second"),
    "movement_action": ("Use a ship here", "No"),
    "conflict_loss": ("Lose a ship", "No"),
    "universal_doctrine_city": ("The pirate city", "The barbarians"),
    "advance_payment": ("Yes", "Call it off"),
    "event_play": ("Yes", "Not now"),
}
# What a number picks, by decision kind, where the number alone does not say it.
_NUMBER_TEXT = {
    "movement_action": "Build a ship ({n} treasury, the rest in tokens)",
    "advance_payment": "Pay {n} from treasury",
    "ship_upkeep": "Pay {n} treasury",
    "buy_trade_card": "From stack {n}",
    "politics": "Take {n} treasury",
    "event_spend": "Spend {n} treasury",
    "event_steps": "Forward {n} on the A.S.T.",
}


@dataclass(frozen=True)
class Options:
    """The options of one decision, sorted by what answers them."""

    areas: tuple[str, ...]
    players: tuple[str, ...]
    cards: tuple[str, ...]
    advances: tuple[str, ...]
    numbers: tuple[int, ...]
    others: tuple[str, ...]  # yes, no, done and anything unforeseen

    @staticmethod
    def of(labels: list[str]) -> Options:
        groups: dict[str, list[str]] = {"area": [], "player": [], "card": [], "advance": []}
        numbers: list[int] = []
        others: list[str] = []
        for label in labels:
            prefix, _, rest = label.partition(":")
            if prefix in groups and rest:
                groups[prefix].append(rest)
            elif prefix == "number" and rest.lstrip("-").isdigit():
                numbers.append(int(rest))
            else:
                others.append(label)
        return Options(tuple(groups["area"]), tuple(groups["player"]), tuple(groups["card"]),
                       tuple(groups["advance"]), tuple(numbers), tuple(others))


def card_name(card: str) -> str:
    data = load_game_data()
    if card in data.commodities:
        c = data.commodities[card]
        return f"{c.name} ({c.value})"
    if card == data.water.id:
        return data.water.name
    for ruleset in data.rulesets.values():
        if card in ruleset.calamities:
            return ruleset.calamities[card].name
    return nice(card).capitalize()


def _payment_text(card: str, view: PlayerView) -> str:
    """A payment hands in the whole set of a commodity: say so, and what it is worth."""
    data = load_game_data()
    commodity = data.commodities.get(card)
    if commodity is None:
        return card_name(card)
    n = sum(1 for h in view.hand if h.card == card)
    cards = f"{n} cards" if n != 1 else "1 card"
    return f"Hand in {commodity.name} ({cards}, worth {set_value(n, commodity.value)})"


def option_text(label: str, kind: str, view: PlayerView | None = None) -> str:
    prefix, _, rest = label.partition(":")
    if label == "done":
        return _DONE_TEXT.get(kind, "Done")
    if label in ("yes", "no"):
        yes, no = _YES_NO.get(kind, ("Yes", "No"))
        return yes if label == "yes" else no
    if prefix == "player":
        if kind == "trade_answer":
            return f"Counter-offer to {name(rest)}"
        if kind == "trade_partner" and view is not None:
            try:
                return f"{name(rest)} · {view.player(rest).hand_size} cards"
            except KeyError:
                pass
        return name(rest)
    if prefix == "card":
        if kind == "advance_payment" and view is not None:
            return _payment_text(rest, view)
        return card_name(rest)
    if prefix == "advance":
        adv = load_game_data().advances.get(rest)
        return adv.name if adv else nice(rest)
    if prefix == "number":
        if kind == "advance_credits" and rest.isdigit() and int(rest) < len(GROUPS):
            return GROUPS[int(rest)].capitalize()
        return _NUMBER_TEXT.get(kind, "{n}").format(n=rest)
    if prefix == "event":  # an event card, or a face-down one by its place in the display
        place = rest.removeprefix("face_down:")
        return f"Face-down card {place}" if place != rest else event_title(rest)
    if prefix == "option" and rest in ("a", "b"):  # an event card's A/B: its own words
        return choice_text(view.pending.detail if view and view.pending else None, rest)
    if label.startswith(QUIET):  # the client's own button, not an option of the core
        return quiet_text(label)
    if prefix in ("area", "sea", "volcano", "flood"):
        return label_name(label, view.map if view is not None else None)
    return nice(rest or label)
