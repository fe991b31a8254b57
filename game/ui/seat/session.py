"""One game being played in the client: the state, who sits in each seat, undo and history.

The session is the referee at the table: the only place that calls the core's `apply`, for
humans (with a label the controller picked from `legal_actions`) and bots (from their view).
Screens draw from `view(...)`; the session keeps the public record beside the state: the log
and, per turn, the census, cities and victory points for the end-of-game charts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.bots import Bot, make_bot
from game.bots.talk import Remark, meet_people, unasked_refusals
from game.core import (
    Action,
    Event,
    GameEnded,
    GameState,
    IllegalAction,
    PlayerView,
    TradeAccepted,
    TradeOffered,
    TradeRefused,
    legal_actions,
    score_breakdown,
    view,
)
from game.core import apply as core_apply
from game.persist import (
    SAVE_FORMAT,
    Autosaver,
    GameRecord,
    ReplayCursor,
    ReplayError,
    SavedGame,
    SaveError,
    game_version,
    save_replay,
)
from game.persist.takeback import (
    ANOTHER_PLAYER,
    MAX_TAKEBACKS,
    NOTHING,
    record_copy,
    take_back_refusal,
)

from ..words.log import LogLine
from ..words.prompts import log_lines

MAX_UNDO = MAX_TAKEBACKS
log = logging.getLogger(__name__)


class GameStuck(Exception):
    """The core failed on a move it had offered: the game cannot go on. Loading checks what the
    core needs to take the next decision, but a crafted or damaged save can still hide bad data
    deeper in its task stack. The state is as it was before the move (the core works on a copy),
    and the saves on disk are untouched."""


def log_of(game: SavedGame) -> list[LogLine]:
    """The game log a loaded save had when it was written, told again from its action log
    (the save holds the actions, not the lines). A log that cannot be followed to the end is
    told as far as it goes, with one line that says so."""
    try:
        cursor = ReplayCursor(game)
    except ReplayError as err:
        return [LogLine(game.state.turn, game.state.phase,
                        f"The history before this save cannot be shown: {err}", (), "")]
    while not cursor.at_end:
        cursor.forward()
    graph = game.state.map
    lines = [line for step in cursor.steps
             for line in log_lines(step.events, step.turn, step.phase, graph)]
    if cursor.error:
        lines.append(LogLine(game.state.turn, game.state.phase,
                             f"The history stops here: {cursor.error}", (), ""))
    return lines


def seat_bot(level: str, seed: int, seat: int) -> Bot:
    """The bot at `level` in seat number `seat` of a game started with `seed` (the showcase
    rehearses a calamity with the very bots the session will seat)."""
    return make_bot(level, seed * 1000 + seat)


@dataclass
class Seat:
    civ: str
    name: str
    human: bool
    level: str = "basic"  # bot level when not human
    bot: Bot | None = None


@dataclass
class TurnRecord:
    turn: int
    census: dict[str, int]
    cities: dict[str, int]
    vp: dict[str, int]


@dataclass
class Session:
    state: GameState
    seats: dict[str, Seat]
    log: list[LogLine] = field(default_factory=list)
    history: list[TurnRecord] = field(default_factory=list)
    fresh: list[Event] = field(default_factory=list)  # events not yet shown by animations
    record: GameRecord | None = None  # the action log saves are made from
    autosaver: Autosaver | None = None  # None: this session writes no files at all
    replay_path: Path | None = None  # where the finished game was kept for the replay viewer
    final_scores: dict[str, int] = field(default_factory=dict)  # from GameEnded
    last_offer: TradeOffered | None = None  # the offer on the table
    # what a bot said to a person beside its answer (game.bots.talk): person -> (turn, phase,
    # remark), the newest; never in the state or the record
    said: dict[str, tuple[int, str, Remark]] = field(default_factory=dict)
    _undo: list[tuple[GameState, GameRecord]] = field(default_factory=list)
    _undo_log: list[int] = field(default_factory=list)
    _undo_owner: str = ""
    _undo_floor: str = ""  # why nothing before now may be taken back ("": nothing stops it)
    _recorded_turn: int = 0
    moves: int = 0  # picks made or taken back: names the decision a bot is asked about
    since: dict[str, list[Event]] = field(default_factory=dict)  # per person: the others' news

    def __post_init__(self) -> None:
        if self.record is None:
            self.record = GameRecord.begin(self.state)
        self.record.seats = {pid: "human" if s.human else s.level for pid, s in self.seats.items()}
        for i, (_pid, seat) in enumerate(self.seats.items()):
            if not seat.human and seat.bot is None:
                seat.bot = seat_bot(seat.level, self.state.config.seed, i)
        for seat in self.seats.values():
            if seat.bot is not None:  # bots bargain with the people at the table
                meet_people(seat.bot, self.humans())
        self._record_turn()

    # -- who acts ---------------------------------------------------------------------------
    @property
    def acting(self) -> str | None:
        pending = self.state.pending
        return None if pending is None or self.state.game_over else pending.player

    def human_to_act(self) -> str | None:
        who = self.acting
        return who if who is not None and self.seats[who].human else None

    def bot_to_act(self) -> bool:
        who = self.acting
        return who is not None and not self.seats[who].human

    def humans(self) -> list[str]:
        return [pid for pid, s in self.seats.items() if s.human]

    def view_for(self, player: str | None) -> PlayerView:
        return view(self.state, player)

    def options(self) -> list[str]:
        return [a.label for a in legal_actions(self.state)]

    # -- acting -----------------------------------------------------------------------------
    def play(self, player: str, label: str) -> list[Event]:
        """A human's pick. IllegalAction (state untouched) if it is not one of legal_actions."""
        action = Action(player, label)
        if action not in legal_actions(self.state):
            raise IllegalAction(f"{label!r} is not an option now")
        before = self.state.clone()
        record = self._record_copy()
        log_len = len(self.log)
        events = self._apply(action)
        if self._undo_owner != player:
            self._clear_undo(ANOTHER_PLAYER)
        refusal = take_back_refusal(before, self.state, events)
        if not refusal:
            self._undo.append((before, record))
            self._undo_log.append(log_len)
            self._undo_owner = player
            del self._undo[:-MAX_UNDO], self._undo_log[:-MAX_UNDO]
        else:
            self._clear_undo(refusal)
        return events

    def preview(self, player: str, label: str) -> list[str]:
        """The options `player` would have next if they picked `label` (tried on a copy), or []
        when the next decision is not theirs or the pick could not be taken back (it would
        tell what a card drawn or a face-down event is). Lets the map light drop targets during
        a drag."""
        if Action(player, label) not in legal_actions(self.state):
            return []
        trial = self.state.clone()
        try:
            events = core_apply(trial, Action(player, label))
        except IllegalAction:
            return []
        if take_back_refusal(self.state, trial, events):  # it would tell something hidden
            return []
        pending = trial.pending
        return list(pending.options) if pending and pending.player == player else []

    def step_bot(self) -> list[Event]:
        """Let the bot whose decision is pending make it, now."""
        if not self.bot_to_act():
            return []
        return self.play_bot(self.bot_thinking()())

    def bot_thinking(self) -> Callable[[], str]:
        """The pending bot decision, to be made later or on another thread: the bot looks at
        its view, which holds its own copies of what may change, so the game may be drawn
        meanwhile."""
        who = self.acting
        assert who is not None and not self.seats[who].human
        bot = self.seats[who].bot
        assert bot is not None
        seen = view(self.state, who)
        return lambda: bot.choose(seen)

    def play_bot(self, label: str) -> list[Event]:
        """The pick the acting bot made."""
        who = self.acting
        assert who is not None and not self.seats[who].human
        self._clear_undo(ANOTHER_PLAYER)
        said = getattr(self.seats[who].bot, "said", None)
        turn, phase = self.state.turn, self.state.phase
        events = self._apply(Action(who, label))
        if isinstance(said, Remark) and said.label == label:
            self.hear([said], turn, phase)
        return events

    def hear(self, remarks: list[Remark], turn: int, phase: str) -> None:
        """What bots said to people (game.bots.talk): into the log, after the move's lines,
        and to the trade window of the person spoken to. Not in the state nor the record."""
        for remark in remarks:
            if remark.to not in self.humans():
                continue
            self.said[remark.to] = (turn, phase, remark)
            self.log.append(LogLine(turn, phase, remark.text, (remark.by, remark.to), ""))

    def said_now(self, person: str | None) -> Remark | None:
        """The newest thing a bot said to `person` in this trade phase, if any."""
        found = self.said.get(person or "")
        if found is None or self.state.pending is None:
            return None
        turn, phase, remark = found
        return remark if (turn, phase) == (self.state.turn, self.state.phase) else None

    def _apply(self, action: Action) -> list[Event]:
        turn, phase = self.state.turn, self.state.phase
        assert self.record is not None
        try:
            events = self.record.apply(self.state, action)
        except IllegalAction:
            raise
        except Exception as err:  # any failure of the core on a move it offered: see GameStuck
            log.exception("the core failed on %s", action)
            raise GameStuck(f"This game cannot go on: the rules failed on {action.label!r} "
                            f"({type(err).__name__}). Your saves are untouched.") from err
        self._take_events(events, turn, phase, action.player)
        self._autosave()
        if self.state.game_over:
            self._keep_replay()
        return events

    def _take_events(self, events: list[Event], turn: int, phase: str, mover: str) -> None:
        """What a move (by `mover`, made in `turn` and `phase`) reported goes to the log, the
        animations, each person's news and the per-turn record."""
        self.moves += 1
        for event in events:
            match event:
                case TradeOffered():
                    self.last_offer = event
                case TradeAccepted() | TradeRefused():
                    self.last_offer = None
                case GameEnded():
                    self.final_scores = dict(event.scores)
        self.log += log_lines(events, turn, phase, self.state.map)
        bots = [pid for pid, seat in self.seats.items() if not seat.human]
        self.hear(unasked_refusals(self.state.config, events, bots, mover), turn, phase)
        self.fresh.extend(events)
        for pid in self.humans():  # what the others did, for each person's summary
            if pid != mover:
                news = self.since.setdefault(pid, [])
                news.extend(events)
                del news[:-20000]
        if len(self.fresh) > 500:  # nobody is watching (fast bots): keep the queue short
            del self.fresh[:-200]
        self._record_turn()

    def _autosave(self) -> None:
        if self.autosaver is None or self.record is None:
            return
        try:
            self.autosaver.maybe_save(self.record, self.state)
        except (SaveError, OSError) as err:  # a full disk must not stop the game
            log.warning("autosave failed: %s", err)
            self.autosaver = None

    def _keep_replay(self) -> None:
        """The game has ended: its record goes into the replays folder, once."""
        if self.autosaver is None or self.record is None or self.replay_path is not None:
            return
        try:
            self.replay_path = save_replay(self.record, self.state)
        except (SaveError, OSError) as err:
            log.warning("the replay was not kept: %s", err)

    def finished_game(self) -> SavedGame | None:
        """The whole game for the replay viewer, once it is over (None before)."""
        if not self.state.game_over or self.record is None:
            return None
        return SavedGame(state=self.state.clone(), record=record_copy(self.record),
                         format_version=SAVE_FORMAT, game_version=game_version(), saved_at="")

    def keep_up(self) -> None:
        """Take in what happened elsewhere while another screen is on top (a network game's
        news); nothing to do in a local game."""

    def save_now(self) -> None:
        """An autosave whatever the phase (the window is closing)."""
        if self.autosaver is not None and self.record is not None:
            try:
                self.autosaver.save(self.record, self.state)
            except (SaveError, OSError) as err:
                log.warning("autosave failed: %s", err)

    def _record_copy(self) -> GameRecord:
        assert self.record is not None
        return record_copy(self.record)

    # -- undo -------------------------------------------------------------------------------
    def can_undo(self, player: str | None) -> bool:
        return bool(self._undo) and player == self._undo_owner == self.acting

    def undo_refusal(self, player: str | None) -> str:
        """Why `player` may not take back a pick now, for them to read ("" when they may)."""
        if self.can_undo(player):
            return ""
        if player is None or player != self.acting:
            return "It is not your decision."
        if self._undo_owner and self._undo_owner != player:
            reason = ANOTHER_PLAYER
        else:
            reason = self._undo_floor or NOTHING
        return f"Nothing can be taken back: {reason}."

    def undo(self, player: str | None) -> bool:
        """Take back the player's last pick of their current step, if that is allowed."""
        if not self.can_undo(player):
            return False
        self.state, self.record = self._undo.pop()
        self.moves += 1
        del self.log[self._undo_log.pop():]
        self.fresh.clear()
        return True

    def _clear_undo(self, why: str = "") -> None:
        self._undo.clear()
        self._undo_log.clear()
        self._undo_owner = ""
        self._undo_floor = why

    # -- history ----------------------------------------------------------------------------
    def _record_turn(self) -> None:
        """Census, cities and VP as they stand, once per turn (public information only)."""
        state = self.state
        turn = state.turn
        if state.game_over:
            turn = max(turn, self._recorded_turn + 1)
        if turn == self._recorded_turn and not state.game_over:
            return
        record = TurnRecord(
            turn=turn,
            census={p: pl.census for p, pl in state.players.items()},
            cities={p: len(state.board.cities_of(p)) for p in state.players},
            vp={p: score_breakdown(state, p).total for p in state.players},
        )
        if self.history and self.history[-1].turn == turn:
            self.history[-1] = record
        else:
            self.history.append(record)
        self._recorded_turn = turn
