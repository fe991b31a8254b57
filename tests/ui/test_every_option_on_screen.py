"""Every option on screen (issue 36, items 3 and 4): at 1366x768, 1920x1080 and 2560x1440 and
every UI scale the Settings screen offers there, each legal option of a decision with many
options has a widget wholly inside the window that a click reaches (a button, or a row of the
drop-down's open list), the open list stays inside the window, and no option's text is cut
in the menu without its whole text in Choose's tooltip.

The decisions come from a real game: seed 3 on the arena map with the Events module, the
basic bots playing: the first decision whose bar holds more than eight options (an advance
choice, 11 options, on turn 9), and the first ship-building choice with three prices ("Build a
ship (2 treasury, the rest in tokens)": the text the issue saw cut, "the rest in t")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.bots import make_bot
from game.core import Action, EventsOptions, GameConfig, GameState, apply, choose_setup, view
from game.core.gamedata import load_game_data
from game.maps.files import load_map_file
from game.persist import Settings
from game.ui.app import App
from game.ui.checks.layout import problems
from game.ui.checks.selftest import _layout_problems
from game.ui.dropdown import open_list
from game.ui.scenes.game import GameScene
from game.ui.scenes.settings import offered_scales
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .test_event_display import ARENA
from .test_hotseat_turn import load_geometry

SIZES = ((1366, 768), (1920, 1080), (2560, 1440))
MANY = 8


def _many(pending) -> bool:  # type: ignore[no-untyped-def]
    return len([o for o in pending.options if not o.startswith("area:")]) > MANY


def _ships(pending) -> bool:  # type: ignore[no-untyped-def]
    return pending.kind == "movement_action" and sum(
        o.startswith("number:") for o in pending.options) >= 3


def many_options_state(wanted=_many) -> GameState:  # type: ignore[no-untyped-def]
    data = load_game_data()
    graph, _ = load_map_file(ARENA)
    config = GameConfig(players=[], seed=3, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_state = _new(config, graph, data)
    seats = {pid: make_bot("basic", 300 + i) for i, pid in enumerate(state.players)}
    while not new_state.game_over:
        pending = new_state.pending
        assert pending is not None
        if wanted(pending):
            return new_state
        who = pending.player
        apply(new_state, Action(who, seats[who].choose(view(new_state, who))))
    raise AssertionError("no decision with many options came up")


def _new(config, graph, data):  # type: ignore[no-untyped-def]
    from game.core import new_game

    return new_game(config, graph, data)


@pytest.fixture(scope="module", params=["many options", "ship building"])
def state(request) -> GameState:  # type: ignore[no-untyped-def]
    return many_options_state(_many if request.param == "many options" else _ships)


def cases() -> Iterator[tuple[tuple[int, int], float]]:
    for size in SIZES:
        for scale in offered_scales(size):
            yield size, scale


def _bar_options(game: GameScene) -> list[str]:
    opts = game.decision.options
    return [lb for _, lb in opts.buttons] + list(opts.dropdown_labels.values())


def on_screen_problems(app: App, game: GameScene, driver: Driver) -> list[str]:
    """What keeps an option of the decision bar from being seen and clicked."""
    window = app.screen.get_rect()
    found: list[str] = []
    opts = game.decision.options
    labels = [lb for lb in game.labels() if not lb.startswith("area:")]
    shown = set(_bar_options(game))
    found += [f"{lb}: no widget" for lb in labels if lb not in shown and lb != "done"
              and not lb.startswith("event:")]
    for button, label in opts.buttons:
        if not window.contains(button.rect):
            found.append(f"{label}: button at {tuple(button.rect)} off the window")
    menu = opts.dropdown
    if menu is not None:
        if not window.contains(menu.rect):
            found.append(f"drop-down at {tuple(menu.rect)} off the window")
        assert opts.choose is not None
        if not window.contains(opts.choose.rect):
            found.append(f"Choose at {tuple(opts.choose.rect)} off the window")
        driver.click(menu.rect.center)  # open it as a player would
        rect = open_list(menu)
        if rect is None:
            found.append("the drop-down did not open")
        else:
            if not window.contains(rect):
                found.append(f"open list at {tuple(rect)} past the "
                             f"{window.width}x{window.height} window")
            state = menu.current_state
            items = state.options_selection_list.item_list  # type: ignore[union-attr]
            shown = [it for it in items if it["button_element"] is not None]
            # every option in a row of its own, or (a list longer than the window) at least
            # six rows and a scroll bar
            if len(shown) < min(len(items), 6):
                found.append(f"open list shows {len(shown)} row(s) of {len(items)}")
            for it in shown:
                if not window.contains(it["button_element"].rect):
                    found.append(f"{it['text']!r} at {tuple(it['button_element'].rect)} off "
                                 f"the window")
            if shown and not found:  # a click on the last row shown picks it
                last = shown[-1]
                driver.click(last["button_element"].rect.center)
                driver.frames(2)
                if menu.selected_option[0] != last["text"]:
                    found.append(f"a click on {last['text']!r} did not pick it")
                driver.click(menu.rect.center)  # open again, to be closed below
            font = opts.theme.font("bold", 15)
            for text, _ in menu.options_list:  # each row of the open list shows its text
                if font.size(text)[0] > rect.width - 4:
                    found.append(f"{text!r} cut in the open list {rect.width} wide")
            for oid, whole in getattr(opts, "dropdown_texts", {}).items():
                text = next(t for t, o in menu.options_list if o == oid)
                if text != whole and opts._whole(oid) != whole:
                    found.append(f"{whole!r} shortened with no whole text to read")
            driver.click(menu.rect.center)  # and close it
    return found


@pytest.mark.parametrize("size,scale", list(cases()))
def test_every_option_of_a_long_decision_is_on_screen(state: GameState, size: tuple[int, int],
                                                       scale: float) -> None:
    app = App(size, settings=Settings(animation_speed=8.0, ui_scale=scale),
              persist_settings=False)
    try:
        session = Session(state.clone(),
                          {pid: Seat(pid, pid.title(), human=True) for pid in state.players})
        game = GameScene(app, session, load_geometry())
        app.push(game)
        driver = Driver(app)
        driver.frames(3)
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
            driver.frames(2)
        assert game.labels(), "the decision is not on screen"
        found = on_screen_problems(app, game, driver)
        found += [p for p in _layout_problems(app, problems) if "overlaps" in p
                  or "off the" in p]  # nor a button wrapped onto the hint line or the edge
        assert found == [], found
    finally:
        app.close()
