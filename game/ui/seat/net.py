"""A network seat behind the game screen: the same `Session` face the screen draws from, with
the rules on the server.

The client's own seats (one or more people at this machine, or none for a spectator) pick as
in a local game; a pick goes to the server as its label. What the server sends back (the
events of every action and each own seat's view) moves the session on as a local move would:
the log, the animations (`fresh`), the per-turn record, the news for each person. The state
the screen draws is the `mirror` of the views: it never holds what this client may not see.
A drag's drop targets come from the server trying the pick on a copy (`preview`), and once the
game is over the server sends the whole game, which the end screen replays (`finished`).
"""

from __future__ import annotations

import json
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from game.bots.talk import Remark
from game.core import (
    Action,
    Event,
    GameState,
    IllegalAction,
    MapGraph,
    PlayerView,
    StateError,
    view,
)
from game.net.link import HostedServer, Link
from game.net.mirror import SOMEONE, mirror, read_events
from game.net.protocol import MAX_TEXT, message
from game.net.wire import wire_view
from game.persist import SavedGame, SaveError, decode_save, game_version, save_replay
from game.persist.takeback import NOTHING

from .session import Seat, Session

log = logging.getLogger(__name__)
RECEIVE_BUDGET = 0.008  # seconds of a frame spent taking in the server's news
_SEEN = Action("", "")  # an action made on the server, its label unknown here


@dataclass
class TableSeat:
    kind: str  # "open", "person" or "bot"
    level: str  # the bot's level ("" for a person)
    here: bool  # a connection holds it now
    taken: bool = False  # a person joined it (a bot may keep it for them while they are away)


def read_table(msg: dict[str, Any]) -> dict[str, TableSeat]:
    """Who sits where, from a table message (KeyError, TypeError or ValueError if malformed)."""
    return {str(s): TableSeat(str(d["kind"]), str(d["level"]), bool(d["here"]),
                              bool(d.get("taken")))
            for s, d in msg["seats"].items()}


@dataclass(eq=False)
class NetSession(Session):
    link: Link | None = None
    code: str = ""
    graph: MapGraph | None = None
    local: list[str] = field(default_factory=list)  # the seats played at this machine
    address: str = ""  # as others type it to join
    tls: bool = False
    host_token: str = ""  # this client hosts the table
    hosted: HostedServer | None = None  # the server this client runs for the table
    tokens: dict[str, str] = field(default_factory=dict)  # each own seat's secret, to resume
    at: int = 0  # the server's actions seen
    table: dict[str, TableSeat] = field(default_factory=dict)
    table_info: dict[str, Any] = field(default_factory=dict)  # the newest table message
    asked_at: float = field(default_factory=time.monotonic)  # the pending decision came then
    problem: str = ""  # the newest refusal or failure, one line, for the screen to show once
    lost: bool = False
    undo_seat: str = ""  # the seat the server lets take back its last pick now
    undo_floor: str = ""  # why nothing before now may be taken back, as the server said
    keep_replays: bool = False  # the record at the end goes into the replays folder
    finished: SavedGame | None = None  # the whole game, sent by the server at its end
    tried: dict[tuple[int, str], list[str]] = field(default_factory=dict)  # (at, label) -> next
    _log_at: dict[int, int] = field(default_factory=dict)  # action count -> the log's length
    _views: dict[str | None, dict[str, Any]] = field(default_factory=dict)
    _inbox: deque[dict[str, Any]] = field(default_factory=deque)  # received, not yet taken in
    _sent: int = -1  # the action count a pick was sent at, until the server answers
    # the seats whose last view could not be made whole (issue 37): an older one is shown
    _stale: set[str | None] = field(default_factory=set)

    @property
    def hosted_by(self) -> str:
        return self.address or "the server"

    # -- who acts: only this machine's seats are "humans" here --------------------------------
    def humans(self) -> list[str]:
        return list(self.local)

    def human_to_act(self) -> str | None:
        who = self.acting
        pending = self.state.pending
        if who not in self.local or pending is None or not pending.options or self.lost \
                or self._stale:
            return None
        return None if self._sent == self.at else who

    def bot_to_act(self) -> bool:
        """Someone elsewhere decides (so the screen offers to skip to one's own turn)."""
        who = self.acting
        return who is not None and who not in self.local

    def options(self) -> list[str]:
        pending = self.state.pending
        return list(pending.options) if pending and self.human_to_act() else []

    def view_for(self, player: str | None) -> PlayerView:
        return view(self.state, player)

    # -- acting: a label to the server --------------------------------------------------------
    def play(self, player: str, label: str) -> list[Event]:
        if player != self.human_to_act() or label not in self.options():
            raise IllegalAction(f"{label!r} is not an option now")
        assert self.link is not None
        self.link.send(message("act", code=self.code, seat=player, label=label, at=self.at))
        self._sent = self.at
        return []

    def preview(self, player: str, label: str) -> list[str]:
        """The options after `label` as the server found them on a copy of the game: asked
        once, [] until the answer comes (the screen looks again with `tried`)."""
        key = (self.at, label)
        if key not in self.tried and player == self.human_to_act() and label in self.options() \
                and self.link is not None:
            self.tried[key] = []
            self.link.send(message("try", code=self.code, seat=player, label=label, at=self.at))
        return self.tried.get(key, [])

    def step_bot(self) -> list[Event]:
        return []

    def can_undo(self, player: str | None) -> bool:
        return (bool(player) and player == self.undo_seat == self.acting and not self.lost
                and self._sent != self.at)

    def undo_refusal(self, player: str | None) -> str:
        """Why `player` may not take back a pick now ("" when they may), as the server said."""
        if self.can_undo(player):
            return ""
        if player is None or player != self.acting:
            return "It is not your decision."
        if self.lost:
            return "Nothing can be taken back: the connection is lost."
        if player == self.undo_seat:  # asked already: the server answers
            return ""
        return f"Nothing can be taken back: {self.undo_floor or NOTHING}."

    def undo(self, player: str | None) -> bool:
        """Ask the server to take back the player's last pick; the game it sends back then
        replaces this one."""
        if not self.can_undo(player) or self.link is None:
            return False
        self.link.send(message("undo", code=self.code, seat=player, at=self.at))
        self._sent = self.at
        return True

    def save_now(self) -> None:
        """The server keeps the game's saves."""

    # -- the host's hand --------------------------------------------------------------------
    def hand_to_bot(self, seat: str, level: str) -> None:
        """Host: a bot plays `seat` (level ""): the seat is its player's again)."""
        if self.link is not None and self.host_token:
            self.link.send(message("hand", code=self.code, host_token=self.host_token,
                                   seat=seat, level=level))

    def reconnect(self) -> None:
        """After a drop: a new connection, back to this client's seats with their tokens
        (a bot the host seated meanwhile gives the seat back)."""
        if not self.lost or self.link is None:
            return
        url = self.link.url
        self.link.close()
        self.link = Link(url)
        for seat in self.local:
            self.link.send(message("resume", game_version=game_version(), code=self.code,
                                   seat=seat, token=self.tokens.get(seat, "?")))
        if not self.local:
            self.link.send(message("watch", game_version=game_version(), code=self.code))
        self.lost = False
        self._sent = -1

    def waited(self) -> float:
        """Seconds the pending decision has waited."""
        return max(0.0, time.monotonic() - self.asked_at)

    # -- what came from the server --------------------------------------------------------------
    def receive(self, budget: float = RECEIVE_BUDGET) -> bool:
        """Take in what the server sent, for up to `budget` seconds (the rest waits for the
        next frame); whether the game moved on."""
        if self.link is None:
            return False
        self._inbox.extend(self.link.received())
        moved = False
        end = time.perf_counter() + budget
        while self._inbox and time.perf_counter() < end:
            msg = self._inbox.popleft()
            kind = msg.get("type")
            try:
                if kind == "update":
                    moved = self.take_update(msg) or moved
                elif kind == "table":
                    self.take_table(msg)
                elif kind == "record":
                    self.take_record(msg)
                elif kind == "tried":
                    if int(msg["at"]) == self.at:
                        self.tried = {(self.at, str(msg["label"])): [
                            str(o) for o in msg["options"]]}
                elif kind == "said":
                    self.take_said(msg)
                elif kind == "refused":
                    self.problem = f"The server refused: {msg.get('reason', '')}"
                    self._sent = -1  # the pick may be made again
                elif kind == "lost":
                    self.problem = f"Connection lost: {msg.get('reason', '')}"
                    self.lost = True
            except (StateError, KeyError, TypeError, ValueError) as err:
                log.warning("a message from the server could not be read: %s", err)
                self.problem = f"The server sent what this client cannot read: {err}"
        return moved

    def take_update(self, msg: dict[str, Any]) -> bool:
        seat = msg["seat"]
        if seat not in self.local and not (seat is None and not self.local):
            return False
        assert self.graph is not None
        self._views[seat] = msg["view"]
        if msg.get("stale"):  # the link asked for the view whole: no pick until it comes
            self._stale.add(seat)
        else:
            self._stale.discard(seat)
        at = int(msg["at"])
        before = self.state
        self.state = mirror(self._views, self.graph)
        self.undo_seat = str(msg.get("undo") or "")
        floor = msg.get("floor")
        self.undo_floor = floor[:MAX_TEXT] if isinstance(floor, str) else ""
        if msg.get("undone") and at < self.at:
            self._take_back(at)
            return True
        if at <= self.at:
            return at == self.at and before.pending != self.state.pending
        self.at = at
        self._sent = -1
        if not (_someone(before) and _someone(self.state)):  # a private window's wait counts
            self.asked_at = time.monotonic()  # from its opening, whoever it asks in turn
        if self.record is not None:  # counted only: the screen keys its widgets on it
            self.record.actions.extend([_SEEN] * (at - len(self.record.actions)))
        mover = before.pending.player if before.pending else ""
        self._take_events(read_events(msg["events"]), before.turn, before.phase, mover)
        self._log_at[at] = len(self.log)
        return True

    def take_said(self, msg: dict[str, Any]) -> None:
        """What a bot said to one of this machine's seats (game.bots.talk): the log and the
        trade window, as in a local game."""
        seat = str(msg["seat"])
        if seat in self.local:
            self.hear([Remark(by=str(msg["by"]), to=seat, text=str(msg["text"])[:MAX_TEXT])],
                      int(msg["turn"]), str(msg["phase"]))

    def _take_back(self, at: int) -> None:
        """The server took a pick back: the game, its log and its count as they were."""
        self.at = at
        self._sent = -1
        self.moves += 1
        self.fresh.clear()
        del self.log[self._log_at.get(at, len(self.log)):]
        if self.record is not None:
            del self.record.actions[at:]

    def take_record(self, msg: dict[str, Any]) -> None:
        """The whole game, sent once it is over: kept for the replay when it is this game."""
        if self.finished is not None or not self.state.game_over:
            return  # the server sends it only after the end; anything else is ignored
        try:
            game = decode_save(msg["save"])
        except SaveError as err:
            self.problem = f"The game's record cannot be read: {err}"
            return
        if not self._is_this_game(game):
            self.problem = "The server sent the record of another game: no replay"
            return
        self.finished = game
        if self.keep_replays:
            try:
                self.replay_path = save_replay(game.record, game.state)
            except (SaveError, OSError) as err:
                log.warning("the replay was not kept: %s", err)

    def _is_this_game(self, game: SavedGame) -> bool:
        """Whether the record ends exactly where this client saw the game end: its end gives
        each seat held here the view the server last sent it."""
        if not game.state.game_over or not self._views:
            return False
        return all(json.loads(json.dumps(wire_view(game.state, seat))) == sent
                   for seat, sent in self._views.items())

    def finished_game(self) -> SavedGame | None:
        return self.finished

    def keep_up(self) -> None:
        self.receive()

    def take_table(self, msg: dict[str, Any]) -> None:
        self.table = read_table(msg)
        self.table_info = msg
        self.asked_at = time.monotonic() - float(msg.get("waited") or 0.0)
        for pid, seat in self.seats.items():  # the screen names bots as bots
            known = self.table.get(pid)
            if known is not None:
                seat.human = known.kind != "bot"
                seat.level = known.level or seat.level

    def close(self) -> None:
        """Leave the table: the connection closes; a hosted server stops."""
        if self.link is not None:
            self.link.close()
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None




def _someone(state: GameState) -> bool:
    """Another seat's private decision, its player not shown (`mirror`)."""
    return state.pending is not None and state.pending.player == SOMEONE


def seats_of(state: GameState, table: dict[str, TableSeat], local: list[str]) -> dict[str, Seat]:
    """The session's seats: names from the game's data, bots marked as bots."""
    from game.core import load_game_data

    civs = load_game_data().civilizations
    out = {}
    for pid in state.players:
        known = table.get(pid)
        name = civs[pid].name if pid in civs else pid
        bot = known is not None and known.kind == "bot"
        out[pid] = Seat(pid, name, human=not bot, level=known.level if bot and known else "basic")
    return out


def start_session(link: Link, code: str, graph: MapGraph, local: list[str],
                  views: dict[str | None, dict[str, Any]], table: dict[str, TableSeat],
                  at: int, **extra: Any) -> NetSession:
    """The session for a game the server has started, from what the lobby received."""
    state = mirror(views, graph)
    session = NetSession(state=state, seats=seats_of(state, table, local), link=link, code=code,
                         graph=graph, local=local, at=at, table=table, **extra)
    session._views = dict(views)
    session._log_at[at] = 0
    return session
