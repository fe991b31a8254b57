"""Autosaves are kept per game (issue 36, defect 12: a hot-seat game evicted the solo game's
autosaves, all games sharing the newest 10), and Continue says what it could not open."""

from __future__ import annotations

import os
from pathlib import Path

from game.core import GameState
from game.persist import Autosaver, GameRecord, autosaves, newest_readable, read_save
from game.persist.autosave import GAMES, KEEP, KEEP_OTHER, game_key, game_of

from .conftest import start_game

_clock = [1_000_000]


def autosave(saver: Autosaver, record: GameRecord, state: GameState) -> Path:
    """Autosave, each file a second newer than the one before (the order does not hang on the
    file system's clock)."""
    path = saver.save(record, state)
    _clock[0] += 1
    os.utime(path, (_clock[0], _clock[0]))
    saver.prune(game_key(record))  # again, with the order the times now say
    return path


def a_game(arena, seed: int) -> tuple[GameState, GameRecord]:
    state = start_game(arena, 5, seed=seed, max_turns=4)
    return state, GameRecord.begin(state)


def test_a_hot_seat_game_does_not_evict_the_solo_games_last_autosaves(arena, tmp_path) -> None:
    saver = Autosaver(tmp_path)
    solo, solo_record = a_game(arena, 1)
    hot, hot_record = a_game(arena, 2)
    assert game_key(solo_record) != game_key(hot_record)
    solo_files = [autosave(saver, solo_record, solo) for _ in range(6)]
    hot_files = [autosave(saver, hot_record, hot) for _ in range(30)]
    kept = autosaves(tmp_path)
    assert [p for p in kept if p in hot_files] == hot_files[::-1][:KEEP]
    assert [p for p in kept if p in solo_files] == solo_files[::-1][:KEEP_OTHER]
    assert solo_files[-1] in kept  # the solo game's last autosave above all
    # back to the solo game: it keeps its newest KEEP again, the hot-seat game its newest few
    solo_files += [autosave(saver, solo_record, solo) for _ in range(12)]
    kept = autosaves(tmp_path)
    assert [p for p in kept if p in solo_files] == solo_files[::-1][:KEEP]
    assert [p for p in kept if p in hot_files] == hot_files[::-1][:KEEP_OTHER]


def test_the_newest_autosave_of_each_of_the_newest_games_is_kept(arena, tmp_path) -> None:
    saver = Autosaver(tmp_path)
    last = {}
    for seed in range(1, GAMES + 3):
        state, record = a_game(arena, seed)
        for _ in range(2):
            last[game_key(record)] = autosave(saver, record, state)
    kept = autosaves(tmp_path)
    games = [game_of(p) for p in kept]
    assert len(set(games)) == GAMES
    newest_games = list(last)[-GAMES:]
    assert all(last[key] in kept for key in newest_games)
    assert not any(last[key] in kept for key in list(last)[:-GAMES])  # the oldest games went


def test_a_loaded_game_autosaves_as_the_same_game(arena, tmp_path) -> None:
    saver = Autosaver(tmp_path)
    state, record = a_game(arena, 3)
    first = autosave(saver, record, state)
    loaded = read_save(first)
    again = autosave(saver, loaded.record, loaded.state)
    assert game_of(first) == game_of(again) == game_key(record)


def test_autosaves_named_before_games_were_told_apart_stay_loadable(arena, tmp_path) -> None:
    saver = Autosaver(tmp_path)
    state, record = a_game(arena, 4)
    path = saver.save(record, state)
    old = path.with_name("auto-20260101-120000-0001-t001.json")  # the older naming
    path.rename(old)
    os.utime(old, (10, 10))
    assert autosaves(tmp_path) == [old] and game_of(old) == ""
    found = newest_readable(tmp_path)
    assert found.game is not None and found.game.path == old and not found.skipped
    # a new game's autosaves leave it in place: it counts as a game of its own
    other, other_record = a_game(arena, 5)
    for _ in range(KEEP + 2):
        autosave(saver, other_record, other)
    assert old in autosaves(tmp_path)


def test_continue_names_what_it_cannot_open_and_why_and_leaves_it(arena, tmp_path) -> None:
    saver = Autosaver(tmp_path)
    state, record = a_game(arena, 6)
    good = autosave(saver, record, state)
    bad = autosave(saver, record, state)
    bad.write_text('{"format": "calamitas-save", "format_versi')
    os.utime(bad, (_clock[0] + 5, _clock[0] + 5))
    found = newest_readable(tmp_path)
    assert found.game is not None and found.game.path == good
    assert [u.path for u in found.skipped] == [bad]
    reason = found.skipped[0].reason
    assert reason and str(tmp_path) not in reason  # the reason, without the path before it
    assert bad.exists()  # nothing is lost
