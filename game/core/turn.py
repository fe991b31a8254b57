"""The game and turn tasks: the 13 phases in order, turn after turn, until the game ends."""

from __future__ import annotations

from dataclasses import dataclass

from .eventdeck import action as _event_action  # noqa: F401  (registers phase:events)
from .eventdeck.deck import end_of_turn as events_end_of_turn
from .eventdeck.windows import open_window as open_event_window
from .events import Event, GameEnded, PhaseStarted, TurnStarted
from .flow import done, progress_of, push, register
from .scoring import final_ranking
from .state import GameState, Progress

PHASES: tuple[str, ...] = (
    "taxation",
    "population_expansion",
    "movement",
    "conflict",
    "city_construction",
    "trade_card_acquisition",
    "trade",
    "calamity_selection",
    "calamity_resolution",
    "special_abilities",
    "surplus_and_support",
    "advance_acquisition",
    "ast_alteration",
)

# Phase names a scenario may play besides the 13: both calamity phases, or one whole turn.
SCENARIO_PHASES: tuple[str, ...] = (*PHASES, "calamities", "turn", "events")
# With the Events module on, every turn opens with the Event Action (004:16.2), before Taxation.
EVENTS_PHASE = "events"

# The first turn starts with population expansion: nobody has a city to tax yet.
FIRST_TURN_START = 1


def phase_task(phase: str) -> str:
    return f"phase:{phase}"


@dataclass(kw_only=True)
class Game(Progress):
    """The whole game: one turn after another until it ends."""

    KIND = "game"
    started: bool = False  # the first turn has begun (it starts at FIRST_TURN_START)


@dataclass(kw_only=True)
class Turn(Progress):
    """One turn: its phases in order."""

    KIND = "turn"
    next: int = 0  # index in PHASES of the phase to start next
    events: bool = False  # the Event Action has been played (Events module on)
    single: bool = False  # a scenario's single turn: the turn number stays


def _game_step(state: GameState, task: Game, events: list[Event]) -> None:
    if state.ended_by:
        state.game_over = True
        done(state, task)
        return
    limit = state.config.max_turns
    if limit and state.turn > limit:
        state.ended_by = "max_turns"
        state.game_over = True
        scores = tuple((s.player, s.total) for s in final_ranking(state))
        events.append(GameEnded(ended_by="max_turns", scores=scores, rule="config:max_turns"))
        done(state, task)
        return
    first = FIRST_TURN_START if state.turn == 1 and not task.started else 0
    task.started = True
    events.append(TurnStarted(turn=state.turn))
    push(state, Turn(next=first))


def _turn_step(state: GameState, task: Turn, events: list[Event]) -> None:
    index = task.next
    if state.eventdeck is not None and not task.events:
        task.events = True
        state.phase = EVENTS_PHASE
        events.append(PhaseStarted(phase=EVENTS_PHASE, turn=state.turn))
        push(state, progress_of(phase_task(EVENTS_PHASE)))
        return
    if index >= len(PHASES):
        events_end_of_turn(state, events)
        for pid, player in state.players.items():
            if player.flags:
                state.player_to_change(pid).flags.clear()
        if not task.single:
            state.turn += 1
        done(state, task)
        return
    phase = PHASES[index]
    task.next = index + 1
    state.phase = phase
    events.append(PhaseStarted(phase=phase, turn=state.turn))
    push(state, progress_of(phase_task(phase)))
    open_event_window(state, phase)


def start_at(state: GameState, phase: str, *, then_game: bool = True) -> None:
    """Put the flow at the start of `phase` (one of SCENARIO_PHASES), for scenarios, samplers
    and showcases that build a position by hand. With `then_game` the game goes on after it
    (the rest of the turn, then turn after turn); without, the flow ends with that phase:
    "calamities" plays both calamity phases, "turn" one whole turn (its number unchanged)."""
    if phase not in SCENARIO_PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    state.pending = None
    state.tasks = []
    if then_game:
        push(state, Game(started=True))
        if phase not in PHASES:
            push(state, Turn(next=0))
            return
        # a position inside the turn is past the Event Action that opens it (004:16.2)
        push(state, Turn(next=PHASES.index(phase) + 1, events=True))
    if phase == "calamities":  # the stack runs from its end: selection first
        push(state, progress_of(phase_task("calamity_resolution")))
        push(state, progress_of(phase_task("calamity_selection")))
        state.phase = "calamity_selection"
    elif phase == "turn":
        push(state, Turn(single=True))
    else:
        push(state, progress_of(phase_task(phase)))
        state.phase = phase
        open_event_window(state, phase)


register(Game, _game_step)
register(Turn, _turn_step)
