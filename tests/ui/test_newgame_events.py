"""The new-game screen offers the Events module (off unless chosen); a game with it plays to
its last turn in the client."""

from __future__ import annotations

import pygame
import pygame_gui

from game.core import EventsOptions
from game.persist import Settings
from game.ui.app import App
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import EVENTS_ON, NewGameScene


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
        assert new.events_menu.options_list == [  # the options of 004:16 at new game
            ("Off", "Off"), ("On", "On"), ("On, rules 6 and 7", "On, rules 6 and 7"),
            ("On, 6 and 7, random B", "On, 6 and 7, random B")]
        game.fast_bots = True
        for _ in range(20_000):
            app.frame([], 1 / 60)
            if isinstance(app.scene, EndScene):
                break
        assert game.session.state.game_over and game.session.state.eventdeck is not None
    finally:
        app.close()
