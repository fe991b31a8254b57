"""The new-game screen offers the Events module (off unless chosen); a game with it plays to
its last turn in the client."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pygame_gui
import pytest

from game.core import EventsOptions
from game.persist import Settings
from game.ui.app import App
from game.ui.scenes import newgame
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import EVENTS_ON, NewGameScene, events_choices


def test_the_events_module_chosen_at_new_game_is_played(private_data_dir: object) -> None:
    app = App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=False)
    try:
        app.push(MenuScene(app))
        new = NewGameScene(app)
        app.push(new)
        app.frame([], 1 / 60)
        assert new.chosen().events is None  # off unless chosen
        new.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                      ui_element=new.events_menu, text=EVENTS_ON))
        new.kinds = {civ: "Bot: basic" for civ in new.civs()}
        new.last_turn_entry.set_text("4")
        new.start_game()
        game = app.scene
        assert isinstance(game, GameScene)
        assert game.session.state.config.events == EventsOptions()
        assert [o for o, _ in new.events_menu.options_list] == [  # 004:16's options
            "Off", "On", "On, random B-events", "On, rules 6 and 7",
            "On, all optional rules"]
        game.fast_bots = True
        for _ in range(20_000):
            app.frame([], 1 / 60)
            if isinstance(app.scene, EndScene):
                break
        assert game.session.state.game_over and game.session.state.eventdeck is not None
    finally:
        app.close()


def test_random_b_events_are_offered_only_when_the_data_leaves_b_events_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """004:16.1: B-events are the set-up's listed cards, swappable for others of their Age; the
    cards shipped leave B-events out of the list (events.toml), so the choice is offered."""
    assert events_choices()["On, random B-events"] == EventsOptions(random_b=True)

    def cards(*b_listed: bool) -> SimpleNamespace:
        deck = {f"b{i}": SimpleNamespace(kind="B", listed=listed)
                for i, listed in enumerate(b_listed)}
        return SimpleNamespace(cards=deck)

    monkeypatch.setattr(newgame, "load_event_cards", lambda: cards(True, True))
    assert len(events_choices()) == 3  # every B-event listed: nothing to swap
    monkeypatch.setattr(newgame, "load_event_cards", lambda: cards(True, False))
    assert events_choices()["On, all optional rules"] == EventsOptions(
        randomise_x=True, reveal_more=True, random_b=True)
