"""While a batch of moves is animated, the top bar, the side panels and the log show the game
as the animation has it, not as it stands after the whole batch (issue 19, item 11), until a
person is asked to act (issue 36)."""

from __future__ import annotations

from game.bots import make_bot
from game.core import Action, apply, view
from game.persist import Settings
from game.ui.app import App
from game.ui.panels.log import LogPanel
from game.ui.scenes.game import GameScene
from game.ui.seat.session import Seat, Session

from .driver import Driver
from .script import make_game
from .test_hotseat_turn import load_geometry


def test_a_new_turn_shows_in_the_top_bar_and_log_once_its_animation_has_played() -> None:
    app = App((1366, 768), settings=Settings(animation_speed=1.0), persist_settings=False)
    try:
        state = make_game(2)
        person = next(iter(state.players))
        seats = {pid: Seat(pid, pid.title(), human=pid == person,
                           bot=None if pid == person else make_bot("basic", 200 + i))
                 for i, pid in enumerate(state.players)}
        session = Session(state, seats)
        game = GameScene(app, session, load_geometry())
        app.push(game)
        driver = Driver(app)
        for _ in range(400):  # to the last decision of turn 1 that a bot makes
            trial = session.state.clone()
            who = trial.pending.player
            if session.bot_to_act():
                apply(trial, Action(who, session.seats[who].bot.choose(view(trial, who))))
                # a bot decides next too: once a person is asked, the panels show the view
                # they act on at once (issue 36, tests/ui/test_panels_truth.py)
                if trial.turn > session.state.turn and trial.pending.player != person:
                    break
                session.step_bot()
            else:
                session.play(who, make_bot("basic", 9).choose(session.view_for(who)))
            game.changed()
            game.anims.skip_all()
        else:
            raise AssertionError("no bot ended a turn")
        turn = session.state.turn
        driver.frames(1)
        lines = len(session.log)
        session.step_bot()
        game.changed(by_bot=True)
        assert session.state.turn == turn + 1 and game.anims.busy
        assert game.ctx().view.turn == turn, "the top bar ran ahead of the animation"
        log = game.panels[4]
        driver.frames(1)
        assert isinstance(log, LogPanel) and len(log.lines) == lines
        for _ in range(3000):
            if not game.anims.busy:
                break
            game.anims.update(1 / 60)
        driver.frames(1)
        assert game.ctx().view.turn == turn + 1
        assert len(log.lines) > lines
    finally:
        app.close()
