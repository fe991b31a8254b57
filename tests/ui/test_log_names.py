"""The game log names advances, calamities and places as their cards and the map do, with
proper plurals (issue 19, item 11)."""

from __future__ import annotations

from game.core import AdvanceBought, CalamityRevealed, DiscardsReturned
from game.simulate import resolve_map
from game.ui.words.prompts import log_lines


def text(event) -> str:
    return log_lines([event], 3, "trade", resolve_map(None))[0].text


def test_an_advance_is_named_as_on_its_card() -> None:
    bought = AdvanceBought(player="hatti", advance="cloth_making", price=25, cards=(),
                           treasury=25, rule="")
    assert text(bought) == "Hatti buys Cloth Making for 25"


def test_a_calamity_is_named_as_on_its_card() -> None:
    revealed = CalamityRevealed(calamity="volcanic_eruption", victim="egypt", traded_by="",
                                rule="")
    assert "volcanic" not in text(revealed)
    assert text(revealed).startswith("Calamity: Volcanic")


def test_one_card_goes_back_and_two_go_back() -> None:
    one = DiscardsReturned(block="main", stack=6, count=1, rule="")
    two = DiscardsReturned(block="main", stack=6, count=2, rule="")
    assert text(one) == "1 card goes back under stack 6"
    assert text(two) == "2 cards go back under stack 6"
