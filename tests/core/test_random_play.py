"""Random-play conformance (DESIGN.md "Habits"): seeded games with random bots across player
counts and rule sets, checking the core's invariants after every action."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.bots import RandomBot
from game.core import Action, GameConfig, GameState, apply, legal_actions, new_game, view
from game.core.eventdeck.model import EventsOptions
from game.core.flow import label_key
from game.core.gamedata import load_game_data
from game.core.invariants import card_census, violations
from game.core.mapgraph import MapGraph
from game.core.plain import clone
from game.core.setup import choose_setup
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"
RULESETS = ("classic", "mega-empires", "double-empires")
COUNTS = (5, 6, 7, 9, 10, 11, 12, 14, 16, 18)
# Phases during which the board stands as phase 5 or phase 11 left it.
AFTER_SUPPORT = {"trade_card_acquisition", "trade", "calamity_selection", "advance_acquisition"}


def arena() -> MapGraph:
    return load_map_file(ARENA)[0]


def start(players: int, ruleset: str, seed: int, max_turns: int, side: str = "basic",
          events: EventsOptions | None = None) -> GameState:
    data = load_game_data()
    setup = choose_setup(data, GameConfig(players=["?"] * players))
    config = GameConfig(players=[], ruleset=ruleset, ast_side=side, setup=setup.id, seed=seed,
                        max_turns=max_turns, events=clone(events))
    return new_game(config, arena(), data)


def over_limit(state: GameState) -> list[str]:
    from game.core.population import population_limit

    out = []
    for area, here in state.board.tokens.items():
        for owner, n in here.items():
            if owner in state.players and n > population_limit(state, area, owner):
                out.append(f"{owner} has {n} tokens in {area}")
    return out


def play(players: int, ruleset: str, seed: int, max_turns: int, deep: bool,
         side: str = "basic", events: EventsOptions | None = None
         ) -> tuple[GameState, list[Action]]:
    state = start(players, ruleset, seed, max_turns, side, events)
    bots = {pid: RandomBot(seed * 100 + i) for i, pid in enumerate(state.players)}
    cards: Counter[str] = card_census(state)
    log: list[Action] = []
    while not state.game_over:
        legal = legal_actions(state)
        assert legal, "no legal action although the game is not over"
        assert [a.label for a in legal] == sorted((a.label for a in legal), key=label_key)
        who = state.pending.player
        action = Action(who, bots[who].choose(view(state, who)))
        apply(state, action)
        log.append(action)
        problems = violations(state, cards)
        if state.phase in AFTER_SUPPORT:
            problems += over_limit(state)
        assert not problems, f"after {len(log)} actions ({state.phase}): {problems}"
        if deep or len(log) % 97 == 0:
            assert state.clone() == state
            assert GameState.from_json(state.to_json()) == state
    return state, log


def replay_hash(players: int, ruleset: str, seed: int, max_turns: int,
                log: list[Action], side: str = "basic",
                events: EventsOptions | None = None) -> str:
    state = start(players, ruleset, seed, max_turns, side, events)
    for action in log:
        apply(state, action)
    return state.state_hash()


# Random bots seldom climb the A.S.T., so the long run is bounded by turns as well.
SLOW_TURNS = 8
CASES = [(COUNTS[i % len(COUNTS)], RULESETS[i % 3], 1000 + i) for i in range(50)]


@pytest.mark.parametrize(("players", "ruleset", "seed"), CASES)
def test_random_games_keep_every_invariant(players: int, ruleset: str, seed: int) -> None:
    state, log = play(players, ruleset, seed, max_turns=2, deep=seed % 10 == 0)
    assert state.game_over and state.ended_by in ("max_turns", "late_iron")
    if seed % 10 == 0:
        assert replay_hash(players, ruleset, seed, 2, log) == state.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1000))
def test_a_thousand_whole_games_end_and_keep_every_invariant(seed: int) -> None:
    players = COUNTS[seed % len(COUNTS)]
    ruleset = RULESETS[seed % 3]
    side = "expert" if seed % 7 == 0 else "basic"
    state, log = play(players, ruleset, seed, max_turns=SLOW_TURNS, deep=False, side=side)
    assert state.game_over and state.ended_by in ("max_turns", "late_iron")
    if seed % 50 == 0:
        assert replay_hash(players, ruleset, seed, SLOW_TURNS, log, side) == state.state_hash()


# The Events module on (issue 18), with its optional rules in turn: an event step opens every
# turn and its cards change the board, yet every invariant holds and a replay lands on the same
# state.
EVENT_OPTIONS = (EventsOptions(), EventsOptions(randomise_x=True, reveal_more=True),
                 EventsOptions(random_b=True))
EVENT_CASES = [(COUNTS[i % len(COUNTS)], RULESETS[i % 3], 2000 + i) for i in range(12)]


@pytest.mark.parametrize(("players", "ruleset", "seed"), EVENT_CASES)
def test_random_games_with_events_keep_every_invariant(players: int, ruleset: str,
                                                       seed: int) -> None:
    options = EVENT_OPTIONS[seed % 3]
    state, log = play(players, ruleset, seed, max_turns=4, deep=seed % 4 == 0, events=options)
    assert state.game_over and state.eventdeck is not None
    assert state.eventdeck.log, "no event was taken"
    assert replay_hash(players, ruleset, seed, 4, log, events=options) == state.state_hash()
