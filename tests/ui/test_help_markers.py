"""The Help legend shows the Events module's markers as the map draws them (issue 36, defect
12d): every marker kind MarkerLayer puts on the map (seed 004 §16 and the cards of seed 000
that place famine, plague, scarcity, heresy, revolt, pillage) has its chip and name in the
legend, inside the help box, at UI scales 1 and 1.5 of a 1366x768 window."""

from __future__ import annotations

import pytest

from game.core import MARKER_KINDS
from game.persist import Settings
from game.ui.app import App
from game.ui.scenes.help import MAP_MARKERS, HelpScene
from game.ui.words.events import marker_name

from .driver import Driver


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_help_legend_shows_every_events_marker(scale: float) -> None:
    app = App((1366, 768), settings=Settings(ui_scale=scale), persist_settings=False)
    try:
        help_ = HelpScene(app)
        app.push(help_)
        app.theme._text.clear()
        Driver(app).frames(2)
        assert set(MAP_MARKERS) == set(MARKER_KINDS) - {"in_decline"}
        marks = dict(help_.layout_marks())
        drawn = {key[2] for key in app.theme._text}
        for kind in MAP_MARKERS:
            rect = marks[f"marker {kind}"]
            assert marker_name(kind) in drawn
            assert help_.box.contains(rect), (kind, rect)
            assert not rect.colliderect(help_.back.rect)
        assert any("Table panel" in text for text in drawn)  # in decline: where it is told
        rects = list(marks.values())
        for i, a in enumerate(rects):  # nothing drawn over anything else
            assert help_.box.contains(a)
            assert not any(a.colliderect(b) for b in rects[i + 1:]), a
    finally:
        app.close()
