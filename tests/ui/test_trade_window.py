"""Open bargaining on the real client, by mouse (issue 19, item 5): a hot-seat player offers
cards to the other human asking for a commodity by name, reviews the offer and cancels it; then
offers again and sends it; the partner sees the request, counters; the first player accepts the
counter-offer, and both hands change."""

from __future__ import annotations

import os
from collections import Counter

import pygame
import pytest

from game.bots import make_bot
from game.core import Action, GameState, PlayerView, apply, view
from game.core.gamedata import load_game_data
from game.core.phases.trade import can_build_side
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .script import make_game
from .test_hotseat_turn import load_geometry

SHOTS = os.environ.get("CALAMITAS_TEST_SHOTS", "")  # a folder: save what the test saw


def trade_position() -> tuple[GameState, str, str]:
    """A game at a trade offer by P, who may offer to Q, both able to build a side."""
    for seed in range(1, 8):
        state = make_game(seed)
        state.config.open_bargaining = True
        bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
        while not state.game_over and state.turn < 12:
            pending = state.pending
            assert pending is not None
            if pending.kind == "trade_partner" and state.turn >= 3:
                me = pending.player
                partners = [o.split(":", 1)[1] for o in pending.options
                            if o.startswith("player:")]
                for other in partners:
                    if can_build_side(state, other) and len(state.players[me].hand) >= 4:
                        return state, me, other
            apply(state, Action(pending.player, bots[pending.player].choose(
                view(state, pending.player))))
    pytest.skip("no trade position between two players able to trade")


class Bargainer:
    """What the two humans decide, stage by stage; the test performs it by mouse."""

    def __init__(self, first: str, second: str) -> None:
        self.first, self.second = first, second
        self.offers = 0  # offers the first player has reviewed
        self.asked = ""
        self.seen_request: tuple[str, ...] = ()

    def choose(self, v: PlayerView) -> str:
        pending = v.pending
        assert pending is not None
        kind, options, me = pending.kind, pending.options, v.viewer
        if kind == "trade_partner":
            if me == self.first and self.offers < 2 and f"player:{self.second}" in options:
                return f"player:{self.second}"
            return "done"
        if kind == "trade_answer":
            if me == self.second and pending.prompt.startswith(self.first):
                return f"player:{self.first}"  # counter
            if me == self.first and pending.prompt.startswith(self.second):
                return "yes"
            return "no"
        if kind == "trade_card":
            if "done" in options:
                return "done"
            hand = [o for o in options if o.startswith("card:")]
            commodities = load_game_data().commodities
            return min(hand, key=lambda o: (o.split(":", 1)[1] not in commodities, o))
        if kind == "trade_name":
            return next(o for o in options if o.startswith("card:"))
        if kind == "trade_review":
            asks = [o for o in options if o.startswith("card:")]
            if me == self.first and "(0 asked for)" in pending.prompt and asks:
                self.asked = asks[-1].split(":", 1)[1]
                return asks[-1]
            if me == self.first:
                self.offers += 1
                if self.offers == 1:
                    return "no"  # the first offer: reviewed, then cancelled
            return "yes"
        raise AssertionError(f"unexpected decision {kind}")


def test_a_trade_asking_for_a_named_card_cancelled_then_countered_and_accepted(app) -> None:
    state, first, second = trade_position()
    seats = {pid: Seat(pid, pid.capitalize(), human=pid in (first, second),
                       bot=None if pid in (first, second) else make_bot("basic", 7 + i))
             for i, pid in enumerate(state.players)}
    hands = {pid: Counter(h.card for h in state.players[pid].hand) for pid in (first, second)}
    session = Session(state, seats)
    game = GameScene(app, session, load_geometry())
    app.push(game)
    driver = Driver(app)
    bargainer = Bargainer(first, second)
    kinds: list[tuple[str, str, str]] = []
    shots = 0
    for _ in range(4000):
        driver.frames(1)
        if session.state.phase != "trade":
            break
        if game.curtain_for:
            driver.click(app.screen.get_rect().center)
            continue
        who = session.human_to_act()
        if who is None or who != game.viewer:
            continue
        pending = session.state.pending
        assert pending is not None
        label = bargainer.choose(session.view_for(who))
        if pending.kind == "trade_answer" and who == second and label.startswith("player:"):
            # the request travels with the offer and is shown on the table
            assert game.trade.table is not None and game.trade.table.by == first
            assert game.trade.table.wants == (bargainer.asked,)
        if SHOTS and game.trade_open():
            shots += 1
            pygame.image.save(app.screen, os.path.join(SHOTS, f"trade-{shots:02d}-"
                                                       f"{pending.kind}.png"))
        before = len(session.record.actions)
        how = driver.perform(game, label)
        driver.frames(1)
        assert session.record.actions[before].label == label, (label, how)
        kinds.append((who, pending.kind, label))
    offered = [ln.text for ln in session.log if " offers " in ln.text or " counters " in ln.text]
    assert (first, "trade_review", "no") in kinds, "the offer was not cancelled on screen"
    assert (second, "trade_answer", f"player:{first}") in kinds, "no counter-offer"
    assert (first, "trade_answer", "yes") in kinds, "the counter-offer was not accepted"
    assert bargainer.asked and len(offered) >= 2
    accepted = [ln for ln in session.log if "accepts" in ln.text]
    assert any(set(ln.players) == {first, second} for ln in accepted), "no trade between them"
    after = {pid: Counter(h.card for h in session.state.players[pid].hand)
             for pid in (first, second)}
    assert after != hands


def test_a_calamity_received_in_trade_is_announced_above_the_hand(app) -> None:
    from game.core.state import HandCard
    from game.ui.panels import Ctx
    from game.ui.panels.hand import HandPanel
    from game.ui.words.options import Options

    state = make_game(2)
    me, other = list(state.players)[:2]
    state.phase = "trade"
    state.players[me].hand = [HandCard("clay"), HandCard("wine")]
    hand = HandPanel(app.theme)
    hand.rect = pygame.Rect(0, 0, 400, 700)
    surface = pygame.Surface(hand.rect.size)

    def render() -> None:
        hand.render(surface, Ctx(view=view(state, me), options=Options.of([]), labels=(),
                                 names={other: "Rival"}, version=0))

    render()  # the hand as the trade began
    assert not hand.received[me]
    state.players[me].hand += [HandCard("treachery", traded_by=other), HandCard("salt", other)]
    render()
    assert hand.received[me] == Counter({"treachery": 1, "salt": 1})
    assert any(tip[1][0] == "Treachery" for tip in hand.tips)  # drawn as a card, with its tip
    state.turn += 1  # a new turn: nothing is new any more
    render()
    assert not hand.received[me]
