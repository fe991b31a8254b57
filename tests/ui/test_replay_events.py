"""The replay viewer with the Events module on: the display over the map while it is out, a
card just taken turning over in its place, the pick told with the card a face-down one turned
out to be, the markers on the map with their tooltips, and an A/B pick told in its card's
words."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core import Action, EventCardTaken, EventOption, load_event_cards
from game.persist import ReplayCursor, ReplayStep, read_save
from game.simulate import simulate
from game.ui.map.markers import marker_lines
from game.ui.scenes.replay import ReplayScene, watch

from .driver import Driver
from .test_event_option_names import with_tribute  # noqa: F401  (a fixture)


@pytest.fixture(scope="module")
def events_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay-events") / "events.json"
    simulate(players=5, bots=["normal"], seed=3, max_turns=6, save=str(path), events=True)
    return path


def steps_of(path: Path) -> list[ReplayStep]:
    cursor = ReplayCursor(read_save(path))
    while not cursor.at_end:
        cursor.forward()
    return cursor.steps


def viewer(app, path: Path) -> tuple[ReplayScene, Driver]:
    assert watch(app, read_save(path)), app.message
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    driver = Driver(app)
    driver.frames(2)
    return scene, driver


def arrive(driver: Driver, scene: ReplayScene, index: int) -> None:
    scene.go(index)
    for _ in range(2000):
        if scene.target is None:
            break
        driver.frames()
    driver.frames(2)


def test_the_display_shows_and_a_card_taken_turns_over_in_its_place(app, events_save) -> None:
    steps = steps_of(events_save)
    face_down = next(s for s in steps if s.kind == "event_take" and "face_down" in
                     s.action.label and any(isinstance(e, EventCardTaken) and e.card
                                            for e in s.events))
    app.settings.animation_speed = 2.0  # slow enough to see a card turn over
    scene, driver = viewer(app, events_save)
    arrive(driver, scene, face_down.index - 1)
    events = scene.view().events
    assert events is not None and events.display
    row = scene.eventrow
    assert row.shown() and len(row.cards) == len(events.display)
    assert scene.map_rect.contains(row.rect)
    assert row.labels == []  # a replay offers no pick
    driver.key(pygame.K_RIGHT)  # one step on: the card taken turns over where it lay
    assert scene.cursor.position == face_down.index
    card = next(e.card for e in face_down.events if isinstance(e, EventCardTaken))
    assert [t.card for t in row.taken] == [card]
    when, asked, answer = scene.story(scene.ctx())
    title = load_event_cards().cards[card].title
    assert answer.endswith(f": {title}") and answer.startswith("Face-down card")
    # a jump lands with nothing turning over
    arrive(driver, scene, 0)
    assert row.taken == []


def test_markers_show_on_the_map_with_their_tooltip(app, events_save) -> None:
    cursor = ReplayCursor(read_save(events_save))
    while not cursor.at_end and not any(m.area or m.region
                                        for m in cursor.state.eventdeck.markers):
        cursor.forward()
    if cursor.at_end:
        pytest.skip("no marker on the map in this game")
    scene, driver = viewer(app, events_save)
    arrive(driver, scene, cursor.position)
    scene.eventrow.folded = True  # the row folded away from the map
    driver.frames(2)
    layer = scene.markers
    assert layer.marked and layer.chips
    box, marker = layer.chips[0]
    scene.mouse = box.center
    scene.hover_area = None
    assert scene._tooltip(scene.ctx()) == marker_lines(marker)


def test_an_a_b_pick_is_told_in_its_cards_words(with_tribute, app, events_save) -> None:  # noqa: F811
    scene, _ = viewer(app, events_save)
    step = ReplayStep(1, Action("egypt", "option:b"), "event_option", "Tribute: choose A or B",
                      1, "events", (), EventOption(card="tribute"))
    assert scene._answer("option:b", "event_option", step, scene.ctx()) == \
        "B: Lose half your treasury, rounded up."
