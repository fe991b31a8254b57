"""bench/variants.py (issue 40): a variant's weights hold only while its seat decides, a spec
names plan, knobs and weights or is refused in one line, and the figure printed is the seat's
VP against the table, variant minus base."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.bots import events as ev
from game.bots.hard import GATHER_FROM
from game.core import view

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = ROOT / "bench" / "variants.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("variants", VARIANTS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_spec_sets_the_plan_knobs_and_weights_of_the_seat_only(monkeypatch) -> None:
    variants = load()
    bot = variants.make("g6;grower.seed_from=3;events.RIVAL=1.5;keep_factor=0.5", 1)
    assert bot.grower.gather_from == GATHER_FROM and bot.grower.seed_from == 3
    assert bot.keep_factor == 0.5
    seen: list[float] = []
    real = variants.NormalBot.choose

    def spy(self, v):  # type: ignore[no-untyped-def]
        seen.append(ev.RIVAL)
        return real(self, v)

    monkeypatch.setattr(variants.NormalBot, "choose", spy)
    from game.bots.arena import setups_for
    from game.core import GameConfig, new_game
    from game.maps.files import load_map_file

    graph, _ = load_map_file(variants.MAP)
    state = new_game(GameConfig(players=[], ruleset="classic", setup=setups_for(5)[0], seed=3),
                     graph)
    assert state.pending is not None
    before = ev.RIVAL
    bot.choose(view(state, state.pending.player))
    assert seen == [1.5] and before == ev.RIVAL  # set while it decided, then put back
    assert variants.make("normal", 1).grower.gather_from == 0


@pytest.mark.parametrize("spec,words", [("peace", "unknown plan 'peace'"),
                                        ("g6;events.NOPE=1", "game.bots.events has no NOPE")])
def test_a_bad_spec_is_refused_in_one_line(spec: str, words: str) -> None:
    out = subprocess.run([sys.executable, str(VARIANTS), spec, "--games", "1"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and words in out.stderr and "Traceback" not in out.stderr


def test_the_same_spec_against_itself_gains_nothing() -> None:
    out = subprocess.run([sys.executable, str(VARIANTS), "g6", "--base", "g6", "--games", "2"],
                         capture_output=True, text=True, timeout=300, check=True)
    assert out.stdout.splitlines()[-1].startswith(
        "g6 against g6 (no events, seed 5): +0.0 VP (se 0.0) over 2 paired games")
