"""Every scenario of Volcanic Eruption, Treachery, Squandered Wealth, Famine, Superstition,
Tempest, Civil War, Slave Revolt and City in Flames, replayed with random legal choices (the
scripted ones kept): the expectations must hold for every choice, the token count must stay
whole after every action, and the state must survive a save and load at every decision."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.engine import Action, advance, apply
from game.core.gamedata import load_game_data
from game.core.invariants import violations
from game.core.state import GameState, Task
from game.scenario import runner
from game.scenario.build import build_state
from game.scenario.parse import read_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
MINE = ("volcanic_eruption", "treachery", "squandered_wealth", "famine", "superstition",
        "tempest", "civil_war", "slave_revolt", "city_in_flames")


def _mine() -> list[Path]:
    return sorted(p for p in SCENARIOS.rglob("*.toml") if p.name.split("-")[0] in MINE)


def test_every_calamity_of_this_batch_has_scenarios_in_each_rule_set_that_has_it() -> None:
    data = load_game_data()
    for cid in MINE:
        for rid, ruleset in data.rulesets.items():
            if cid in ruleset.calamities:
                assert list((SCENARIOS / rid).glob(f"{cid}-*.toml")), (cid, rid)


@pytest.mark.parametrize("path", _mine(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_expectations_hold_for_random_legal_choices(path: Path) -> None:
    data = load_game_data()
    scenario = read_scenario(path, data)
    rnd = random.Random(path.name)
    for _ in range(6):
        state = build_state(scenario, data)
        before = runner._snapshot(state)
        state.tasks = [Task(f"phase:{scenario.phase}")]
        choices = list(scenario.choices)
        advance(state)
        for _ in range(runner.MAX_DECISIONS):
            pending = state.pending
            if pending is None:
                break
            assert GameState.from_json(state.to_json()) == state
            label = runner._scripted(choices, pending.player, pending.kind)
            apply(state, Action(pending.player, label or rnd.choice(pending.options)))
            assert not violations(state)
        assert state.pending is None
        assert runner.check_expectations(scenario, data, before, state) == []
