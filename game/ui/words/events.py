"""An event card's effects in plain words, from its data: one sentence per effect primitive,
what its target is, its A/B options, its secondary symbols and what each map marker does.

The words follow the primitives of `game/core/data/events.toml`; a primitive this module does
not know yet (the vocabulary grows) still gets a line, made from its name and parameters, so a
new card is never shown blank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.core import (
    GROUPS,
    MARKER_KINDS,
    EventCard,
    EventEffect,
    EventOption,
    load_event_cards,
)

from ..theme import PHASE_NAMES
from .log import name, nice

ROMAN = ("", "I", "II", "III", "IV", "V", "VI")


def roman(age: int) -> str:
    return ROMAN[age] if 0 < age < len(ROMAN) else str(age)


def _n(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def turns_text(turns: int) -> str:
    """How long a marker placed now lasts: "this turn", "this turn and next", "for 3 turns"."""
    if turns <= 1:
        return "this turn"
    if turns == 2:
        return "this turn and next"
    return f"for {turns} turns"


def turns_left(turns: int) -> str:
    """How long a marker on the map still lasts (its turns count the current one)."""
    if turns <= 1:
        return "until the end of this turn"
    if turns == 2:
        return "this turn and the next"
    return f"this turn and {turns - 1} more"


def marker_name(kind: str) -> str:
    return "In decline" if kind == "in_decline" else nice(kind).capitalize()


# What a marker does where it lies (events.toml's notes and the markers' procedures).
MARKER_DOES = {
    "famine": "its cities pay 2/3 of their tax",
    "plague": "its cities pay 2/3 of their tax",
    "scarcity": "its cities pay 3/4 of their tax",
    "pillage": "its city pays no tax",
    "revolt": "its city pays no tax; Unrest tests it",
    "heresy": "Unrest tests its cities",
    "in_decline": "a usurper may rise against this civilization",
}
UNREST = "Unrest: each city under revolt or heresy rolls a D2; failed, it is reduced."


def marker_kind(params: Mapping[str, int]) -> str:
    kind = params.get("kind", -1)
    return MARKER_KINDS[kind] if 0 <= kind < len(MARKER_KINDS) else "marker"


def _treasury(p: Mapping[str, int]) -> str:
    amount = p.get("amount", 0)
    if amount >= 0:
        return f"Gain {_n(amount, 'treasury token')} from stock."
    return f"Pay {_n(-amount, 'treasury token')} (all you hold, if less)."


def _lose_tokens(p: Mapping[str, int]) -> str:
    return (f"D2: lose {_n(p.get('pass', 0), 'token')} if passed, {p.get('fail', 0)} if "
            "failed, at random.")


def _city_fire(p: Mapping[str, int]) -> str:
    return (f"A random city of yours, D2: passed, pillaged {turns_text(p.get('turns', 1))} "
            "(no tax); failed, reduced.")


def _region_marker(p: Mapping[str, int]) -> str:
    kind = marker_kind(p)
    return (f"D10 region: {kind} {turns_text(p.get('turns', 1))}; "
            f"{MARKER_DOES.get(kind, 'a marker')}.")


def _own_area_marker(p: Mapping[str, int]) -> str:
    kind = marker_kind(p)
    least = p.get("least", 1)
    unless = f" (if you hold {least}+)" if least > 1 else ""
    return (f"{marker_name(kind)} on one of your areas{unless}, "
            f"{turns_text(p.get('turns', 1))}; {MARKER_DOES.get(kind, 'a marker')}.")


def _group(index: int) -> str:
    return GROUPS[index] if 0 <= index < len(GROUPS) else "any"


def _plague(p: Mapping[str, int]) -> str:
    return (f"D10 region: plague {turns_text(p.get('turns', 1))} (2/3 tax). Each city there: "
            f"D2 or reduced. Each player loses {_n(p.get('tokens', 0), 'token')} there.")


WORDS: dict[str, Callable[[Mapping[str, int]], str]] = {
    "treasury": _treasury,
    "treasury_halved": lambda p: "Lose half your treasury, rounded up.",
    "lose_tokens": _lose_tokens,
    "city_fire": _city_fire,
    "return_private": lambda p: (f"Return {_n(p.get('count', 1), 'private event')} from your "
                                 "hand to the deck, at random."),
    "pool": lambda p: ("Every player returns half their private events (rounded down) to "
                       "the deck."),
    "region_marker": _region_marker,
    "own_area_marker": _own_area_marker,
    "plague": _plague,
    "gain_tokens": lambda p: (f"Place {_n(p.get('count', 0), 'token')} from stock in your own "
                              "areas."),
    "free_city": lambda p: "Build a city free on a site in one of your areas.",
    # war: in the battle or city attack being fought, or this turn
    "battle_strike": lambda p: (f"In this battle the other side first removes "
                                f"{_n(p.get('count', 1), 'token')}."),
    "battle_spared": lambda p: f"Your next {_n(p.get('count', 1), 'loss', 'losses')} in battle "
                               "are not taken.",
    "battle_extra_round": lambda p: "Once the limit holds, every side removes one more token.",
    "battle_vp": lambda p: (f"Win {p.get('per', 1)} bonus VP per token the other side loses "
                            "in this battle."),
    "battle_won_vp": lambda p: (f"Win {p.get('amount', 1)} bonus VP if you end the battle with "
                                "the most tokens there."),
    "mortal_enemy": lambda p: (f"Name a foe with {p.get('least', 1)}+ tokens: win "
                               f"{p.get('per', 1)} bonus VP per token of theirs removed in your "
                               "battles this turn."),
    "siege_tokens": lambda p: (f"This city attack needs {_n(abs(p.get('amount', 0)), 'token')} "
                               f"{'fewer' if p.get('amount', 0) < 0 else 'more'}."),
    "attrition": lambda p: (f"The first to enter your areas this turn: D10 of "
                            f"{p.get('die', 10)}+ loses a token."),
    "overrun": lambda p: (f"Your first move onto {p.get('ratio', 4)} times the tokens there "
                          "removes them all."),
    # economy, church, decline and the realms
    "treasury_check": lambda p: (f"D2: passed, {p.get('pass', 0)} treasury; failed, "
                                 f"{p.get('fail', 0)}."),
    "extra_tax": lambda p: "Collect a second turn's tax from your cities at once.",
    "trade_card": lambda p: (f"Draw {_n(p.get('count', 1), 'extra trade card')} from the stack "
                             "above your city count."),
    "piracy": lambda p: ("Pirates raid a sea you choose: each city on its coasts, D2 or "
                         f"pillaged {turns_text(p.get('turns', 1))}."),
    "council": lambda p: "Every heresy marker is removed.",
    "monastery": lambda p: (f"Spend what you choose, up to {p.get('most', 0)} treasury: "
                            f"{p.get('vp', 1)} bonus VP per {p.get('price', 1)}."),
    "decline": lambda p: f"Your civilization is in decline {turns_text(p.get('turns', 1))}.",
    "age": lambda p: "D10, worse in decline: the A.S.T. marker moves 2 forward, or back 1-3.",
    "rejuvenate": lambda p: (f"Move 1 to {_n(p.get('steps', 1), 'space')} forward on the "
                             "A.S.T. (your choice), meeting each space's needs."),
    "usurper": lambda p: ("If in decline, " if p.get("if_in_decline") else "") + (
        "a usurper's roll-off." if p.get("if_in_decline") else "A usurper's roll-off."),
    "homeland_tokens": lambda p: f"Place {_n(p.get('count', 0), 'token')} in your homeland.",
    "free_ship": lambda p: "A free ship in one of your coastal areas, kept this turn.",
    "advance_credit": lambda p: (f"Gain {p.get('amount', 0)} credit points towards "
                                 f"{_group(p.get('group', 0))} advances."),
}


def _realm_treasury(p: Mapping[str, int], civ: str) -> str:
    amount = p.get("amount", 0)
    if amount >= 0:
        return f"{civ} gains {_n(amount, 'treasury token')} from stock."
    return f"{civ} pays {_n(-amount, 'treasury token')} (all it holds, if less)."


def _realm_area_marker(p: Mapping[str, int], civ: str) -> str:
    kind = marker_kind(p)
    least = p.get("least", 1)
    unless = f" (if it holds {least}+)" if least > 1 else ""
    return (f"{marker_name(kind)} in an area of {civ}{unless}, "
            f"{turns_text(p.get('turns', 1))}; {MARKER_DOES.get(kind, 'a marker')}.")


def _realm_lose_tokens(p: Mapping[str, int], civ: str) -> str:
    passed, failed = p.get("pass", 0), p.get("fail", 0)
    if not passed:
        return f"D2: failed, {civ} loses {_n(failed, 'token')} at random."
    return f"D2: {civ} loses {_n(passed, 'token')}, or {failed} if failed, at random."


# A public realm-specific event's effects name the civilization they strike (004:16.1,
# realm_events.toml: target "realm"): everyone sees the card, so "you" would mean the taker.
REALM_WORDS: dict[str, Callable[[Mapping[str, int], str], str]] = {
    "treasury": _realm_treasury,
    "treasury_halved": lambda p, civ: f"{civ} loses half its treasury, rounded up.",
    "lose_tokens": _realm_lose_tokens,
    "city_fire": lambda p, civ: (f"A random city of {civ}, D2: passed, pillaged "
                                 f"{turns_text(p.get('turns', 1))} (no tax); failed, reduced."),
    "own_area_marker": _realm_area_marker,
    "gain_tokens": lambda p, civ: (f"{civ} places {_n(p.get('count', 0), 'token')} from stock "
                                   "in its own areas."),
    "free_city": lambda p, civ: f"{civ} builds a city free on a site in one of its areas.",
    "homeland_tokens": lambda p, civ: (f"{civ} places {_n(p.get('count', 0), 'token')} in its "
                                       "homeland."),
    "free_ship": lambda p, civ: f"A free ship in one of {civ}'s coastal areas, kept this turn.",
    "advance_credit": lambda p, civ: (f"{civ} gains {p.get('amount', 0)} credit points towards "
                                      f"{_group(p.get('group', 0))} advances."),
}


def struck(card: EventCard) -> str:
    """The civilization a public realm-specific event strikes, by name ("Egypt"); "" for a
    card that acts for its taker or holder."""
    return name(card.realm) if card.target == "realm" and card.realm else ""


def effect_words(effect: EventEffect, civ: str = "") -> str:
    """One sentence for one effect, in the second person or, given `civ`, naming that
    civilization; a generic one for a primitive not known here."""
    realm = REALM_WORDS.get(effect.do) if civ else None
    if realm is not None:
        return realm(effect.params, civ)
    words = WORDS.get(effect.do)
    if words is not None:
        return words(effect.params)
    params = ", ".join(f"{nice(k)} {v}" for k, v in sorted(effect.params.items()))
    return f"{nice(effect.do).capitalize()}{f' ({params})' if params else ''}."


TARGETS = {
    "taker": "strikes you",
    "chosen": "a player you pick",
    "random": "a random player",
    "each": "every player",
    "none": "at once",
    "realm": "strikes its realm",
}
WINDOW_SHORT = {"population_expansion": "Expansion", "event_played": "Any event played"}
SYMBOLS = {
    "lost_at_sea": ("Lost at Sea", "each other player loses a ship away from its own cities"),
    "unrest": ("Unrest", "each city under revolt or heresy: D2, failed: reduced"),
}


def window_name(window: str) -> str:
    """A private event's timing window: the phase it opens with."""
    return PHASE_NAMES.get(window, nice(window).capitalize())


def headline(card: EventCard) -> str:
    """Public or private, and when or on whom it acts."""
    if struck(card):
        return f"Public · strikes {struck(card)}"
    if card.public:
        return f"Public · {TARGETS.get(card.target, nice(card.target))}"
    return f"Private · {WINDOW_SHORT.get(card.window, window_name(card.window))}"


def card_text(card: EventCard) -> list[str]:
    """The card's body: its effects, its A/B options and when it has none."""
    civ = struck(card)
    lines = [effect_words(e, civ) for e in card.effects]
    if card.window == "event_played" and not lines:  # Cancellation acts on another card
        lines.append("Cancel an event card as it is revealed or played: it has no effect.")
    for letter, option in zip("AB", card.choice, strict=False):
        lines.append(f"{letter}: " + " ".join(effect_words(e, civ) for e in option))
    if card.redraw_before:  # laid out that early only when no other card is left
        lines.append(f"Drawn before turn {card.redraw_before}, another card replaces it.")
    elif card.from_turn:
        lines.append(f"No effect before turn {card.from_turn}.")
    return lines


def symbol_words(symbol: str) -> str:
    title, does = SYMBOLS.get(symbol, (nice(symbol).capitalize(), "resolves after the text"))
    return f"{title}: {does}"


def seed_ref(source: str) -> str:
    """'000:event:21' -> 'Seed 000, event 21'."""
    parts = source.split(":")
    if len(parts) == 3:
        return f"Seed {parts[0]}, {parts[1]} {parts[2]}"
    return f"Seed {source}"


def source_line(card: EventCard) -> str:
    """Where the card comes from, for players: "Events deck, event card 21", "Events deck,
    calamity card 5", "Realm events of Minoa" (the seed's number is ours, not theirs)."""
    parts = card.source.split(":")
    if card.kind == "realm" and card.realm:
        return f"Realm events of {name(card.realm)}"
    if len(parts) == 3 and parts[2].isdigit():
        return f"Events deck, {nice(parts[1])} card {int(parts[2])}"
    return "Events deck"


def half_words(card: EventCard) -> str:
    """The deck half a card is shuffled into, for its foot: "First half"."""
    return {"1": "First half", "2": "Second half", "X": "Either half"}.get(card.half, "")


def card_lines(card: EventCard) -> list[str]:
    """Everything the card says, as lines for a tooltip or the rules screen."""
    half = {"1": "first half", "2": "second half", "X": "either half"}.get(card.half, card.half)
    when = (f"Public, strikes {struck(card)}" if struck(card)
            else f"Public, {TARGETS.get(card.target, nice(card.target))}" if card.public
            else f"Private, played as {window_name(card.window)} begins")
    lines = [card.title, f"Age {roman(card.age)}, {half} of the deck · {when}"]
    if struck(card):
        lines.append(f"A realm event of {struck(card)}: it strikes {struck(card)}, whoever "
                     "takes it.")
    elif card.kind == "realm" and card.realm:
        lines.append(f"A realm event of {name(card.realm)}: it serves whoever holds it.")
    lines += card_text(card)
    lines += [symbol_words(s) for s in card.symbols]
    lines.append(source_line(card))
    return lines


def choice_text(detail: object, letter: str) -> str:
    """An A/B answer's words: the option of the card the decision names (its EventOption
    detail), "Option A" when the decision does not say which card."""
    head = f"Option {letter.upper()}"
    card = (load_event_cards().cards.get(detail.card) if isinstance(detail, EventOption)
            else None)
    index = "ab".find(letter)
    if card is None or not 0 <= index < len(card.choice):
        return head
    return f"{letter.upper()}: " + " ".join(effect_words(e) for e in card.choice[index])

