"""The new-game screen offers a last turn (GameConfig.last_turn): empty means none."""

from __future__ import annotations

import pytest

from game.persist import Settings
from game.ui.app import App


@pytest.mark.parametrize(("typed", "wanted"), [("12", 12), ("", 0)])
def test_the_last_turn_typed_at_new_game_goes_into_the_game(tmp_path, monkeypatch, typed,
                                                             wanted) -> None:
    monkeypatch.setenv("CALAMITAS_DATA_DIR", str(tmp_path))
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene

    application = App((1366, 768), settings=Settings(animation_speed=8.0))
    try:
        application.push(MenuScene(application))
        new = NewGameScene(application)
        application.push(new)
        new.kinds = {civ: "Bot: basic" for civ in new.civs()}
        new.last_turn_entry.set_text(typed)
        new.start_game()
        game = application.scene
        assert isinstance(game, GameScene)
        assert game.session.state.config.last_turn == wanted
    finally:
        application.close()
