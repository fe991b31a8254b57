"""Shared fixtures for the persistence tests: played games, scenario states, a private data
folder (no test ever writes into the real user folders)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.bots import RandomBot
from game.core import Action, GameConfig, GameState, advance, apply, new_game, view
from game.core.gamedata import load_game_data
from game.core.mapgraph import MapGraph
from game.core.setup import choose_setup
from game.maps.files import load_map_file
from game.persist import GameRecord
from game.scenario.build import build_state
from game.scenario.parse import read_scenario
from game.scenario.runner import default_choice, start_play

TESTS = Path(__file__).resolve().parents[1]
ARENA = TESTS / "maps" / "arena.json"
SCENARIOS = TESTS / "scenarios"


@pytest.fixture(autouse=True)
def private_data_dir(private_data_dir: Path) -> Path:
    """Every persistence test in its own data folder (the shared fixture, made automatic)."""
    return private_data_dir


@pytest.fixture(scope="session")
def arena() -> MapGraph:
    return load_map_file(ARENA)[0]


def start_game(graph: MapGraph, players: int, seed: int, max_turns: int,
               ruleset: str = "classic") -> GameState:
    data = load_game_data()
    setup = choose_setup(data, GameConfig(players=["?"] * players))
    config = GameConfig(players=[], ruleset=ruleset, setup=setup.id, seed=seed,
                        max_turns=max_turns)
    return new_game(config, graph, data)


def play(state: GameState, record: GameRecord, seed: int, limit: int | None = None,
         each: Callable[[GameState, GameRecord], None] | None = None) -> None:
    """Random bots play on (at most `limit` actions), recording every action."""
    bots = {pid: RandomBot(seed * 100 + i) for i, pid in enumerate(state.players)}
    done = 0
    while not state.game_over and state.pending is not None and (limit is None or done < limit):
        who = state.pending.player
        record.apply(state, Action(who, bots[who].choose(view(state, who))))
        done += 1
        if each is not None:
            each(state, record)


@pytest.fixture(scope="session")
def played(arena: MapGraph) -> dict[str, tuple[GameState, GameRecord]]:
    """A seeded 9-player random game on the arena map: the first state at a decision in each
    phase it reached, with its record, and "end" for the finished game."""
    state = start_game(arena, 9, seed=7, max_turns=24)
    record = GameRecord.begin(state)
    seen: dict[str, tuple[GameState, GameRecord]] = {"start": (state.clone(), _copy(record))}

    def keep(now: GameState, rec: GameRecord) -> None:
        if now.pending is not None and now.phase not in seen:
            seen[now.phase] = (now.clone(), _copy(rec))

    play(state, record, seed=7, each=keep)
    seen["end"] = (state, record)
    return seen


def _copy(record: GameRecord) -> GameRecord:
    copy = GameRecord(config=record.config, start=record.start, actions=list(record.actions),
                      hashes=list(record.hashes))
    copy._turn, copy._phase = record._turn, record._phase
    return copy


def scenario_state(name: str) -> GameState:
    """The state a conformance scenario starts from, run up to its first decision."""
    data = load_game_data()
    path = next(SCENARIOS.rglob(name))
    scenario = read_scenario(path, data)
    state = build_state(scenario, data)
    start_play(state, scenario.phase)
    advance(state)
    return state


def mid_calamity(name: str) -> tuple[GameState, GameRecord]:
    """A scenario's state at the first decision taken inside a calamity, with its record."""
    state = scenario_state(name)
    record = GameRecord.begin(state)
    for _ in range(50):
        assert state.pending is not None, f"{name}: no calamity decision"
        if any(t.kind.startswith("calamity:") for t in state.tasks):
            return state, record
        record.apply(state, Action(state.pending.player, default_choice(state.pending.options)))
    raise AssertionError(f"{name}: no calamity decision")


def finish(state: GameState, record: GameRecord | None = None, limit: int = 500) -> GameState:
    """Take the first option at every decision until none is pending (scenario states)."""
    for _ in range(limit):
        if state.pending is None or state.game_over:
            break
        action = Action(state.pending.player, default_choice(state.pending.options))
        if record is not None:
            record.apply(state, action)
        else:
            apply(state, action)
    return state


@pytest.fixture
def helpers() -> object:
    class Helpers:
        start_game = staticmethod(start_game)
        play = staticmethod(play)
        scenario_state = staticmethod(scenario_state)
        mid_calamity = staticmethod(mid_calamity)
        finish = staticmethod(finish)
        copy = staticmethod(_copy)

    return Helpers
