"""The setting to stop being asked to play a private event in a window (issue 20): offered by
the prompt itself ("don't ask again") and in the Settings screen, kept in settings.toml, and
answered "not now" for the person through the core's own door when set."""

from __future__ import annotations

import pytest

from game.persist import Settings, load_settings, save_settings
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from game.ui.words.asking import answer_for, asking, choices, chosen, quiet_label, window_of

from .driver import Driver
from .test_event_turn import PRIVATE, open_turn
from .test_settings_screen import choose

WINDOW = "population_expansion"  # Free Units' window


def test_a_window_is_named_by_the_cards_it_offers() -> None:
    assert window_of(["no", "event:windfall"]) == "taxation"
    assert window_of(["no"]) == "" and window_of(["event:no_such_card"]) == ""
    assert quiet_label("event_play", ["event:free_units", "no"]) == f"quiet:{WINDOW}"
    assert quiet_label("event_take", ["event:free_units"]) is None
    # the prompt names the window in words, not by the core's id
    assert asking(["event:free_units", "no"]) == (
        "Play a private event now, as Population expansion begins?")


def test_not_now_is_answered_only_in_a_window_set_quiet() -> None:
    offered = ["event:windfall", "no"]
    assert answer_for(Settings(), "event_play", offered) is None
    assert answer_for(Settings(quiet_event_windows=["taxation"]), "event_play", offered) == "no"
    assert answer_for(Settings(quiet_event_windows=["battle"]), "event_play", offered) is None
    assert answer_for(Settings(quiet_event_windows=["all"]), "event_play", offered) == "no"
    # another decision with a "no" is never answered
    assert answer_for(Settings(quiet_event_windows=["all"]), "event_option", ["no"]) is None


def test_the_settings_drop_down_keeps_the_windows_the_prompt_set() -> None:
    assert choices([]) == (["In every window", "Never"], "In every window")
    assert choices(["all"])[1] == "Never"
    entries, now = choices([WINDOW])
    assert now == "Not at Population expansion" and now in entries
    assert chosen(now, [WINDOW]) == [WINDOW]
    assert chosen("Never", [WINDOW]) == ["all"] and chosen("In every window", ["all"]) == []


def test_the_quiet_windows_are_kept_in_settings_toml_and_a_bad_value_is_ignored(tmp_path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(Settings(quiet_event_windows=[WINDOW, "battle"]), path)
    assert load_settings(path)[0].quiet_event_windows == [WINDOW, "battle"]
    path.write_text('quiet_event_windows = ["taxation", "Robert\'); drop"]\n')
    settings, warnings = load_settings(path)
    assert settings.quiet_event_windows == []
    assert len(warnings) == 1 and "quiet_event_windows" in warnings[0]


def _to_window(driver: Driver, game, session, human: str):  # type: ignore[no-untyped-def]
    """Frames until the turn's Event Action is over and the person's window has passed or
    asks them; whether the prompt ever offered the card on screen."""
    from game.bots import make_bot

    policy = make_bot("basic", 7)
    row = game.eventrow
    for _ in range(600):
        driver.frames(1)
        if session.human_to_act() == human and row.taking():
            break
    driver.click(next(r for r, lb, _ in row.cards if lb == "event:face_down:4").center)
    offered = False
    for _ in range(6000):
        driver.frames(1)
        offered |= game.decision.options.button_for(f"event:{PRIVATE}") is not None
        state = session.state
        if state.turn > 1 or state.phase not in ("events", "taxation", WINDOW):
            break
        if session.human_to_act() != human or game.viewer != human:
            continue
        if state.pending.kind == "event_play":
            return True
        driver.perform(game, policy.choose(session.view_for(human)))
    return offered


def test_a_quiet_window_is_answered_not_now_without_asking(app) -> None:
    app.settings.quiet_event_windows = [WINDOW]
    game, session, human = open_turn(app)
    driver = Driver(app)
    assert not _to_window(driver, game, session, human), "the prompt asked all the same"
    answered = [a for a in session.record.actions if a.player == human]
    assert [a.label for a in answered] == ["event:face_down:4", "no"]  # the core's own answer
    assert session.state.eventdeck.hands[human] == [PRIVATE]  # kept, not played
    assert session.state.phase not in ("events", "taxation", WINDOW)


def test_the_prompt_stops_the_asking_in_its_window(app) -> None:
    game, session, human = open_turn(app)
    driver = Driver(app)
    assert _to_window(driver, game, session, human)
    driver.frames(2)
    button = game.decision.options.button_for(f"quiet:{WINDOW}")
    assert button is not None and button.text == "Don't ask again at Population expansion"
    before = len(session.record.actions)
    driver.click(button.rect.center)
    assert app.settings.quiet_event_windows == [WINDOW]
    assert [(a.player, a.label) for a in session.record.actions[before:before + 1]] == [
        (human, "no")]
    assert session.state.eventdeck.hands[human] == [PRIVATE]


@pytest.mark.usefixtures("private_data_dir")
def test_the_settings_screen_shows_and_changes_the_asking() -> None:
    app = App()  # reads and writes the settings file, like the real client
    app.settings.quiet_event_windows = [WINDOW]
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    driver = Driver(app)
    driver.frames(2)
    assert scene.ask_events.selected_option[0] == "Not at Population expansion"
    choose(driver, scene.ask_events, "Never")
    driver.frames(2)  # the drop-down's list folds away from over the Apply button
    assert app.settings.quiet_event_windows == [WINDOW]  # nothing changes before Apply
    driver.click(scene.apply.rect.center)
    assert app.settings.quiet_event_windows == ["all"]
    app.close()
    assert load_settings()[0].quiet_event_windows == ["all"]


def test_hot_seat_a_quiet_window_brings_no_curtain_down_for_it(app) -> None:
    """Answered before the curtain: the table never learns that the person holds a card for
    the window."""
    from game.bots import make_bot
    from game.ui.seat.session import Session

    app.settings.quiet_event_windows = [WINDOW]
    game, session, first = open_turn(app)
    second = list(session.state.players)[1]
    session.seats[second].human, session.seats[second].bot = True, None
    session.record.seats[second] = "human"
    assert isinstance(session, Session) and session.humans() == [first, second]
    driver = Driver(app)
    policy = {pid: make_bot("basic", 3 + i) for i, pid in enumerate((first, second))}
    curtains: list[tuple[str, str]] = []  # (whom it came down for, the decision waiting)
    for _ in range(6000):
        driver.frames(1)
        state = session.state
        if state.turn > 1 or state.phase not in ("events", "taxation", WINDOW):
            break
        if game.curtain_for:
            curtains.append((game.curtain_for, state.pending.kind))
            driver.click(app.screen.get_rect().center)
            continue
        who = session.human_to_act()
        if who is None or who != game.viewer:
            continue
        if who == first and state.pending.kind == "event_take":
            game.pick("event:face_down:4")
            continue
        driver.perform(game, policy[who].choose(session.view_for(who)))
    assert session.state.eventdeck.hands[first] == [PRIVATE]
    assert (first, "no") in [(a.player, a.label) for a in session.record.actions]
    assert (second, "event_take") in curtains  # the curtain works: it came down to take a card
    assert (first, "event_play") not in curtains
