"""The phase track knows the Events module: with it on, the Event action is a step of its own
before Taxation, lit while the display is being taken from; with it off the track is the 13
phases as before."""

from __future__ import annotations

import pygame

from game.core import PHASES, view
from game.ui.panels import Ctx
from game.ui.panels.topbar import TopBar
from game.ui.theme import Palette
from game.ui.words.options import Options

from .test_event_display import events_game


def drawn_track(app, state) -> tuple[TopBar, pygame.Surface]:
    seen = view(state, None)
    bar = TopBar(app.theme)
    bar.rect = pygame.Rect(0, 0, 1366, app.theme.px(52))
    surface = pygame.Surface((1366, 768))
    bar.draw(surface, Ctx(seen, Options.of([]), (), {}, 1))
    return bar, surface


def lit(surface: pygame.Surface, box: pygame.Rect) -> bool:
    """The chip is filled gold (the lit step), judged inside its left edge."""
    return tuple(surface.get_at((box.x + 3, box.centery)))[:3] == Palette.gold


def test_with_events_on_the_track_opens_with_the_event_action_lit_during_it(app) -> None:
    state = events_game(1)
    assert state.phase == "events"
    bar, surface = drawn_track(app, state)
    heads = [lines[0] for _, lines in bar.tips]
    assert heads[0] == "Event action"
    assert heads[1:] == [f"Phase {i}: {n}" for i, n in enumerate(
        (lines[0].split(": ", 1)[1] for _, lines in bar.tips[1:]), 1)]
    assert len(bar.tips) == len(PHASES) + 1
    assert lit(surface, bar.tips[0][0])
    assert not any(lit(surface, box) for box, _ in bar.tips[1:])
    assert bar.layout_problems() == []
    # once taxation starts, the Event action is behind and Taxation is lit
    state.phase = "taxation"
    bar, surface = drawn_track(app, state)
    assert not lit(surface, bar.tips[0][0]) and lit(surface, bar.tips[1][0])


def test_with_events_off_the_track_is_the_thirteen_phases(app) -> None:
    state = events_game(1)
    state.eventdeck = None
    state.phase = "taxation"
    bar, surface = drawn_track(app, state)
    assert [lines[0] for _, lines in bar.tips][0] == "Phase 1: Taxation"
    assert len(bar.tips) == len(PHASES)
    assert lit(surface, bar.tips[0][0])
