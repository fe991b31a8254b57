"""The games this client hosts, on disk: one folder per game under the data folder's `hosted/`,
named by the game's join code, laid out as the server keeps any game (its autosaves, its
journal and `table.json`). The server runs on a thread of the client (`link.HostedServer`, the
same `server.run_server` as `serve`): every action is journalled before anyone hears of it, and
leaving the table saves the game, so a client closed or killed mid-phase loses no action.
Hosting a new game loads none of the older ones; hosting one again (from the Load screen) loads
that one alone, so its players come back to it with their tokens, at its last action.

Older versions kept each hosting session in a folder of its own (`hosted/<time>/<code>/`);
`tidy` moves those games up to `hosted/<code>/` and removes folders that hold no file."""

from __future__ import annotations

import contextlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from game.persist import autosaves, newest_autosave
from game.persist.journal import JOURNAL

from .server import TABLE

HOSTED = "hosted"
LISTED = 20  # hosted games the Load screen lists (each is read from its newest save)


def hosted_root() -> Path:
    from game.persist.paths import data_dir

    return data_dir() / HOSTED


@dataclass(frozen=True)
class HostedGame:
    """One hosted game as the Load screen lists it."""

    code: str
    save: Path | None  # its newest readable autosave (None: none can be read)
    modified: float = 0.0
    turn: int = 0
    phase: str = ""
    ruleset: str = ""
    players: int = 0
    over: bool = False


def is_game_folder(folder: Path) -> bool:
    return (folder / TABLE).is_file()


def tidy(root: Path) -> None:
    """Move games of the older layout up to `root/<code>/` and remove folders with no file in
    them (a game's files are never removed)."""
    if not root.is_dir():
        return
    for sub in sorted(p for p in root.iterdir() if p.is_dir()):
        if is_game_folder(sub):
            continue
        for inner in sorted(p for p in sub.iterdir() if p.is_dir()):
            if is_game_folder(inner) and not (root / inner.name).exists():
                with contextlib.suppress(OSError):
                    inner.rename(root / inner.name)
        if not any(p.is_file() for p in sub.rglob("*")):
            shutil.rmtree(sub, ignore_errors=True)


def hosted_games(root: Path | None = None, most: int = LISTED) -> list[HostedGame]:
    """The newest `most` hosted games kept under `root`, newest first."""
    root = root if root is not None else hosted_root()
    if not root.is_dir():
        return []
    folders = sorted((p for p in root.iterdir() if p.is_dir() and is_game_folder(p)),
                     key=_modified, reverse=True)  # a folder changes as saves come
    games = []
    for folder in folders[:most]:  # only these saves are read
        files = autosaves(folder)
        saved = newest_autosave(folder) if files else None
        if saved is None or saved.path is None:
            games.append(HostedGame(folder.name, None, _modified(folder)))
            continue
        state = saved.state  # the journal's actions since are within the same phase
        played = max(_modified(saved.path), _modified(folder / JOURNAL))  # its last action
        games.append(HostedGame(folder.name, saved.path, played, state.turn,
                                state.phase, state.config.ruleset, len(state.players),
                                state.game_over))
    games.sort(key=lambda g: (g.modified, g.code), reverse=True)
    return games


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
