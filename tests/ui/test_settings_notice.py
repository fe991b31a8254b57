"""A settings file that could not be used is told once, in the window (issue 19)."""

from __future__ import annotations

import os

import pygame


def test_the_window_tells_the_player_once(private_data_dir) -> None:
    from game.persist import paths
    from game.ui.app import App

    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not = toml = at all")
    app = App((1366, 768))
    try:
        assert "1 problem" in app.message and "kept as settings.toml.bad" in app.message
        from game.ui.scenes.menu import MenuScene

        app.push(MenuScene(app))
        app.frame([], 1 / 60)
        if os.environ.get("CALAMITAS_SHOTS"):
            pygame.image.save(app.screen, os.environ["CALAMITAS_SHOTS"])
    finally:
        app.close()
