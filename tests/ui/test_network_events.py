"""The Events module in a network game (issue 37, item 1): two real clients over real sockets
on this machine play a hosted game with Events on, and each shows what a local game shows.

The host opens a table from the new-game screen with Events on (one person here, one open seat,
three bots); the guest joins from the main menu and takes the open seat. The guest sees the
event display over the map, takes a face-down card by clicking it on the display (no drop-down
of "Face-down card N"), sees it in their hand while the host's screen counts one event in the
guest's hand and shows nothing of it, and plays it from the hand when its window opens
(Free Units, as Population Expansion begins: seed 004 16.1, card 000:event). While that window
is open the host's screen names nobody: whom a window asks tells who holds a card for it. At
the guest's window the network screen's panels draw the very texts a local game's screen draws
at the same decision of the same game (its start and every action the server played, replayed
locally).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pygame
import pytest

from game.bots import make_bot
from game.core import Action, GameState, load_game_data, view
from game.ui.app import App
from game.ui.checks.truth import drawn_texts
from game.ui.panels.hand import HandPanel
from game.ui.scenes.game import GameScene
from game.ui.scenes.host import OPEN, HostScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.netgame import PRIVATE_PROMPT, PRIVATE_WAIT, NetGameScene
from game.ui.scenes.newgame import EVENTS_ON, NewGameScene
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .test_event_turn import PRIVATE, arrange
from .test_hotseat_turn import load_geometry
from .test_network_game import LIMIT, assert_network_threads_end, idle, new_app, press, until
from .test_panels_truth import perform

PLACE = 6  # the display's place (from 1) the private card lies in, face down
WINDOW = "event_play"


@pytest.fixture
def two_apps(private_data_dir: object) -> Iterator[tuple[App, App]]:
    host, guest = new_app(), new_app()
    try:
        yield host, guest
    finally:
        for application in (host, guest):
            while application.scenes:
                application.scenes.pop().exit()
        guest.close()
        host.close()
        assert_network_threads_end()


def host_and_join_with_events(host: App, guest: App) -> tuple[LobbyScene, LobbyScene]:
    """The host opens a 5-seat table with Events on (a person here, an open seat, three
    bots); the guest joins from the main menu and takes the open seat."""
    host.push(MenuScene(host))
    new = NewGameScene(host)
    new.events = EVENTS_ON
    setup = HostScene(host, new.chosen(), new.map_id, {})
    host.push(setup)
    idle(host)
    setup.kinds = dict.fromkeys(setup.civs, "Bot: basic")
    setup.kinds[setup.civs[0]] = "Person here"
    setup.kinds[setup.civs[1]] = OPEN
    press(host, setup.open)
    until(lambda: isinstance(host.scene, LobbyScene), host)
    lobby = host.scene
    assert isinstance(lobby, LobbyScene)
    until(lambda: lobby.code and lobby.local and lobby.table, host)
    assert lobby.hosted is not None

    guest.push(MenuScene(guest))
    press(guest, guest.scene.buttons["join"])
    join = guest.scene
    assert isinstance(join, JoinScene)
    join.address_entry.set_text(f"127.0.0.1:{lobby.hosted.bound_port}")
    join.code_entry.set_text(lobby.code)
    press(guest, join.connect)
    until(lambda: isinstance(guest.scene, LobbyScene), guest, host)
    seated = guest.scene
    assert isinstance(seated, LobbyScene)
    until(lambda: seated.take_buttons, guest, host)
    press(guest, next(iter(seated.take_buttons)))
    until(lambda: seated.local and lobby.table[setup.civs[1]].kind == "person", guest, host)
    return lobby, seated


@dataclass
class Script:
    """The actions the server played, for a local game to play again: each seat's bot picks
    the label of the next action (the one at the session's action count)."""

    actions: list[Action]
    session: Session | None = None
    name: str = "basic"

    def choose(self, seen: object) -> str:
        assert self.session is not None and self.session.record is not None
        action = self.actions[len(self.session.record.actions)]
        assert action.player == getattr(seen, "viewer", None), "the script is out of step"
        return action.label


def local_game_at(app: App, start: GameState, actions: list[Action], person: str,
                  table: dict[str, Seat]) -> GameScene:
    """The local game screen of the same game, `person` at this screen and every other seat
    as the network table has it, played to the end of `actions`: the person's picks made on
    the screen, the others' by bots that play the server's actions again."""
    script = Script(list(actions))
    seats = {pid: Seat(pid, s.name, human=pid == person, level=s.level,
                       bot=None if pid == person else script)  # type: ignore[arg-type]
             for pid, s in table.items()}
    session = Session(start.clone(), seats)
    script.session = session
    game = GameScene(app, session, load_geometry())
    app.push(game)
    driver = Driver(app)
    assert session.record is not None
    end = time.monotonic() + 2 * LIMIT
    while len(session.record.actions) < len(actions) or (game.anims and game.anims.busy):
        assert time.monotonic() < end, "the local game did not get there"
        driver.frames(1)
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
            continue
        if session.human_to_act() == person and len(session.record.actions) < len(actions):
            perform(driver, game, actions[len(session.record.actions)].label)
    driver.frames(2)
    return game


def panel_texts(game: GameScene) -> dict[str, list[str]]:
    """What the game screen draws that a person reads: each side panel (every tab, as a click
    on it would draw it now), the top bar's phase track, the event display's cards and the
    decision bar's question."""
    ctx = game.ctx()
    out = {f"tab {i}": drawn_texts(panel, ctx)[0] for i, panel in enumerate(game.panels)}
    out["top bar"] = drawn_texts(game.topbar, ctx)[0]
    out["event display"] = [card for _, _, card in game.eventrow.cards]
    out["question"] = list(game._prompt(ctx, set(game.labels())))
    hand = game.panels[0]
    assert isinstance(hand, HandPanel)
    out["events in hand"] = list(drawn_texts(hand, ctx)[1])
    return out


def settled(game: GameScene) -> bool:
    return not (game.anims and game.anims.busy)


def test_a_guest_takes_holds_and_plays_a_private_event_over_the_network(
        two_apps: tuple[App, App]) -> None:
    host, guest = two_apps
    lobby, seated = host_and_join_with_events(host, guest)
    hosted = lobby.hosted
    assert hosted is not None and hosted.server is not None
    served = hosted.server.games[lobby.code]
    first, second = lobby.local[0], seated.local[0]
    # the table has not started: the test lays the private card face down in the display
    arrange(served.state, PLACE - 1, PRIVATE)
    arrange(served.state, 3, "corruption")  # (a card nobody plays in a window this turn)
    start = served.state.clone()
    assert lobby.start is not None
    press(host, lobby.start)
    until(lambda: isinstance(host.scene, NetGameScene) and isinstance(guest.scene, NetGameScene),
          host, guest)
    mine, theirs = guest.scene, host.scene
    assert isinstance(mine, NetGameScene) and isinstance(theirs, NetGameScene)
    drivers = {first: Driver(host), second: Driver(guest)}
    games = {first: theirs, second: mine}
    policy = {first: make_bot("basic", 71), second: make_bot("basic", 72)}
    guest_name = load_game_data().civilizations[second].name

    # (a) the guest sees the display: its cards over the map, the face-down ones as backs
    # once the server's bots have moved (they may take cards from the display first) and the
    # guest has heard of every action: the server's game is still, and may be read from here
    until(lambda: not served.bots.to_move(served.state) and mine.net.at == served.at
          and mine.eventrow.cards, guest, host)
    assert mine.view().events == view(served.state, second).events
    shown = [card for _, _, card in mine.eventrow.cards]
    assert len(shown) == len(start.players) + 1 and "" in shown and PRIVATE not in shown

    taken = played = False
    private_waits = 0
    end = time.monotonic() + 6 * LIMIT
    while not played:
        assert time.monotonic() < end, "the guest's private event was not played"
        idle(host, guest)
        if theirs.private_wait():
            private_waits += neutral_wait(theirs, guest_name)
        for seat, game in games.items():
            if game.session.human_to_act() != seat or not game.labels() or not settled(game):
                continue
            pending = game.session.state.pending
            assert pending is not None
            if seat == second and pending.kind == "event_take" and not taken:
                compare_with_the_local_game(game, served, start)  # the display, as local
                # (b) the face-down card, clicked on the display: no drop-down offers it
                dropdown = game.decision.options.dropdown_labels.values()
                assert not any("face_down" in label for label in dropdown)
                # (the server's game knows where it lies now: the places close up as taken)
                place = served.state.eventdeck.display.index(PRIVATE) + 1
                label = f"event:face_down:{place}"
                spots = [rect for rect, lb, card in game.eventrow.cards if lb == label]
                assert spots and next(card for _, lb, card in game.eventrow.cards
                                      if lb == label) == ""
                at = game.net.at
                drivers[seat].click(spots[0].center)
                until(lambda g=game, a=at: g.net.at > a, guest, host)
                assert served.record.actions[at] == Action(second, label)
                taken = True
                # (c) held: in the guest's hand, drawn in the You tab; the host sees a count
                until(lambda a=at: settled(mine) and settled(theirs) and theirs.net.at > a,
                      guest, host)
                drivers[second].key(pygame.K_F1)
                drivers[second].frames(2)
                hand = mine.panels[0]
                assert isinstance(hand, HandPanel)
                assert [card for _, card in hand.event_cards] == [PRIVATE]
                deck = theirs.session.state.eventdeck
                assert deck is not None and PRIVATE not in deck.hands[second]
                assert len(deck.hands[second]) == 1
                continue
            if seat == second and pending.kind == WINDOW:
                assert taken
                # the host's screen at the guest's window: the same wait as for anyone's
                until(lambda g=game: theirs.net.at == g.net.at, host)
                idle(host)
                assert theirs.private_wait()
                private_waits += neutral_wait(theirs, guest_name)
                compare_with_the_local_game(mine, served, start)
                # (d) played from the hand: the card in the You tab, clicked
                game.set_tab(0)
                drivers[seat].frames(2)
                hand = game.panels[0]
                assert isinstance(hand, HandPanel)
                hits = [rect for rect, lb in hand.hits if lb == f"event:{PRIVATE}"]
                assert hits, "the card to play is not offered in the hand"
                at = game.net.at
                drivers[seat].click(hits[0].center)
                until(lambda g=game, a=at: g.net.at > a, guest, host)
                assert served.record.actions[at] == Action(second, f"event:{PRIVATE}")
                played = True
                break
            if seat == first and pending.kind == "event_take":  # the host leaves it lying
                perform(drivers[seat], game, next(lb for lb in game.labels()
                                                  if "face_down" not in lb))
                continue
            perform(drivers[seat], game, policy[seat].choose(game.session.view_for(seat)))
    assert private_waits, "the host never saw the guest's window open"
    until(lambda: settled(mine), guest, host)
    events = mine.session.state.eventdeck
    assert events is not None and PRIVATE not in events.hands[second]
    assert PRIVATE in events.discards
    mine.set_tab(0)
    drivers[second].frames(2)
    hand = mine.panels[0]
    assert isinstance(hand, HandPanel) and not hand.event_cards


def neutral_wait(game: NetGameScene, name: str) -> int:
    """The screen of a client not asked by an open window: the neutral wait, naming nobody."""
    lines = [text for text, _ in game.strip_lines()]
    question = game._prompt(game.ctx(), set(game.labels()))
    assert any(line.startswith(PRIVATE_WAIT) for line in lines)
    assert question == (PRIVATE_PROMPT, "")
    assert not any(name in line for line in lines + list(question))
    return 1


def compare_with_the_local_game(game: NetGameScene, served: object, start: GameState) -> None:
    """At a decision of the guest (the display's take, the window): the same game played
    locally to the same decision draws the same texts in every panel."""
    from game.net.server import NetGame

    assert isinstance(served, NetGame)
    until(lambda: settled(game) and game.net.at == served.at, game.app)
    game.app.frame([], 1 / 60)
    network = panel_texts(game)
    app = new_app()
    try:
        local = local_game_at(app, start, list(served.record.actions[:served.at]),
                              game.viewer or "", game.session.seats)
        here = panel_texts(local)
    finally:
        while app.scenes:  # (not closed: that would close the clients' display too)
            app.scenes.pop().exit()
    differ = {name: (network[name], here.get(name)) for name in network
              if network[name] != here.get(name)}
    assert not differ, "\n".join(f"{name}: network {a}\n   local {b}"
                                 for name, (a, b) in differ.items())


# -- nobody learns from a wait line who holds a private event -----------------------------------
def at_a_window() -> GameState:
    """A game with Events on at a private event's window: the first taker took Free Units face
    down and the window of Population Expansion asks them (seed 004 16.1)."""
    from game.core import apply

    from .test_event_display import events_game

    state = events_game(1)
    arrange(state, 3, PRIVATE)
    arrange(state, 4, "corruption")
    assert state.pending is not None
    taker = state.pending.player
    apply(state, Action(taker, "event:face_down:4"))
    bots = {pid: make_bot("basic", 90 + i) for i, pid in enumerate(state.players)}
    while state.pending is not None and state.pending.kind != WINDOW:
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    assert state.pending is not None and state.pending.player == taker
    return state


def screen_texts(app: App, state: GameState, seat: str) -> list[str]:
    """Every text a network client holding `seat` draws in one frame of its game screen,
    from the views the server sends it (no server: the session is given them)."""
    import json

    from game.net.mirror import mirror
    from game.net.wire import wire_view
    from game.ui.seat.net import NetSession, TableSeat, seats_of

    views = {seat: json.loads(json.dumps(wire_view(state, seat)))}
    shown = mirror(views, state.map)
    table = {p: TableSeat("person", "", True, True) for p in state.players}
    session = NetSession(state=shown, seats=seats_of(shown, table, [seat]), graph=state.map,
                         local=[seat], table=table, code="ABC123")
    session._views = views
    game = NetGameScene(app, session, load_geometry())
    app.push(game)
    texts: list[str] = []
    theme = app.theme
    original = theme.text

    def record(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append(text)
        return original(text, *args, **kwargs)

    setattr(theme, "text", record)  # noqa: B010 -- this instance only, for one frame
    try:
        for _ in range(3):
            app.frame([], 1 / 60)
    finally:
        delattr(theme, "text")
        app.scenes.pop()
    return texts


def test_a_private_windows_wait_names_nobody_and_reads_the_same_whoever_is_asked(
        app: App) -> None:
    """Issue 37: "Waiting for Minoa: ..." while a window for private events is open told the
    table that Minoa holds a card for it (only holders are asked, seed 004 16.1). Another
    client's screen (its wait line, decision bar, top bar, table) reads the same whichever
    player the window asks, and names none of them as deciding."""
    state = at_a_window()
    asked = state.pending.player if state.pending else ""
    others = [p for p in state.players if p != asked]
    watcher, stand_in = others[-1], others[0]
    texts = screen_texts(app, state, watcher)
    # the same window, as if another player held the card and were asked
    swapped = state.clone()
    deck = swapped.eventdeck
    assert deck is not None and swapped.pending is not None
    deck.hands[stand_in], deck.hands[asked] = deck.hands[asked], deck.hands[stand_in]
    swapped.pending.player = stand_in
    texts_swapped = screen_texts(app, swapped, watcher)
    names = [civ.name for civ in load_game_data().civilizations.values()]

    def naming(drawn: list[str]) -> list[str]:  # (the map's own labels are cached once drawn)
        return sorted(re.sub(r"\d+:\d\d$", "m:ss", t) for t in drawn  # (the wait's clock)
                      if t == "to act" or "aiting" in t or any(name in t for name in names))

    texts, texts_swapped = naming(texts), naming(texts_swapped)
    assert texts == texts_swapped, (
        f"asked {asked}: {sorted(set(texts) - set(texts_swapped))}; asked {stand_in}: "
        f"{sorted(set(texts_swapped) - set(texts))}")
    assert any(text.startswith(PRIVATE_WAIT) for text in texts)
    assert PRIVATE_PROMPT in texts
    assert not any(text.startswith("Waiting for ") for text in texts)


def test_a_window_the_guest_asked_not_to_be_asked_about_is_answered_by_their_client(
        two_apps: tuple[App, App]) -> None:
    """"Don't ask again" (issue 20) in a network game: the guest's setting names the window of
    Population Expansion; when it opens with Free Units in their hand, their client answers
    "not now" for them through the server, and the card stays in their hand."""
    host, guest = two_apps
    guest.settings.quiet_event_windows = ["population_expansion"]
    lobby, seated = host_and_join_with_events(host, guest)
    assert lobby.hosted is not None and lobby.hosted.server is not None
    served = lobby.hosted.server.games[lobby.code]
    first, second = lobby.local[0], seated.local[0]
    arrange(served.state, PLACE - 1, PRIVATE)
    arrange(served.state, 3, "corruption")
    assert lobby.start is not None
    press(host, lobby.start)
    until(lambda: isinstance(host.scene, NetGameScene) and isinstance(guest.scene, NetGameScene),
          host, guest)
    games = {first: host.scene, second: guest.scene}
    drivers = {first: Driver(host), second: Driver(guest)}
    policy = {first: make_bot("basic", 71), second: make_bot("basic", 72)}
    asked: list[str] = []  # the decisions the guest's screen asked them
    end = time.monotonic() + 6 * LIMIT
    while Action(second, "no") not in served.record.actions:
        assert time.monotonic() < end, "the window was not answered"
        idle(host, guest)
        for seat, game in games.items():
            assert isinstance(game, NetGameScene)
            if game.session.human_to_act() != seat or not game.labels() or not settled(game):
                continue
            pending = game.session.state.pending
            assert pending is not None
            if seat == second:
                asked.append(pending.kind)
            if pending.kind == "event_take":
                deck = served.state.eventdeck
                assert deck is not None
                label = (f"event:face_down:{deck.display.index(PRIVATE) + 1}" if seat == second
                         else next(lb for lb in game.labels() if "face_down" not in lb))
            else:
                label = policy[seat].choose(game.session.view_for(seat))
            perform(drivers[seat], game, label)
    assert WINDOW not in asked
    deck = served.state.eventdeck
    assert deck is not None and deck.hands[second] == [PRIVATE]


def test_the_mirror_names_nobody_at_another_seats_private_decision() -> None:
    """The drawable state of a client not asked by the window names no decider (so no panel
    can); the asked seat's own client has its decision, options and all."""
    import json

    from game.net.mirror import SOMEONE, mirror
    from game.net.wire import wire_view

    state = at_a_window()
    assert state.pending is not None
    asked = state.pending.player
    watcher = next(p for p in state.players if p != asked)

    def sent(*seats: str | None) -> dict[str | None, dict[str, object]]:
        return {s: json.loads(json.dumps(wire_view(state, s))) for s in seats}

    for seats in ((watcher,), (None,)):
        pending = mirror(sent(*seats), state.map).pending
        assert pending is not None and pending.kind == WINDOW
        assert (pending.player, pending.options, pending.prompt) == (SOMEONE, [], "")
    for seats in ((asked,), (watcher, asked)):  # a client holding the asked seat (and another)
        pending = mirror(sent(*seats), state.map).pending
        assert pending is not None and pending.player == asked
        assert pending.options == state.pending.options


def test_a_private_windows_wait_keeps_its_clock_whoever_it_asks_in_turn() -> None:
    """The wait line's clock counted again from 0:00 each time a window passed to its next
    holder, telling the table how many hold a card for it: it counts from the window's
    opening while the window asks one holder after another."""
    import json

    from game.net.mirror import mirror
    from game.net.wire import wire_view
    from game.ui.seat.net import NetSession

    state = at_a_window()
    assert state.pending is not None
    asked = state.pending.player
    others = [p for p in state.players if p != asked]
    watcher, next_holder = others[-1], others[0]
    then = state.clone()  # the window asks the next holder (as after a "not now")
    assert then.pending is not None and then.eventdeck is not None
    then.eventdeck.hands[next_holder] = list(then.eventdeck.hands[asked])
    then.pending.player = next_holder

    def update(game: GameState, at: int) -> dict[str, object]:
        return {"type": "update", "seat": watcher, "at": at, "events": [],
                "view": json.loads(json.dumps(wire_view(game, watcher)))}

    first = update(state, 10)
    session = NetSession(state=mirror({watcher: first["view"]}, state.map),  # type: ignore[dict-item]
                         seats={}, graph=state.map, local=[watcher], at=10)
    session._views = {watcher: first["view"]}  # type: ignore[dict-item]
    session.asked_at -= 30.0  # the window opened half a minute ago
    assert session.take_update(update(then, 11))
    assert session.waited() >= 30.0
    assert session.take_update(update(new_phase(then), 12))  # a decision anyone may see
    assert session.waited() < 30.0


def new_phase(state: GameState) -> GameState:
    """`state` with the window closed and the first player deciding in the open."""
    moved = state.clone()
    assert moved.pending is not None
    moved.pending.kind = "population_expansion"
    moved.pending.player = next(iter(moved.players))
    return moved
