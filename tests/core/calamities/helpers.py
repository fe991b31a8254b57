"""Shared set-up for the calamity tests: a scenario body (TOML, as in SCENARIOS.md) built into a
state at the calamity resolution phase, one pick at a time, random play to the end."""

from __future__ import annotations

import random
import tomllib

from game.core.engine import Action, advance, apply
from game.core.gamedata import load_game_data
from game.core.invariants import card_census, violations
from game.core.state import GameState, Task


def build(body: str, ruleset: str = "classic") -> GameState:
    """The scenario `body` at the start of calamity resolution, before any automatic step."""
    from game.scenario.build import build_state
    from game.scenario.parse import parse_scenario

    text = f'title = "t"\nruleset = "{ruleset}"\n{body}\n[play]\nphase = "calamity_resolution"\n'
    data = load_game_data()
    state = build_state(parse_scenario(tomllib.loads(text), "test", data), data)
    state.tasks = [Task("phase:calamity_resolution")]
    return state


def start(body: str, ruleset: str = "classic") -> GameState:
    """As `build`, then run up to the first decision."""
    state = build(body, ruleset)
    advance(state)
    return state


def pick(state: GameState, label: str) -> list[object]:
    """The pending player picks `label`; the events that follow."""
    assert state.pending is not None
    return list(apply(state, Action(state.pending.player, label)))


def play_randomly(state: GameState, rng: random.Random, steps: int = 300) -> None:
    """Random legal picks to the end, checking the invariants after each."""
    cards = card_census(state)
    advance(state)
    for _ in range(steps):
        assert not violations(state)
        if state.pending is None:
            break
        pick(state, rng.choice(state.pending.options))
    assert state.pending is None and not state.tasks
    assert not violations(state, cards)
