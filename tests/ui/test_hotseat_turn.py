"""A whole turn of a 5-player hot-seat game played on the real client with mouse and keys:
two human seats, a trade between them and a calamity decision included (issue 6)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.bots import make_bot
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session
from game.ui.theme import Palette

from .driver import Driver
from .script import Script, bots_to_turn, dry_run, make_game


def find_position() -> tuple[int, int, tuple[str, str]]:
    """A seed, a turn and two seats whose next turn holds a trade between them and a calamity
    decision for one of them (searched, so the test follows changes to the rules core)."""
    for seed in range(1, 8):
        state = make_game(seed)
        for turn in range(3, 14):
            bots_to_turn(state, turn, seed)
            if state.game_over:
                break
            for pair in itertools.combinations(list(state.players), 2):
                out = dry_run(state, pair, seed)
                if out.trade and out.calamity_decision and out.finished_turn:
                    return seed, turn, pair
    pytest.skip("no position with a trade and a calamity decision in the searched games")


def test_a_full_hot_seat_turn_with_a_trade_and_a_calamity_decision_by_mouse_and_keys(app):
    seed, turn, humans = find_position()
    state = make_game(seed)
    bots_to_turn(state, turn, seed)
    geometry = load_geometry()
    seats = {}
    for i, pid in enumerate(state.players):
        seats[pid] = Seat(pid, f"Player {i + 1}", human=pid in humans,
                          bot=None if pid in humans else make_bot("basic", seed * 100 + i))
    session = Session(state, seats)
    game = GameScene(app, session, geometry)
    app.push(game)
    driver = Driver(app)
    script = Script(humans)
    start = state.turn
    curtains = 0
    picks: list[tuple[str, str, str, str]] = []  # (player, phase, kind, how)
    for _ in range(6000):
        driver.frames(1)
        if session.state.turn > start or session.state.game_over:
            break
        if game.curtain_for:
            curtains += 1
            who = game.curtain_for
            # nothing private shows under the curtain: no options, no side panel
            assert game.labels() == []
            assert app.screen.get_at(game.side_rect.center)[:3] == Palette.curtain
            driver.click(app.screen.get_rect().center)
            assert game.viewer == who
            continue
        who = session.human_to_act()
        if who is None or who != game.viewer:
            continue
        pending = session.state.pending
        assert pending is not None
        label = script.choose(session.view_for(who))
        phase = session.state.phase
        actions_before = len(session.record.actions)
        how = driver.perform(game, label)
        driver.frames(1)
        assert len(session.record.actions) > actions_before, (
            f"the {how} for {label} ({pending.kind}) did not act")
        assert session.record.actions[actions_before].label == label
        picks.append((who, phase, pending.kind, how))
    assert session.state.turn == start + 1, "the turn did not end"
    kinds = {kind for _, _, kind, _ in picks}
    assert {"trade_partner", "trade_card", "trade_name", "trade_answer"} <= kinds
    assert any(line.text.find("accepts") >= 0 and set(line.players) == set(humans)
               for line in session.log), "no trade between the two humans"
    assert any(phase == "calamity_resolution" for _, phase, _, _ in picks), \
        "no calamity decision was made on screen"
    assert curtains >= 2, "the curtain did not come down between the two humans"
    hows = {how for *_, how in picks}
    assert "map" in hows and "button" in hows and "enter" in hows
    assert driver.clicks > 10


def test_ctrl_z_takes_back_a_movement_pick_and_the_pick_can_be_made_again(app):
    state = make_game(3)
    bots_to_turn(state, 2, 3)
    first = state.players[next(iter(state.players))].id
    seats = {pid: Seat(pid, pid, human=True) for pid in state.players}
    session = Session(state, seats)
    game = GameScene(app, session, load_geometry())
    app.push(game)
    driver = Driver(app)
    for _ in range(200):
        driver.frames(1)
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
        elif session.human_to_act() and session.state.phase == "movement":
            break
    who = session.human_to_act()
    assert who is not None and first
    labels = session.options()
    area = next(lb for lb in labels if lb.startswith("area:"))
    before = session.state.state_hash()
    driver.perform(game, area)
    assert session.state.state_hash() != before
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert session.state.state_hash() == before
    driver.perform(game, area)
    assert session.can_undo(who)


def hot_seat_at_movement(app) -> tuple[GameScene, Session, Driver]:
    """Game 3 in turn 2, every seat a person, at the first person's movement decision."""
    state = make_game(3)
    bots_to_turn(state, 2, 3)
    seats = {pid: Seat(pid, pid, human=True) for pid in state.players}
    session = Session(state, seats)
    game = GameScene(app, session, load_geometry())
    app.push(game)
    driver = Driver(app)
    for _ in range(200):
        driver.frames(1)
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
        elif session.human_to_act() and session.state.phase == "movement":
            break
    return game, session, driver


def test_tokens_move_by_dragging_from_one_lit_area_to_another(app):
    game, session, driver = hot_seat_at_movement(app)
    who = session.human_to_act()
    assert who is not None
    source = next(lb for lb in session.options() if lb.startswith("area:"))
    after = session.preview(who, source)
    target = next(lb for lb in after if lb.startswith("area:"))
    assert game.mapview is not None
    start = game.mapview.area_point(source.split(":")[1])
    end = game.mapview.area_point(target.split(":")[1])
    count = len(session.record.actions)
    driver.drag(start, end)
    assert [a.label for a in session.record.actions[count:]] == [source, target]
    assert session.state.pending is not None
    assert session.state.pending.kind == "movement_tokens"


def load_geometry():
    from pathlib import Path

    from game.ui.map.offered import load_map

    return load_map(Path(__file__).resolve().parent.parent / "maps" / "arena.json")[1]
