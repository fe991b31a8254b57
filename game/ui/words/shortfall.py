"""What an event card could not do, and why (the core's EventFellShort, issue 36, defect 8),
in the log's words. Apart from words/events.py, which the log cannot import (events.py reads
the log's names)."""

from __future__ import annotations

from game.core import load_event_cards


def _n(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


# What an event card could not do, and why (the core's EventFellShort, issue 36): {p} the
# player, {card} the card's title, {done} and {asked} the numbers, {their} "their", {where}
# the areas it places in.
_SHORT: dict[tuple[str, str], str] = {
    ("tokens", "room"): "{card}: {p} places {done} of {asked} — no area {where} has room left "
                        "under its population limit",
    ("tokens", "stock"): "{card}: {p} places {done} of {asked} — no tokens left in stock",
    ("city", "site"): "{card}: {p} gains no city — none of their areas free of others has a "
                      "city site",
    ("city", "no_city_piece"): "{card}: {p} gains no city — all their cities are on the board",
    ("ship", "no_ship_piece"): "{card}: {p} gains no ship — all their ships are on the board",
    ("ship", "coast"): "{card}: {p} gains no ship — none of their tokens is in a coastal area",
    ("treasury", "stock"): "{card}: {p} gains {done} of {asked} treasury — their stock holds no "
                           "more tokens",
    ("treasury_paid", "treasury"): "{card}: {p} pays {done} of {asked} treasury — all they hold",
    ("spaces", "needs"): "{card}: {p} can move {done} of {asked} spaces on the A.S.T. — the "
                         "needs of the next space are not met",
    ("tokens_lost", "board"): "{card}: {p} loses {done} of {asked} — no more tokens on the "
                              "board",
    ("private", "hand"): "{card}: {p} returns {done} of {asked} — no private event left in "
                         "hand",
    ("monastery", "treasury"): "{card}: {p} builds no monastery — it costs {asked} treasury, "
                               "they hold {done}",
    ("enemy", "foe"): "{card}: {p} names no mortal enemy — no one in this battle has enough "
                      "tokens on the board",
    ("sea", "cities"): "{card}: the pirates find no sea with a city on its coasts",
    ("marker", "single_area"): "{card}: no effect on {p} — they hold a single area",
    ("marker", "no_area"): "{card}: no effect on {p} — they hold no area",
    ("fire", "no_city"): "{card}: no effect on {p} — they have no city",
    ("marker", "region"): "{card}: no effect — every region rolled already suffers it, or holds "
                          "no land on this map",
}
_WHAT = {"tokens": "token", "tokens_lost": "token", "private": "private event",
         "treasury": "treasury", "treasury_paid": "treasury", "spaces": "space"}


def shortfall_text(player: str, card: str, what: str, done: int, asked: int, why: str) -> str:
    """An EventFellShort in the log's words (`player` as the log names them): what the card did
    of what it says, and why not the rest."""
    found = load_event_cards().cards.get(card)
    title = found.title if found is not None else "An event"
    where = ("in their homeland" if found is not None
             and any(e.do == "homeland_tokens" for e in found.effects) else "of theirs free of "
             "others")
    template = _SHORT.get((what, why))
    if template is None:
        thing = _WHAT.get(what, what.replace("_", " "))
        reason = why.replace("_", " ")
        return f"{title}: {player} gets {done} of {asked} ({thing}) — {reason}"
    text = template.format(card=title, p=player, done=done, asked=asked, where=where)
    if what in ("tokens", "tokens_lost") and "{done} of {asked} —" in template:
        text = text.replace(f"{done} of {asked} —",
                            f"{done} of {_n(asked, 'token')} —", 1)
    return text
