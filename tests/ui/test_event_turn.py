"""A whole Event Action and the window after it, on the real client with the Events module on
(issue 20, "Done when" 1): the person takes a face-down event from the display with the mouse,
holds the private card in the "You" panel, plays it with the prompt's button when its window
opens, and meanwhile sees a striking event (Famine, taken by a bot) animated and its marker on
the map.

The game is seed 1's first turn with two cards of its display swapped in (a scenario-like
start): Free Units face down in the fourth place, Famine face up in the third. The bots play
the basic bot, except that the first to be offered Famine takes it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.bots import make_bot
from game.core import GameState, MarkerPlaced, PlayerView, load_event_cards
from game.ui.anim.marks import MarkerLands
from game.ui.anim.parts import Banner
from game.ui.panels.hand import HandPanel
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .test_event_display import ARENA, events_game, wait_for_pick

PRIVATE = "free_units"  # played as Population Expansion begins, this very turn
STRIKING = "famine"
FACE_DOWN = 4  # the place (from 1) the private card lies in, face down


def arrange(state: GameState, place: int, card: str) -> None:
    """Card `card` into `place` (from 0) of the display, swapped with the card there; it comes
    from the display or the Age's deck, so no card is made or lost."""
    deck = state.eventdeck
    if card in deck.display:
        j = deck.display.index(card)
        deck.display[j], deck.display[place] = deck.display[place], card
    else:
        j = deck.deck.index(card)
        deck.deck[j], deck.display[place] = deck.display[place], card
    assert state.pending is not None and state.pending.kind == "event_take"
    state.pending.options = [f"event:{c}" if up else f"event:face_down:{i + 1}"
                             for i, (c, up) in enumerate(zip(deck.display, deck.shown,
                                                             strict=True))]


@dataclass
class TakesFamine:
    """The basic bot, but the first to be offered Famine takes it."""

    seed: int
    name: str = "famine-taker"
    taken: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.bot = make_bot("basic", self.seed)

    def choose(self, view: PlayerView) -> str:
        pending = view.pending
        assert pending is not None
        if f"event:{STRIKING}" in pending.options:
            return f"event:{STRIKING}"
        return self.bot.choose(view)


def open_turn(app) -> tuple[GameScene, Session, str]:  # type: ignore[no-untyped-def]
    from game.maps.files import load_map_file

    state = events_game(1)
    arrange(state, FACE_DOWN - 1, PRIVATE)
    arrange(state, 2, STRIKING)
    deck = state.eventdeck
    assert not deck.shown[FACE_DOWN - 1] and deck.shown[2]
    human = state.pending.player
    seats = {pid: Seat(pid, f"Player {i + 1}", human=pid == human,
                       bot=None if pid == human else TakesFamine(100 + i))
             for i, pid in enumerate(state.players)}
    session = Session(state, seats)
    game = GameScene(app, session, load_map_file(ARENA)[1])
    app.push(game)
    return game, session, human


def running(game: GameScene) -> list[object]:
    """The animation parts playing (and drawn) in this frame."""
    anims = game.anims
    if anims is None or not anims.steps:
        return []
    return [p for p in anims.steps[0].parts if p.stage_of_life == 1]


def test_a_person_takes_holds_and_plays_a_private_event_and_sees_famine_strike(app) -> None:
    app.settings.animation_speed = 4.0  # the fastest speed that still animates
    game, session, human = open_turn(app)
    driver = Driver(app)
    policy = make_bot("basic", 7)  # the person's other picks, made on screen
    cards = load_event_cards().cards
    seen: list[object] = []  # every animation part drawn, frame by frame
    in_view: list[bool] = []  # for each frame the marker lands in: its areas in view

    def watch(_: object) -> None:
        now = running(game)
        seen.extend(p for p in now if p not in seen)
        free = game.anims.stage.free_rect()  # the map under the event display
        in_view.extend(any(free.collidepoint(game.mapview.area_point(a)) for a in p.areas)
                       for p in now if isinstance(p, MarkerLands))

    app.on_frame = watch
    wait_for_pick(driver, game, session)

    # (a) the face-down card taken with the mouse, from the display over the map
    row = game.eventrow
    label = f"event:face_down:{FACE_DOWN}"
    down = [rect for rect, lb, card in row.cards if lb == label and card == ""]
    assert down, "the fourth card is not offered face down"
    before = len(session.record.actions)
    driver.click(down[0].center)
    assert len(session.record.actions) > before, "the click took no card"
    taken = session.record.actions[before]
    assert (taken.player, taken.label) == (human, label)
    assert session.state.eventdeck.hands[human] == [PRIVATE]
    assert any(t.card == PRIVATE and t.taker == human for t in row.taken)  # turns over for them

    # (b) held: the card in the "You" panel, the window it waits for under it
    driver.key(pygame.K_F1)  # a key: a click would cut short the animations under way
    driver.frames(2)
    hand = game.panels[0]
    assert isinstance(hand, HandPanel) and game.tab == 0
    assert [card for _, card in hand.event_cards] == [PRIVATE]
    assert game.side_rect.contains(hand.event_cards[0][0])
    assert not hand.hits or all(lb != f"event:{PRIVATE}" for _, lb in hand.hits)  # not yet

    # (d) the bots take theirs: Famine strikes, animated, and its marker lies on the map
    prompt = None
    for _ in range(6000):
        driver.frames(1)
        if session.state.turn > 1 or session.state.game_over:
            break
        if session.human_to_act() != human or game.viewer != human:
            continue
        pending = session.state.pending
        if pending.kind == "event_play":
            prompt = pending
            break
        driver.perform(game, policy.choose(session.view_for(human)))
    banners = [p for p in seen if isinstance(p, Banner) and p.title == cards[STRIKING].title]
    assert banners, "no Famine banner was played"
    landed = [p for p in seen if isinstance(p, MarkerLands) and p.event.kind == STRIKING]
    assert landed and landed[0].areas, "the famine marker did not land on the map"
    assert isinstance(landed[0].event, MarkerPlaced)
    assert in_view and all(in_view), "the marker landed out of view"
    region = landed[0].event.where
    markers = [m for m in session.state.eventdeck.markers if m.kind == STRIKING]
    assert [m.region for m in markers] == [region]
    assert set(game.markers.marked) == set(landed[0].areas)
    game.mapview.focus(sorted(game.markers.marked))
    driver.frames(3)
    chips = [(box, m) for box, m in game.markers.chips if m.kind == STRIKING]
    assert chips and all(game.map_rect.contains(box) for box, _ in chips)
    tip = game.markers.tip(chips[0][0].center)
    assert tip is not None and tip[0] == "Famine"

    # (c) its window opens: the prompt offers the card, a button plays it
    assert prompt is not None, "the private event's window never asked the person"
    assert prompt.player == human and f"event:{PRIVATE}" in prompt.options
    driver.frames(2)
    asked = game._prompt(game.ctx(), set(game.labels()))[0]
    assert "private event" in asked.lower(), asked
    button = game.decision.options.button_for(f"event:{PRIVATE}")
    assert button is not None, "the prompt does not offer the card held"
    assert game.decision.options.button_for("no") is not None  # or not now
    hand = game.panels[game.tab]
    assert isinstance(hand, HandPanel)
    assert [lb for _, lb in hand.hits if lb == f"event:{PRIVATE}"]  # ringed in the hand too
    before = len(session.record.actions)
    stock = session.state.players[human].stock
    driver.click(button.rect.center)
    assert [(a.player, a.label) for a in session.record.actions[before:before + 1]] == [
        (human, f"event:{PRIVATE}")]
    deck = session.state.eventdeck
    assert PRIVATE not in deck.hands.get(human, []) and PRIVATE in deck.discards
    assert session.state.players[human].stock < stock  # its free units came out of stock
    for _ in range(600):  # the panels show the hand as it was until the animations are done
        driver.frames(1)
        if not game.anims.busy:
            break
    driver.frames(2)
    assert not game.panels[0].event_cards  # the hand is empty again
