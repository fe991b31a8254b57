"""Victory points won by events (Monasteries, Golden Age...) are public and part of a score
(000 Events; scoring.py's event points): the Table tab's VP column counts them, as the core's
score does (issue 40: the view left them out, so the column showed less than the score)."""

from __future__ import annotations

from game.core import score_breakdown
from game.ui.checks.truth import drawn_texts, table_panel
from game.ui.panels.players import COLUMNS, PlayersPanel

from .driver import Driver
from .test_event_display import open_game


def test_the_table_tab_counts_the_victory_points_events_won(app) -> None:
    game, session, human = open_game(app, 1)
    driver = Driver(app)
    state = session.state
    assert state.eventdeck is not None
    other = next(p for p in state.players if p != human)
    state.eventdeck.bonus_vp[other] = 6  # as two rounds of Monasteries would have won
    game.version += 1
    game.set_tab(3)
    driver.frames(2)
    table = game.panels[3]
    assert isinstance(table, PlayersPanel)
    view = session.view_for(human)
    assert dict(view.events.bonus_vp) == {other: 6}
    texts, _ = drawn_texts(table, game.ctx())
    at = texts.index(COLUMNS[0][0])
    heads = [h for h, _ in COLUMNS]
    width = len(heads) + (1 if "Ev." in texts[at:at + len(heads) + 1] else 0)
    rows = texts[at + width:]
    vp = heads.index("VP") + 1
    for n, p in enumerate(view.players):
        row = rows[n * (width + 1):(n + 1) * (width + 1)]
        assert int(row[vp]) == score_breakdown(state, p.id).total, p.id
    assert table_panel(table, game.ctx(), view) == []
