"""The game and turn tasks: the 13 phases in order, turn after turn, until the game ends."""

from __future__ import annotations

from .eventdeck import action as _event_action  # noqa: F401  (registers phase:events)
from .eventdeck.deck import end_of_turn as events_end_of_turn
from .eventdeck.windows import open_window as open_event_window
from .events import Event, GameEnded, PhaseStarted, TurnStarted
from .flow import done, push, register_legacy
from .scoring import final_ranking
from .state import GameState, Task

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


def _game_step(state: GameState, task: Task, events: list[Event]) -> None:
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
    first = FIRST_TURN_START if state.turn == 1 and not task.data.get("started") else 0
    task.data["started"] = True
    events.append(TurnStarted(turn=state.turn))
    push(state, "turn", next=first)


def _turn_step(state: GameState, task: Task, events: list[Event]) -> None:
    index = int(task.data.get("next", 0))
    if state.eventdeck is not None and not task.data.get("events"):
        task.data["events"] = True
        state.phase = EVENTS_PHASE
        events.append(PhaseStarted(phase=EVENTS_PHASE, turn=state.turn))
        push(state, phase_task(EVENTS_PHASE))
        return
    if index >= len(PHASES):
        events_end_of_turn(state, events)
        for player in state.players.values():
            player.flags.clear()
        if not task.data.get("single"):
            state.turn += 1
        done(state, task)
        return
    phase = PHASES[index]
    task.data["next"] = index + 1
    state.phase = phase
    events.append(PhaseStarted(phase=phase, turn=state.turn))
    push(state, phase_task(phase))
    open_event_window(state, phase)


register_legacy("game", _game_step)
register_legacy("turn", _turn_step)
