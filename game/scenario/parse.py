"""Reading a conformance scenario (../shared/SCENARIOS.md) into checked plain values.

Every problem becomes a ScenarioError naming the file, the key and the problem; nothing here
raises anything else on bad input.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core import SCENARIO_PHASES, GameData

from .errors import ScenarioError
from .events import EventsSpec, parse_events  # the extension reads the tables this module skips

LABEL_KINDS = ("area", "sea", "volcano", "flood", "player", "card", "advance", "number",
               "event", "option")
BARE_LABELS = ("yes", "no", "done")
PLAYER_KEYS = {
    "cities", "city_areas", "tokens", "tokens_on_board", "unit_points", "unit_points_lost",
    "stock", "treasury", "ast", "census", "ships", "advances", "hand_size", "hand_face_value",
    "hand", "events", "bonus_vp",
}  # fmt: skip
GLOBAL_KEYS = {"barbarian_tokens", "pirate_cities", "no_effect",
               # the Events extension (game/scenario/events.py)
               "age", "display", "deck_size", "discards", "markers", "events_played", "unpicked",
               "events_over", "in_deck", "not_in_deck"}
AREA_KEYS = {"tokens", "city", "barbarian_tokens"}
TOP_KEYS = {"title", "clauses", "ruleset", "seed", "ast_side", "map", "players", "barbarians",
            "play", "expect", "events", "markers", "dice"}  # fmt: skip
# Free-text keys an author may add at the top without changing what the scenario means.
META_KEYS = {"description", "notes", "author", "source"}


@dataclass
class PlayerSpec:
    advances: list[str] = field(default_factory=list)
    cities: list[str] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    ships: dict[str, int] = field(default_factory=dict)
    treasury: int | None = None
    stock: int | None = None
    ast: int = 0
    hand: list[tuple[str, str]] = field(default_factory=list)  # (card, traded_by)


@dataclass
class Scenario:
    path: str
    title: str
    clauses: list[str]
    ruleset: str
    seed: int
    ast_side: str
    map: dict[str, Any]
    players: dict[str, PlayerSpec]
    barbarian_tokens: dict[str, int]
    pirate_cities: list[str]
    phase: str
    choices: list[dict[str, str]]
    expect_players: dict[str, dict[str, Any]]
    expect_global: dict[str, Any]
    expect_areas: dict[str, dict[str, Any]]
    events: EventsSpec | None = None  # the Events extension; None: the module is off


def read_scenario(path: Path, data: GameData) -> Scenario:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise ScenarioError("file", f"cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise ScenarioError("file", "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as err:
        raise ScenarioError("file", f"not valid TOML: {err}") from None
    except RecursionError:  # tomllib nests one Python call per array level
        raise ScenarioError("file", "not valid TOML: nested too deeply") from None
    return parse_scenario(raw, str(path), data)


def parse_scenario(raw: dict[str, Any], path: str, data: GameData) -> Scenario:
    unknown = set(raw) - TOP_KEYS - META_KEYS
    if unknown:
        raise ScenarioError(sorted(unknown)[0], "unknown key")
    title = _str(raw, "title", required=True)
    clauses = _str_list(raw.get("clauses", []), "clauses")
    ruleset = _str(raw, "ruleset") or "classic"
    if ruleset not in data.rulesets:
        raise ScenarioError("ruleset", f"unknown rule set {ruleset!r} ({', '.join(data.rulesets)})")
    seed = _int(raw.get("seed", 1), "seed")
    ast_side = _str(raw, "ast_side") or "basic"
    if ast_side not in ("basic", "expert"):
        raise ScenarioError("ast_side", f"must be 'basic' or 'expert', got {ast_side!r}")
    game_map = _table(raw.get("map", {}), "map")
    players_raw = _table(raw.get("players", {}), "players")
    if not players_raw:
        raise ScenarioError("players", "a scenario needs at least one player")
    events = parse_events(raw, players_raw)
    players: dict[str, PlayerSpec] = {}
    for pid, spec in players_raw.items():
        if pid not in data.civilizations:
            raise ScenarioError(f"players.{pid}", "unknown civilization")
        players[pid] = _player(_table(spec, f"players.{pid}"), f"players.{pid}", data, ruleset)
    barbarians = _table(raw.get("barbarians", {}), "barbarians")
    extra = set(barbarians) - {"tokens", "pirate_cities"}
    if extra:
        raise ScenarioError(f"barbarians.{sorted(extra)[0]}", "unknown key")
    barbarian_tokens = _counts(barbarians.get("tokens", {}), "barbarians.tokens")
    pirate_cities = _str_list(barbarians.get("pirate_cities", []), "barbarians.pirate_cities")
    play = _table(raw.get("play", {}), "play")
    extra = set(play) - {"phase", "choices"}
    if extra:
        raise ScenarioError(f"play.{sorted(extra)[0]}", "unknown key")
    phase = _str(play, "phase", required=True, where="play.phase")
    if phase not in SCENARIO_PHASES:
        raise ScenarioError("play.phase", f"unknown phase {phase!r}")
    choices = [_choice(c, f"play.choices[{i}]", players) for i, c in enumerate(
        _list(play.get("choices", []), "play.choices"))]
    expect_players, expect_global, expect_areas = _expect(
        _table(raw.get("expect", {}), "expect"), players)
    return Scenario(
        path=path, title=title, clauses=clauses, ruleset=ruleset, seed=seed, ast_side=ast_side,
        map=game_map, players=players, barbarian_tokens=barbarian_tokens,
        pirate_cities=pirate_cities, phase=phase, choices=choices,
        expect_players=expect_players, expect_global=expect_global, expect_areas=expect_areas,
        events=events,
    )


def check_label(label: str) -> bool:
    if label in BARE_LABELS:
        return True
    kind, sep, rest = label.partition(":")
    if not sep or kind not in LABEL_KINDS or not rest:
        return False
    if kind == "number":
        return rest.lstrip("-").isdigit()
    return True


def _player(spec: dict[str, Any], where: str, data: GameData, ruleset: str) -> PlayerSpec:
    keys = {"advances", "cities", "tokens", "ships", "treasury", "stock", "ast", "hand"}
    extra = set(spec) - keys
    if extra:
        raise ScenarioError(f"{where}.{sorted(extra)[0]}", "unknown key")
    advances = _str_list(spec.get("advances", []), f"{where}.advances")
    for adv in advances:
        if adv not in data.advances:
            raise ScenarioError(f"{where}.advances", f"unknown advance {adv!r}")
    hand: list[tuple[str, str]] = []
    cards = set(data.commodities) | {"water"} | set(data.rulesets[ruleset].calamities)
    for entry in _str_list(spec.get("hand", []), f"{where}.hand"):
        card, _, by = entry.partition("<")
        if card not in cards:
            known_elsewhere = card in data.card_ids()
            problem = (f"card {card!r} is not in rule set {ruleset!r}" if known_elsewhere
                       else f"unknown card {card!r}")
            raise ScenarioError(f"{where}.hand", problem)
        if by and by not in data.civilizations:
            raise ScenarioError(f"{where}.hand", f"unknown civilization {by!r} in {entry!r}")
        hand.append((card, by))
    out = PlayerSpec(
        advances=advances,
        cities=_str_list(spec.get("cities", []), f"{where}.cities"),
        tokens=_counts(spec.get("tokens", {}), f"{where}.tokens"),
        ships=_counts(spec.get("ships", {}), f"{where}.ships"),
        ast=_int(spec.get("ast", 0), f"{where}.ast", 0, 15),
        hand=hand,
    )
    if "treasury" in spec:
        out.treasury = _int(spec["treasury"], f"{where}.treasury", 0, 55)
    if "stock" in spec:
        out.stock = _int(spec["stock"], f"{where}.stock", 0, 55)
    return out


def _choice(raw: Any, where: str, players: dict[str, PlayerSpec]) -> dict[str, str]:
    choice = _table(raw, where)
    extra = set(choice) - {"by", "pick", "kind"}
    if extra:
        raise ScenarioError(f"{where}.{sorted(extra)[0]}", "unknown key")
    by = _str(choice, "by", required=True, where=f"{where}.by")
    if by not in players:
        raise ScenarioError(f"{where}.by", f"{by!r} is not a player of this scenario")
    pick = _str(choice, "pick", required=True, where=f"{where}.pick")
    if not check_label(pick):
        raise ScenarioError(f"{where}.pick", f"{pick!r} is not a label (see --list-ids)")
    out = {"by": by, "pick": pick}
    if "kind" in choice:
        out["kind"] = _str(choice, "kind", where=f"{where}.kind")
    return out


def _expect(
    raw: dict[str, Any], players: dict[str, PlayerSpec]
) -> tuple[dict[str, dict[str, Any]], dict[str, Any], dict[str, dict[str, Any]]]:
    per_player: dict[str, dict[str, Any]] = {}
    global_: dict[str, Any] = {}
    areas: dict[str, dict[str, Any]] = {}
    for key, value in raw.items():
        if key in GLOBAL_KEYS:
            global_[key] = value
        elif key == "areas":
            for area, spec in _table(value, "expect.areas").items():
                table = _table(spec, f"expect.areas.{area}")
                extra = set(table) - AREA_KEYS
                if extra:
                    raise ScenarioError(f"expect.areas.{area}.{sorted(extra)[0]}", "unknown key")
                areas[area] = table
        elif key in players:
            table = _table(value, f"expect.{key}")
            extra = set(table) - PLAYER_KEYS
            if extra:
                raise ScenarioError(f"expect.{key}.{sorted(extra)[0]}", "unknown key")
            per_player[key] = table
        elif isinstance(value, dict):
            raise ScenarioError(f"expect.{key}", "not a player of this scenario")
        else:
            raise ScenarioError(f"expect.{key}", "unknown key")
    return per_player, global_, areas


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(where, f"expected a table, got {type(value).__name__}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(where, f"expected a list, got {type(value).__name__}")
    return value


def _str_list(value: Any, where: str) -> list[str]:
    items = _list(value, where)
    for item in items:
        if not isinstance(item, str):
            raise ScenarioError(where, f"expected strings, got {item!r}")
    return list(items)


def _str(raw: dict[str, Any], key: str, required: bool = False, where: str = "") -> str:
    where = where or key
    if key not in raw:
        if required:
            raise ScenarioError(where, "missing")
        return ""
    value = raw[key]
    if not isinstance(value, str):
        raise ScenarioError(where, f"expected a string, got {value!r}")
    return value


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:
        raise ScenarioError(where, f"expected an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ScenarioError(where, f"must be between {low} and {high}, got {value}")
    return value


def _counts(value: Any, where: str) -> dict[str, int]:
    table = _table(value, where)
    return {area: _int(n, f"{where}.{area}", 0, 55) for area, n in table.items()}
