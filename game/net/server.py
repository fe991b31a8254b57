"""The game server: hosts any number of games, each with one authoritative rules core.

A client holds seats by their secret tokens; it sends only the label of an action for the
decision pending for one of its seats, which the server applies through the core's door and
answers by sending every connection the events and the view of its own seats. Bots seated by
the host play here. Each game lives in its own folder under the data folder (`net/CODE/`): its
autosaves (the local save format, written at every phase), its journal (every action applied
since the newest save, on disk before anyone hears of it: `game.persist.journal`) and
`table.json` (who may sit where, tokens kept only as hashes), so a restarted server resumes
every game at its last action, however it stopped. SIGTERM and Ctrl-C stop it cleanly: every
game is saved, and every connection is closed with a reason.

Anything a client may not do is refused with a reason and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import socket
import ssl
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.bots import LEVELS, PLAY_LEVEL, make_bot
from game.bots.seats import BotSeats
from game.bots.talk import Remark, name_of
from game.core import (
    Action,
    Event,
    GameState,
    IllegalAction,
    StateError,
    apply,
    view,
)
from game.persist import (
    Autosaver,
    GameRecord,
    SaveError,
    game_version,
    newest_autosave,
    save_document,
)
from game.persist.atomic import write_atomic
from game.persist.autosave import game_key
from game.persist.journal import (
    JOURNAL,
    Journal,
    JournalError,
    JournalRead,
    read_journal,
    replay,
)
from game.persist.saves import read_save
from game.persist.strictjson import JsonError, read_json_file
from game.persist.takeback import (
    ANOTHER_PLAYER,
    MAX_TAKEBACKS,
    NOTHING,
    record_copy,
    take_back_refusal,
)

from . import gamework, tables
from .botwork import BotWorkers, WorkerLost, default_workers
from .choices import ChoiceError, state_from_create
from .gamework import STRETCH_SECONDS, STRETCH_SECONDS_HEARD, Played
from .guard import Guard, Limited, address_of, raise_file_limit
from .protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_TEXT,
    ProtocolError,
    message,
    new_code,
    new_token,
    parse_client_message,
    token_hash,
    tokens_match,
    view_digest,
)
from .viewdiff import ViewTrack, diff, encode
from .wire import wire_views

log = logging.getLogger("game.net.server")

MAX_GAMES = 200  # a server's open games (tables.is_open); a create beyond it is refused
RATE = 100.0  # messages a second a connection may keep up
BURST = 200  # and in one burst
FLOOD_CLOSE = 1000  # refused for flooding this often without a quiet second: closed
TABLE = "table.json"
DAMAGED = "journal-damaged.jsonl"  # a journal that could not be read to its end, kept to look at
STOPPING = "the server is stopping; its games are saved"  # the reason connections are closed
AWAY_LIMIT = 180  # seconds a seat may be away before a bot plays it, unless the host chose
AWAY_TICK = 1.0  # seconds between looks for seats away longer than their table's limit
STOP_WAIT = 5.0  # seconds a stop waits for the bots' stretches out in workers to come back


class Refusal(Exception):
    """A message refused; `str` is the reason sent back. Nothing was changed."""


@dataclass
class Bucket:
    """A token bucket: `RATE` messages a second, `BURST` at once."""

    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(eq=False)  # compared and hashed by identity: one per connection
class Client:
    """One connection and the seats it holds (None: watching)."""

    ws: ServerConnection
    seats: dict[str, set[str | None]] = field(default_factory=dict)  # code -> seats
    hosts: set[str] = field(default_factory=set)  # the games it proved to host (their code)
    bucket: Bucket = field(default_factory=Bucket)
    flooded: int = 0  # messages refused for flooding with less than a second between
    last_flood: float = 0.0
    # (code, seat) -> the views sent and acknowledged, which updates patch (issue 37)
    tracks: dict[tuple[str, str | None], ViewTrack] = field(default_factory=dict)

    def track(self, code: str, seat: str | None) -> ViewTrack:
        return self.tracks.setdefault((code, seat), ViewTrack())


@dataclass
class NetGame:
    code: str
    state: GameState
    record: GameRecord
    kinds: dict[str, str]  # seat -> "" (a person) or a bot level
    tokens: dict[str, str]  # seat -> the hash of its token, once taken
    host: str  # hash of the host's token
    folder: Path
    bots: BotSeats
    autosaver: Autosaver
    watchers: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    held: bool = False  # a lobby game: waits for the host's start
    # the picks `takeback_seat` may take back (state and record before each), newest last
    takebacks: list[tuple[GameState, GameRecord]] = field(default_factory=list)
    takeback_seat: str = ""
    takeback_floor: str = ""  # why nothing before now may be taken back ("": nothing stops it)
    asked_at: float = field(default_factory=time.monotonic)  # when the pending decision came
    _record_text: str = ""  # the record message, made once the game is over
    # the pending decision's picks tried so far (a try costs a copy of the game: each pick is
    # tried once per decision, however often a client asks)
    tried: dict[str, list[str]] = field(default_factory=dict)
    journal: Journal | None = None  # the actions since the newest save (made by the first save)
    saved_at: int = -1  # the actions the newest save holds
    # seats away: a bot plays a person's seat once it has been away `away_limit` seconds
    # (0: never), until its player comes back; `away_since` by the server's clock
    away_limit: int = AWAY_LIMIT
    away_since: dict[str, float] = field(default_factory=dict)
    host_seats: set[str] = field(default_factory=set)  # seats the host's connection took
    # the story so far, told again to a seat that rejoins: (turn, phase, mover, events) per
    # action, replayed from the record as far as `_story_state` (None: not yet replayed)
    _story: list[tuple[int, str, str, list[dict[str, Any]]]] = field(default_factory=list)
    _story_state: GameState | None = None
    _story_actions: list[Action] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None  # the bots' turns, decided off the loop
    creator: str = ""  # the address that created it (tables: games per address)
    invites: dict[str, str] = field(default_factory=dict)  # reserved seat -> its invite's hash
    bot_kept: set[str] = field(default_factory=set)  # seats the host gave to a bot: kept
    active_at: float = field(default_factory=time.time)  # last action or connection (wall)

    @property
    def finished(self) -> bool:
        return self.state.game_over

    @property
    def connected(self) -> bool:
        return bool(self.watchers)

    def record_message(self) -> str:
        """The whole game as a save, for the replay: public only once the game is over (the
        generator, the decks and every hand are in it)."""
        assert self.state.game_over, "the record is sent only at the end"
        if not self._record_text:
            self._record_text = message("record", code=self.code,
                                        save=save_document(self.record, self.state))
        return self._record_text

    @property
    def started(self) -> bool:
        return not self.held and all(kind or seat in self.tokens
                                     for seat, kind in self.kinds.items())

    def here(self) -> set[str | None]:
        """The seats a connection holds now."""
        return {seat for c in self.watchers for seat in c.seats.get(self.code, ())}

    def table_message(self, now: float | None = None) -> str:
        """`now`: the server's clock, for how long each away seat has been away."""
        here = self.here()
        now = time.monotonic() if now is None else now
        seats = {seat: {"kind": "bot" if kind else "person" if seat in self.tokens else "open",
                        "level": kind, "here": seat in here, "taken": seat in self.tokens,
                        "away": round(max(0.0, now - self.away_since[seat]), 1)
                        if seat in self.away_since and not kind else 0,
                        "reserved": seat in self.invites}
                 for seat, kind in self.kinds.items()}
        pending = self.state.pending
        return message("table", code=self.code, seats=seats, started=self.started,
                       pending=pending.player if pending and not self.state.game_over else None,
                       waited=round(time.monotonic() - self.asked_at, 1),
                       away_limit=self.away_limit, powers=self.powers())

    def host_here(self) -> bool:
        """The host is at the table: a connection that proved to host it, or holds a seat
        the host took."""
        return any(self.code in c.hosts or self.host_seats & c.seats.get(self.code, set())
                   for c in self.watchers)

    def powers(self) -> str | None:
        """The seat that holds the host's powers (start, hand seats to bots) while the host
        is away: the first seat, in seat order, a person plays here now; None while the host
        is here (or nobody is)."""
        if self.host_here():
            return None
        here = self.here()
        return next((s for s, kind in self.kinds.items()
                     if not kind and s in self.tokens and s in here), None)

    def away(self) -> list[str]:
        """The seats a person took who is not at the table now (no bot plays them)."""
        here = self.here()
        return [s for s, kind in self.kinds.items()
                if not kind and s in self.tokens and s not in here]

    @property
    def at(self) -> int:
        return len(self.record.actions)

    def table(self) -> dict[str, Any]:
        return {"code": self.code, "kinds": self.kinds, "tokens": self.tokens, "host": self.host,
                "held": self.held, "away_limit": self.away_limit,
                "host_seats": sorted(self.host_seats), "creator": self.creator,
                "invites": self.invites, "bot_kept": sorted(self.bot_kept)}

    def story(self) -> list[tuple[int, str, str, list[dict[str, Any]]]]:
        """(turn, phase, mover, events) of every action so far, replayed from the record once
        and carried on from there (a take-back starts it again)."""
        actions = self.record.actions
        if self._story_state is None or self._story_actions != actions[:len(self._story)]:
            self._story, self._story_actions = [], []
            self._story_state = self.record.start_state(self.state)
        state = self._story_state
        for action in actions[len(self._story):]:
            turn, phase = state.turn, state.phase
            events = apply(state, action)
            self._story.append((turn, phase, action.player, [e.to_dict() for e in events]))
            self._story_actions.append(action)
        return self._story

    def save_table(self) -> None:
        data = json.dumps(self.table(), indent=1).encode()
        write_atomic(self.folder / TABLE, data)

    def save(self) -> None:
        """Write a save now (SaveError if it cannot be), then compact the journal to it."""
        gamework.save(self, self.record, self.state)

    def maybe_save(self) -> None:
        """Write a save if a phase has ended since the last one (SaveError if it cannot be)."""
        gamework.maybe_save(self, self.record, self.state)

    def write_journal(self) -> None:
        """Journal every action applied since the last line (gamework.write_journal): synced,
        with the state's hash, when anyone is connected to hear of it. OSError if it cannot
        be written."""
        gamework.write_journal(self, self.record, self.state, bool(self.watchers))

    def note_pick(self, seat: str, before: GameState, record: GameRecord,
                  events: list[Event]) -> None:
        """A person's pick was applied: keep what it may be taken back to, if it may."""
        refusal = take_back_refusal(before, self.state, events)
        if self.takeback_seat != seat:
            self.no_takeback(ANOTHER_PLAYER)
        if refusal:
            self.no_takeback(refusal)
        else:
            self.takebacks.append((before, record))
            self.takeback_seat = seat
            self.takeback_floor = ""
            del self.takebacks[:-MAX_TAKEBACKS]

    def no_takeback(self, why: str) -> None:
        """Nothing before now may be taken back, because of `why` (a player's words)."""
        self.takebacks.clear()
        self.takeback_floor = why

    def takeback_refusal(self, seat: str) -> str:
        """Why `seat` may not take back a pick now ("" when it may)."""
        if self.takebacks and self.takeback_seat == seat:
            return ""
        if self.takebacks:
            return ANOTHER_PLAYER
        return self.takeback_floor or NOTHING


def new_state(msg: dict[str, Any]) -> GameState:
    """The new game a create message asks for; Refusal (one line) if it cannot be set up."""
    try:
        return state_from_create(msg)
    except ChoiceError as err:
        raise Refusal(str(err)) from None


class GameServer:
    def __init__(self, folder: Path, tls: bool = False, only: set[str] | None = None,
                 bot_workers: int | None = None) -> None:
        """`only`: the games of the folder to resume (None: every one); `bot_workers`: the
        processes bots decide in (None: one per core given to this process; 0: none, bots
        decide on the event loop)."""
        self.folder = folder
        self.tls = tls
        self.only = only
        self.games: dict[str, NetGame] = {}
        self.version = game_version()
        self.stopping = False
        self.clock: Callable[[], float] = time.monotonic  # for seats away (tests set their own)
        self.guard = Guard(folder)  # what a connection or an address may cost (issue 38)
        self.bot_workers = BotWorkers(default_workers() if bot_workers is None else bot_workers)
        self.creations = tables.Creations()

    # --- games on disk ---------------------------------------------------------------------

    def load_games(self) -> list[str]:
        """Resume every game saved under the folder; the lines to log about those that cannot."""
        problems: list[str] = []
        if not self.folder.is_dir():
            return problems
        for sub in sorted(p for p in self.folder.iterdir() if p.is_dir()):
            if self.only is not None and sub.name not in self.only:
                continue
            try:
                game = self._load(sub)
                if self.only is None and tables.leaves(game, time.time()):
                    if game.journal is not None:
                        game.journal.close()
                    continue  # finished or abandoned: its folder stays, its place is free
                self.games[sub.name] = game
            except (JsonError, SaveError, StateError, OSError, ValueError, KeyError,
                    TypeError) as err:
                problems.append(f"{sub.name}: not resumed: {err}")
        return problems

    def _load(self, folder: Path) -> NetGame:
        table = read_json_file(folder / TABLE, 1_000_000)
        saved = newest_autosave(folder)
        if saved is None:
            raise StateError("no save that can be read")
        kinds = {str(k): str(v) for k, v in table["kinds"].items()}
        if set(kinds) != set(saved.state.players) or table["code"] != folder.name:
            raise StateError("the table does not match the save")
        saved.record.resume(saved.state)
        limit = table.get("away_limit", AWAY_LIMIT)
        game = NetGame(
            code=folder.name, state=saved.state, record=saved.record, kinds=kinds,
            tokens={str(k): str(v) for k, v in table["tokens"].items()}, host=str(table["host"]),
            folder=folder, bots=BotSeats({s: k for s, k in kinds.items() if k},
                                         seed=saved.state.config.seed),
            autosaver=Autosaver(folder), held=table.get("held") is True,
            away_limit=limit if type(limit) is int and limit >= 0 else AWAY_LIMIT,
            host_seats={str(s) for s in table.get("host_seats", []) if s in kinds},
            creator=str(table.get("creator", "")), active_at=tables.last_active(folder),
            invites={str(s): str(h) for s, h in table.get("invites", {}).items()
                     if s in kinds},
            bot_kept={str(s) for s in table.get("bot_kept", []) if s in kinds})
        now = self.clock()  # nobody is at a resumed table yet: away from now
        game.away_since = {s: now for s in game.away()}
        game.saved_at = game.at
        self._replay_journal(game, saved.path)
        return game

    def _replay_journal(self, game: NetGame, save: Path | None) -> None:
        """Carry the loaded game on by the actions its journal holds after its save (each must
        be legal, and leave the hash the journal wrote), then start the journal afresh. What
        cannot be replayed is logged and left out: the game stands at the last good action."""
        path = game.folder / JOURNAL
        key = game_key(game.record)
        problem = ""
        try:
            read = read_journal(path)
        except JournalError as err:
            read, problem = None, f"{err}: not replayed"
        if read is not None and read.game != key:
            read, problem = None, "the journal is another game's: not replayed"
        replayed = 0
        if read is not None:
            replayed, problem = self._replay(game, read, save)
        if problem:
            log.warning("game %s: journal: %s; the game resumes at action %d", game.code,
                        problem, game.at)
            if read is None or not read.cut:  # keep what could not be read, to look at
                with contextlib.suppress(OSError):
                    path.replace(game.folder / DAMAGED)
        if replayed:
            log.info("game %s: %d journalled action(s) replayed, at action %d", game.code,
                     replayed, game.at)
            game.save()  # compacts the journal
        else:
            game.journal = Journal.fresh(path, key, game.at)

    def _replay(self, game: NetGame, read: JournalRead, save: Path | None) -> tuple[int, str]:
        """(actions replayed, why it stopped short ("": it did not))."""
        held = [e for e in read.entries if e.at <= game.at]
        if read.base > game.at:
            return 0, (f"it follows a save of action {read.base}, but the newest save that "
                       f"can be read ends at action {game.at}")
        if any(game.record.actions[e.at - 1] != e.action for e in held):
            return 0, "its actions differ from the save's"
        todo = read.entries[len(held):]
        state, record = game.state, game.record
        done = replay(state, todo, lambda action: record.apply(state, action))
        applied = done.applied
        if done.diverged:  # back to the save, and on to the last hash that matched
            if save is None:
                raise StateError("the journal does not replay, and the save cannot be reread")
            again = read_save(save)
            again.record.resume(again.state)
            game.state, game.record = again.state, again.record
            state, record = again.state, again.record
            replay(state, todo[:applied], lambda action: record.apply(state, action),
                   check=False)
        return applied, done.problem or read.problem

    # --- messages --------------------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        peer = ws.remote_address
        refusal = self.guard.admit(ws)
        if refusal:
            log.info("connection from %s refused: %s", peer, refusal)
            await ws.close(1013, refusal)
            return
        client = Client(ws)
        self.guard.opened(client)
        log.info("connection from %s", peer)
        try:
            async for raw in ws:
                self.guard.heard(client)
                if not client.bucket.take():
                    now = time.monotonic()
                    if now - client.last_flood > 1.0:  # a new flood: count afresh
                        client.flooded = 0
                    client.flooded, client.last_flood = client.flooded + 1, now
                    if client.flooded >= FLOOD_CLOSE:
                        await ws.close(1008, "too many messages")
                        break
                    await self._refuse(client, "too many messages: slow down", "")
                    continue
                try:
                    msg = parse_client_message(raw)
                    self.guard.check(client, msg, self._known)
                    await self.dispatch(client, msg)
                except (ProtocolError, Refusal, Limited) as err:
                    await self._refuse(client, str(err), _kind_of(raw))
                except ConnectionClosed:
                    raise
                except Exception:  # a fault of ours: logged; the connection and server live on
                    log.exception("a message from %s failed", peer)
                    await self._refuse(client, "the server failed on that message",
                                       _kind_of(raw))
        except ConnectionClosed:
            pass
        finally:
            self._forget(client)
            self.guard.closed(client)
            log.info("%s left", peer)

    async def _refuse(self, client: Client, reason: str, to: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await client.ws.send(message("refused", reason=reason, to=to))

    def _forget(self, client: Client) -> None:
        for code in client.seats:
            game = self.games.get(code)
            if game is not None:
                game.watchers.discard(client)
                game.active_at = time.time()
                now = self.clock()
                for seat in game.away():  # away from now (a bot plays them after the limit)
                    game.away_since.setdefault(seat, now)
                self._tell_table(game)  # the others see who is away

    def _tell_table(self, game: NetGame) -> None:
        text = game.table_message(self.clock())
        for client in list(game.watchers):
            self.guard.send(client, text)

    # --- seats away --------------------------------------------------------------------------

    async def check_away(self) -> None:
        """A person's seat away longer than its table's limit is played by a bot until its
        player comes back (a resume gives it back)."""
        now = self.clock()
        for game in list(self.games.values()):
            if not game.away_limit or game.held or game.state.game_over:
                continue
            late = [s for s in game.away()
                    if now - game.away_since.get(s, now) >= game.away_limit]
            if not late:
                continue
            async with game.lock:
                for seat in late:
                    self._set_kind(game, seat, PLAY_LEVEL)
                    game.away_since.pop(seat, None)
                    log.info("game %s: %s away too long: a bot plays it", game.code, seat)
                self._save_table(game)
                self._tell_table(game)
            await self._play_bots(game)

    def sweep_tables(self) -> list[str]:
        """Finished games nobody is connected to, and abandoned ones, leave the table list
        (tables.leaves); their folders stay. The codes that left."""
        now = time.time()
        gone = [code for code, game in self.games.items() if tables.leaves(game, now)]
        for code in gone:
            game = self.games.pop(code)
            if game.bot_task is not None:
                game.bot_task.cancel()
            if game.at != game.saved_at:
                with contextlib.suppress(SaveError):
                    game.save()
            if game.journal is not None:
                game.journal.close()
            log.info("game %s leaves the tables (%s)", code,
                     "over" if game.finished else "abandoned")
        return gone

    async def watch_away(self) -> None:
        """Look for seats away too long, every AWAY_TICK seconds, for ever."""
        while True:
            await asyncio.sleep(AWAY_TICK)
            try:
                self.sweep_tables()
                await self.check_away()
            except Exception:  # a fault of ours: logged; the server lives on
                log.exception("the look for seats away failed")

    async def dispatch(self, client: Client, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if "game_version" in msg and msg["game_version"] != self.version:
            raise Refusal(f"this server runs Calamitas {self.version}, "
                          f"you run {msg['game_version']}: use the same version")
        handlers: dict[str, Callable[[Client, dict[str, Any]], Awaitable[None]]] = {
            "create": self._create, "join": self._join, "resume": self._resume,
            "watch": self._watch, "act": self._act, "undo": self._undo, "start": self._start,
            "hand": self._hand, "try": self._try, "ack": self._ack,
            "reserve": self._reserve, "remove": self._remove,
        }
        await handlers[kind](client, msg)

    def _game(self, code: str) -> NetGame:
        game = self.games.get(code)
        if game is None:
            raise Refusal(f"no game with the code {code!r}")
        return game

    async def _create(self, client: Client, msg: dict[str, Any]) -> None:
        self.sweep_tables()
        now = time.time()
        if sum(tables.is_open(g, now) for g in self.games.values()) >= MAX_GAMES:
            raise Refusal(f"this server already hosts {MAX_GAMES} games")
        address = address_of(client.ws)
        why = self.creations.refusal(address, sum(
            g.creator == address and tables.is_open(g, now) for g in self.games.values()))
        if why:
            raise Refusal(why)
        if len(msg["seats"]) != msg["players"]:
            raise Refusal(f"{len(msg['seats'])} seats named for {msg['players']} players")
        state = new_state(msg)
        kinds = dict(zip(state.players, msg["seats"], strict=True))
        try:
            bots = BotSeats({s: k for s, k in kinds.items() if k}, seed=state.config.seed)
        except ValueError as err:
            raise Refusal(str(err)) from None
        code = new_code()
        while code in self.games or (self.folder / code).exists():
            code = new_code()
        host = new_token()
        record = GameRecord.begin(state, from_new_game=True)
        record.seats = {s: k or "human" for s, k in kinds.items()}
        game = NetGame(code=code, state=state, record=record, kinds=kinds, tokens={},
                       host=token_hash(host), folder=self.folder / code, bots=bots,
                       autosaver=Autosaver(self.folder / code), held=bool(msg.get("lobby")),
                       away_limit=msg.get("away_limit", AWAY_LIMIT), creator=address)
        client.hosts.add(code)
        self.games[code] = game  # its place, while its first save is written (off the loop)
        try:
            await asyncio.to_thread(_first_save, game)
        except (OSError, SaveError) as err:
            del self.games[code]
            raise Refusal(f"the server cannot save the game: {err}") from None
        log.info("game %s created: %s", code, kinds)
        await client.ws.send(message("created", code=code, seats=list(state.players),
                                     host_token=host, watch_code=self.guard.watch_codes.of(code)))
        if game.started:  # only bots: they play now
            await self._play_bots(game)

    async def _join(self, client: Client, msg: dict[str, Any]) -> None:
        game = self._game(msg["code"])
        seat = msg["seat"]
        if seat not in game.kinds:
            raise Refusal(f"no seat {seat!r} in this game")
        if game.kinds[seat]:
            raise Refusal(f"{seat_name(game, seat)} is played by a bot")
        if seat in game.tokens:
            raise Refusal(f"{seat_name(game, seat)} is taken: its player rejoins with its token")
        invite = game.invites.get(seat)
        if invite is not None and not tokens_match(msg.get("invite", ""), invite):
            raise Refusal(f"{seat_name(game, seat)} is reserved: only the seat code the host gave "
                          "opens it")
        token = new_token()
        game.tokens[seat] = token_hash(token)
        game.invites.pop(seat, None)
        try:
            game.save_table()
        except OSError as err:
            del game.tokens[seat]
            if invite is not None:
                game.invites[seat] = invite
            raise Refusal(f"the server cannot save the table: {err}") from None
        log.info("game %s: %s joined", game.code, seat)
        await self._seat(client, game, seat, token)
        self._tell_table(game)
        if game.started:  # the last open seat taken: everyone hears the game begin
            self._after(game, [])
            await self._play_bots(game)

    async def _resume(self, client: Client, msg: dict[str, Any]) -> None:
        game = self._game(msg["code"])
        seat = msg["seat"]
        stored = game.tokens.get(seat)
        if stored is None or not tokens_match(msg["token"], stored):
            raise Refusal(f"wrong token for {seat!r}")
        if seat in game.bot_kept:
            raise Refusal(f"the host has given {seat_name(game, seat)} to a bot: only the host can "
                          "give it back")
        log.info("game %s: %s is back", game.code, seat)
        if game.kinds[seat]:  # a bot kept the seat while its player was away: theirs again
            async with game.lock:  # not while the bots play a stretch
                if game.kinds[seat]:
                    self._set_kind(game, seat, "")
        await self._seat(client, game, seat, "")
        self._tell_table(game)

    def _known(self, code: str) -> bool:
        """Whether `code` is a game's join code or watch code."""
        return code in self.games or self.guard.watch_codes.game_of(code, self.games) is not None

    async def _watch(self, client: Client, msg: dict[str, Any]) -> None:
        code = msg["code"]
        by_watch_code = self.guard.watch_codes.game_of(code, self.games) if code not in self.games \
            else None
        game = self._game(by_watch_code or code)
        if by_watch_code and not game.started:
            raise Refusal("this game has not started: its watch code lets you in once it is "
                          "under way")
        await self._seat(client, game, None, "")
        await client.ws.send(game.table_message())

    def _host_game(self, client: Client, msg: dict[str, Any]) -> NetGame:
        """The game, if the message comes from its host (the host's token) or from the seat
        that holds the host's powers while the host is away (`by`); Refusal otherwise."""
        game = self._game(msg["code"])
        if "host_token" in msg and tokens_match(msg["host_token"], game.host):
            client.hosts.add(game.code)
            return game
        by = msg.get("by")
        if by is not None and by in client.seats.get(game.code, set()) and by == game.powers():
            return game
        raise Refusal("only the host may do that (or, while the host is away, the first "
                      "player at the table)")

    async def _start(self, client: Client, msg: dict[str, Any]) -> None:
        """The host starts a lobby game; open seats go to bots."""
        game = self._host_game(client, msg)
        _check_level(msg["level"])
        if game.started:
            raise Refusal("the game has already started")
        async with game.lock:
            for seat, kind in game.kinds.items():
                if not kind and seat not in game.tokens:
                    self._set_kind(game, seat, msg["level"])
                    game.invites.pop(seat, None)  # a reserved seat nobody took: a bot's
            game.held = False
            self._save_table(game)
            log.info("game %s started by its host", game.code)
            game.asked_at = time.monotonic()
            self._tell_table(game)
            self._after(game, [])
        await self._play_bots(game)

    async def _hand(self, client: Client, msg: dict[str, Any]) -> None:
        """The host hands a person's seat to a bot (level "": back to the person); any player
        seated at the table hands a seat whose player is away to a bot."""
        game = self._game(msg["code"])
        seat = msg["seat"]
        by = msg.get("by")
        if "host_token" in msg or by is None:
            game = self._host_game(client, msg)
        elif by not in client.seats.get(game.code, set()) or game.kinds.get(by, "x"):
            raise Refusal("only a player seated at the table may hand a seat to a bot")
        elif by != game.powers():  # a seated player: an away seat to a bot
            if not msg["level"]:
                raise Refusal("only the host may give a seat back to its player")
            if seat not in game.away():
                raise Refusal(f"{seat_name(game, seat)} is not a seat whose player is away")
        if msg["level"]:
            _check_level(msg["level"])
        if seat not in game.tokens:
            raise Refusal(f"{seat_name(game, seat)} is not a seat a person has taken")
        # the host's own hand-over (its token) is kept: an old token cannot take the seat
        # back; a stand-in's, or a player's for an away seat, lasts until its player returns
        by_host = "host_token" in msg
        async with game.lock:
            if by_host and msg["level"]:
                game.bot_kept.add(seat)
            elif by_host:
                game.bot_kept.discard(seat)
            self._set_kind(game, seat, msg["level"])
            if msg["level"]:
                game.away_since.pop(seat, None)
            elif seat in game.away():
                game.away_since.setdefault(seat, self.clock())
            self._save_table(game)
            log.info("game %s: %s handed to %s", game.code, seat, msg["level"] or "its player")
            self._tell_table(game)
        await self._play_bots(game)

    async def _reserve(self, client: Client, msg: dict[str, Any]) -> None:
        """The host reserves an open seat: its invite (a seat code), sent to the host only,
        alone opens it; a new one voids the last."""
        game = self._host_game(client, msg)
        seat = msg["seat"]
        if seat not in game.kinds:
            raise Refusal(f"no seat {seat!r} in this game")
        if game.kinds[seat] or seat in game.tokens:
            raise Refusal(f"{seat_name(game, seat)} is not open: remove its player or bot first")
        invite = tables.new_invite()
        async with game.lock:
            game.invites[seat] = token_hash(invite)
            self._save_table(game)
            log.info("game %s: %s reserved", game.code, seat)
        await client.ws.send(message("reserved", code=game.code, seat=seat, invite=invite))
        self._tell_table(game)

    async def _remove(self, client: Client, msg: dict[str, Any]) -> None:
        """The host removes whoever holds a seat: their token opens it no more, and a bot at
        `level` plays it from now on (kept: see _resume), or ("") it is open again, its
        reservation cancelled."""
        game = self._host_game(client, msg)
        seat, level = msg["seat"], msg["level"]
        if seat not in game.kinds:
            raise Refusal(f"no seat {seat!r} in this game")
        if level:
            _check_level(level)
        async with game.lock:
            game.tokens.pop(seat, None)
            game.invites.pop(seat, None)
            game.away_since.pop(seat, None)
            game.host_seats.discard(seat)
            for watcher in game.watchers:
                held = watcher.seats.get(game.code)
                if held is not None:
                    held.discard(seat)
                    watcher.tracks.pop((game.code, seat), None)
            if level:
                game.bot_kept.add(seat)
            else:
                game.bot_kept.discard(seat)
            self._set_kind(game, seat, level)
            self._save_table(game)
            log.info("game %s: %s removed (%s)", game.code, seat, level or "open")
            self._tell_table(game)
        await self._play_bots(game)

    def _set_kind(self, game: NetGame, seat: str, level: str) -> None:
        """Who plays `seat`: a bot at `level`, or ("") a person; Refusal for an unknown level."""
        if level:
            _check_level(level)
            seed = game.state.config.seed * 101 + list(game.kinds).index(seat)
            game.bots.bots[seat] = make_bot(level, seed)
        else:
            game.bots.bots.pop(seat, None)
        game.kinds[seat] = level
        game.record.seats[seat] = level or "human"
        if game.takeback_seat == seat:
            game.no_takeback("the seat has changed hands")

    def _save_table(self, game: NetGame) -> None:
        try:
            game.save_table()
        except OSError as err:
            log.error("game %s: the table was not saved: %s", game.code, err)

    async def _seat(self, client: Client, game: NetGame, seat: str | None, token: str) -> None:
        client.seats.setdefault(game.code, set()).add(seat)
        game.watchers.add(client)
        game.active_at = time.time()
        if seat is not None:
            game.away_since.pop(seat, None)
            if game.code in client.hosts and seat not in game.host_seats:
                game.host_seats.add(seat)  # the host is here while this seat is
                self._save_table(game)
        # the story so far, for the log and "Since your last turn" of a seat coming back
        past = [list(step) for step in game.story()] if game.at and seat is not None else []
        await client.ws.send(self.guard.joined(client, game, message(
            "joined", code=game.code, seat=seat, token=token, tls=self.tls, past=past), seat))
        client.track(game.code, seat).reset()  # a join or a resume: the whole view
        for _, text in self._updates(game, [(client, seat)], []):
            await client.ws.send(text)
        if game.state.game_over:
            await client.ws.send(game.record_message())

    async def _act(self, client: Client, msg: dict[str, Any]) -> None:
        game = self._game(msg["code"])
        seat = msg["seat"]
        if seat not in client.seats.get(game.code, set()):
            raise Refusal(f"you do not hold the seat {seat!r}")
        async with game.lock:
            state = game.state
            if not game.started:
                waiting = sorted(s for s, k in game.kinds.items() if not k and s not in game.tokens)
                raise Refusal(f"the game has not started: open seats {', '.join(waiting)}")
            if state.game_over:
                raise Refusal("the game is over")
            if self.stopping:
                raise Refusal(STOPPING)
            if msg["at"] != game.at:
                raise Refusal(f"out of date: the game is at action {game.at}, "
                              f"not {msg['at']}")
            pending = state.pending
            if pending is None or pending.player != seat:
                raise Refusal(f"not {seat_name(game, seat)}'s decision")
            before, record = state.clone(), record_copy(game.record)
            try:
                events = game.record.apply(state, Action(seat, msg["label"]))
            except IllegalAction as err:
                raise Refusal(f"not allowed: {err}") from None
            game.note_pick(seat, before, record, events)
            self._after(game, events)
        await self._play_bots(game)

    async def _try(self, client: Client, msg: dict[str, Any]) -> None:
        """The options the seat would have after a pick, tried on a copy (see trial_options)."""
        game = self._game(msg["code"])
        seat = msg["seat"]
        if seat not in client.seats.get(game.code, set()):
            raise Refusal(f"you do not hold the seat {seat!r}")
        async with game.lock:
            if not game.started or game.state.game_over:
                raise Refusal("the game is not under way")
            if msg["at"] != game.at:
                raise Refusal(f"out of date: the game is at action {game.at}, not {msg['at']}")
            pending = game.state.pending
            if pending is None or pending.player != seat:
                raise Refusal(f"not {seat_name(game, seat)}'s decision")
            options = game.tried.get(msg["label"])
            if options is None:
                options = trial_options(game.state, seat, msg["label"])
                if msg["label"] in pending.options:  # kept: at most one per option (issue 38)
                    game.tried[msg["label"]] = options
        await client.ws.send(message("tried", code=game.code, seat=seat, at=msg["at"],
                                     label=msg["label"], options=options))

    async def _undo(self, client: Client, msg: dict[str, Any]) -> None:
        """Take back the seat's last pick of its own step: everyone is sent the game as it
        was before it."""
        game = self._game(msg["code"])
        seat = msg["seat"]
        if seat not in client.seats.get(game.code, set()):
            raise Refusal(f"you do not hold the seat {seat!r}")
        async with game.lock:
            if msg["at"] != game.at:
                raise Refusal(f"out of date: the game is at action {game.at}, not {msg['at']}")
            pending = game.state.pending
            if pending is None or pending.player != seat:
                raise Refusal("nothing of yours can be taken back now: it is not your decision")
            why = game.takeback_refusal(seat)
            if why:
                raise Refusal(f"nothing of yours can be taken back now: {why}")
            game.state, game.record = game.takebacks.pop()
            log.info("game %s: %s took a pick back", game.code, seat)
            self._after(game, [], undone=True)

    def _after(self, game: NetGame, events: list[Event], undone: bool = False) -> None:
        """Journal the action (and save at a phase boundary), then send its news to every
        connection: nobody hears of an action a restart would not find."""
        gamework.keep(game, game.record, game.state, bool(game.watchers))
        self._tell(game, events, undone)

    def _tell(self, game: NetGame, events: list[Event], undone: bool = False) -> None:
        """An action's news to every connection at the game (it is journalled already)."""
        if game.state.game_over:
            log.info("game %s over after %d actions", game.code, game.at)
        game.asked_at = time.monotonic()  # a new decision waits from now
        game.active_at = time.time()
        game.tried.clear()
        watchers = [(c, seat) for c in list(game.watchers) if self.guard.ready(c)
                    for seat in c.seats.get(game.code, ())]
        if watchers:
            for client, text in self._updates(game, watchers, events, undone):
                self.guard.send(client, text)
        if game.state.game_over:  # the end: now everyone may have the whole game
            for client in list(game.watchers):
                self.guard.send(client, game.record_message())

    def _updates(self, game: NetGame, to: list[tuple[Client, str | None]], events: list[Event],
                 undone: bool = False) -> list[tuple[Client, str]]:
        """The update message for each client's seat in `to`: the view whole until the client
        acknowledges one, then a patch against the one it acknowledged last (issue 37), with
        the view's digest; views and patches encoded once for all who share them."""
        views = wire_views(game.state, list({seat for _, seat in to}))
        digests = {seat: view_digest(wire) for seat, (wire, _) in views.items()}
        news = f'"events":{encode([e.to_dict() for e in events])}'
        heads: dict[str | None, tuple[str, dict[str, Any]]] = {}
        bodies: dict[tuple[str | None, str], str] = {}  # (seat, base digest) -> the view's part
        out = []
        for client, seat in to:
            if seat not in heads:
                heads[seat] = (message("update", code=game.code, seat=seat, at=game.at,
                                       hash=digests[seat])[:-1],
                               {"started": game.started, "game_over": game.state.game_over,
                                "undone": undone,
                                "undo": game.takeback_seat if game.takebacks else None,
                                "floor": game.takeback_refusal(seat) if seat is not None
                                else ""})
            head, fields = heads[seat]
            wire, text = views[seat]
            track = client.track(game.code, seat)
            base = track.base
            key = (seat, base[0] if base is not None else "")
            body = bodies.get(key)
            if body is None:
                change = diff(base[1], wire) if base is not None else None
                body = bodies[key] = (f'"view":{text}' if base is None or change is None else
                                      f'"base":"{base[0]}","diff":{encode(change)}')
            track.sending(digests[seat], wire)
            whole = body.startswith('"view"')
            parts = [head, track.head_text(fields, whole), news if events or whole else "", body]
            out.append((client, ",".join(p for p in parts if p) + "}"))
        return out

    async def _ack(self, client: Client, msg: dict[str, Any]) -> None:
        """The views a client holds: the next updates patch them; "" asks for a view whole
        (sent now). Refused, changing nothing, for a seat it does not hold or a view it was
        not sent lately."""
        game = self._game(msg["code"])
        held = client.seats.get(game.code, set())
        views: dict[str | None, str] = {name or None: digest
                                        for name, digest in msg["views"].items()}
        for seat, digest in views.items():
            if seat not in held:
                what = f"the seat {seat!r}" if seat else "a spectator's view"
                raise Refusal(f"ack: you do not hold {what}")
            track = client.track(game.code, seat)
            if digest and digest not in track.sent and (
                    track.base is None or track.base[0] != digest):
                raise Refusal(f"ack: no such view of {seat or 'a spectator'} was sent lately")
        whole = []
        for seat, digest in views.items():
            track = client.track(game.code, seat)
            if digest:
                track.acknowledge(digest)
            else:
                track.reset()
                whole.append((client, seat))
        if whole:
            for _, text in self._updates(game, whole, []):
                await client.ws.send(text)

    async def _play_bots(self, game: NetGame) -> None:
        """Bots play every decision of theirs until a person must decide: the game's bot task
        starts unless it runs. Each decision is made off the event loop (botwork), one at a
        time per game, and applied here if the game is still where it was asked."""
        task = game.bot_task
        if (task is None or task.done()) and not self.stopping and game.started \
                and game.bots.to_move(game.state):
            game.bot_task = asyncio.create_task(self._bot_turns(game),
                                                name=f"bots of {game.code}")

    async def _bot_turns(self, game: NetGame) -> None:
        try:
            while not self.stopping and game.started and game.bots.to_move(game.state):
                if self.bot_workers.running and await self._stretch(game):
                    continue
                assert game.state.pending is not None
                who, at = game.state.pending.player, game.at
                turn, phase = game.state.turn, game.state.phase
                game.bots.meet(game.state)  # who the people are: bots bargain with them
                bot = game.bots.bots[who]
                label, after, remark = await self.bot_workers.choose(bot, view(game.state, who))
                async with game.lock:
                    pending = game.state.pending
                    if (self.stopping or game.at != at or game.bots.bots.get(who) is not bot
                            or pending is None or pending.player != who):
                        continue  # the game moved on meanwhile (a seat changed hands): again
                    game.bots.bots[who] = after
                    events = game.record.apply(game.state, Action(who, label))
                    game.no_takeback(ANOTHER_PLAYER)
                    self._after(game, events)
                    self._say(game, remark, turn, phase)
        except asyncio.CancelledError:
            raise
        except Exception:  # a fault of ours: logged; the table waits, the server lives on
            log.exception("game %s: the bots stopped", game.code)

    async def _stretch(self, game: NetGame) -> bool:
        """The game's bots play a stretch in a worker (gamework): the game's actions, journal
        and saves are made there while the game's lock is held here, then applied here and
        told. False if no worker could take it (the caller plays one decision itself)."""
        async with game.lock:
            if self.stopping or not game.started or not game.bots.to_move(game.state):
                return True  # nothing to play now: the caller's loop looks again
            if game.journal is not None:
                game.journal.close()  # the worker appends to the file meanwhile
            sent = dict(game.bots.bots)
            key = self.bot_workers.map_key(game.state.map)
            packed = gamework.pack(game.state, game.record, game.bots, key)
            try:
                played: Played | None = await self.bot_workers.call(
                    gamework.play, game.state.map, packed, str(game.folder),
                    game.journal.at if game.journal is not None else -1, game.saved_at,
                    bool(game.watchers),
                    STRETCH_SECONDS_HEARD if game.watchers else STRETCH_SECONDS,
                    not game.watchers)
            except WorkerLost:
                self._reload(game)
                return True
            if played is None:
                return False
            self._played(game, played, sent)
            if played.problem:
                raise RuntimeError(f"a stretch stopped: {played.problem}")
        return True

    def _played(self, game: NetGame, played: Played, sent: dict[str, Any]) -> None:
        """A stretch's moves, applied here and told (the worker journalled and saved them);
        with nobody at the table when it went out, the game comes back whole instead (the same
        game: the core is deterministic), and whoever came meanwhile is sent where it stands."""
        if played.game:
            state, record, seats = gamework.unpack(played.game, game.state.map)
            game.state, game.record = state, record
            game.no_takeback(ANOTHER_PLAYER)
            self._tell(game, [])
            for _, _, remark, turn, phase in played.moves:
                self._say(game, remark, turn, phase)
            played.bots = seats.bots
        else:
            for who, label, remark, turn, phase in played.moves:
                events = game.record.apply(game.state, Action(who, label))
                game.no_takeback(ANOTHER_PLAYER)
                self._tell(game, events)
                self._say(game, remark, turn, phase)
        game.record.phase_changed = played.phase_changed
        game.saved_at = played.saved_at
        if played.journal_at >= 0:
            if game.journal is None:
                game.journal = Journal(game.folder / JOURNAL, game_key(game.record),
                                       played.journal_at)
            game.journal.at = played.journal_at
        for seat, bot in played.bots.items():  # unless the seat changed hands meanwhile
            if game.bots.bots.get(seat) is sent.get(seat) and seat in game.bots.bots:
                game.bots.bots[seat] = bot

    def _reload(self, game: NetGame) -> None:
        """A worker was lost with a stretch of the game: how far it got is not known, so the
        game is read again from its folder (as a restart would) and everyone is told."""
        log.error("game %s: a worker was lost: the game is read again from its folder",
                  game.code)
        try:
            fresh = self._load(game.folder)
        except (JsonError, SaveError, StateError, OSError, ValueError, KeyError,
                TypeError) as err:
            log.error("game %s: cannot be read again: %s", game.code, err)
            return
        if game.journal is not None:
            game.journal.close()
        game.state, game.record = fresh.state, fresh.record
        game.journal, game.saved_at, game.bots = fresh.journal, fresh.saved_at, fresh.bots
        game.no_takeback(ANOTHER_PLAYER)
        self._tell(game, [])

    def _say(self, game: NetGame, remark: Remark | None, turn: int, phase: str) -> None:
        """What a bot said beside its move (why it refused or countered a person's offer:
        game.bots.talk) to the connections holding the seat it was said to, after the move's
        update. Never journaled, saved or part of the record. Wherever bots think, pass on the
        `Remark` that `BotSeats.decide` gave with the action, and call this after `_after`."""
        if remark is None:
            return
        text = message("said", code=game.code, seat=remark.to, by=remark.by,
                       text=remark.text[:MAX_TEXT], turn=turn, phase=phase)
        for client in list(game.watchers):
            if remark.to in client.seats.get(game.code, ()):
                self.guard.send(client, text)

    async def shut_down(self, ws_server: Server) -> None:
        """Stop cleanly: no action is taken any more, every game with actions since its save
        is saved (its journal compacted), and every connection is closed with a reason."""
        self.stopping = True
        tasks = [g.bot_task for g in self.games.values()
                 if g.bot_task is not None and not g.bot_task.done()]
        if tasks:  # a stretch out in a worker is taken in (its actions are journalled)
            await asyncio.wait(tasks, timeout=STOP_WAIT)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bot_workers.close()
        saved = 0
        for game in self.games.values():
            if game.at != game.saved_at:
                try:
                    game.save()
                    saved += 1
                except SaveError as err:  # its journal still holds every action
                    log.error("game %s: not saved at the stop: %s", game.code, err)
            if game.journal is not None:
                game.journal.close()
        log.info("stopping: %d game(s) saved", saved)
        ws_server.close(reason=STOPPING)
        await ws_server.wait_closed()


def _first_save(game: NetGame) -> None:
    """A new game's folder, table and first save (in a thread: the loop goes on)."""
    game.folder.mkdir(parents=True)
    game.save_table()
    game.save()


def seat_name(game: NetGame, seat: str) -> str:
    """A seat as the table calls it (the name chosen for it, else its civilization's), for the
    words of a refusal: never the seat's id."""
    return name_of(game.state.config, seat)


def trial_options(state: GameState, seat: str, label: str) -> list[str]:
    """The options `seat` would have next after picking `label`, found on a copy of the game.
    Told only when it tells nothing hidden: the same seat decides next and the pick touched
    nothing the seat may not see (the generator, the decks, the Events deck, the others'
    hands as they were); else []."""
    pending = state.pending
    if pending is None or pending.player != seat or label not in pending.options:
        return []
    trial = state.clone()
    try:
        apply(trial, Action(seat, label))
    except IllegalAction:
        return []
    after = trial.pending
    if after is None or after.player != seat or _hidden(trial, seat) != _hidden(state, seat):
        return []
    return list(after.options)


def _hidden(state: GameState, seat: str) -> tuple[object, ...]:
    """What of `state` the seat may not see."""
    return (state.rng, state.stacks, state.discards, state.eventdeck,
            {pid: p.hand for pid, p in state.players.items() if pid != seat})


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise Refusal(f"no bot level {level!r} (known: {', '.join(LEVELS)})")


def _kind_of(raw: str | bytes) -> str:
    """The type a refused message claimed, if it can be read cheaply (for the refusal)."""
    if isinstance(raw, str) and len(raw) <= MAX_CLIENT_MESSAGE:
        with contextlib.suppress(ValueError, AttributeError, RecursionError):
            kind = json.loads(raw).get("type")
            if isinstance(kind, str) and len(kind) <= 20:
                return kind
    return ""


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    if not cert:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key or None)
    return context


async def run_server(host: str, port: int, folder: Path, context: ssl.SSLContext | None = None,
                     ready: Callable[[str], None] | None = None,
                     stop: asyncio.Future[None] | None = None,
                     on_server: Callable[[GameServer], None] | None = None,
                     only: set[str] | None = None, bot_workers: int | None = None) -> None:
    """Serve until `stop` is done (forever without one). `ready` gets the address;
    `on_server` the server object (for tests that look at its games); `only`: the games of
    the folder to resume (None: all); `bot_workers`: the processes bots decide in (None: one
    per core this process may use)."""
    server = GameServer(folder, tls=context is not None, only=only, bot_workers=bot_workers)
    if on_server is not None:
        on_server(server)
    for problem in server.load_games():
        log.warning(problem)
    async with serve(server.handle, host, port, ssl=context, max_size=MAX_CLIENT_MESSAGE,
                     max_queue=16) as ws_server:
        bound = next(iter(ws_server.sockets)).getsockname()
        scheme = "wss" if context is not None else "ws"
        address = f"{scheme}://{host}:{bound[1]}"
        log.info("serving %d game(s) on %s", len(server.games), address)
        if ready is not None:
            ready(address)
        # a resumed game whose next decisions are bots' carries on at once
        for game in list(server.games.values()):
            await server._play_bots(game)
        watcher = asyncio.create_task(server.watch_away())
        guard = asyncio.create_task(server.guard.watch(server))
        try:
            await (stop if stop is not None else asyncio.get_running_loop().create_future())
        finally:
            for task in (watcher, guard):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await server.shut_down(ws_server)


def how_to_open(address: str) -> list[str]:
    """What `serve` tells a person about opening a table on it: the address to type in
    Calamitas, what the host does, what the others do."""
    scheme, rest = address.split("://", 1)
    host, _, port = rest.rpartition(":")
    lines = []
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    elif host in ("127.0.0.1", "localhost", "::1"):
        lines.append("Only this machine can reach it: give --host 0.0.0.0 to serve your "
                     "network.")
    typed = f"wss://{host}:{port}" if scheme == "wss" else f"{host}:{port}"
    return [*lines,
            f"To open a table: in Calamitas choose New game, set up the game, then Host a "
            f"network game; type {typed} under On a server and press Open the table.",
            "The lobby shows a join code. The others choose Join in the main menu and type "
            f"{typed} and that code; the host starts the game when everyone is in (seats "
            "still open are played by bots)."]


def lan_address() -> str:
    """This machine's address on its network, as others would type it (no packet is sent);
    the client's too (`link` imports it from here)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.255.255.255", 1))
        address = str(s.getsockname()[0])
        if not address.startswith("0."):
            return address
    return "127.0.0.1"


def serve_forever(host: str, port: int, folder: Path, cert: str | None = None,
                  key: str | None = None, bot_workers: int | None = None) -> int:
    """`python -m game serve`: serve until interrupted; the address is printed once listening."""
    from game.persist import start_logging

    logfile = start_logging()
    raise_file_limit()  # room for more connections (the guard's cap follows the limit)
    try:
        context = tls_context(cert, key)
    except (OSError, ssl.SSLError) as err:
        print(f"calamitas serve: cannot use the certificate: {err}", file=sys.stderr)
        return 2

    def ready(address: str) -> None:
        plain = "" if context else " (plain connection: not encrypted; give --cert for TLS)"
        print(f"Calamitas server on {address}{plain}", flush=True)
        print(f"games in {folder}; log in {logfile or 'no log file'}", flush=True)
        for line in how_to_open(address):
            print(line, flush=True)

    async def main() -> None:
        stop = _stop_on_signals()
        await run_server(host, port, folder, context, ready, stop=stop,
                         bot_workers=bot_workers)
        print("Calamitas server stopped (its games are saved; see the log)", flush=True)

    try:
        asyncio.run(main())
    except KeyboardInterrupt:  # before the handlers were in place
        return 0
    except OSError as err:
        print(f"calamitas serve: {err}", file=sys.stderr)
        return 1
    return 0


def _stop_on_signals() -> asyncio.Future[None]:
    """A future that SIGTERM or SIGINT (Ctrl-C) completes, for a clean stop."""
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[None] = loop.create_future()

    def finish(signum: int) -> None:
        if not stop.done():
            log.info("stopping on %s", signal.Signals(signum).name)
            stop.set_result(None)

    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, finish, signum)
        except (NotImplementedError, RuntimeError, ValueError):  # Windows: no loop handlers
            signal.signal(signum, lambda n, _frame: loop.call_soon_threadsafe(finish, n))
    return stop
