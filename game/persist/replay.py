"""Replays: re-apply a save's action log from its start, checking every recorded hash, and step
through a game for the client's replay viewer.

`verify` rebuilds the start (new_game from the configuration, seed and map, or the start
snapshot), applies the actions in order through the core's one door and compares the state hash
at each recorded turn boundary and at the end with the snapshot. It stops at the first
divergence with a `ReplayError` saying where.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core import Action, Detail, Event, GameState, IllegalAction, StateError, Words, apply

from .record import GameRecord, TurnHash
from .saves import SavedGame
from .strictjson import one_line


class ReplayError(Exception):
    """The log does not reproduce the game; `str(err)` is one line saying where."""


@dataclass(frozen=True)
class VerifyReport:
    actions: int
    hashes: int  # recorded hashes that matched, the final snapshot included
    turn: int
    final_hash: str


def start_state(game: SavedGame) -> GameState:
    try:
        return game.record.start_state(game.state)
    except StateError as err:
        raise ReplayError(one_line(str(err))) from None


def verify(game: SavedGame, progress: Callable[[int, int], None] | None = None) -> VerifyReport:
    """Re-apply the whole log; ReplayError at the first action or hash that does not match."""
    record = game.record
    state = start_state(game)
    expected = {h.action: h for h in record.hashes}
    _compare(state, expected[0], "the start")
    matched = 1
    total = len(record.actions)
    for i in range(1, total + 1):
        turn = state.turn
        step(state, record, i)
        recorded = expected.get(i)
        if recorded is not None:
            _compare(state, recorded, f"action {i}")
            matched += 1
        elif state.turn != turn:
            raise ReplayError(f"diverged at action {i}: turn {state.turn} began here, "
                              "but the save records no turn boundary at this point")
        if progress is not None and i % 100 == 0:
            progress(i, total)
    final = state.state_hash()
    if final != game.state.state_hash():
        raise ReplayError(f"diverged: after all {total} actions the state hash is {final}, "
                          f"but the saved snapshot's is {game.state.state_hash()}")
    return VerifyReport(total, matched + 1, state.turn, final)


def step(state: GameState, record: GameRecord, index: int) -> list[Event]:
    """Apply action number `index` (1-based) of the log; ReplayError if the core refuses it."""
    action = record.actions[index - 1]
    where = f"action {index} ({one_line(action.player, 40)}: {one_line(action.label, 60)})"
    try:
        return apply(state, action)
    except IllegalAction as err:
        raise ReplayError(one_line(
            f"diverged at {where}, turn {state.turn} ({state.phase}): not legal: {err.reason}"
        )) from None
    except Exception as err:  # a log the core cannot follow must never crash the program
        raise ReplayError(one_line(
            f"the rules failed at {where}, turn {state.turn} ({state.phase}): "
            f"{type(err).__name__}: {err}"
        )) from None


def _compare(state: GameState, recorded: TurnHash, where: str) -> None:
    found = state.state_hash()
    if state.turn != recorded.turn or found != recorded.hash:
        raise ReplayError(
            f"diverged at {where}: turn {state.turn}, state hash {found}; the save recorded "
            f"turn {recorded.turn}, hash {recorded.hash}"
        )


@dataclass(frozen=True)
class ReplayStep:
    """One action of the log as the replay viewer tells it: the decision it answered (asked in
    `turn` and `phase`) and the events that followed."""

    index: int  # 1-based place in the log
    action: Action
    kind: str  # the pending decision's kind ("" if none was pending)
    prompt: str
    turn: int
    phase: str
    events: tuple[Event, ...]
    detail: Detail | None = None  # the decision's typed facts, as its decider saw them
    words: Words | None = None  # its prompt with the things it names apart


class ReplayCursor:
    """A position in a saved game's log for the replay viewer: step, step back, jump to a turn.

    Moving forward applies actions; moving back restarts from the nearest checkpoint (a clone
    kept every `every` actions), so any jump back costs at most `every` actions. Each action
    applied is kept as a `ReplayStep`, so the story up to any position can be told again.
    A log the core refuses part-way (a damaged or edited save) ends the replay there: `length`
    shrinks to what could be applied and `error` says why; the cursor itself never raises.
    """

    def __init__(self, game: SavedGame, every: int = 40) -> None:
        self.record = game.record
        self.every = max(1, every)
        self.state = start_state(game)  # ReplayError if the start cannot be rebuilt
        self.position = 0  # actions applied so far
        self.steps: list[ReplayStep] = []  # every action applied so far, in log order
        self.error = ""  # why the replay stops before the end of the log, if it does
        self._stop: int | None = None
        self._checkpoints: dict[int, GameState] = {0: self.state.clone()}

    @property
    def length(self) -> int:
        """How many actions can be replayed."""
        return len(self.record.actions) if self._stop is None else self._stop

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    @property
    def last(self) -> ReplayStep | None:
        """The action that led to the current position."""
        return self.steps[self.position - 1] if self.position else None

    def turns(self) -> list[tuple[int, int]]:
        """(turn, action index) where each recorded turn begins."""
        return [(t, a) for t, a in self.record.turn_starts() if a <= self.length]

    def forward(self) -> list[Event]:
        """Apply the next action; its events (empty at the end of the log)."""
        if self.at_end:
            return []
        state = self.state
        pending = state.pending
        turn, phase = state.turn, state.phase
        try:
            events = step(state, self.record, self.position + 1)
        except ReplayError as err:
            self._stop, self.error = self.position, str(err)  # apply left the state untouched
            return []
        self.position += 1
        if len(self.steps) < self.position:
            self.steps.append(ReplayStep(
                self.position, self.record.actions[self.position - 1],
                pending.kind if pending else "", pending.prompt if pending else "",
                turn, phase, tuple(events), pending.detail if pending else None,
                pending.words if pending else None))
        if self.position % self.every == 0 and self.position not in self._checkpoints:
            self._checkpoints[self.position] = state.clone()
        return events

    def back(self) -> None:
        if self.position > 0:
            self.seek(self.position - 1)

    def seek(self, index: int) -> None:
        """Go to the state after `index` actions (clamped to the log)."""
        index = max(0, min(index, self.length))
        self._leap(index, back=index < self.position)
        while self.position < index and not self.at_end:
            self.forward()

    def leap(self, index: int) -> None:
        """Go straight to the last checkpoint at or before `index` if it lies ahead (a place
        visited before); the rest of the way is the caller's, e.g. a slice per frame."""
        self._leap(index, back=False)

    def _leap(self, index: int, back: bool) -> None:
        """Go to the last checkpoint at or before `index` if it lies ahead, or whenever `back`."""
        base = max(k for k in self._checkpoints if k <= index)
        if back or base > self.position:
            self.state = self._checkpoints[base].clone()
            self.position = base

    def seek_turn(self, turn: int) -> None:
        """Go to the start of `turn` (or of the last recorded turn before it)."""
        self.seek(self.turn_start(turn))

    def turn_start(self, turn: int) -> int:
        """The action index where `turn` begins (or the last recorded turn before it)."""
        starts = [a for t, a in self.turns() if t <= turn]
        return starts[-1] if starts else 0

    def turn_at(self, index: int) -> int:
        """The turn the action at `index` belongs to (0 before the first recorded turn)."""
        return max((t for t, a in self.turns() if a <= index), default=0)

    def next_turn_start(self) -> int:
        """Where the next turn begins (the end of the log if none does)."""
        return next((a for _, a in self.turns() if a > self.position), self.length)

    def previous_turn_start(self) -> int:
        """Where the turn before this position begins (0 at the first)."""
        return max((a for _, a in self.turns() if a < self.position), default=0)
