"""Every bot answers the decisions inside an event card's effect (issue 36, defect 8): where a
gained token, city or ship goes, how much Monastic Spirit spends, which ship Lost at Sea takes,
where the Revolt process's chooser puts the revolt, which sea Piracy raids. Each bot chooses
one of the legal options from its view, and the normal bot (and the hard bot above it) chooses
as the core chose before it asked: the roomiest area, the most it may spend."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.bots import LEVELS, make_bot
from game.core import Action, GameState, apply, view

from ..core.eventdeck.test_card_choices import (
    HOME,
    ME,
    fill_treasury,
    game,
    hold,
    play_private,
    take_public,
)


def at_place(state: GameState) -> None:
    hold(state, {HOME: 2, "a001": 1})  # HOME: limit 3; a001: limit 4
    play_private(state, "free_units")


def at_spend(state: GameState) -> None:
    fill_treasury(state, 17)
    play_private(state, "monastic_spirit")


def at_site(state: GameState) -> None:
    hold(state, {HOME: 1, "a003": 2})
    play_private(state, "city")


def at_ship(state: GameState) -> None:
    hold(state, {HOME: 2, "a001": 1})
    take_public(state, "minoa_thalassocracy_of_minos")


def at_ship_lost(state: GameState) -> None:
    for area in ("a021", "a031"):
        state.board.add_ships(area, "assyria", 1)
    assert state.eventdeck is not None
    state.eventdeck.d2 = [True]
    take_public(state, "calamity_loss_of_units")


def at_marker_area(state: GameState) -> None:
    hold(state, {HOME: 1, "a001": 2})
    take_public(state, "calamity_revolt")


SETUPS: dict[str, Callable[[GameState], None]] = {
    "event_place": at_place, "event_spend": at_spend, "event_city_site": at_site,
    "event_ship": at_ship, "event_ship_lost": at_ship_lost, "event_marker_area": at_marker_area,
}


@pytest.mark.parametrize("kind", sorted(SETUPS))
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_bot_answers_a_card_decision_with_a_legal_option(kind: str, level: str) -> None:
    state = game()
    SETUPS[kind](state)
    assert state.pending is not None and state.pending.kind == kind
    who = state.pending.player
    bot = make_bot(level, 3)
    choice = bot.choose(view(state, who))
    assert choice in state.pending.options
    assert not getattr(bot, "errors", [])
    apply(state, Action(who, choice))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_normal_and_hard_bots_place_in_the_roomiest_area_and_spend_all_they_may(
        level: str) -> None:
    state = game()
    at_place(state)
    assert make_bot(level, 1).choose(view(state, ME)) == "area:a001"
    state = game()
    at_spend(state)
    assert make_bot(level, 1).choose(view(state, ME)) == "number:15"
