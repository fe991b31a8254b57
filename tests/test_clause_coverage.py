"""Issue 4's bar: every numbered clause of seed 001, every calamity row of seed 002's chart and
every card and checkbox line of seed 003 is pinned by at least one scenario naming it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.core.gamedata import load_game_data

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
SCENARIOS = ROOT / "tests" / "scenarios"


def _seed(prefix: str) -> str:
    return next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


def _norm(clause: str) -> str:
    return re.sub(r"[\s_]+", " ", clause.strip().lower())


def seed_001_clauses() -> set[str]:
    """Clause numbers standing at a clause's head (not references in brackets), 4+ levels,
    plus 29.1; a misnumbered duplicate is cited with a letter suffix, which counts too."""
    text = _seed("001")
    found = set(re.findall(r"(?:^|(?<=[A-Za-z)]))(29\.\d+\.\d+\.\d+(?:\.\d+)?)\s", text, re.M))
    return {f"001:{c}" for c in found} | {"001:29.1"}


def seed_003_clauses() -> set[str]:
    text = _seed("003")
    out: set[str] = set()
    card = ""
    for line in text.splitlines():
        line = line.strip()
        if line and line.isupper() and len(line) < 40:
            card = line
            out.add(f"003:{card}")
        held = re.search(r"If you hold \*\*'([^']+)'\*\*", line)
        if held and card:
            out.add(f"003:{card}:{held.group(1).lower().replace(' ', '_')}")
    return out


def scenario_clauses() -> dict[str, set[str]]:
    """Normalised clause -> rule sets of the scenarios naming it."""
    named: dict[str, set[str]] = {}
    for path in SCENARIOS.rglob("*.toml"):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        for clause in raw.get("clauses", []):
            base = re.sub(r"(29(?:\.\d+)+)[a-z]$", r"\1", clause)
            named.setdefault(_norm(base), set()).add(raw.get("ruleset", "classic"))
    return named


pytestmark = pytest.mark.skipif(not SEEDS.is_dir(), reason="the shared seeds are not beside us")


def test_every_numbered_clause_of_seed_001_has_a_scenario() -> None:
    named = scenario_clauses()
    missing = sorted(c for c in seed_001_clauses() if _norm(c) not in named)
    assert not missing, f"{len(missing)} clauses without a scenario: {missing}"


def test_every_card_and_checkbox_line_of_seed_003_has_a_scenario() -> None:
    named = scenario_clauses()
    missing = sorted(c for c in seed_003_clauses() if _norm(c) not in named)
    assert not missing, f"{len(missing)} lines without a scenario: {missing}"


def test_every_calamity_of_seed_002_is_played_by_a_double_empires_scenario() -> None:
    played: set[str] = set()
    for path in (SCENARIOS / "double-empires").rglob("*.toml"):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        if not any(c.startswith("002:") for c in raw.get("clauses", [])):
            continue
        for spec in raw.get("players", {}).values():
            played.update(card.split("<")[0] for card in spec.get("hand", []))
    wanted = set(load_game_data().rulesets["double-empires"].calamities)
    assert not sorted(wanted - played)


def test_the_clause_lists_are_read_from_the_seeds() -> None:
    assert {"001:29.6.2.3", "001:29.9.3.1", "001:29.1"} <= seed_001_clauses()
    assert "003:EPIDEMIC:medicine" in seed_003_clauses()
    assert len(seed_001_clauses()) > 80
