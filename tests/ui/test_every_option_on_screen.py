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
from game.core import (
    Action,
    EventsOptions,
    GameConfig,
    GameState,
    apply,
    choose_setup,
    load_game_data,
    view,
)
from game.maps.files import load_map_file
from game.persist import Settings
from game.ui.app import App
from game.ui.checks.layout import problems
from game.ui.checks.selftest import _layout_problems
from game.ui.dropdown import open_list
from game.ui.scenes.game import GameScene
from game.ui.scenes.settings import offered_scales
from game.ui.seat.controller import TRADE_KINDS
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


def _buttons(game: GameScene):  # type: ignore[no-untyped-def]
    """The option widgets the decision shows: the trade window's for a trade decision, else
    the decision bar's."""
    pending = game.session.state.pending
    if pending is not None and pending.kind in TRADE_KINDS:
        return game.trade.buttons
    return game.decision.options


def _bar_options(game: GameScene) -> list[str]:
    opts = _buttons(game)
    return [lb for _, lb in opts.buttons] + list(opts.dropdown_labels.values())


def on_screen_problems(app: App, game: GameScene, driver: Driver) -> list[str]:
    """What keeps an option of the decision bar from being seen and clicked."""
    window = app.screen.get_rect()
    found: list[str] = []
    opts = _buttons(game)
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


# --- every decision of driven games (issue 36, "Every option on screen") ---------------------
#
# A few games with the Events module on, the basic bots playing, on the installed map: the three
# rule sets, 5, 7, 9 and 18 players. The first decision of every kind each reaches, and every
# SAMPLE-th decision besides, is put on the screen with every seat a person's, at the three
# window sizes at the largest UI scale offered there (the tightest; `slow`: every scale), and
# each of its options must have a widget wholly inside the window that a click reaches: a
# button of the decision bar (the mouse over its centre lights it, no other widget over it), a
# row of the drop-down's open list (inside the window, picked by a click), or an event card
# of the display (inside the window, a click on it picks it). Options on the map ("area:") are
# the map's, which pans; the trade window's decisions (basic bots never open one) are not here.

GAMES = ((5, 3, "classic"), (7, 11, "double-empires"), (9, 7, "mega-empires"), (18, 5, "classic"))
SAMPLE = 400
TRADE_WINDOW = ("trade_card", "trade_name", "trade_review", "trade_answer")


def driven_decisions() -> list[tuple[str, GameState]]:
    """(what, state) at each decision picked from the driven games."""
    from game.core import new_game
    from game.ui.map.offered import available_maps, load_map

    graph, _ = load_map(available_maps()[sorted(available_maps())[0]])
    data = load_game_data()
    picked: list[tuple[str, GameState]] = []
    for players, seed, ruleset in GAMES:
        config = GameConfig(players=[], seed=seed, events=EventsOptions(), ruleset=ruleset,
                            max_turns=14)
        config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
        state = new_game(config, graph, data)
        bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
        seen: set[str] = set()
        for n in range(20000):
            pending = state.pending
            if state.game_over or pending is None:
                break
            # with more partners than the trade window's rows, the rest are in its drop-down:
            # tests/ui/test_eighteen_players_screens.py picks them there, at every size and scale
            crowded = pending.kind == "trade_partner" and players > 12
            if pending.kind not in TRADE_WINDOW and not crowded and (
                    pending.kind not in seen or n % SAMPLE == 0):
                seen.add(pending.kind)
                picked.append((f"{ruleset} {players}p #{n} {pending.kind}", state.clone()))
            who = pending.player
            apply(state, Action(who, bots[who].choose(view(state, who))))
    return picked


@pytest.fixture(scope="module")
def decisions() -> list[tuple[str, GameState]]:
    return driven_decisions()


def reaches(app: App, element, pos: tuple[int, int]) -> bool:  # type: ignore[no-untyped-def]
    """Whether the mouse at `pos` is over `element` and no widget above it: pygame-gui's own
    hover test (the element a click there goes to), with the mouse put at `pos`."""
    manager = app.manager
    manager._update_mouse_position = lambda: setattr(  # type: ignore[method-assign]
        manager, "mouse_position", pos)
    try:
        manager.update(0.0)
        return bool(element.hovered)
    finally:
        del manager._update_mouse_position
        manager.update(0.0)


def reach_problems(app: App, game: GameScene, driver: Driver) -> list[str]:
    """Buttons a click would not reach, event cards off the window or not picked by a click."""
    found: list[str] = []
    window = app.screen.get_rect()
    for button, label in _buttons(game).buttons:
        if not reaches(app, button, button.rect.center):
            found.append(f"{label}: the mouse over its button at {tuple(button.rect)} does not "
                         "reach it")
    row = game.eventrow
    event_labels = [lb for lb in game.labels() if lb.startswith("event:")]
    if event_labels and game.session.state.pending.kind == "event_take":  # type: ignore[union-attr]
        for rect, label, _ in row.cards:
            if label not in event_labels:
                continue
            if not window.contains(rect):
                found.append(f"{label}: its card at {tuple(rect)} off the window")
            elif row.click(rect.center) != label:
                found.append(f"{label}: a click on its card does not pick it")
    return found


def _check_decisions(decisions, size, scale) -> list[str]:  # type: ignore[no-untyped-def]
    app = App(size, settings=Settings(animation_speed=8.0, ui_scale=scale),
              persist_settings=False)
    geometry = load_geometry_installed()
    found: list[str] = []
    try:
        driver = Driver(app)
        for what, state in decisions:
            session = Session(state.clone(),
                              {pid: Seat(pid, pid.title(), human=True) for pid in state.players})
            game = GameScene(app, session, geometry)
            app.push(game)
            driver.frames(3)
            if game.curtain_for:
                game.lift_curtain()
                driver.frames(2)
            where = f"{size[0]}x{size[1]} at {scale:g}, {what}"
            if not game.labels():
                found.append(f"{where}: the decision is not on screen")
            else:
                found += [f"{where}: {p}" for p in on_screen_problems(app, game, driver)]
                found += [f"{where}: {p}" for p in reach_problems(app, game, driver)]
            app.pop()
    finally:
        app.close()
    return found


def load_geometry_installed():  # type: ignore[no-untyped-def]
    from game.ui.map.offered import available_maps, load_map

    return load_map(available_maps()[sorted(available_maps())[0]])[1]


def test_the_driven_games_reach_many_kinds_of_decision(decisions) -> None:  # type: ignore[no-untyped-def]
    kinds = {what.rsplit(" ", 1)[1] for what, _ in decisions}
    assert len(kinds) >= 30 and {"event_take", "event_play", "advance_choice",
                                 "movement_action", "tax_rate"} <= kinds, sorted(kinds)


def _one_of_each_kind(decisions):  # type: ignore[no-untyped-def]
    kinds: dict[str, tuple[str, GameState]] = {}
    for what, state in decisions:
        kinds.setdefault(what.rsplit(" ", 1)[1], (what, state))
    return list(kinds.values())


@pytest.mark.parametrize("size", SIZES)
def test_every_option_of_every_kind_of_decision_is_on_screen_at_the_largest_scale(
        decisions, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """The first decision of each kind; every one picked, at every scale, is the slow test."""
    found = _check_decisions(_one_of_each_kind(decisions), size, offered_scales(size)[-1])
    assert found == [], "\n".join(found[:30])


@pytest.mark.slow
@pytest.mark.parametrize("size,scale", list(cases()))
def test_every_option_of_every_driven_decision_is_on_screen_at_every_scale(
        decisions, size: tuple[int, int], scale: float) -> None:  # type: ignore[no-untyped-def]
    found = _check_decisions(decisions, size, scale)
    assert found == [], "\n".join(found[:30])
