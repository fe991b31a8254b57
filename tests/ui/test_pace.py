"""Bots' turns are shown quickly where they touch no person, and at a followable pace where
they do (issue 19, item 9)."""

from __future__ import annotations

from game.core import CalamityRevealed, TokensMoved, TokensRemoved
from game.ui.seat.pace import BOT_NEAR, BOT_RUSH, BOT_UNSEEN, bot_hurry


def move(player: str, source: str = "a", target: str = "b") -> TokensMoved:
    return TokensMoved(player=player, source=source, target=target, count=2, rule="")


def test_a_bot_move_next_to_a_person_in_view_is_hurried_but_shown() -> None:
    assert bot_hurry([move("egypt")], ["minoa"], lambda area: area == "b") == BOT_RUSH


def test_a_bot_move_away_from_every_person_or_out_of_view_hardly_stops_the_game() -> None:
    assert bot_hurry([move("egypt")], ["minoa"], lambda area: False) == BOT_UNSEEN
    assert BOT_UNSEEN > BOT_RUSH > BOT_NEAR


def test_what_touches_a_person_or_a_calamity_keeps_the_followable_pace() -> None:
    hit = TokensRemoved(player="minoa", area="a", count=1, rule="")
    assert bot_hurry([move("egypt"), hit], ["minoa"], lambda area: False) == BOT_NEAR
    revealed = CalamityRevealed(calamity="flood", victim="egypt", traded_by="", rule="")
    assert bot_hurry([revealed], ["minoa"], lambda area: False) == BOT_NEAR


def test_bots_among_themselves_are_there_to_be_watched() -> None:
    assert bot_hurry([move("egypt")], [], lambda area: False) < BOT_RUSH
