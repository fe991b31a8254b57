"""Help and layout (issue 19, items 7 and 8): the layout check finds clipped text, overlapping
widgets and widgets off the window; the help screen lists every key the client knows; Esc opens
the game menu and never takes a move back; H opens the help."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.ui.checks.layout import problems
from game.ui.input import InputMap
from game.ui.scenes.gamemenu import GameMenuScene
from game.ui.scenes.help import KEYS, LEGEND, HelpScene

from .test_hotseat_turn import hot_seat_at_movement


def test_the_layout_check_finds_clipped_text_overlaps_and_widgets_off_the_window(app) -> None:
    m = app.manager
    window = pygame.Rect(0, 0, 400, 300)
    UIButton(pygame.Rect(10, 10, 200, 30), "Fits", m)
    assert problems(m, window, "") == []
    UIButton(pygame.Rect(10, 60, 30, 30), "Much too long a text", m)
    UIButton(pygame.Rect(180, 20, 100, 30), "Over", m)
    UIButton(pygame.Rect(380, 250, 100, 30), "Off", m)
    UIDropDownMenu(["a", "b"], "a", pygame.Rect(10, 200, 120, 30), m)  # its parts are its own
    found = problems(m, window, "")
    assert any("clipped in UIButton 'Much too long a text'" in f for f in found)
    assert any("'Fits'" in f and "overlaps UIButton 'Over'" in f for f in found)
    assert any("UIButton 'Off'" in f and "falls off" in f for f in found)
    assert len(found) == 3
    drawn = problems(m, window, "", [("a drawn text", pygame.Rect(350, 5, 80, 20))])
    assert any("drawn 'a drawn text'" in f and "falls off" in f for f in drawn)


def test_help_names_every_key_the_client_answers() -> None:
    keys = InputMap()
    answered = []
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE,
                pygame.K_TAB, pygame.K_F1, pygame.K_h, pygame.K_PLUS, pygame.K_MINUS,
                pygame.K_f, pygame.K_HOME, pygame.K_0):
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        if keys.translate(event):
            answered.append(pygame.key.name(key).lower())
    text = " ".join(k for k, _ in KEYS).lower()
    for name in answered:
        short = {"return": "enter", "f1": "f1", "escape": "esc", "home": "home"}.get(name, name)
        assert short in text, f"the help does not name the {name} key"
    assert len(LEGEND) >= 11


def test_esc_opens_the_game_menu_and_never_undoes(app) -> None:
    game, session, driver = hot_seat_at_movement(app)
    who = session.human_to_act()
    area = next(lb for lb in session.options() if lb.startswith("area:"))
    driver.perform(game, area)
    assert session.can_undo(who)
    before = session.state.state_hash()
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, GameMenuScene)
    assert session.state.state_hash() == before  # the pick still stands


def test_h_opens_the_help_and_esc_closes_it(app) -> None:
    game, _, driver = hot_seat_at_movement(app)
    driver.key(pygame.K_h)
    assert isinstance(app.scene, HelpScene)
    driver.frames(2)
    assert problems(app.manager, app.screen.get_rect(), "", app.scene.layout_marks()) == []
    driver.key(pygame.K_ESCAPE)
    assert app.scene is game
