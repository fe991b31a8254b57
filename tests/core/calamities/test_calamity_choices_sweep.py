"""Every scenario of Volcanic Eruption, Treachery, Squandered Wealth, Famine, Superstition,
Tempest, Civil War, Slave Revolt and City in Flames, replayed with random legal choices (the
scripted ones kept): the expectations must hold for every choice, the token count must stay
whole after every action, and the state must survive a save and load at every decision. Then
all of them at once on random boards, in each rule set."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from game.core.engine import Action, advance, apply
from game.core.gamedata import load_game_data
from game.core.invariants import violations
from game.core.state import GameState, Task
from game.scenario import runner
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario, read_scenario

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


HELPERS = ("engineering", "urbanism", "diplomacy", "pottery", "calendar", "agriculture",
           "astronavigation", "cartography", "masonry", "music", "democracy", "philosophy",
           "military", "theocracy", "mining", "mythology", "universal_doctrine", "mysticism")


def _board(rnd: random.Random, ruleset: str, only: str = "") -> GameState:
    """Sixteen areas in a ring with a few chords, two volcanoes, five players; Egypt is big
    enough for a civil war and holds every calamity of this batch (or just `only`)."""
    ids = [f"z{i:02}" for i in range(16)]
    pairs = {tuple(sorted((ids[i], ids[(i + 1) % 16]))) for i in range(16)}
    pairs |= {tuple(sorted(rnd.sample(ids, 2))) for _ in range(5)}
    lines = ["[map]", "land = [" + ", ".join(f'["{a}", "{b}"]' for a, b in sorted(pairs)) + "]",
             "[map.areas]"]
    lines += [f'{a} = {{ pop = {rnd.randint(1, 5)}, site = "white", '
              f'coast = {"true" if rnd.random() < 0.5 else "false"} }}' for a in ids]
    lines += ["[map.volcanoes]", f'etna = ["{ids[1]}", "{ids[2]}"]', f'thera = ["{ids[9]}"]']
    free = list(ids)
    rnd.shuffle(free)
    calamities = load_game_data().rulesets[ruleset].calamities
    for pid in ("minoa", "assyria", "babylon", "hatti", "egypt"):
        big = pid == "egypt"
        cities = [free.pop() for _ in range(6 if big else rnd.randint(0, 2))]
        tokens = {a: rnd.randint(5, 6) if big else rnd.randint(0, 4)
                  for a in rnd.sample(ids, 8 if big else 5)}
        lines += [f"[players.{pid}]",
                  f"advances = {sorted(rnd.sample(HELPERS, 4))}".replace("'", '"'),
                  f"cities = {cities}".replace("'", '"'),
                  "tokens = { " + ", ".join(f"{a} = {n}" for a, n in tokens.items()) + " }",
                  f'ships = {{ {rnd.choice(ids)} = 2 }}', f"treasury = {rnd.randint(0, 7)}"]
        if big:
            hand = [c if rnd.random() < 0.5 else f"{c}<babylon" for c in MINE
                    if c in calamities and calamities[c].kind != "non_tradable"]
            hand += [c for c in MINE if c in calamities and calamities[c].kind == "non_tradable"]
            hand = [only] if only else hand
            lines.append(f"hand = {sorted(hand)}".replace("'", '"'))
    text = f'title = "t"\nruleset = "{ruleset}"\n' + "\n".join(lines)
    text += '\n[play]\nphase = "calamity_resolution"\n'
    data = load_game_data()
    state = build_state(parse_scenario(tomllib.loads(text), "random", data), data)
    state.tasks = [Task("phase:calamity_resolution")]
    return state


@pytest.mark.parametrize("ruleset", ["classic", "mega-empires", "double-empires"])
def test_this_batch_ends_on_random_boards_and_keeps_every_piece_whole(ruleset: str) -> None:
    rnd = random.Random(ruleset)
    held = sum(1 for c in MINE if c in load_game_data().rulesets[ruleset].calamities)
    for game in range(8):
        only = "civil_war" if game % 2 else ""  # a civil war on a board nothing else has hit
        state = _board(rnd, ruleset, only)
        advance(state)
        for step in range(3000):
            if state.pending is None:
                break
            if step % 5 == 0:
                assert GameState.from_json(state.to_json()) == state
            apply(state, Action(state.pending.player, rnd.choice(state.pending.options)))
            assert not violations(state), (game, step)
        assert state.pending is None and not state.tasks
        assert sum(state.counters.values()) == (1 if only else held)
