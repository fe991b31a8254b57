"""A game's bot stretches played off the server's event loop (issue 38: the server grows with
the cores it is given).

A profile of the server under bench/capacity.py showed its loop busy, once bots decided in
workers, with each bot action's own work: applying it, hashing the state for the journal,
journalling it and writing the autosave at every phase (a save encodes the whole game), and
handing the bot and its view to a worker and back for every decision. So while bots are to move,
a game's next actions are played in a worker process as one *stretch*: the game (its state,
record and bots, the map by reference) goes to a worker, whose bots decide, one decision after
another, as they would in the server, each action applied, journalled and saved there exactly
as the server would (the same `Books` code: the journal and the saves are the game's own files,
which only one process writes at a time: the server holds the game's lock while a stretch is
out); the stretch ends when a person must decide, the game ends, or it has played for
`STRETCH_SECONDS` (with anyone at the table, `STRETCH_SECONDS_HEARD`). The server then
applies the stretch's actions to its own copy of the game
(the core is deterministic: the same actions make the same game) and tells everyone of each, as
it would have, with what the bots said.

The same seed plays the same game whatever the number of workers: the bots travel with the
game and come back with their generators moved on, as a single decision does (botwork).
Nobody hears of an action that a restart would not find: the worker has journalled it before
the server tells of it.
"""

from __future__ import annotations

import contextlib
import io
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from game.bots import Bot, talk
from game.bots.seats import BotSeats
from game.bots.talk import Remark
from game.core import Action, GameState, IllegalAction, MapGraph, view
from game.persist import Autosaver, GameRecord, SaveError
from game.persist.autosave import game_key
from game.persist.journal import JOURNAL, Journal

from . import botwork

log = logging.getLogger(__name__)

HASH_EVERY = 20  # a journal line with the state's hash at least this often
# a stretch ends after the decision that takes it past this long: nobody at the table; and
# with someone there, who sees each move as it comes (as soon as the stretch is back)
STRETCH_SECONDS = 0.25
STRETCH_SECONDS_HEARD = 0.03


class Books(Protocol):
    """A game's files as it is played: its autosaves and its journal (NetGame, or a worker's
    copy of them for a stretch)."""

    folder: Path
    autosaver: Autosaver
    journal: Journal | None
    saved_at: int


def save(books: Books, record: GameRecord, state: GameState) -> None:
    """Write a save now (SaveError if it cannot be), then compact the journal to it."""
    books.autosaver.save(record, state)
    _saved(books, record)


def maybe_save(books: Books, record: GameRecord, state: GameState) -> None:
    """Write a save if a phase has ended since the last one (SaveError if it cannot be)."""
    if books.autosaver.maybe_save(record, state) is not None:
        _saved(books, record)


def _saved(books: Books, record: GameRecord) -> None:
    at = len(record.actions)
    books.saved_at = at
    if books.journal is None:
        books.journal = Journal(books.folder / JOURNAL, game_key(record), at)
    try:
        books.journal.compact(at)
    except OSError as err:  # the old journal stays: its actions follow on from the save
        log.error("game %s: the journal was not compacted: %s", books.folder.name, err)


def write_journal(books: Books, record: GameRecord, state: GameState, heard: bool) -> None:
    """Journal every action applied since the last line (after a take-back, the take-back
    first). `heard`: someone is connected to hear of it: the line is on the disk (synced) with
    the state's hash after it when this returns; else (bots playing to nobody) it is only
    handed to the system, which keeps it through any stop of this process, and the hash is
    written every HASH_EVERY actions. OSError if it cannot be written."""
    journal, at_now = books.journal, len(record.actions)
    if journal is None or at_now < books.saved_at:  # nothing to follow on from: a save
        save(books, record, state)
        return
    if at_now < journal.at:
        journal.back(at_now)
    for done in range(journal.at, at_now):
        at = done + 1
        hashed = at == at_now and (heard or at % HASH_EVERY == 0)  # the state is at's
        journal.append(at, record.actions[done], state.state_hash() if hashed else "",
                       sync=heard)


def keep(books: Books, record: GameRecord, state: GameState, heard: bool) -> None:
    """After an action: journal it (and save at a phase boundary, or at the end). Whatever
    cannot be written is logged; a journal that cannot be written is replaced by a save."""
    name = books.folder.name
    try:
        write_journal(books, record, state, heard)
    except (OSError, SaveError) as err:
        log.error("game %s: the journal cannot be written: %s", name, err)
        with contextlib.suppress(OSError, SaveError):
            save(books, record, state)  # the next best thing
    try:
        if state.game_over:
            save(books, record, state)
        else:
            maybe_save(books, record, state)
    except SaveError as err:
        log.error("game %s: %s", name, err)


# --- a stretch, in a worker -------------------------------------------------------------------


@dataclass
class _WorkerBooks:
    folder: Path
    autosaver: Autosaver
    journal: Journal | None
    saved_at: int


@dataclass
class Played:
    """What a stretch did: its moves, the bots after them, where the journal and the newest
    save stand, whether a phase ended since that save, and why it stopped short ("": it did
    not)."""

    # (seat, label, what the bot said with it, the turn and phase it was decided in)
    moves: list[tuple[str, str, Remark | None, int, str]] = field(default_factory=list)
    bots: dict[str, Bot] = field(default_factory=dict)
    journal_at: int = -1  # -1: no journal
    game: bytes = b""  # the game after the stretch (state, record, bots: `pack`), if asked
    saved_at: int = -1
    phase_changed: bool = False
    problem: str = ""


def pack(state: GameState, record: GameRecord, seats: BotSeats, key: str) -> bytes:
    """The game and its bots pickled, the map by its key (botwork)."""
    out = io.BytesIO()
    botwork._Out(out, state.map, key).dump((state, record, seats))
    return out.getvalue()


def unpack(packed: bytes, graph: MapGraph) -> tuple[GameState, GameRecord, BotSeats]:
    """A game `pack`ed in a worker, with `graph` as its map (the server's own)."""
    state, record, seats = botwork._In(io.BytesIO(packed), graph).load()
    return state, record, seats


def play(key: str, graph: bytes | None, packed: bytes, folder: str, journal_at: int,
         saved_at: int, heard: bool, seconds: float, back: bool = False) -> Played | str:
    """In a worker: the game's bots play on from the packed game until a person must decide,
    the game is over or `seconds` have passed since it began (at least one decision), each
    action journalled and saved as the server would; botwork.NEED_MAP if the worker has not
    been sent the map (`graph`: the map pickled, to keep). `back`: the game after the stretch
    comes back packed too (Played.game)."""
    if graph is not None:
        botwork.keep_map(key, graph)
    try:
        state, record, seats = botwork._In(io.BytesIO(packed)).load()
    except KeyError:
        return botwork.NEED_MAP
    played = stretch(state, record, seats, Path(folder), journal_at, saved_at, heard, seconds)
    if back and played.moves:  # the game comes back whole: the server need not apply them
        played.game = pack(state, record, seats, key)
    return played


def stretch(state: GameState, record: GameRecord, seats: BotSeats, folder: Path,
            journal_at: int, saved_at: int, heard: bool, seconds: float) -> Played:
    """The stretch itself (`play` without the packing)."""
    journal = Journal(folder / JOURNAL, game_key(record), journal_at) if journal_at >= 0 \
        else None
    books = _WorkerBooks(folder, Autosaver(folder), journal, saved_at)
    played = Played()
    start = time.perf_counter()
    try:
        while seats.to_move(state):
            assert state.pending is not None
            who, turn, phase = state.pending.player, state.turn, state.phase
            seats.meet(state)  # who the people are: bots bargain with them
            label, remark = talk.decide(seats.bots[who], view(state, who))
            try:
                record.apply(state, Action(who, label))
            except IllegalAction as err:  # a bot's fault: the table waits, as in the server
                played.problem = f"{who} chose {label!r}: {err}"
                break
            keep(books, record, state, heard)
            played.moves.append((who, label, remark, turn, phase))
            if time.perf_counter() - start >= seconds:
                break
    except Exception as err:  # noqa: BLE001 - told to the server, which logs it
        played.problem = f"{type(err).__name__}: {err}"
    finally:
        if books.journal is not None:
            books.journal.close()
    played.bots = seats.bots
    played.journal_at = books.journal.at if books.journal is not None else -1
    played.saved_at = books.saved_at
    played.phase_changed = record.phase_changed
    return played
