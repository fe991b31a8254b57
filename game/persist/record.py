"""The record of a game as it is played: where it started, every action, a hash per turn.

A game started by `new_game` is rebuilt from its configuration, seed and map; any other start
(a scenario, a state from elsewhere) is kept whole as the start snapshot. Either way the
actions re-applied in order must reproduce the hash recorded at each turn boundary.

    record = GameRecord.begin(state)          # right after new_game (or on any state)
    events = record.apply(state, action)      # instead of game.core.apply
    record.phase_changed                      # True once after each phase (or turn) boundary
    record.seats = {"egypt": "human", ...}    # who sits where, kept in saves
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import (
    Action,
    Event,
    GameConfig,
    GameState,
    SetupError,
    StateError,
    apply,
    clone,
    new_game,
)


@dataclass(frozen=True)
class TurnHash:
    """The state hash after `action` actions, at the start of `turn`."""

    action: int
    turn: int
    hash: str


@dataclass
class GameRecord:
    config: GameConfig  # as the game started
    start: GameState | None  # None: new_game(config, map) rebuilds the start
    actions: list[Action] = field(default_factory=list)
    hashes: list[TurnHash] = field(default_factory=list)
    seats: dict[str, str] = field(default_factory=dict)  # player -> "human" or a bot level
    phase_changed: bool = False  # set at each phase boundary; whoever autosaves clears it
    _turn: int = 0
    _phase: str = ""

    @staticmethod
    def begin(state: GameState, from_new_game: bool | None = None) -> GameRecord:
        """Start recording at `state`. Whether `new_game` rebuilds it is checked when not told."""
        if from_new_game is None:
            from_new_game = rebuilds_from_config(state)
        record = GameRecord(
            config=clone(state.config), start=None if from_new_game else state.clone()
        )
        record.hashes.append(TurnHash(0, state.turn, state.state_hash()))
        record._turn, record._phase = state.turn, state.phase
        return record

    def apply(self, state: GameState, action: Action) -> list[Event]:
        """`game.core.apply`, then `note`; IllegalAction leaves state and record untouched."""
        events = apply(state, action)
        self.note(action, state)
        return events

    def note(self, action: Action, state: GameState) -> None:
        """Record `action`, which was just applied to `state`."""
        self.actions.append(action)
        if state.turn != self._turn:
            self.hashes.append(TurnHash(len(self.actions), state.turn, state.state_hash()))
            self._turn = state.turn
            self.phase_changed = True  # also when one action ran a whole turn to the same phase
        if state.phase != self._phase:
            self._phase = state.phase
            self.phase_changed = True

    def resume(self, state: GameState) -> None:
        """Carry on recording from `state`, the state this record's actions lead to."""
        self._turn, self._phase = state.turn, state.phase
        self.phase_changed = False

    def start_state(self, graph_from: GameState) -> GameState:
        """A fresh copy of the state the actions start from. The map is taken from `graph_from`
        (any state of this game: the map never changes). StateError if it cannot be built."""
        if self.start is not None:
            return self.start.clone()
        try:
            return new_game(clone(self.config), graph_from.map)
        except SetupError as err:
            raise StateError(f"the game cannot be set up again: {err}") from None

    def turn_starts(self) -> list[tuple[int, int]]:
        """(turn, action index) where each recorded turn begins."""
        return [(h.turn, h.action) for h in self.hashes]


def rebuilds_from_config(state: GameState) -> bool:
    """Whether `new_game` from the state's own configuration and map gives exactly `state`."""
    try:
        fresh = new_game(clone(state.config), state.map)
    except Exception:  # a scenario's configuration need not be a valid new game
        return False
    return fresh.state_hash() == state.state_hash()
