"""The rules screen's Events tab: every event card of every deck, drawn as the display draws
them, found by typing (title, text, Age, window, family), chosen with the keyboard or the
mouse, readable at 1366x768 — with or without a game that has the Events module on."""

from __future__ import annotations

import pygame

from game.core import load_event_cards
from game.persist import Settings
from game.ui.app import App
from game.ui.cards.book import book, matches
from game.ui.cards.events import card_face
from game.ui.checks.layout import problems
from game.ui.scenes.rules import EVENTS_TAB, RulesScene

from .driver import Driver


def type_text(driver: Driver, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch,
                                             scancode=0))
    driver.frames(2)


def open_events_tab(app: App) -> tuple[RulesScene, Driver]:
    rules = RulesScene(app)
    app.push(rules)
    driver = Driver(app)
    driver.frames(2)
    driver.click(rules.tabs[EVENTS_TAB].rect.center)
    assert rules.tab == EVENTS_TAB
    driver.frames(2)
    return rules, driver


def test_the_events_tab_lists_every_card_of_every_deck_drawn_as_in_the_display(app) -> None:
    rules, driver = open_events_tab(app)
    cards = load_event_cards().cards
    assert sorted(e.card.id for e in book()) == sorted(cards)
    assert {e.card.kind for e in book()} == {c.kind for c in cards.values()}
    assert rules.book.found == list(book())
    # the cards on screen are the faces eventcards.py paints, at a readable size
    assert rules.book.cells and rules.book.card_width() >= 140
    rect, index = rules.book.cells[0]
    face = card_face(app.theme, rules.book.found[index].card.id,
                     rules.book.card_width()).surface
    x, y = face.get_width() // 2, face.get_height() // 3
    assert app.screen.get_at((rect.x + x, rect.y + y)) == face.get_at((x, y))
    assert problems(app.manager, app.screen.get_rect(), "", rules.layout_marks()) == []


def test_typing_finds_cards_by_title_text_age_window_and_family(app) -> None:
    rules, driver = open_events_tab(app)
    type_text(driver, "plague")
    found = [e.card for e in rules.book.found]
    assert found and len(found) < len(book())
    assert all("plague" in " ".join(e.words) for e in rules.book.found)
    assert "plague" in [c.id for c in found]
    driver.key(pygame.K_ESCAPE)  # Escape clears the search first, the screen stays
    assert rules.book.query == "" and app.scene is rules
    assert len(rules.book.found) == len(book())
    type_text(driver, "age iv")  # an Age's numeral is the whole word: not Age I or II
    assert rules.book.found and {e.card.age for e in rules.book.found} == {4}
    for _ in "age iv":
        driver.key(pygame.K_BACKSPACE)
    type_text(driver, "battle")  # a timing window
    assert any(e.card.window == "battle" for e in rules.book.found)
    entry = next(e for e in book() if e.card.id == "plague")
    assert matches(entry, "skull") and matches(entry, "Plague") and matches(entry, "d10 region")
    assert not matches(entry, "treasury gain")
    driver.key(pygame.K_ESCAPE)
    type_text(driver, "no such card anywhere")
    assert rules.book.found == [] and rules.book.cells == []


def test_arrows_and_clicks_choose_a_card_shown_large_and_escape_leaves(app) -> None:
    rules, driver = open_events_tab(app)
    book_ = rules.book
    assert book_.chosen == 0
    driver.key(pygame.K_RIGHT)
    assert book_.chosen == 1
    driver.key(pygame.K_DOWN)  # one row down, same column (a section starts a new row)
    below = book_.chosen
    assert below > 1
    driver.key(pygame.K_UP)
    assert book_.chosen == 1
    for _ in range(8):  # far down: the grid scrolls to keep the chosen card in sight
        driver.key(pygame.K_PAGEDOWN)
    assert book_.scroll > 0
    assert any(index == book_.chosen for _, index in book_.cells)
    driver.key(pygame.K_HOME)
    assert book_.chosen == 0 and book_.scroll == 0
    rect, index = book_.cells[3]
    driver.click(rect.center)
    assert book_.chosen == index
    title = book_.found[index].card.title
    assert title in [text for text, _ in book_.marks]  # the detail names it
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    driver.frames(2)
    assert book_.scroll > 0
    driver.key(pygame.K_F1)  # the tabs by key, as in the game
    assert rules.tab == 0
    driver.key(pygame.K_F4)
    assert rules.tab == EVENTS_TAB
    driver.key(pygame.K_ESCAPE)
    assert app.scene is not rules


def test_the_events_tab_fits_at_ui_scale_one_and_a_half() -> None:
    app = App((1366, 768), settings=Settings(animation_speed=8.0, ui_scale=1.5),
              persist_settings=False)
    try:
        rules, driver = open_events_tab(app)
        type_text(driver, "famine")
        driver.key(pygame.K_RIGHT)
        assert rules.book.cells
        assert problems(app.manager, app.screen.get_rect(), "", rules.layout_marks()) == []
        assert rules.layout_problems() == []
    finally:
        app.close()


def test_the_phases_tab_names_the_event_action_before_taxation(app) -> None:
    rules = RulesScene(app)
    app.push(rules)
    Driver(app).frames(2)
    heads = [text for style, text, _ in rules.entries() if style == "head"]
    assert heads[0].startswith("E. Event action") and heads[1] == "1. Taxation"
