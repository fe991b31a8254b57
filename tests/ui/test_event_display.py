"""The Events module on the real client (issue 20): the display over the map, a face-down
card taken by a click, the private hand in the "You" panel, the counts in the Table panel and
the markers on the map; and a card taken with the keyboard."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bots import make_bot
from game.core import (
    Action,
    EventsOptions,
    GameConfig,
    GameState,
    apply,
    choose_setup,
    load_event_cards,
    load_game_data,
    new_game,
    view,
)
from game.maps.files import load_map_file
from game.ui.panels.hand import HandPanel
from game.ui.panels.players import PlayersPanel
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session
from game.ui.theme import Palette

from .driver import Driver

ARENA = Path(__file__).resolve().parent.parent / "maps" / "arena.json"


def events_game(seed: int) -> GameState:
    graph, _ = load_map_file(ARENA)
    data = load_game_data()
    config = GameConfig(players=[], seed=seed, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    return new_game(config, graph, data)


def seat_bots(state: GameState, seed: int) -> dict[str, object]:
    return {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}


def find_game(window: str = "") -> tuple[int, str]:
    """A seed whose first display has a face-down private event (for `window`, if given) for
    the first taker, and whose Event Action leaves a marker on the map (searched, so the test
    follows the core's deck)."""
    cards = load_event_cards().cards
    for seed in range(1, 40):
        state = events_game(seed)
        pending = state.pending
        assert pending is not None and pending.kind == "event_take"
        for label in [lb for lb in pending.options if "face_down" in lb]:
            work = state.clone()
            apply(work, Action(pending.player, label))
            held = work.eventdeck.hands.get(pending.player)
            if not held or (window and cards[held[0]].window != window):
                continue
            bots = seat_bots(work, seed)
            while work.phase == "events" and work.pending is not None:
                who = work.pending.player
                apply(work, Action(who, bots[who].choose(view(work, who))))
            if any(m.area or m.region for m in work.eventdeck.markers):
                return seed, label
    pytest.skip("no game in the searched seeds has a private face-down card and a marker")


def open_game(app, seed: int) -> tuple[GameScene, Session, str]:
    state = events_game(seed)
    first = state.pending.player
    bots = seat_bots(state, seed)
    seats = {pid: Seat(pid, f"Player {i + 1}", human=pid == first,
                       bot=None if pid == first else bots[pid])
             for i, pid in enumerate(state.players)}
    session = Session(state, seats)
    geometry = load_map_file(ARENA)[1]
    game = GameScene(app, session, geometry)
    app.push(game)
    return game, session, first


def wait_for_pick(driver: Driver, game: GameScene, session: Session) -> None:
    for _ in range(600):
        driver.frames(1)
        if game.curtain_for:  # hot seat: the person to act comes to the screen
            driver.click(driver.app.screen.get_rect().center)
        if session.human_to_act() and game.eventrow.taking():
            return
    raise AssertionError("the display never offered the human a card")


def test_a_face_down_event_taken_by_a_click_goes_to_the_hand_and_markers_show(app):
    seed, label = find_game()
    game, session, human = open_game(app, seed)
    driver = Driver(app)
    wait_for_pick(driver, game, session)
    row = game.eventrow
    events = session.view_for(human).events
    # the display: every card of the row, inside the map, each one a pick
    assert len(row.cards) == len(session.state.players) + 1 == len(events.display)
    assert game.map_rect.contains(row.rect)
    assert all(row.rect.contains(rect) for rect, _, _ in row.cards)
    assert sorted(row.labels) == sorted(session.options())
    face_down = [rect for rect, lb, card in row.cards if lb == label]
    assert face_down and [c for _, lb, c in row.cards if lb == label] == [""]
    # the cards are picked on the display, not with the decision bar's buttons
    assert all(game.decision.options.button_for(lb) is None for lb in row.labels)
    assert "Click a card above" in game._prompt(game.ctx(), set(game.labels()))[1]
    before = len(session.record.actions)
    driver.click(face_down[0].center)
    assert session.record.actions[before].player == human
    assert session.record.actions[before].label == label
    taken = session.state.eventdeck.hands[human]
    assert len(taken) == 1 and not load_event_cards().cards[taken[0]].public
    # the hand: the card in the "You" panel, with its rect inside the side panel
    game.set_tab(0)
    driver.frames(2)
    hand = game.panels[0]
    assert isinstance(hand, HandPanel)
    assert [card for _, card in hand.event_cards] == taken
    assert game.side_rect.contains(hand.event_cards[0][0])
    assert hand.event_card_at(hand.event_cards[0][0].center) == taken[0]
    # the rest of the Event Action, by the bots; the display goes, the markers come
    for _ in range(600):
        driver.frames(1)
        if session.state.phase != "events":
            break
    driver.frames(2)
    assert not row.shown()
    markers = [m for m in session.state.eventdeck.markers if m.area or m.region]
    assert markers
    marked = game.markers.marked
    assert marked and all(area in session.state.map.areas or area in game.mapview.geo.areas
                          for area in marked)
    game.mapview.focus(sorted(marked))
    driver.frames(3)
    chips = game.markers.chips
    assert chips and all(game.map_rect.contains(box) for box, _ in chips)
    box, marker = chips[0]
    tip = game.markers.tip(box.center)
    assert tip is not None and tip[0].lower().replace(" ", "_") == marker.kind
    # the others see how many the human holds: the Table panel's events column
    game.set_tab(3)
    driver.frames(2)
    table = game.panels[3]
    assert isinstance(table, PlayersPanel)
    assert any(lines == ["Private events held"] for _, lines in table.tips)
    assert dict(session.view_for(None).events.hand_sizes)[human] == 1


def test_an_event_taken_with_a_number_key_and_enter(app):
    game, session, _ = open_game(app, 2)
    driver = Driver(app)
    wait_for_pick(driver, game, session)
    row = game.eventrow
    second = row.cards[1][1]
    before = len(session.record.actions)
    driver.key(pygame.K_2)
    assert row.chosen() == second and len(session.record.actions) == before
    assert game._prompt(game.ctx(), set(game.labels()))[1].startswith("Enter: take ")
    driver.key(pygame.K_RIGHT)  # the arrows step on to the next card
    assert row.chosen() == row.cards[2][1]
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert session.record.actions[before].label == second


def test_the_display_folds_away_and_its_cards_go_to_the_decision_bar(app):
    game, session, _ = open_game(app, 4)
    driver = Driver(app)
    wait_for_pick(driver, game, session)
    row = game.eventrow
    options = session.options()
    tall = row.rect.height
    driver.click(row.bar.center)
    assert row.folded and row.rect.height < tall and row.labels == [] and not row.cards
    bar = game.decision.options  # buttons, or a drop-down when they do not all fit
    assert set(options) <= {lb for _, lb in bar.buttons} | set(bar.dropdown_labels.values())
    driver.click(row.bar.center)
    assert not row.folded and row.rect.height == tall and sorted(row.labels) == sorted(options)


def test_the_hot_seat_curtain_hides_the_display_and_the_hand(app):
    app.settings.animation_speed = 1.0  # a card taken turns over (for its taker alone)
    state = events_game(3)
    takers = list(state.players)[:2]
    bots = seat_bots(state, 3)
    seats = {pid: Seat(pid, f"Player {i + 1}", human=pid in takers,
                       bot=None if pid in takers else bots[pid])
             for i, pid in enumerate(state.players)}
    session = Session(state, seats)
    game = GameScene(app, session, load_map_file(ARENA)[1])
    app.push(game)
    driver = Driver(app)
    wait_for_pick(driver, game, session)
    first = game.viewer
    cards = load_event_cards().cards
    private = [i for i, card in enumerate(session.state.eventdeck.display)
               if not cards[card].public]
    assert private, "seed 3's first row has a private event"
    game.pick(game.eventrow.cards[private[0]][1])
    assert any(t.taker == first and t.card for t in game.eventrow.taken)
    driver.frames(2)
    assert game.curtain_for == takers[1] != first
    # under the curtain: no display, no picks, the screen all curtain where the row was, and
    # no private card left turning over for the next player to see
    assert not game.eventrow.shown() and game.eventrow.labels == []
    assert all(t.card and cards[t.card].public for t in game.eventrow.taken)
    assert app.screen.get_at(game.map_rect.move(0, 40).topleft)[:3] == Palette.curtain
    assert app.screen.get_at(game.side_rect.center)[:3] == Palette.curtain
    driver.click(app.screen.get_rect().center)
    driver.frames(2)
    assert game.viewer == takers[1] and game.eventrow.taking()


def test_the_log_does_not_name_the_private_event_a_player_took():
    from game.core import EventCardTaken
    from game.ui.words.log import log_line

    line = log_line(EventCardTaken(player="minoa", card="", private=True, rule="000:event:67"),
                    1, "events")
    assert "67" not in line.rule and "67" not in line.text


def test_a_private_event_held_is_played_in_its_window_from_the_hand(app):
    seed, label = find_game("population_expansion")  # its window opens this very turn
    game, session, human = open_game(app, seed)
    driver = Driver(app)
    policy = make_bot("basic", 11)
    wait_for_pick(driver, game, session)
    card = game.eventrow
    rect = next(r for r, lb, _ in card.cards if lb == label)
    driver.click(rect.center)
    held = list(session.state.eventdeck.hands[human])
    assert len(held) == 1
    played = None
    for _ in range(20000):
        driver.frames(1)
        if session.state.turn > 1 or session.state.game_over:
            break
        if session.human_to_act() != human or game.viewer != human:
            continue
        pending = session.state.pending
        if pending.kind == "event_play":
            game.set_tab(0)
            driver.frames(2)
            hand = game.panels[0]
            hits = [r for r, lb in hand.hits if lb == f"event:{held[0]}"]
            assert hits, "the card to play is not offered in the hand"
            before = len(session.record.actions)
            driver.click(hits[0].center)
            played = session.record.actions[before]
            break
        driver.perform(game, policy.choose(session.view_for(human)))
    assert played is not None and played.player == human
    assert played.label == f"event:{held[0]}"
    assert held[0] not in session.state.eventdeck.hands.get(human, [])
    assert held[0] in session.state.eventdeck.discards


def test_a_card_taken_turns_over_in_its_place_and_the_row_closes_after(app):
    from game.ui.panels.events import REVEAL

    app.settings.animation_speed = 1.0
    seed, label = find_game()
    game, session, human = open_game(app, seed)
    driver = Driver(app)
    wait_for_pick(driver, game, session)
    row = game.eventrow
    place = next(i for i, (_, lb, _) in enumerate(row.cards) if lb == label)
    where = row.cards[place][0]
    driver.click(where.center)
    held = session.state.eventdeck.hands[human][0]
    mine = [t for t in row.taken if t.taker == human]
    # the viewer sees their own face-down card turn over, where it lay in the row
    assert len(mine) == 1 and mine[0].card == held and mine[0].place == place
    driver.frames(int(REVEAL * 60 * 0.6))
    assert any(taken.card == held for _, taken in row.slots)
    for _ in range(600):
        driver.frames(1)
        if session.state.phase != "events" and not row.taken:
            break
    assert not row.taken and not row.shown()


@pytest.mark.parametrize(("size", "words"), [
    (18, "18 cards left (~3 turns)"),
    (4, "4 cards left, not a full row"),
    (0, "its last row"),
])
def test_the_age_line_counts_the_rows_left_in_the_age_deck(size: int, words: str) -> None:
    """004: the display is dealt one card more than there are players each turn, so a deck
    of fewer cards than that is no full turn; none left means the row out is the Age's last."""
    from types import SimpleNamespace

    from game.ui.panels.events import age_line

    events = SimpleNamespace(over=False, deck_size=size, age=1)
    view = SimpleNamespace(events=events, players=dict.fromkeys("abcde"))
    assert age_line(view) == f"Age I · {words} · then Age II"  # type: ignore[arg-type]


def test_the_age_line_too_long_for_the_bar_leaves_out_its_last_parts_whole() -> None:
    """With a player's name taking room in the bar, "then Age II" goes before the cards left,
    and no part is cut in the middle; the Age itself always stays."""
    from game.ui.panels.events import fitting

    line = "Age I · 18 cards left (~3 turns) · then Age II"
    assert fitting(line, 100, len) == line
    assert fitting(line, 40, len) == "Age I · 18 cards left (~3 turns)"
    assert fitting(line, 10, len) == "Age I"
    assert fitting(line, 2, len) == "Age I"
