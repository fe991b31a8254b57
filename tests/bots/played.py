"""A normal-bot game on the arena map played to a decision, for the bot tests that look at a
real mid-game position (samples, hidden state, the hard bot's search)."""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.core import Action, EventsOptions, GameConfig, GameState, apply, new_game, view
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def played_to(kind: str, *, after_turn: int, seed: int = 11,
              events: bool = False) -> GameState:
    """Five normal bots (set-up 5-west, 30 turns at most) until the first decision of `kind`
    after turn `after_turn`; with `events`, the Events module on."""
    graph, _ = load_map_file(ARENA)
    config = GameConfig(players=[], setup="5-west", seed=seed, max_turns=30,
                        events=EventsOptions() if events else None)
    state = new_game(config, graph)
    bots = {pid: make_bot("normal", i) for i, pid in enumerate(state.players)}
    while not state.game_over:
        assert state.pending is not None
        if state.turn > after_turn and state.pending.kind == kind:
            return state
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    raise AssertionError(f"no {kind} decision after turn {after_turn} in the game")
