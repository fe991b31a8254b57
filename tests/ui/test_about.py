"""The About screen: reached from the main menu, back with Escape, and its credits the same as
the README's (every shipped font and every runtime dependency named)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pygame
import pytest

from game.persist import Settings
from game.ui.app import App
from game.ui.scenes.about import CREDITS, WHAT, AboutScene
from game.ui.scenes.menu import MenuScene

ROOT = Path(__file__).resolve().parents[2]
ABOUT = " ".join([WHAT, *(f"{heading}: {text}" for heading, text in CREDITS)])
# The names the credits must give, in both places.
NAMES = ("Francis Tresham", "Flo de Haan & John Rodriguez", "Made with Natural Earth",
         "Free vector and raster map data @ naturalearthdata.com", "public domain",
         "Noto Sans", "SIL Open Font License 1.1", "DejaVu Serif", "Bitstream Vera")


def readme_credits() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Credits", 1)[1].split("\n## ", 1)[0]
    return " ".join(section.replace("*", "").replace("`", "").split())


@pytest.mark.parametrize("name", NAMES)
def test_the_about_screen_and_the_readme_give_the_same_credits(name: str) -> None:
    assert name in ABOUT
    assert name in readme_credits()


def test_every_runtime_dependency_is_credited_with_its_licence() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in project["dependencies"]:
        name = re.split(r"[<>=!~ \[]", requirement)[0]
        for text in (ABOUT, readme_credits()):
            assert re.search(rf"{re.escape(name)} \((MIT|LGPL [\d.]+|BSD 3-Clause)\)", text), name


def test_every_shipped_font_is_credited() -> None:
    families = {"NotoSans": "Noto Sans", "DejaVuSerif": "DejaVu Serif"}  # file name: family
    shipped = {f.stem.split("-")[0] for f in (ROOT / "assets" / "fonts").glob("*.ttf")}
    assert shipped == set(families)  # a new font needs its credit (and its licence file)
    for stem, family in families.items():
        assert family in ABOUT and family in readme_credits()
        assert list((ROOT / "assets" / "fonts").glob(f"{stem.removesuffix('Serif')}*LICENSE*"))


@pytest.fixture
def app():
    application = App((1280, 720), settings=Settings(), persist_settings=False)
    yield application
    application.close()


def test_the_menu_opens_about_and_escape_goes_back(app) -> None:
    app.push(MenuScene(app))
    app.frame([], 0.016)
    app.scene.choose("about")
    assert isinstance(app.scene, AboutScene)
    app.frame([], 0.016)
    assert app.scene.box.bottom <= 720  # the smallest window
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.scene, MenuScene)
