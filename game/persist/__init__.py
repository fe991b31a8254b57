"""Saves, autosaves, replays and settings: JSON and TOML only, in the user's folders.

    record = GameRecord.begin(state)              # then record.apply(state, action) for each
    write_save(path, record, state)               # atomic
    game = read_save(path)                        # SaveError: one line, the file untouched
    game.state, game.record                       # carry on playing and recording
    verify(game)                                  # ReplayError at the first divergence
"""

from .autosave import Autosaver, Newest, Unreadable, autosaves, newest_autosave, newest_readable
from .logs import start_logging
from .migrations import CURRENT as SAVE_FORMAT
from .record import GameRecord, TurnHash
from .replay import ReplayCursor, ReplayError, ReplayStep, VerifyReport, verify
from .saves import (
    SavedGame,
    SaveError,
    SaveInfo,
    decode_save,
    game_version,
    installed_map,
    list_saves,
    missing_map_message,
    read_save,
    safe_name,
    save_document,
    save_game,
    save_replay,
    write_save,
)
from .settings import NEW_GAME_EVENTS, NewGameChoices, Settings, load_settings, save_settings

__all__ = [
    "NEW_GAME_EVENTS",
    "SAVE_FORMAT",
    "Autosaver",
    "GameRecord",
    "Newest",
    "NewGameChoices",
    "ReplayCursor",
    "ReplayError",
    "ReplayStep",
    "SaveError",
    "SaveInfo",
    "SavedGame",
    "Settings",
    "TurnHash",
    "Unreadable",
    "VerifyReport",
    "autosaves",
    "decode_save",
    "game_version",
    "installed_map",
    "list_saves",
    "missing_map_message",
    "load_settings",
    "newest_autosave",
    "newest_readable",
    "read_save",
    "safe_name",
    "save_document",
    "save_game",
    "save_replay",
    "save_settings",
    "start_logging",
    "verify",
    "write_save",
]
