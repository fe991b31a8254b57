"""Panels tell the truth (issue 36, defect 2 and its check): whenever a person is asked to act,
every figure the You and Table panels, the trade window's partner buttons and the summaries
("Recently", "Since your last turn") show equals what the person's view says
(`game.ui.checks.truth`).

Games with the Events module on are driven through the client as a person plays them, at an
animation speed where the animations of the others' moves are still playing when the person's
decision comes up (the panels may show the game as it stood before a batch while it is
animated, but not once a person is asked): solo against bots, hot seat, and a network game.
At every decision a person faces, once a frame has been drawn, the check runs. Each case the
new player met is pinned: the hand size at a trade prompt (the You tab said 6 cards, the Table
8, the partner buttons old counts), a private event played in hot seat still in "Events in
hand", and a network game's "Recently" stuck on the previous moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pytest

from game.bots import make_bot
from game.core import Action, GameState, PlayerView, apply, view
from game.persist import Settings
from game.ui.app import App
from game.ui.checks.truth import mismatches
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .test_event_display import events_game
from .test_event_turn import PRIVATE, arrange
from .test_hotseat_turn import load_geometry

SPEED = 2.0  # animations still play when the next decision comes, as at the default speed


@dataclass
class Seen:
    """What the check found at each decision a person faced."""

    decisions: int = 0
    kinds: set[str] = field(default_factory=set)
    wrong: list[tuple[int, str, str, list[str]]] = field(default_factory=list)  # turn, who, kind

    def where(self, kind: str) -> list[list[str]]:
        return [found for _, _, k, found in self.wrong if k == kind]


def new_app(speed: float = SPEED) -> App:
    return App((1366, 768), settings=Settings(animation_speed=speed), persist_settings=False)


def check_now(game: GameScene, seen: Seen,
              truth: Callable[[str], PlayerView] | None = None) -> None:
    """The check at the decision on screen (a frame has been drawn with it), against the
    person's view: the session's, or `truth(who)` (a network game: the server's)."""
    who = game.session.human_to_act()
    assert who is not None and who == game.viewer
    shown = truth(who) if truth is not None else game.session.view_for(who)
    kind = shown.pending.kind if shown.pending else ""
    seen.decisions += 1
    seen.kinds.add(kind)
    found = mismatches(game, shown)
    if found:
        seen.wrong.append((shown.turn, who, kind, found))


def perform(driver: Driver, game: GameScene, label: str) -> None:
    """The pick, through the screen; a lit area out of view is brought into it as a person
    would (the map framed once the animations end, or Fit map)."""
    mv = game.mapview
    assert mv is not None
    if label.startswith("area:") and not mv.rect.collidepoint(mv.area_point(label[5:])):
        for _ in range(600):
            if not (game.anims and game.anims.busy):
                break
            driver.frames(1)
        driver.frames(1)
        if not mv.rect.collidepoint(mv.area_point(label[5:])):
            driver.key(pygame.K_f)
    opts = game.decision.options
    if label in opts.dropdown_labels.values() and opts.dropdown is not None:
        pick_in_menu(driver, game, label)
        return
    for _ in range(300):  # a card of the event display is there once its row is laid out
        try:
            driver.perform(game, label)
            return
        except AssertionError:
            driver.frames(1)
    driver.perform(game, label)


def pick_in_menu(driver: Driver, game: GameScene, label: str) -> None:
    """An option of the decision bar's drop-down: open it, click its row, then Choose."""
    opts = game.decision.options
    menu, choose = opts.dropdown, opts.choose
    assert menu is not None and choose is not None
    oid = next(o for o, lb in opts.dropdown_labels.items() if lb == label)
    driver.click(menu.rect.center)
    state = menu.current_state
    rows = getattr(state, "options_selection_list", None)
    assert rows is not None, "the drop-down did not open"
    item = next(i for i in rows.item_list if i["object_id"] == oid)
    button = item["button_element"]
    assert button is not None, f"{label}: its row is not in the open list"
    driver.click(button.rect.center)
    driver.click(choose.rect.center)


def drive(game: GameScene, driver: Driver, stop: Callable[[], bool], seen: Seen,
          choose: Callable[[str], str] | None = None, limit: float = 60.0,
          truth: Callable[[str], PlayerView] | None = None) -> None:
    """Frames until `stop()`: the curtain lifted for whoever must act; at each decision of a
    person, the check, then the pick (a basic bot's for that person, or `choose(who)`)."""
    session = game.session
    people = {pid: make_bot("basic", 40 + i) for i, pid in enumerate(session.humans())}
    checked = -1
    end = time.monotonic() + limit
    while not stop():
        assert time.monotonic() < end, "the game did not get there in time"
        driver.frames(1)
        if game.curtain_for:
            driver.click(driver.app.screen.get_rect().center)
            continue
        if game.confirm.open:  # "build it all the same?": yes
            driver.key(pygame.K_RETURN)
            continue
        who = session.human_to_act()
        if who is None or who != game.viewer or not game.labels():
            continue
        if checked != session.moves:
            checked = session.moves
            check_now(game, seen, truth)
        # (a click that only closed "Since your last turn" over the map is made again)
        label = choose(who) if choose is not None else ""
        perform(driver, game, label or people[who].choose(session.view_for(who)))


def start(app: App, state: GameState, people: set[str]) -> tuple[GameScene, Driver]:
    seats = {pid: Seat(pid, f"Player {i + 1}", human=pid in people,
                       bot=None if pid in people else make_bot("basic", 300 + i))
             for i, pid in enumerate(state.players)}
    game = GameScene(app, Session(state, seats), load_geometry())
    app.push(game)
    return game, Driver(app)


def bots_until(state: GameState, turn: int, seed: int) -> None:
    """Bots play the game (the core only, no screen) to the start of `turn`."""
    bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
    while state.turn < turn and not state.game_over:
        assert state.pending is not None
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))


# -- solo --------------------------------------------------------------------------------------
def test_at_a_trade_prompt_the_you_and_table_tabs_and_partner_buttons_show_the_same_hand() -> None:
    """Solo against bots with Events on (seed 5, the person plays Minoa), from turn 6 through
    two trade phases: at every decision the panels agree with the view. The trade prompt comes
    while the cards drawn for the turn are animated: the You tab kept the hand as it was before
    ("Hand — 2 cards" while the view, the Table and the game held 4) until the next click."""
    app = new_app()
    try:
        state = events_game(5)
        bots_until(state, 6, 5)
        person = list(state.players)[0]
        game, driver = start(app, state, {person})
        seen = Seen()
        drive(game, driver, lambda: game.session.state.turn >= 8, seen)
        assert "trade_partner" in seen.kinds, f"no trade prompt reached: {sorted(seen.kinds)}"
        assert not seen.wrong, "\n".join(f"turn {t}, {k}: {f}" for t, _, k, f in seen.wrong)
        assert seen.decisions >= 5
    finally:
        app.close()


# -- hot seat ----------------------------------------------------------------------------------
def test_hot_seat_a_private_event_played_leaves_the_events_hand() -> None:
    """Hot seat, two people and bots, Events on: the first taker takes Free Units face down
    from the display and plays it when Population Expansion begins (seed 004, the card's
    window); at every decision of either person the panels agree with their view, and once
    it is played the card is no longer drawn in "Events in hand"."""
    app = new_app()
    try:
        state = events_game(1)
        arrange(state, 3, PRIVATE)
        arrange(state, 4, "corruption")  # nobody else holds a card for the movement window
        assert state.pending is not None
        first = state.pending.player
        other = next(p for p in state.players if p != first)
        game, driver = start(app, state, {first, other})
        seen = Seen()

        def choose(who: str) -> str:
            options = game.labels()
            if who == first and "event:face_down:4" in options:
                return "event:face_down:4"
            if f"event:{PRIVATE}" in options:
                return f"event:{PRIVATE}"
            return ""

        def played() -> bool:
            deck = game.session.state.eventdeck
            return PRIVATE not in deck.hands.get(first, []) and any(
                a.label == f"event:{PRIVATE}" for a in game.session.record.actions)

        drive(game, driver, lambda: played() and game.session.state.turn >= 2, seen, choose)
        assert any(a.label == "event:face_down:4" and a.player == first
                   for a in game.session.record.actions), "the private card was not taken"
        assert "event_play" in seen.kinds
        assert not seen.wrong, "\n".join(f"turn {t}, {w}, {k}: {f}" for t, w, k, f in seen.wrong)
    finally:
        app.close()


# -- a network game ----------------------------------------------------------------------------
def test_network_game_recently_and_the_panels_follow_the_servers_moves() -> None:
    """A network game hosted from the client, one person and bots, Events on: the server's
    moves come in while the client animates them; at every decision of the person the panels
    agree with the view the server sent, "Recently" with the log's last lines included."""
    from game.ui.scenes.host import HostScene
    from game.ui.scenes.lobby import LobbyScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.netgame import NetGameScene
    from game.ui.scenes.newgame import EVENTS_ON, NewGameScene

    from .test_network_game import assert_network_threads_end, press, until

    app = new_app()
    try:
        app.push(MenuScene(app))
        new = NewGameScene(app)
        new.events = EVENTS_ON
        setup = HostScene(app, new.chosen(), new.map_id, {})
        app.push(setup)
        app.frame([], 1 / 60)
        setup.kinds = dict.fromkeys(setup.civs, "Bot: basic")
        setup.kinds[setup.civs[0]] = "Person here"
        press(app, setup.open)
        until(lambda: isinstance(app.scene, LobbyScene), app)
        lobby = app.scene
        assert isinstance(lobby, LobbyScene)
        until(lambda: lobby.code and lobby.local and lobby.start is not None, app)
        assert lobby.start is not None
        hosted = lobby.hosted
        assert hosted is not None and hosted.server is not None
        press(app, lobby.start)
        until(lambda: isinstance(app.scene, NetGameScene), app)
        game = app.scene
        assert isinstance(game, NetGameScene)
        seen = Seen()
        driver = Driver(app)

        def stop() -> bool:
            time.sleep(0.001)  # the server's thread moves the bots meanwhile
            return game.session.state.turn >= 3

        served = hosted.server.games[lobby.code]

        def servers_view(who: str) -> PlayerView:
            # the server waits for the person's pick: its game is the one they act on
            assert served.at == game.net.at
            return view(served.state, who)

        drive(game, driver, stop, seen, limit=90.0, truth=servers_view)
        assert seen.decisions >= 5 and "event_take" in seen.kinds
        assert not seen.wrong, "\n".join(f"turn {t}, {k}: {f}" for t, _, k, f in seen.wrong)
    finally:
        while app.scenes:
            app.scenes.pop().exit()
        app.close()
        assert_network_threads_end()


@pytest.mark.slow
def test_solo_games_panels_tell_the_truth_over_many_turns() -> None:
    """The longer sweep: solo games with Events on, three seeds, eight turns each."""
    for seed in (5, 8, 11):
        app = new_app()
        try:
            state = events_game(seed)
            person = list(state.players)[seed % len(state.players)]
            game, driver = start(app, state, {person})
            seen = Seen()
            drive(game, driver, lambda g=game: g.session.state.turn >= 9, seen, limit=240.0)
            assert seen.decisions >= 20
            assert not seen.wrong, "\n".join(f"seed {seed}, turn {t}, {k}: {f}"
                                             for t, _, k, f in seen.wrong)
        finally:
            app.close()


@pytest.mark.slow
def test_hot_seat_games_panels_tell_the_truth_over_many_turns() -> None:
    """The longer sweep in hot seat: two people and three bots, Events on, six turns."""
    app = new_app()
    try:
        state = events_game(6)
        people = set(list(state.players)[:2])
        game, driver = start(app, state, people)
        seen = Seen()
        drive(game, driver, lambda: game.session.state.turn >= 7, seen, limit=240.0)
        assert seen.decisions >= 20
        assert not seen.wrong, "\n".join(f"turn {t}, {w}, {k}: {f}" for t, w, k, f in seen.wrong)
    finally:
        app.close()
