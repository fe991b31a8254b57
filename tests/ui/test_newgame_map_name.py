"""The new-game screen's map menu names each map as a player reads it ("Oikoumene", from the
map file's name), never its file id, and choosing one still starts the game on that map (issue
36, words: no internal ids on screen)."""

from __future__ import annotations

import pygame_gui

from game.ui.map.offered import available_maps, map_titles

from .driver import Driver
from .test_newgame_remembers import new_game_screen


def test_the_map_menu_shows_names_and_keeps_the_id(app) -> None:
    new = new_game_screen(app)
    titles = map_titles()
    assert titles and set(titles) == set(available_maps())
    shown, chosen = new.map_menu.selected_option
    assert chosen == new.map_id and shown == titles[new.map_id]
    assert all(name and "_" not in name and name[0].isupper() for name in titles.values()), titles
    if "oikoumene" in titles:
        assert titles["oikoumene"] == "Oikoumene"
    # choosing through the open list, as a person does
    new.map_menu.current_state.finish()
    new.map_menu.current_state = new.map_menu.menu_states["expanded"]
    new.map_menu.current_state.start()
    Driver(app).frames(2)
    rows = new.map_menu.current_state.options_selection_list.item_list_container.elements
    last = rows[-1]
    Driver(app).click(last.rect.center)
    Driver(app).frames(2)
    assert new.map_id == list(titles)[-1]
    assert isinstance(new.map_menu, pygame_gui.elements.UIDropDownMenu)
