"""Running scenarios: play the phase with the real core, then compare expectations."""

from __future__ import annotations

import traceback
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core import (
    BARBARIANS,
    PHASES,
    PIRATE,
    Action,
    EventStep,
    GameData,
    GameState,
    IllegalAction,
    PhaseNotImplemented,
    advance,
    apply,
    load_event_cards,
    load_game_data,
    start_at,
)

from .build import build_state
from .errors import ScenarioError
from .events import PLAYER_KEYS as EVENT_PLAYER_KEYS
from .events import check as check_events
from .events import core_label
from .events import install as install_events
from .parse import Scenario, read_scenario

MAX_DECISIONS = 10_000


@dataclass
class Result:
    title: str
    path: str
    failures: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def scenario_files(paths: Iterable[str]) -> Iterator[Path]:
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from sorted(path.rglob("*.toml"))
        else:
            yield path


def run_file(path: Path, data: GameData | None = None) -> Result:
    data = data or load_game_data()
    try:
        scenario = read_scenario(path, data)
    except ScenarioError as err:
        return Result(str(path), str(path), [f"{path}: {err.key}: {err.problem}"])
    result = Result(scenario.title, str(path))
    try:
        result.failures = play_and_check(scenario, data)
    except ScenarioError as err:
        result.failures = [f"{path}: {err.key}: {err.problem}"]
    except Exception as err:  # a bug in the core must show as a FAIL, never stop the run
        where = traceback.extract_tb(err.__traceback__)[-1]
        result.failures = [
            f"internal error: {type(err).__name__}: {err} "
            f"({Path(where.filename).name}:{where.lineno})"
        ]
    return result


def start_play(state: GameState, phase: str) -> None:
    """Put the flow of a scenario's built state at the start of its `[play] phase`."""
    start_at(state, phase, then_game=False)


def play_and_check(scenario: Scenario, data: GameData) -> list[str]:
    state = build_state(scenario, data)
    if scenario.events is not None:
        install_events(state, scenario.events)
    before = _snapshot(state)
    start_play(state, scenario.phase)
    choices = list(scenario.choices)
    try:
        advance(state)
        for _ in range(MAX_DECISIONS):
            pending = state.pending
            if pending is None:
                break
            pick = core_label(_scripted(choices, pending.player, pending.kind), pending)
            if pick is not None and pick not in pending.options:
                return [f"decision {pending.kind} for {pending.player}: scripted pick {pick!r} "
                        f"is not legal; legal: {', '.join(pending.options)}"]
            label = pick if pick is not None else default_choice(pending.options, pending.detail)
            apply(state, Action(pending.player, label))
        else:
            return [f"the phase did not finish after {MAX_DECISIONS} decisions"]
    except PhaseNotImplemented as err:
        return [f"phase not implemented: {err.kind}"]
    except IllegalAction as err:
        return [f"illegal action: {err.reason}"]
    failures = [f"scripted choice never used: by {c['by']}, pick {c['pick']}" for c in choices]
    return failures + check_expectations(scenario, data, before, state)


def default_choice(options: list[str], detail: object = None) -> str:
    """SCENARIOS.md: `done` when offered, else `no`, else what an event card chose for the
    player before it asked (its decision's suggestion), else the first option."""
    for preferred in ("done", "no"):
        if preferred in options:
            return preferred
    suggested = detail.suggested if isinstance(detail, EventStep) else ""
    return suggested if suggested in options else options[0]


def _scripted(choices: list[dict[str, str]], player: str, kind: str) -> str | None:
    for i, choice in enumerate(choices):
        if choice["by"] == player and choice.get("kind", kind) == kind:
            del choices[i]
            return choice["pick"]
    return None


def _snapshot(state: GameState) -> dict[str, Any]:
    board = state.board
    return {
        "units": {p: board.tokens_of(p) + 5 * len(board.cities_of(p)) for p in state.players},
        "tokens": {a: dict(t) for a, t in board.tokens.items()},
        "cities": dict(board.cities),
        "ships": {a: dict(s) for a, s in board.ships.items()},
        "money": {p.id: (p.stock, p.treasury) for p in state.players.values()},
        "hands": {p.id: sorted(h.card for h in p.hand) for p in state.players.values()},
    }


def check_expectations(
    scenario: Scenario, data: GameData, before: dict[str, Any], state: GameState
) -> list[str]:
    out: list[str] = []
    board = state.board
    for pid, expected in scenario.expect_players.items():
        player = state.players[pid]
        units = board.tokens_of(pid) + 5 * len(board.cities_of(pid))
        actual: dict[str, Any] = {
            "cities": len(board.cities_of(pid)),
            "city_areas": sorted(board.cities_of(pid)),
            "tokens_on_board": board.tokens_of(pid),
            "unit_points": units,
            "unit_points_lost": before["units"][pid] - units,
            "stock": player.stock,
            "treasury": player.treasury,
            "ast": player.ast,
            "census": player.census,
            "ships": board.ships_of(pid),
            "advances": sorted(player.advances),
            "hand_size": len(player.hand),
            "hand_face_value": sum(
                data.commodities[h.card].value for h in player.hand if h.card in data.commodities),
            "hand": sorted(h.card for h in player.hand),
        }
        for key, want in expected.items():
            if key in EVENT_PLAYER_KEYS:
                continue
            if key == "tokens":
                for area, n in _table(want, f"expect.{pid}.tokens").items():
                    _compare(out, f"{pid}.tokens.{area}", n, board.count(area, pid))
            elif key in ("city_areas", "advances", "hand"):
                _compare(out, f"{pid}.{key}", sorted(_strings(want, f"expect.{pid}.{key}")),
                         actual[key])
            else:
                _compare(out, f"{pid}.{key}", want, actual[key])
    out += check_events(state, scenario.expect_players, scenario.expect_global)
    for key, want in scenario.expect_global.items():
        if key == "barbarian_tokens":
            _compare(out, key, want, board.tokens_of(BARBARIANS))
        elif key == "pirate_cities":
            _compare(out, key, want, len(board.cities_of(PIRATE)))
        elif key == "no_effect":
            after = _snapshot(state)
            calamities = set(data.rulesets[scenario.ruleset].calamities)
            changed = [k for k in ("tokens", "cities", "ships", "money") if before[k] != after[k]]
            if _without(before["hands"], calamities) != _without(after["hands"], calamities):
                changed.append("hands")
            _compare(out, key, want, not changed, note=f" (changed: {', '.join(changed)})")
    for area, expected in scenario.expect_areas.items():
        if area not in state.map.areas:
            raise ScenarioError(f"expect.areas.{area}", "unknown area")
        for key, want in expected.items():
            if key in EVENT_PLAYER_KEYS:
                continue
            if key == "tokens":
                for owner, n in _table(want, f"expect.areas.{area}.tokens").items():
                    if owner not in state.players:
                        raise ScenarioError(f"expect.areas.{area}.tokens.{owner}", "not a player")
                    _compare(out, f"areas.{area}.tokens.{owner}", n, board.count(area, owner))
            elif key == "city":
                _compare(out, f"areas.{area}.city", want, board.cities.get(area, "none"))
            else:
                _compare(out, f"areas.{area}.barbarian_tokens", want, board.count(area, BARBARIANS))
    return out


def _compare(out: list[str], key: str, want: Any, actual: Any, note: str = "") -> None:
    if isinstance(want, dict) and set(want) <= {"min", "max"} and want:
        low, high = want.get("min"), want.get("max")
        ok = (low is None or actual >= low) and (high is None or actual <= high)
        shown = f"{low if low is not None else ''}..{high if high is not None else ''}"
        if not ok:
            out.append(f"{key}: expected {shown}, actual {actual}")
        return
    if want != actual:
        extra = note if note and not actual else ""
        out.append(f"{key}: expected {want!r}, actual {actual!r}{extra}")


def _without(hands: dict[str, list[str]], drop: set[str]) -> dict[str, list[str]]:
    return {p: [c for c in cards if c not in drop] for p, cards in hands.items()}


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(where, "expected a table")
    return value


def _strings(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(where, "expected a list of strings")
    return value


def run_paths(paths: Iterable[str], out: Any) -> int:
    """Print one line per scenario and the closing `N passed, M failed`; 0 when all passed."""
    data = load_game_data()
    passed = failed = 0
    for path in scenario_files(paths):
        result = run_file(path, data)
        if result.passed:
            passed += 1
            print(f"PASS {result.title}", file=out)
        else:
            failed += 1
            print(f"FAIL {result.title}", file=out)
            for line in result.failures:
                print(f"    {line}", file=out)
    print(f"{passed} passed, {failed} failed", file=out)
    return 0 if failed == 0 else 1


def list_ids(out: Any) -> None:
    data = load_game_data()
    print("rule sets: " + ", ".join(data.rulesets), file=out)
    print("phases: " + ", ".join((*PHASES, "calamities", "turn", "events")), file=out)
    print("civilizations (A.S.T. ranking): " + ", ".join(data.civilizations), file=out)
    print("advances: " + ", ".join(data.advances), file=out)
    print("commodity cards: " + ", ".join(data.commodities) + ", water", file=out)
    for rid, ruleset in data.rulesets.items():
        print(f"calamity cards ({rid}): " + ", ".join(ruleset.calamities), file=out)
    print("labels: area:ID, sea:ID, volcano:ID, flood:ID, player:ID, card:ID, advance:ID, "
          "number:N, yes, no, done", file=out)
    print("hand entries: CARD or CARD<PLAYER (traded to the holder by PLAYER)", file=out)
    cards = load_event_cards()
    print("events: " + ", ".join(cards.cards), file=out)
    print("events not adapted: " + ", ".join(cards.not_adapted), file=out)
    print("event labels: event:ID, event:face_down:N, option:a, option:b; a Cancellation's "
          "window: event:cancellation (or yes), no", file=out)
