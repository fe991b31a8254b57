"""Bots bargain with a person in the real client (issue 39; rules §4 phase 7): in a solo game on
the real map a bot offers cards to the person, and when a bot refuses or counters the person's
offer, the trade window and the log say why in the bot's words.

The person's trade picks follow bench/bargain.py's simple rule and are made by mouse; their
other decisions are a normal bot's, played straight through the session.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pygame

from game.bots import make_bot
from game.bots.seats import BotSeats
from game.core import GameConfig, GameState, TradeOffered, apply, new_game
from game.ui.map.offered import load_map
from game.ui.panels.trade import said_line
from game.ui.scenes.game import GameScene
from game.ui.seat.controller import TRADE_KINDS
from game.ui.seat.session import Seat, Session

from .driver import Driver

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "oikoumene.json"
SHOTS = os.environ.get("CALAMITAS_TEST_SHOTS", "")  # a folder: save what the test saw


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bargain", ROOT / "bench" / "bargain.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def solo_at_trade(seed: int) -> tuple[GameState, str]:
    """A solo game of 5 (open bargaining, as New game starts one) at turn 3's trade phase."""
    graph, _ = load_map(MAP)
    state = new_game(GameConfig(players=[], setup="5-west", seed=seed, open_bargaining=True),
                     graph)
    person = list(state.players)[0]
    seats = BotSeats({c: "normal" for c in state.players}, seed=seed)  # everyone a bot so far
    while not (state.turn >= 3 and state.phase == "trade"):
        apply(state, seats.decide(state)[0])
    return state, person


def test_a_bot_offers_to_the_person_and_says_why_it_refuses(app) -> None:
    b = bench()
    state, person = solo_at_trade(3)
    seats = {pid: Seat(pid, pid.capitalize(), human=pid == person, level="normal")
             for pid in state.players}
    session = Session(state, seats)
    game = GameScene(app, session, load_map(MAP)[1])
    app.push(game)
    game.fast_bots = True
    driver = Driver(app)
    trader = b.SimplePerson(person)
    own = make_bot("normal", 11)
    shown: list[str] = []  # reasons seen in the trade window
    offered_by: list[str] = []  # bots whose offers the trade window showed the person
    shots = 0
    for _ in range(20000):
        driver.frames(1)
        if session.state.turn > 12 or (shown and offered_by):
            break
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
            continue
        if session.human_to_act() != person or game.viewer != person:
            continue
        pending = session.state.pending
        assert pending is not None
        seen = session.view_for(person)
        if pending.kind not in TRADE_KINDS:
            session.play(person, own.choose(seen))
            game.changed()
            continue
        assert game.trade_open()
        said = said_line(game.ctx())
        if said:
            rows = [text for text, _ in game.trade.marks]
            first = said.split(" ")[0]
            assert any(row.startswith(first) and row in said for row in rows), (said, rows)
            shown.append(said)
        offer = game.ctx().extra.get("offer")
        if pending.kind == "trade_answer" and isinstance(offer, TradeOffered) \
                and not offer.counter:  # a bot's own offer, not a counter to the person's
            assert game.trade.table is not None and game.trade.table.by == offer.player
            offered_by.append(offer.player)
        if SHOTS and (said or pending.kind == "trade_answer"):
            shots += 1
            pygame.image.save(app.screen, os.path.join(SHOTS, f"bargain-{shots:02d}-"
                                                       f"{pending.kind}.png"))
        label = trader.choose(seen)
        before = len(session.record.actions)
        driver.perform(game, label)
        driver.frames(1)
        assert session.record.actions[before].label == label
    assert offered_by and person not in offered_by, "no bot offered the person anything"
    assert shown, "no refusal or counter said why in the trade window"
    logged = {line.text for line in session.log}
    assert set(shown) <= logged, "a reason shown in the window is not in the log"
    for said in shown:
        assert "_" not in said and said[0].isupper(), said


def test_a_network_seat_hears_what_a_bot_said_as_a_local_one_does() -> None:
    """The server's `said` message (game.net.protocol) goes to the log and the trade window of
    the seat it names, when this machine holds that seat."""
    from game.ui.seat.net import NetSession

    state, person = solo_at_trade(3)
    seats = {pid: Seat(pid, pid.capitalize(), human=pid == person, level="normal")
             for pid in state.players}
    session = NetSession(state=state, seats=seats, local=[person])
    bot = next(p for p in state.players if p != person)
    words = f"{bot.capitalize()} has no use for Salt."
    session.take_said({"type": "said", "seat": person, "by": bot, "text": words,
                       "turn": state.turn, "phase": state.phase})
    remark = session.said_now(person)
    assert remark is not None and remark.text == words and remark.by == bot
    assert session.log[-1].text == words and set(session.log[-1].players) == {bot, person}
    session.take_said({"type": "said", "seat": bot, "by": person, "text": "not ours",
                       "turn": state.turn, "phase": state.phase})
    assert session.said_now(bot) is None and session.log[-1].text == words
