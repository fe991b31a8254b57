"""Hints where a newcomer stalls (issue 39, fourth bullet), on the real client: in trade, the hand
names the set in hand that more cards would raise most (sets are worth n² x face value, rules
phase 7 and §5.4); ending city building with a city left that costs nothing else asks first
(rules §4 phase 5a). Neither shows where it would be wrong."""

from __future__ import annotations

import os

import pygame
import pytest

from game.bots import make_bot
from game.core import Action, GameState, apply, load_game_data, set_sizes, view
from game.core.state import HandCard
from game.ui.panels.hand import HandPanel
from game.ui.scenes.game import GameScene
from game.ui.seat.missed import GO, missed_cities, missed_city_warning
from game.ui.seat.session import Seat, Session
from game.ui.words.hints import set_hint

from .driver import Driver
from .script import make_game
from .test_hotseat_turn import hot_seat_at_movement, load_geometry

SHOTS = os.environ.get("CALAMITAS_TEST_SHOTS", "")


def bots_to(state: GameState, kind: str, seed: int, least_turn: int = 1) -> bool:
    """Bots play `state` on until a decision of `kind` in turn `least_turn` or later."""
    seats = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
    for _ in range(20000):
        pending = state.pending
        if pending is None or state.game_over:
            return False
        if pending.kind == kind and state.turn >= least_turn:
            return True
        apply(state, Action(pending.player, seats[pending.player].choose(
            view(state, pending.player))))
    return False


def on_screen(app, state: GameState) -> tuple[GameScene, Session, Driver]:
    """Every seat a person, the curtain lifted for the one to act."""
    seats = {pid: Seat(pid, pid, human=True) for pid in state.players}
    session = Session(state, seats)
    game = GameScene(app, session, load_geometry())
    app.push(game)
    driver = Driver(app)
    for _ in range(50):
        driver.frames(1)
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
        elif session.human_to_act():
            break
    driver.frames(3)
    return game, session, driver


def _hand(game: GameScene) -> HandPanel:
    return next(p for p in game.panels if isinstance(p, HandPanel))


def _face(value: int) -> str:
    data = load_game_data()
    return next(c for c, v in data.commodities.items() if v.value == value)


# -- the set hint -----------------------------------------------------------------------------
def test_in_trade_the_hand_names_the_set_more_cards_would_raise_most(app) -> None:
    state = make_game(4)
    assert bots_to(state, "trade_partner", 4, least_turn=2) or \
        bots_to(state, "trade_card", 4), "no trade decision"
    who = state.pending.player  # type: ignore[union-attr]
    low, high = _face(1), _face(2)
    state.players[who].hand = [HandCard(low), HandCard(low), HandCard(low), HandCard(high),
                               HandCard(high)]
    game, _, driver = on_screen(app, state)
    assert game.viewer == who and state.phase == "trade"
    hint = _hand(game).hint
    name = load_game_data().commodities[high].name
    # two of a face-2 commodity: two more make 4 x 4 x 2 = 32 instead of 8, 24 more; three of
    # a face-1 one: two more make 25 instead of 9, 16 more
    assert hint == f"Two more {name} would make your {name} worth 24 more (4 cards: 32 " \
                   f"instead of 8)", hint
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, "hint-set-in-trade.png"))


def test_no_set_hint_outside_trade_with_only_single_cards_or_a_full_set(app) -> None:
    game, session, driver = hot_seat_at_movement(app)
    who = session.human_to_act()
    assert who is not None
    card = _face(2)
    session.state.players[who].hand = [HandCard(card), HandCard(card), HandCard(card)]
    game.changed()
    driver.frames(3)
    assert session.state.phase == "movement" and _hand(game).hint is None  # not in movement
    state = session.state
    state.phase = "trade"
    assert set_hint(view(state, who)) is not None  # the same hand in trade: a hint
    singles = [HandCard(c) for c in list(load_game_data().commodities)[:6:2]]
    state.players[who].hand = singles
    assert set_hint(view(state, who)) is None  # no set begun
    most = set_sizes(load_game_data(), state.config.setup)[card]
    state.players[who].hand = [HandCard(card)] * most
    assert set_hint(view(state, who)) is None  # the set is whole: nothing more to gain
    state.players[who].hand = [HandCard(card)] * (most - 1)
    assert set_hint(view(state, who)).startswith("One more")  # type: ignore[union-attr]


# -- the city left unbuilt --------------------------------------------------------------------
def _city_position() -> GameState:
    for seed in range(1, 10):
        state = make_game(seed)
        while bots_to(state, "build_city", seed):
            who = state.pending.player  # type: ignore[union-attr]
            if missed_cities(state, who):
                return state
            apply(state, Action(who, "done"))
    pytest.skip("no city building position found")


def test_ending_city_building_with_a_city_left_asks_first(app) -> None:
    state = _city_position()
    who = state.pending.player  # type: ignore[union-attr]
    areas = missed_cities(state, who)
    game, session, driver = on_screen(app, state)
    moves = session.moves
    driver.perform(game, "done")
    assert game.confirm.open, "no word before ending city building"
    place = state.map.areas[areas[0]].name
    assert place in game.confirm.text and "End city building without" in game.confirm.text
    assert game.confirm.heading == "A city left unbuilt"  # not "costs you your own pieces"
    assert session.moves == moves and state.pending.kind == "build_city"  # not ended yet
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, "hint-city-left.png"))
    driver.click(game.confirm.back.rect.center)  # Back: the decision is still open
    assert not game.confirm.open and state.pending.kind == "build_city"
    driver.perform(game, "done")
    assert game.confirm.go is not None and game.confirm.go.text == GO
    driver.click(game.confirm.go.rect.center)
    assert session.moves > moves
    assert state.pending is None or state.pending.player != who or \
        state.pending.kind != "build_city"


def test_no_word_for_other_picks_or_with_no_city_left(app) -> None:
    state = _city_position()
    who = state.pending.player  # type: ignore[union-attr]
    area = f"area:{missed_cities(state, who)[0]}"
    assert missed_city_warning(state, who, "done")
    assert missed_city_warning(state, who, area) == ""  # building it: no word
    other = next(p for p in state.players if p != who)
    assert missed_city_warning(state, other, "done") == ""  # not their decision
    game, session, driver = hot_seat_at_movement(app)
    mover = session.human_to_act()
    assert mover is not None
    assert missed_city_warning(session.state, mover, "done") == ""  # ending movement
