"""The new-game screen remembers the Events choice with the others it keeps in settings.toml,
and says under each choice what it means: the A.S.T. sides (rules §7.3-7.4), the last turn,
and the Events module's optional rules 6 and 7 (seed 004 §16, 16.2) (issue 36, defect 12a)."""

from __future__ import annotations

import pygame
import pygame_gui

from game.persist import Settings, load_settings
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import NewGameScene

from .driver import Driver


def new_game_screen(app: App) -> NewGameScene:
    app.push(MenuScene(app))
    new = NewGameScene(app)
    app.push(new)
    Driver(app).frames(2)
    return new


def choose(new: NewGameScene, menu: object, text: str) -> None:
    new.handle(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                  text=text))


def drawn(app: App) -> list[str]:
    app.theme._text.clear()
    Driver(app).frames(2)
    return [key[2] for key in app.theme._text]


def test_the_events_choice_is_remembered_for_the_next_new_game(private_data_dir) -> None:
    app = App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=True)
    try:
        new = new_game_screen(app)
        assert new.events == "Off"
        choose(new, new.events_menu, "On, rules 6 and 7")
        new.kinds = {civ: "Bot: basic" for civ in new.civs()}
        new.start_game()
        assert app.settings.new_game.events == "rules-6-7"
    finally:
        app.close()
    settings, problems = load_settings()
    assert settings.new_game.events == "rules-6-7" and problems == []
    app = App((1366, 768), settings=settings, persist_settings=True)
    try:
        again = new_game_screen(app)
        assert again.events == "On, rules 6 and 7"
        assert again.events_menu.selected_option[0] == "On, rules 6 and 7"
        assert again.chosen().events is not None and again.chosen().events.reveal_more
    finally:
        app.close()


def test_a_bad_remembered_events_choice_falls_back_to_off(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('[new_game]\nevents = "sometimes"\n')
    settings, problems = load_settings(path)
    assert settings.new_game.events == "off" and any("events" in p for p in problems)


def test_each_choice_says_what_it_means(app: App) -> None:
    new = new_game_screen(app)
    texts = " ".join(drawn(app))
    assert "Basic A.S.T.: the game ends after the turn" in texts and "Last turn: empty" in texts
    assert "No event cards" in texts
    choose(new, new.ast_menu, "Expert")
    choose(new, new.events_menu, "On, rules 6 and 7")
    texts = " ".join(drawn(app))
    assert "Expert A.S.T.: more cities and advances per epoch" in texts
    assert "Rule 6: cards marked X dealt" in texts and "Rule 7: with 6 or more players" in texts
    assert new.ast_menu.tool_tip_text  # the A.S.T. menu has a tooltip too
    marks = [r for what, r in new.layout_marks() if what == "choice note"]
    assert len(marks) == 2 and all(app.screen.get_rect().contains(r) for r in marks)
    widgets = [new.back.rect, new.map_menu.rect, new.events_menu.rect, new.seed_entry.rect,
               new.ast_menu.rect, new.last_turn_entry.rect]
    assert not any(m.colliderect(w) for m in marks for w in widgets)


def test_the_notes_fit_in_the_smallest_window_at_ui_scale_1_5() -> None:
    """1366x768 at UI scale 1.5, the smallest layout the screens are held to: the notes keep
    the Seed row above Back and say all they say in full."""
    from game.ui.draw import wrap
    from game.ui.scenes.newgame import EVENTS_NOTES, LAST_TURN_NOTE, ast_note

    app = App((1366, 768), settings=Settings(ui_scale=1.5), persist_settings=False)
    try:
        new = new_game_screen(app)
        choose(new, new.ast_menu, "Expert")
        choose(new, new.events_menu, "On, all optional rules")
        drawn(app)
        assert new.seed_entry.rect.bottom < new.back.rect.top
        marks = [r for what, r in new.layout_marks() if what == "choice note"]
        width = marks[0].width
        for note in [f"{ast_note(s)} {LAST_TURN_NOTE}" for s in ("basic", "expert")] + \
                list(EVENTS_NOTES.values()):
            assert len(wrap(app.theme, note, width, 11, "italic")) <= 2, note
    finally:
        app.close()
