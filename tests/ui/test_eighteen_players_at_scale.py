"""Issue 36, defect 11: an 18-player game with the Events module, at 1366x768, 1920x1080 and
2560x1440 and every UI scale the Settings screen offers there. The event row's captions ran
together ("4 · face down5 · face down"), its cards' words were about 6 px high, the name of who
acts was cut ("A very very long p"), log lines were cut instead of wrapped and the game menu
touched the window's edges. Each is checked here as drawn."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.core import EventsOptions, GameConfig, choose_setup, load_game_data, new_game
from game.persist import Settings
from game.ui.app import App
from game.ui.cards.events import READABLE_PT, card_face
from game.ui.map.offered import available_maps, load_map
from game.ui.panels.log import LogPanel
from game.ui.scenes.game import GameScene
from game.ui.scenes.gamemenu import MARGIN, GameMenuScene
from game.ui.scenes.settings import offered_scales
from game.ui.seat.session import Seat, Session
from game.ui.words.log import LogLine

from .driver import Driver

SIZES = ((1366, 768), (1920, 1080), (2560, 1440))
LONG_NAME = "A very very long player"  # 23 letters: the new-game screen allows 24
LONG_LINE = ("Egypt loses 3 tokens in Upper Egypt, 2 in Lower Egypt and a city in Memphis to "
             "the Barbarian Hordes that landed in Sinai (calamity rule 29.1.2)")


def cases() -> Iterator[tuple[tuple[int, int], float]]:
    for size in SIZES:
        for scale in offered_scales(size):
            yield size, scale


@pytest.fixture(scope="module")
def board():  # type: ignore[no-untyped-def]
    graph, geometry = load_map(available_maps()[sorted(available_maps())[0]])
    return graph, geometry


def eighteen(app: App, board) -> GameScene:  # type: ignore[no-untyped-def]
    graph, geometry = board
    data = load_game_data()
    config = GameConfig(players=[], seed=5, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * 18)).id
    state = new_game(config, graph, data)
    taker = state.pending.player if state.pending else ""
    seats = {pid: Seat(pid, LONG_NAME if pid == taker else data.civilizations[pid].name,
                       human=pid == taker) for pid in state.players}
    game = GameScene(app, Session(state, seats), geometry)
    app.push(game)
    drive = Driver(app)
    for _ in range(600):
        drive.frames(1)
        if game.curtain_for:
            game.lift_curtain()
        if game.session.human_to_act() == taker and game.eventrow.taking():
            break
    else:
        raise AssertionError("the event row never came up for the person")
    drive.frames(2)
    return game


@pytest.mark.parametrize(("size", "scale"), list(cases()))
def test_eighteen_players_read_whole_at_every_size_and_scale(size, scale, board) -> None:
    app = App(size, settings=Settings(ui_scale=scale, animation_speed=8.0),
              persist_settings=False)
    try:
        game = eighteen(app, board)
        where = f"{size[0]}x{size[1]} at {scale:g}"
        row = game.eventrow
        # the captions: one under each card, within its card's room, none running together
        assert len(row.captions) == len(row.cards) == 19, where
        assert row.layout_problems() == [], where
        texts = [text for text, _ in row.captions]
        assert all(t.split(" ·")[0] == str(i + 1) for i, t in enumerate(texts)), texts
        # every word on a face-up card is readable (the card shown large has them all)
        for rect, _, card in row.cards:
            if card:
                face = card_face(game.theme, card, rect.width, row.small)
                assert face.smallest >= game.theme.px(READABLE_PT) - 0.5, (where, card,
                                                                              face.smallest)
                assert face.fitted, (where, card)
        # the name of who acts, whole
        assert game.topbar.cut_name == "" and game.topbar.layout_problems() == [], where
        # a long log line wraps: its rows hold all its words, each inside the panel
        game.session.log.append(LogLine(1, "calamity_resolution", LONG_LINE, ("egypt",), ""))
        game.set_tab(4)
        Driver(app).frames(2)
        panel = game.panels[4]
        assert isinstance(panel, LogPanel)
        rows = [text for text, _ in panel.drawn]
        assert len(rows) >= 2, where  # the line is longer than the panel is wide
        assert any(" ".join(rows[k:]) == LONG_LINE for k in range(len(rows))), (where, rows[-3:])
        assert all(rect.right <= panel.rect.width for _, rect in panel.drawn), where
        # the game menu, clear of the window's edges, all it holds inside it
        menu = GameMenuScene(app, game)
        app.push(menu)
        Driver(app).frames(2)
        inside = app.screen.get_rect().inflate(-2 * game.theme.px(MARGIN),
                                               -2 * game.theme.px(MARGIN))
        assert inside.contains(menu.box), (where, menu.box)
        assert menu.layout_problems() == [], where
        app.pop()
    finally:
        app.close()



@pytest.mark.parametrize(("size", "scale"), list(cases()))
def test_every_event_card_drawn_small_reads_whole(size, scale, board) -> None:
    """Whatever cards the row deals: every card of the deck, at the width the 18-player row
    gives at this size and scale, shows its whole title at a readable size (the real window
    dealt "Frankincense Harvest", cut to "Franki- ncense Harve-")."""
    from game.core import load_event_cards

    app = App(size, settings=Settings(ui_scale=scale, animation_speed=8.0),
              persist_settings=False)
    try:
        game = eighteen(app, board)
        row = game.eventrow
        width = row.cards[0][0].width
        bad = []
        for card in load_event_cards().cards:
            face = card_face(game.theme, card, width, row.small)
            if not face.fitted or face.smallest < game.theme.px(READABLE_PT) - 0.5:
                bad.append(card)
        assert bad == [], (f"{size[0]}x{size[1]} at {scale:g}, cards {width} px", bad)
    finally:
        app.close()
