"""What a person reads when an event card asks a choice of them, and when it could not do all it
says (issue 36, defect 8): player words, no ids, counts with their plurals."""

from __future__ import annotations

import re

import pytest

from game.core import EventFellShort, Words
from game.ui.words.log import log_line
from game.ui.words.options import option_text
from game.ui.words.prompts import question

RAW = re.compile(r"[a-z]+_[a-z_]+|\b(event|area|number|player|sea):")


def line(event: EventFellShort) -> str:
    return log_line(event, 3, "population_expansion").text


@pytest.mark.parametrize(("what", "done", "asked", "why", "card", "player", "text"), [
    ("tokens", 1, 2, "room", "free_units", "minoa",
     "Free Units: Minoa places 1 of 2 tokens — no area of theirs free of others has room left "
     "under its population limit"),
    ("tokens", 0, 3, "room", "egypt_nile_flood_bounty", "egypt",
     "Nile Flood Bounty: Egypt places 0 of 3 tokens — no area in their homeland has room left "
     "under its population limit"),
    ("tokens", 0, 2, "stock", "free_units", "minoa",
     "Free Units: Minoa places 0 of 2 tokens — no tokens left in stock"),
    ("monastery", 4, 5, "treasury", "monastic_spirit", "minoa",
     "Monastic Spirit: Minoa builds no monastery — it costs 5 treasury, they hold 4"),
    ("treasury_paid", 3, 5, "treasury", "corruption", "assyria",
     "Corruption: Assyria pays 3 of 5 treasury — all they hold"),
    ("spaces", 1, 3, "needs", "renaissance", "minoa",
     "Renaissance: Minoa can move 1 of 3 spaces on the A.S.T. — the needs of the next space "
     "are not met"),
    ("city", 0, 1, "site", "city", "minoa",
     "City: Minoa gains no city — none of their areas free of others has a city site"),
    ("ship", 0, 1, "no_ship_piece", "minoa_thalassocracy_of_minos", "minoa",
     "Thalassocracy of Minos: Minoa gains no ship — all their ships are on the board"),
    ("private", 0, 1, "hand", "bad_luck", "minoa",
     "Bad Luck: Minoa returns 0 of 1 — no private event left in hand"),
])
def test_a_card_that_could_not_do_all_says_what_and_why_in_the_log(
        what: str, done: int, asked: int, why: str, card: str, player: str, text: str) -> None:
    event = EventFellShort(player=player, card=card, what=what, done=done, asked=asked, why=why,
                           rule="000:event:28")
    shown = line(event)
    assert shown == text
    assert not RAW.search(shown)


def test_every_reason_the_core_gives_has_player_words() -> None:
    from game.ui.words.shortfall import _SHORT

    reasons = {("tokens", "room"), ("tokens", "stock"), ("city", "site"),
               ("city", "no_city_piece"), ("ship", "no_ship_piece"), ("ship", "coast"),
               ("treasury", "stock"), ("treasury_paid", "treasury"), ("spaces", "needs"),
               ("tokens_lost", "board"), ("private", "hand"), ("monastery", "treasury"),
               ("enemy", "foe"), ("sea", "cities"), ("marker", "single_area"),
               ("marker", "no_area"), ("fire", "no_city"), ("marker", "region")}
    assert reasons <= set(_SHORT)
    for what, why in sorted(reasons):
        shown = line(EventFellShort(player="minoa", card="free_units", what=what, done=1,
                                    asked=2, why=why, rule=""))
        assert not RAW.search(shown), shown


def test_the_choices_inside_a_card_read_as_player_words() -> None:
    assert option_text("number:10", "event_spend") == "Spend 10 treasury"
    assert option_text("number:2", "event_steps") == "Forward 2 on the A.S.T."
    words = Words(("Free Units: where does token 1 of 2 go? (one of your own areas with room, "
                   "no one else there)",))
    assert question("event_place", words) == words.text[0]
