"""Save anywhere, through the client (issue 36, "Save anywhere" and defect 1): a person at an
event's "choose the player it strikes" and at an event's A/B choice opens the game menu, clicks
Save game, then Main menu (which autosaves); Load and Continue open the game at the same
decision with the same state hash. And Continue, when the newest autosave cannot be opened,
says so on the main menu instead of quietly opening an older one. Every widget is clicked by
the text a person reads on it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pygame
import pytest

from game.core import (
    EventOption,
    EventsOptions,
    GameConfig,
    GameState,
    choose_setup,
    load_event_cards,
    load_game_data,
    new_game,
)
from game.core.eventdeck import action, cancel
from game.core.eventdeck.cards import EventCards
from game.core.flow import label_key
from game.persist import Autosaver, Settings, autosaves, paths
from game.simulate import resolve_map
from game.ui.app import App
from game.ui.map.offered import map_for
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import LoadScene
from game.ui.scenes.menu import MenuScene
from game.ui.seat.session import Seat, Session
from game.ui.words import events as eventwords
from tests.persist.test_save_anywhere import TRIBUTE

from .driver import Driver
from .test_event_display import seat_bots


def events_game(seed: int) -> GameState:
    """A 5-player game with the Events module on the installed map (Load opens a save only
    on a map the client can draw)."""
    data = load_game_data()
    config = GameConfig(players=[], seed=seed, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    return new_game(config, resolve_map(None), data)


@pytest.fixture
def app(private_data_dir) -> Iterator[App]:  # type: ignore[no-untyped-def]
    """The client as a player runs it: settings, saves and autosaves in its (private) folders."""
    application = App((1366, 768), settings=Settings(animation_speed=8.0))
    application.push(MenuScene(application))
    yield application
    application.close()


@pytest.fixture
def with_tribute(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test card with an A/B choice (no card of the data has one yet)."""
    real = load_event_cards()
    cards = replace(real, cards=MappingProxyType({**real.cards, "tribute": TRIBUTE}))
    assert isinstance(cards, EventCards)
    for module in (action, cancel, eventwords):
        monkeypatch.setattr(module, "load_event_cards", lambda: cards)


# --- widgets found by their text ----------------------------------------------------------------

def shown(app: App, text: str, start: bool = False) -> list[Any]:
    """The visible widgets whose text is `text` (or starts with it)."""
    found = []
    for element in app.manager.get_sprite_group().sprites():
        label = getattr(element, "text", None)
        if not isinstance(label, str) or not getattr(element, "visible", True):
            continue
        if label == text or (start and label.startswith(text)):
            found.append(element)
    return found


def click_text(driver: Driver, text: str, start: bool = False) -> None:
    found = shown(driver.app, text, start)
    assert len(found) == 1, f"{len(found)} widgets read {text!r}"
    rect = found[0].rect
    assert driver.app.screen.get_rect().contains(rect), f"{text!r} is not inside the window"
    driver.click(rect.center)


# --- a person at an event's decision ------------------------------------------------------------

def at_decision(app: App, card: str, kind: str) -> tuple[GameScene, Session, str]:
    """A game whose first taker, the person, takes `card` from the display by a click and is
    asked the decision `kind` about it; the others are bots."""
    state = events_game(1)
    human = state.pending.player
    for pid in state.players:  # everyone can pay either of Tribute's options: each is asked
        p = state.players[pid]
        p.stock, p.treasury = p.stock + p.treasury - 12, 12
    deck = state.eventdeck
    deck.display[0], deck.shown[0] = card, True
    state.pending.options = sorted(action.labels(state), key=label_key)
    bots = seat_bots(state, 1)
    seats = {pid: Seat(pid, f"Player {i + 1}", human=pid == human,
                       bot=None if pid == human else bots[pid])
             for i, pid in enumerate(state.players)}
    session = Session(state, seats, autosaver=Autosaver())
    found = map_for(state.map.id)
    assert found is not None
    game = GameScene(app, session, found[1])
    app.reset_to(game)
    driver = Driver(app)
    wait_until(driver, lambda: game.eventrow.taking() and session.human_to_act() == human)
    driver.perform(game, f"event:{card}")
    wait_until(driver, lambda: session.state.pending.kind == kind and shown_options(game))
    return game, session, human


def shown_options(game: GameScene) -> bool:
    return any(game.decision.options.button_for(lb) is not None for lb in game.labels())


def wait_until(driver: Driver, ready: Any, frames: int = 900) -> None:
    for _ in range(frames):
        driver.frames(1)
        if getattr(driver.app.scene, "curtain_for", ""):  # hot seat: come to the screen
            driver.click(driver.app.screen.get_rect().center)
        if ready():
            return
    raise AssertionError("the client never came to the decision")


def decision(app: App) -> tuple[str, str, str, list[str]]:
    scene = app.scene
    assert isinstance(scene, GameScene)
    state = scene.session.state
    assert state.pending is not None
    return state.state_hash(), state.pending.kind, state.pending.player, state.pending.options


def save_leave_load_continue(app: App, session: Session, name: str) -> None:
    """Menu → Save game (under `name`), Menu → Main menu; Load opens the save and Continue
    the autosave, each at the same decision with the same state hash."""
    driver = Driver(app)
    before = decision(app)
    click_text(driver, "Menu")
    entry = app.scene.name_entry  # type: ignore[union-attr]
    entry.set_text(name)
    click_text(driver, "Save game")
    saved = paths.saves_dir() / f"{name}.json"
    assert saved.exists(), app.message
    assert app.message == f"Saved as {saved.name}"
    assert decision(app) == before
    click_text(driver, "Menu")
    click_text(driver, "Main menu")  # autosaves as it leaves the game
    assert isinstance(app.scene, MenuScene)
    assert autosaves()
    # Load: the save, by the name it was given
    click_text(driver, "Load")
    assert isinstance(app.scene, LoadScene)
    click_text(driver, f"{name} — turn", start=True)
    click_text(driver, "Open")
    assert isinstance(app.scene, GameScene), app.message
    driver.frames(5)
    assert decision(app) == before
    # and back to the main menu, where Continue opens the autosave
    click_text(driver, "Menu")
    click_text(driver, "Main menu")
    click_text(driver, "Continue")
    assert isinstance(app.scene, GameScene), app.message
    driver.frames(5)
    assert decision(app) == before
    shot = os.environ.get("CALAMITAS_SHOTS")
    if shot:
        pygame.image.save(app.screen, f"{shot}-{name}.png")


def test_saved_and_autosaved_at_an_event_target_the_game_opens_there(app) -> None:
    game, session, human = at_decision(app, "corruption", "event_target")
    assert session.state.pending.player == human
    save_leave_load_continue(app, session, "at the target")


def test_saved_and_autosaved_at_an_events_a_b_choice_the_game_opens_there(
        app, with_tribute) -> None:
    game, session, human = at_decision(app, "tribute", "event_option")
    assert session.state.pending.player == human
    assert session.state.pending.detail == EventOption(card="tribute")
    save_leave_load_continue(app, session, "at the choice")


# --- Continue never quietly skips ---------------------------------------------------------------

def test_continue_tells_on_the_main_menu_what_it_cannot_open_and_what_it_would_open(
        app) -> None:
    state = events_game(2)
    seats = {pid: Seat(pid, f"Player {i + 1}", human=True) for i, pid in enumerate(state.players)}
    session = Session(state, seats)
    saver = Autosaver()
    good = saver.save(session.record, session.state)
    bad = saver.save(session.record, session.state)
    bad.write_text('{"format": "calamitas-save", "format_versi')
    os.utime(good, (1, 1))  # the damaged one is the newest
    menu = MenuScene(app)
    app.reset_to(menu)
    driver = Driver(app)
    click_text(driver, "Continue")
    assert app.scene is menu, "an older autosave was opened without a word"
    told = " ".join(menu.notice)
    assert bad.name in told and "JSON" in told  # which, and why
    assert good.name in told and "turn 1" in told  # what it would open instead
    assert "left as it is" in told and bad.exists()  # nothing lost
    # drawn on the menu, inside the window
    assert app.screen.get_rect().contains(menu.notice_box)
    driver.frames(2)
    if os.environ.get("CALAMITAS_SHOTS"):
        pygame.image.save(app.screen, f"{os.environ['CALAMITAS_SHOTS']}-continue.png")
    # "Not now" leaves the menu as it was; "Open the older autosave" opens it
    click_text(driver, "Not now")
    assert app.scene is menu and not menu.notice and bad.exists()
    click_text(driver, "Continue")
    click_text(driver, "Open the older autosave")
    assert isinstance(app.scene, GameScene)
    assert app.scene.session.state.state_hash() == state.state_hash()


def test_continue_with_nothing_that_opens_says_why(app) -> None:
    state = events_game(3)
    seats = {pid: Seat(pid, f"Player {i + 1}", human=True) for i, pid in enumerate(state.players)}
    session = Session(state, seats)
    bad = Autosaver().save(session.record, session.state)
    bad.write_text("[]")
    menu = MenuScene(app)
    app.reset_to(menu)
    driver = Driver(app)
    click_text(driver, "Continue")
    assert app.scene is menu
    told = " ".join(menu.notice)
    assert bad.name in told and "No older autosave can be opened" in told
    assert not shown(app, "Open the older autosave")
    click_text(driver, "Close")
    assert not menu.notice and bad.exists()
