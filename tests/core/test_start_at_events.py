"""A position built inside a turn is past that turn's Event Action (004:16.2: the Event Action
opens the turn, before the first phase). `start_at` at a phase of the turn with the Events module
on must not play an event round in the middle of the turn; the next turn opens with one."""

from __future__ import annotations

from pathlib import Path

from game.core import (
    EventsOptions,
    GameConfig,
    PhaseStarted,
    advance,
    apply,
    legal_actions,
    new_game,
)
from game.core.turn import start_at
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def phases_until_next_turn(start: str) -> list[tuple[int, str]]:
    graph = load_map_file(ARENA)[0]
    state = new_game(GameConfig(players=[], setup="5-west", seed=3, events=EventsOptions()), graph)
    turn = state.turn
    start_at(state, start)
    seen = [(e.turn, e.phase) for e in advance(state) if isinstance(e, PhaseStarted)]
    while state.turn == turn and not state.game_over:
        action = legal_actions(state)[0]
        seen += [(e.turn, e.phase) for e in apply(state, action) if isinstance(e, PhaseStarted)]
    seen += [(e.turn, e.phase) for e in advance(state) if isinstance(e, PhaseStarted)]
    return seen


def test_a_position_inside_the_turn_has_had_its_event_action() -> None:
    seen = phases_until_next_turn("trade")
    this_turn = [phase for turn, phase in seen if turn == seen[0][0]]
    assert "events" not in this_turn
    assert this_turn[0] == "calamity_selection"


def test_a_position_at_the_start_of_a_turn_opens_with_the_event_action() -> None:
    seen = phases_until_next_turn("turn")
    assert seen[0][1] == "events"
