"""A whole 5-player hot-seat game on the real client, every seat human, to the final scores.

Each pick goes through the game screen (curtain lifted, the pick made by the screen's own
controller from the options it shows) and every frame is drawn, so every kind of decision the
core asks on the way is shown and answered on screen. Slow: about a minute.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bots import make_bot
from game.core import GameConfig, new_game
from game.core.gamedata import load_game_data
from game.core.setup import choose_setup
from game.maps.files import load_map_file
from game.persist import Settings
from game.ui.app import App
from game.ui.input import Intent
from game.ui.scenes.end import EndScene
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

ARENA = Path(__file__).resolve().parent.parent / "maps" / "arena.json"


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_a_whole_hot_seat_game_reaches_the_final_scores_on_screen(ruleset: str) -> None:
    graph, geometry = load_map_file(ARENA)
    data = load_game_data()
    config = GameConfig(players=[], seed=4, ruleset=ruleset, max_turns=30)
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_game(config, graph, data)
    seats = {pid: Seat(pid, pid, human=True) for pid in state.players}
    app = App((1366, 768), settings=Settings(animation_speed=8.0), persist_settings=False)
    try:
        session = Session(state, seats)
        game = GameScene(app, session, geometry)
        app.push(game)
        policy = {pid: make_bot("basic", 5 + i) for i, pid in enumerate(state.players)}
        kinds: set[str] = set()
        for n in range(40_000):
            app.frame(pygame.event.get(), 1 / 60)
            if session.state.game_over:
                break
            if game.curtain_for:
                game.lift_curtain()
                continue
            who = session.human_to_act()
            if who is None or who != game.viewer:
                continue
            assert set(game.labels()) == set(session.options())  # the screen offers them all
            kinds.add(session.state.pending.kind)  # type: ignore[union-attr]
            game.set_tab(n % 5)
            if not game.pick(policy[who].choose(session.view_for(who))):
                # a pick that ruins one's own pieces is asked about first: say yes, as Enter does
                assert game.confirm.open, game.controller.error
                game.act(Intent("confirm"))
                assert not game.confirm.open
        for _ in range(3):
            app.frame(pygame.event.get(), 1 / 60)
        assert session.state.game_over
        assert isinstance(app.scene, EndScene)
        assert {"movement_area", "advance_choice", "trade_partner"} <= kinds
    finally:
        app.close()
