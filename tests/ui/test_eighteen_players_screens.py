"""Issue 36, defect 11, the screens around an 18-player game at every window size and UI scale
the Settings screen offers (1366x768 at 1.5 most of all), as a person sees them:

- New game: with 18 seats the seats ran over each other and the Start and Host buttons, and the
  notes under them fell off the window. Every seat must be reachable (in view, or brought into
  view by the wheel), all inside the window and clear of the buttons, 5 to 18 players.
- The trade window's partner buttons flowed over its words and out of it.
- The main menu's buttons covered the "Calamitas" title at UI scale 1.5.
- A long seat name in the decision bar pushed its Why line to "Why: Event action (rule…".
- The unpicked card's plate drew a full face 84 px wide, its words unreadable, where the event
  row draws the compact face for cards that narrow."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.bots import make_bot
from game.core import (
    Action,
    EventCardUnpicked,
    GameConfig,
    GameState,
    apply,
    choose_setup,
    clone,
    load_game_data,
    new_game,
    view,
)
from game.persist import Settings
from game.ui.anim.unpicked import SymbolsResolve
from game.ui.app import App
from game.ui.cards.events import READABLE_PT, card_face
from game.ui.checks.layout import problems
from game.ui.checks.selftest import _layout_problems
from game.ui.map.offered import available_maps, load_map
from game.ui.scenes.game import GameScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.settings import offered_scales
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .test_eighteen_players_at_scale import LONG_NAME, eighteen

SIZES = ((1366, 768), (1920, 1080), (2560, 1440))
WINDOWS = ((1280, 720), *SIZES)  # every size Settings offers up to 2560x1440


def cases(sizes: tuple[tuple[int, int], ...] = SIZES) -> Iterator[tuple[tuple[int, int], float]]:
    for size in sizes:
        for scale in offered_scales(size):
            yield size, scale


def opened(size: tuple[int, int], scale: float, players: int = 18) -> App:
    settings = Settings(ui_scale=scale, animation_speed=8.0)
    settings.new_game.players = players
    return App(size, settings=settings, persist_settings=False)


@pytest.fixture(scope="module")
def board():  # type: ignore[no-untyped-def]
    return load_map(available_maps()[sorted(available_maps())[0]])


# -- New game ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("size", "scale"), list(cases(WINDOWS)))
@pytest.mark.parametrize("players", [5, 9, 12, 18])
def test_new_game_holds_every_seat_inside_the_window(size, scale, players) -> None:
    app = opened(size, scale, players)
    try:
        new = NewGameScene(app)
        app.push(new)
        drive = Driver(app)
        drive.frames(2)
        where = f"{size[0]}x{size[1]} at {scale:g}, {players} players"
        window = app.screen.get_rect()
        seen: set[str] = set()
        for _ in range(players):  # the wheel, a seat at a time, until the last is in view
            assert _layout_problems(app, problems) == [], where
            for civ, menu in new.kind_menus.items():
                seen.add(civ)
                entry = new.name_entries[civ]
                for rect in (new.seat_rects[civ], menu.rect, entry.rect):
                    assert window.contains(rect), (where, civ, rect)
                    for button in (new.start, new.host, new.back):
                        assert not rect.colliderect(button.rect), (where, civ, button.text)
            if len(seen) == players:
                break
            scroll(drive, new, -1)
        assert seen == set(new.civs()), where
        # the lowest seat's list of who may play it opens whole inside the window
        lowest = max(new.kind_menus.values(), key=lambda menu: menu.rect.bottom)
        assert lowest.current_state is not None
        lowest.current_state.should_transition = True  # as a click on it does
        drive.frames(2)
        assert _layout_problems(app, problems) == [], where
    finally:
        app.close()


def scroll(drive: Driver, new: NewGameScene, clicks: int) -> None:
    """The wheel turned over the seats (negative: down the list)."""
    at = new.seat_view.area().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=clicks, flipped=False,
                                         precise_x=0.0, precise_y=float(clicks)))
    drive.frames(2)


def test_the_seat_list_scrolls_and_keeps_what_was_chosen_out_of_view() -> None:
    """1366x768 at 1.5, 18 players: seven seats in view and the header says which; a name typed
    and a kind chosen at the top are still there once the list has gone down and back, and
    the game starts with them."""
    app = opened((1366, 768), 1.5)
    try:
        new = NewGameScene(app)
        app.push(new)
        drive = Driver(app)
        drive.frames(2)
        civs = new.civs()
        view = new.seat_view
        assert view.scrolls and 5 <= view.shown < 18
        assert list(new.kind_menus) == civs[:view.shown]
        first = civs[0]
        new.name_entries[first].set_text("Ada")
        new.kinds[first] = "Bot: hard"
        scroll(drive, new, -30)  # to the end
        assert list(new.kind_menus) == civs[-view.shown:]
        assert new.first == 18 - view.shown
        last = civs[-1]
        new.name_entries[last].set_text("Zed")
        scroll(drive, new, 30)  # back to the top
        assert new.first == 0
        assert new.name_entries[first].get_text() == "Ada"
        assert new.kind_menus[first].selected_option[0] == "Bot: hard"
        config = new.chosen()
        assert config.names[first] == "Ada" and config.names[last] == "Zed"
        assert new.seat_choices()[0] == "hard"
    finally:
        app.close()


# -- the main menu ----------------------------------------------------------------------------
@pytest.mark.parametrize(("size", "scale"), list(cases()))
def test_the_main_menus_buttons_keep_off_the_title(size, scale) -> None:
    app = opened(size, scale)
    try:
        menu = MenuScene(app)
        app.push(menu)
        Driver(app).frames(2)
        w, h = size
        t = app.theme
        top = int(h * 0.1)
        name = t.text("Calamitas", 64, (0, 0, 0), "title").get_rect(midtop=(w // 2, top))
        emblems = pygame.Rect(0, top + t.px(136) - t.px(15), w, t.px(30))
        window = app.screen.get_rect()
        for key, button in menu.buttons.items():
            assert window.contains(button.rect), (size, scale, key)
            for drawn in (name, emblems):
                assert not button.rect.colliderect(drawn), (size, scale, key, button.rect)
        assert _layout_problems(app, problems) == [], (size, scale)
    finally:
        app.close()


# -- the trade window ---------------------------------------------------------------------------
_CHOICES: dict[int, GameState] = {}


def partner_choice(board, partners: int) -> GameState:  # type: ignore[no-untyped-def]
    """An 18-player game at a choice of trade partner with at least `partners` of them (a
    copy: the game screen plays on from it)."""
    if partners not in _CHOICES:
        _CHOICES[partners] = _partner_choice(board, partners)
    return clone(_CHOICES[partners])


def _partner_choice(board, partners: int) -> GameState:  # type: ignore[no-untyped-def]
    graph, _ = board
    data = load_game_data()
    config = GameConfig(players=[], seed=5, open_bargaining=True)  # as New game starts it
    config.setup = choose_setup(data, GameConfig(players=["?"] * 18)).id
    state = new_game(config, graph, data)
    bots = {pid: make_bot("basic", i) for i, pid in enumerate(state.players)}
    while state.turn < 20:
        pending = state.pending
        assert pending is not None
        if pending.kind == "trade_partner" and sum(
                o.startswith("player:") for o in pending.options) >= partners:
            return state
        apply(state, Action(pending.player, bots[pending.player].choose(
            view(state, pending.player))))
    raise AssertionError(f"no choice among {partners} trade partners")


@pytest.mark.parametrize(("size", "scale"), list(cases()))
def test_the_trade_partners_keep_under_the_words_inside_the_window(size, scale, board) -> None:
    for partners in (11, 17, 5):
        state = partner_choice(board, partners)
        me = state.pending.player if state.pending else ""
        seats = {pid: Seat(pid, pid.title(), human=pid == me) for pid in state.players}
        app = opened(size, scale)
        try:
            game = GameScene(app, Session(state, seats), board[1])
            app.push(game)
            drive = Driver(app)
            for _ in range(60):
                drive.frames(1)
                if game.curtain_for:
                    game.lift_curtain()
                if game.trade.buttons.widgets:
                    drive.frames(2)
                    break
            where = f"{size[0]}x{size[1]} at {scale:g}, {partners} partners"
            trade = game.trade
            widgets = trade.buttons.widgets
            assert widgets, where
            for widget in widgets:
                rect = widget.rect  # type: ignore[attr-defined]
                assert trade.rect.contains(rect), (where, rect, trade.rect)
            words = [rect for text, rect in trade.marks if text != "trade heading"]
            assert words, where
            below = max(rect.bottom for rect in words)
            for widget in widgets:
                assert widget.rect.top >= below, (where, widget.rect, below)  # type: ignore[attr-defined]
            # every partner can be chosen: a button, or an entry of the drop-down
            offered = {lb for _, lb in trade.buttons.buttons}
            offered |= set(trade.buttons.dropdown_labels.values())
            pending = state.pending
            assert pending is not None
            assert {o for o in pending.options if o.startswith("player:")} <= offered, where
            # passing, this round or the whole phase, is a button of its own
            passes = {o for o in pending.options if o in ("done", "no")}
            assert passes and passes <= {lb for _, lb in trade.buttons.buttons}, where
            assert _layout_problems(app, problems) == [], where
        finally:
            app.close()


# -- the decision bar's name ------------------------------------------------------------------
@pytest.mark.parametrize(("size", "scale"), list(cases()))
def test_a_long_seat_name_leaves_the_prompt_and_its_why_whole(size, scale, board) -> None:
    app = opened(size, scale)
    try:
        game = eighteen(app, board)
        bar = game.decision
        texts = [text for text, _ in bar.marks]
        where = f"{size[0]}x{size[1]} at {scale:g}"
        names = [text for text in texts if text in LONG_NAME]
        assert " ".join(names) == LONG_NAME, (where, texts)
        why = [text for text in texts if text.startswith("Why:")]
        assert why and not why[0].endswith("…"), (where, why)
        assert "Take one event from the display" in texts, (where, texts)
        assert bar.layout_problems() == [], where
    finally:
        app.close()


# -- the unpicked card's plate ----------------------------------------------------------------
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_unpicked_cards_plate_shows_the_compact_face(scale) -> None:
    app = opened((1366, 768), scale)
    try:
        t = app.theme
        part = SymbolsResolve(EventCardUnpicked(card="heresy"), results=1)
        plate, _ = part._plate(t)
        face = card_face(t, "heresy", t.px(84), compact=True)
        assert face.fitted and face.smallest >= t.px(READABLE_PT) - 0.5
        inner = face.surface.get_rect().inflate(-t.px(12), -t.px(12))
        drawn = plate.subsurface(inner.move(t.px(16), t.px(8)))
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(
            face.surface.subsurface(inner), "RGBA")
    finally:
        app.close()
