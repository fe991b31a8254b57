"""The client's screens: main menu, new game, load, settings, rules, the game, final scores.

Scenes reach each other through the app by name, `app.make("menu")`, never by importing each
other: SCENES below says what each name makes, importing its module only when it is first
opened (as the scenes did themselves before). A scene module imports another only for what it
builds on (the network game is the game screen's subclass; the host's screen draws the lobby's
seat rows), so no two scenes import each other. Scenes may import the rooms below them (panels,
seat, anim, map, cards, words) and the root's scene protocol, input, theme and drawing helpers;
the app only for the type checker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..app import App

Maker = Callable[..., Any]


def _about(app: App) -> Any:
    from .about import AboutScene

    return AboutScene(app)


def _book(app: App, *args: Any, **kwargs: Any) -> Any:
    from .book import BookScene

    return BookScene(app, *args, **kwargs)


def _end(app: App, *args: Any, **kwargs: Any) -> Any:
    from .end import EndScene

    return EndScene(app, *args, **kwargs)


def _game(app: App, *args: Any, **kwargs: Any) -> Any:
    from .game import GameScene

    return GameScene(app, *args, **kwargs)


def _game_menu(app: App, *args: Any, **kwargs: Any) -> Any:
    from .gamemenu import GameMenuScene

    return GameMenuScene(app, *args, **kwargs)


def _help(app: App) -> Any:
    from .help import HelpScene

    return HelpScene(app)


def _host(app: App, *args: Any, **kwargs: Any) -> Any:
    from .host import HostScene

    return HostScene(app, *args, **kwargs)


def _join(app: App) -> Any:
    from .join import JoinScene

    return JoinScene(app)


def _load(app: App) -> Any:
    from .load import LoadScene

    return LoadScene(app)


def _continue(app: App, *args: Any, **kwargs: Any) -> bool:
    from .load import continue_newest

    return continue_newest(app, *args, **kwargs)


def _open_save(app: App, *args: Any, **kwargs: Any) -> bool:
    from .load import open_save

    return open_save(app, *args, **kwargs)


def _lobby(app: App, *args: Any, **kwargs: Any) -> Any:
    from .lobby import LobbyScene

    return LobbyScene(app, *args, **kwargs)


def _host_again(app: App, *args: Any, **kwargs: Any) -> None:
    from .lobby import host_again

    host_again(app, *args, **kwargs)


def _menu(app: App) -> Any:
    from .menu import MenuScene

    return MenuScene(app)


def _net_game(app: App, *args: Any, **kwargs: Any) -> Any:
    from .netgame import NetGameScene

    return NetGameScene(app, *args, **kwargs)


def _new_game(app: App) -> Any:
    from .newgame import NewGameScene

    return NewGameScene(app)


def _open_replay(app: App, *args: Any, **kwargs: Any) -> bool:
    from .replay import open_replay

    return open_replay(app, *args, **kwargs)


def _watch(app: App, *args: Any, **kwargs: Any) -> bool:
    from .replay import watch

    return watch(app, *args, **kwargs)


def _rules(app: App, *args: Any, **kwargs: Any) -> Any:
    from .rules import RulesScene

    return RulesScene(app, *args, **kwargs)


def _settings(app: App) -> Any:
    from .settings import SettingsScene

    return SettingsScene(app)


# name -> what opens it, called with the app first: scenes, and the functions that open one
SCENES: dict[str, Maker] = {
    "about": _about,
    "book": _book,
    "end": _end,
    "game": _game,
    "game menu": _game_menu,
    "help": _help,
    "host": _host,
    "join": _join,
    "load": _load,
    "continue": _continue,
    "open save": _open_save,
    "lobby": _lobby,
    "host again": _host_again,
    "menu": _menu,
    "net game": _net_game,
    "new game": _new_game,
    "open replay": _open_replay,
    "watch": _watch,
    "rules": _rules,
    "settings": _settings,
}
