"""How to play (issue 39, second bullet): a book reached from the main menu, from Help and from a
decision's "Why:" line; every page fits the window at 1366x768, at UI scale 1 and 1.5; its
figures are the game's data, not typed twice."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.core import load_game_data
from game.persist import Settings
from game.ui.app import App
from game.ui.checks.layout import problems
from game.ui.checks.selftest import _layout_problems
from game.ui.checks.words import raw_ids_in
from game.ui.scenes.book import BookScene
from game.ui.scenes.help import HelpScene
from game.ui.scenes.menu import MenuScene
from game.ui.words.howto import page_for, pages

from .driver import Driver
from .test_hotseat_turn import hot_seat_at_movement


def _button(app: App, text: str) -> UIButton:
    """The visible button that says `text`, found as a person finds it."""
    stack = list(app.manager.get_sprite_group().sprites())
    found = [e for e in stack if isinstance(e, UIButton) and e.text == text and e.visible]
    assert found, f"no button says {text!r}"
    return found[0]


def _menu(scale: float = 1.0) -> tuple[App, Driver]:
    app = App((1366, 768), settings=Settings(animation_speed=8.0, ui_scale=scale),
              persist_settings=False)
    app.push(MenuScene(app))
    driver = Driver(app)
    driver.frames(2)
    return app, driver


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_book_opens_from_the_menu_and_every_page_fits_the_window(scale: float) -> None:
    app, driver = _menu(scale)
    try:
        driver.click(_button(app, "How to play").rect.center)
        book = app.scene
        assert isinstance(book, BookScene)
        seen = []
        for _ in range(len(book.pages)):
            driver.frames(2)
            seen.append(book.page.title)
            found = _layout_problems(app, problems)
            assert found == [], (book.page.title, found)
            marks = book.layout_marks()
            window = app.screen.get_rect()
            assert all(window.contains(r) for _, r in marks)
            assert all(book.box.contains(r) for _, r in marks), book.page.title
            driver.click(_button(app, "Next").rect.center)
        assert seen == [p.title for p in pages()]
        assert not book.next.is_enabled  # the last page
        driver.click(_button(app, "Previous").rect.center)
        assert book.index == len(book.pages) - 2
        driver.click(_button(app, "The goal and victory").rect.center)  # the contents
        assert book.index == 0
        driver.click(_button(app, "Back").rect.center)
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()


def test_help_opens_the_book(app: App) -> None:
    app.push(HelpScene(app))
    driver = Driver(app)
    driver.frames(2)
    driver.click(_button(app, "How to play").rect.center)
    assert isinstance(app.scene, BookScene)
    assert app.scene.page.key == "goal"


def test_the_why_line_opens_the_book_at_its_decisions_page(app: App) -> None:
    game, session, driver = hot_seat_at_movement(app)
    driver.frames(3)
    assert any(text.startswith("Why: Movement") for text, _ in game.decision.layout_marks())
    chip = next(r for text, r in game.decision.layout_marks() if text == "?")
    driver.click(chip.center)
    book = app.scene
    assert isinstance(book, BookScene)
    assert book.page.key == page_for("movement") == "tokens"
    assert book.page.title in {b.text for b in book.contents if b.is_selected}
    driver.key(pygame.K_ESCAPE)
    assert app.scene is game
    line = next(r for text, r in game.decision.layout_marks() if text.startswith("Why:"))
    driver.click((line.x + 4, line.centery))  # the line itself opens it too
    assert isinstance(app.scene, BookScene)


def test_every_phase_and_a_calamity_lead_to_a_page_of_the_book() -> None:
    keys = {p.key for p in pages()}
    from game.core import PHASES

    for phase in (*PHASES, "events"):
        assert page_for(phase) in keys
    assert page_for("calamity_resolution", calamity=True) == "calamities"
    assert page_for("events") == "events"


def test_the_pages_figures_are_the_games_data_and_no_raw_ids() -> None:
    data = load_game_data()
    text = {p.key: " ".join(p.paragraphs) for p in pages()}
    assert "{" not in "".join(text.values())
    n = data.numbers
    assert f"{n['city_tokens_on_site']} of your tokens on a city site" in text["cities"]
    assert f"elsewhere it takes {n['city_tokens_wilderness']}" in text["cities"]
    ast = data.ast_numbers
    assert f"{ast['vp_per_step']} for every space" in text["goal"]
    assert f"space {ast['last_space']}" in text["goal"]
    # rules §5.4: a set of n is worth n^2 x face value; the page's example is a face-2 card
    card = next(c for c in data.commodities.values() if c.value == 2)
    assert f"three {9 * card.value}, four {16 * card.value}" in text["cards"]
    # the A.S.T. requirements (rules §7.3, basic side) come from ast.toml
    late_iron = data.ast["basic"][-1]
    assert f"Late Iron: {late_iron.cities} cities" in text["ast"]
    for key, words in text.items():
        assert raw_ids_in(words) == [], key
