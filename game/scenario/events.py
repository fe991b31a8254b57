"""The Events extension of the scenario format (SCENARIOS.md "Events"): the `[events]`,
`[[markers]]` and `[dice]` tables, a player's `events` hand, and the event expectations.
Without an `[events]` table the module stays off and none of this applies.

SCENARIOS.md lists these keys too (its "More keys"), so scenarios written from it use them:
- `[events] turn = N`: the game's turn number (cards that may not be played early);
- `[map] start_areas`: each civilization's start area (realm events that go to its homeland);
- a player's `bonus_vp = N`, given and expected;
- expectations `events_over` (true once Age IV ran out), `in_deck` / `not_in_deck` (card ids
  in the current Age deck, or not), and `{min = A, max = B}` for a count instead of a number.
Labels: `event:cancellation` answers a Cancellation's window (`core_label`), as `yes` does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import (
    FACE_UP,
    FACE_UP_MORE,
    HALVES,
    MARKER_KINDS,
    MORE_FROM,
    CancelOffer,
    EventDeck,
    EventsOptions,
    GameState,
    Marker,
    Pending,
    Regions,
    load_event_cards,
    map_regions,
)

from .errors import ScenarioError

TOP_KEYS = {"events", "markers", "dice"}
PLAYER_KEYS = {"events", "bonus_vp"}
GLOBAL_KEYS = {"age", "display", "deck_size", "discards", "markers", "events_played",
               "unpicked", "events_over", "in_deck", "not_in_deck"}
EVENT_KEYS = {"age", "display", "face_up", "deck", "discards", "options", "turn"}
OPTION_KEYS = {"randomise_x", "reveal_more", "random_b", "b_events"}


@dataclass
class EventsSpec:
    age: int = 1
    turn: int = 0  # the game turn the scenario plays (0: as built), for "not during turns 1-2"
    display: list[str] = field(default_factory=list)
    face_up: int | None = None
    deck: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    options: EventsOptions = field(default_factory=EventsOptions)
    hands: dict[str, list[str]] = field(default_factory=dict)
    markers: list[Marker] = field(default_factory=list)
    d2: list[bool] = field(default_factory=list)
    d10: list[int] = field(default_factory=list)
    regions: Regions | None = None  # [map.regions]; None: the map's (game.core.setup)
    bonus_vp: dict[str, int] = field(default_factory=dict)


def parse_events(raw: dict[str, Any], players: dict[str, Any]) -> EventsSpec | None:
    """The checked Events tables of a scenario; None when it has no `[events]` table. Pops
    the players' `events` keys so the core player parser never sees them."""
    hands = {pid: _cards(spec.pop("events"), f"players.{pid}.events")
             for pid, spec in players.items() if isinstance(spec, dict) and "events" in spec}
    bonus_vp = {pid: _int(spec.pop("bonus_vp"), f"players.{pid}.bonus_vp", 0, 999)
                for pid, spec in players.items() if isinstance(spec, dict) and "bonus_vp" in spec}
    game_map = raw.get("map")
    regions_raw = game_map.pop("regions", None) if isinstance(game_map, dict) else None
    if "events" not in raw:
        if regions_raw is not None:
            raise ScenarioError("map.regions", "needs an [events] table (the module is off)")
        for key in ("markers", "dice"):
            if key in raw:
                raise ScenarioError(key, "needs an [events] table (the module is off)")
        if hands or bonus_vp:
            raise ScenarioError("players", "private events and bonus_vp need an [events] table")
        return None
    table = _table(raw["events"], "events")
    _only(table, EVENT_KEYS, "events")
    options = _table(table.get("options", {}), "events.options")
    _only(options, OPTION_KEYS, "events.options")
    spec = EventsSpec(
        age=_int(table.get("age", 1), "events.age", 1, 4),
        turn=_int(table.get("turn", 0), "events.turn", 0, 99),
        display=_cards(table.get("display", []), "events.display"),
        deck=_cards(table.get("deck", []), "events.deck"),
        discards=_cards(table.get("discards", []), "events.discards"),
        options=EventsOptions(
            randomise_x=_bool(options.get("randomise_x", False), "events.options.randomise_x"),
            reveal_more=_bool(options.get("reveal_more", False), "events.options.reveal_more"),
            random_b=_bool(options.get("random_b", False), "events.options.random_b"),
            b_events=_cards(options.get("b_events", []), "events.options.b_events"),
        ),
        hands=hands,
        bonus_vp=bonus_vp,
    )
    if regions_raw is not None:
        spec.regions = _regions(_table(regions_raw, "map.regions"))
    if "face_up" in table:
        spec.face_up = _int(table["face_up"], "events.face_up", 0, 19)
    for i, entry in enumerate(_list(raw.get("markers", []), "markers")):
        spec.markers.append(_marker(_table(entry, f"markers[{i}]"), f"markers[{i}]"))
    dice = _table(raw.get("dice", {}), "dice")
    _only(dice, {"d2", "d10"}, "dice")
    for i, result in enumerate(_list(dice.get("d2", []), "dice.d2")):
        if result not in ("pass", "fail"):
            raise ScenarioError(f"dice.d2[{i}]", f"must be 'pass' or 'fail', got {result!r}")
        spec.d2.append(result == "pass")
    spec.d10 = [_int(v, f"dice.d10[{i}]", 1, 10)
                for i, v in enumerate(_list(dice.get("d10", []), "dice.d10"))]
    return spec


CANCELLATION = "event:cancellation"


def core_label(pick: str | None, pending: Pending) -> str | None:
    """A scripted pick in the core's label. SCENARIOS.md: `event:ID` plays a private event when
    its window is offered, Cancellation included; the core asks a Cancellation's holder `yes` /
    `no` (its bots and screen answer so), and `yes` stays valid in scenarios too."""
    offered = isinstance(pending.detail, CancelOffer) and "yes" in pending.options
    return "yes" if pick == CANCELLATION and offered else pick


def install(state: GameState, spec: EventsSpec) -> None:
    """Turn the module on in a built scenario state, exactly as the tables say."""
    state.config.events = spec.options
    if spec.turn:
        state.turn = spec.turn
    up = spec.face_up
    if up is None:
        more = spec.options.reveal_more and len(state.players) >= MORE_FROM
        up = FACE_UP_MORE if more else FACE_UP
    for pid in (*spec.hands, *spec.bonus_vp):
        if pid not in state.players:
            raise ScenarioError(f"players.{pid}", "not a player")
    for marker in spec.markers:
        if marker.area and marker.area not in state.map.areas:
            raise ScenarioError("markers", f"unknown area {marker.area!r}")
        if marker.player and marker.player not in state.players:
            raise ScenarioError("markers", f"{marker.player!r} is not a player")
    regions = spec.regions or map_regions(state.map)
    for half in (regions.west, regions.east):
        for areas in half:
            for area in areas:
                if area not in state.map.areas:
                    raise ScenarioError("map.regions", f"unknown area {area!r}")
    state.eventdeck = EventDeck(
        regions=regions, age=spec.age, deck=list(spec.deck), display=list(spec.display),
        shown=[i < up for i in range(len(spec.display))], discards=list(spec.discards),
        hands={pid: sorted(spec.hands.get(pid, [])) for pid in state.players},
        markers=list(spec.markers), d2=list(spec.d2), d10=list(spec.d10),
        bonus_vp={pid: n for pid, n in spec.bonus_vp.items() if n},
    )


def check(state: GameState, per_player: dict[str, dict[str, Any]],
          global_: dict[str, Any]) -> list[str]:
    """The event expectations that failed, one line each (key, expected, actual)."""
    out: list[str] = []
    deck = state.eventdeck
    if deck is None:
        wanted = [k for k in global_ if k in GLOBAL_KEYS] + [
            f"{p}.{k}" for p, t in per_player.items() for k in sorted(PLAYER_KEYS) if k in t]
        return [f"{k}: expected with events on, but the scenario has no [events]"
                for k in wanted]
    for pid, table in per_player.items():
        if "events" in table:
            want = sorted(_cards(table["events"], f"expect.{pid}.events"))
            _compare(out, f"{pid}.events", want, sorted(deck.hands.get(pid, [])))
        if "bonus_vp" in table:
            _compare(out, f"{pid}.bonus_vp", table["bonus_vp"], deck.bonus_vp.get(pid, 0))
    unpicked = [k.split(":", 1)[1] for k, n in state.counters.items()
                if k.startswith("event_unpicked:") and n]
    actual: dict[str, Any] = {
        "age": deck.age,
        "events_over": deck.over,
        "display": list(deck.display),
        "deck_size": len(deck.deck),
        "discards": sorted(deck.discards),
        "events_played": list(deck.log),
        "unpicked": unpicked[0] if len(unpicked) == 1 else sorted(unpicked),
        "markers": sorted(_marker_key(m) for m in deck.markers),
    }
    for key, raw_want in global_.items():
        if key not in GLOBAL_KEYS:
            continue
        expected: Any = raw_want
        if key == "markers":
            expected = sorted(_marker_key(_marker(_table(m, "expect.markers"), "expect.markers"))
                              for m in _list(raw_want, "expect.markers"))
        elif key == "discards":
            expected = sorted(_cards(raw_want, "expect.discards"))
        elif key in ("in_deck", "not_in_deck"):  # cards the deck must hold, or must not
            wanted = _cards(raw_want, f"expect.{key}")
            wrong = [c for c in wanted if (c in deck.deck) != (key == "in_deck")]
            if wrong:
                out.append(f"{key}: {', '.join(wrong)} "
                           f"{'missing from' if key == 'in_deck' else 'found in'} the deck")
            continue
        _compare(out, key, expected, actual[key])
    return out


def _regions(table: dict[str, Any]) -> Regions:
    """`[map.regions.west]` and `.east`: die faces or ranges ("3-4") -> land areas."""
    _only(table, set(HALVES), "map.regions")
    halves: list[tuple[tuple[str, ...], ...]] = []
    for half in HALVES:
        faces: list[tuple[str, ...]] = [()] * 10
        for key, areas in _table(table.get(half, {}), f"map.regions.{half}").items():
            where = f"map.regions.{half}.{key}"
            low, _, high = key.partition("-")
            if not low.isdigit() or not (high or low).isdigit():
                raise ScenarioError(where, "expected a die face or a range like 3-4")
            first, last = int(low), int(high or low)
            if not 1 <= first <= last <= 10:
                raise ScenarioError(where, "faces run from 1 to 10")
            items = tuple(str(a) for a in _list(areas, where))
            for face in range(first, last + 1):
                if faces[face - 1]:
                    raise ScenarioError(where, f"face {face} is given twice")
                faces[face - 1] = items
        halves.append(tuple(faces))
    return Regions(west=halves[0], east=halves[1])


def _marker(table: dict[str, Any], where: str) -> Marker:
    _only(table, {"kind", "area", "region", "player", "turns"}, where)
    kind = table.get("kind")
    if kind not in MARKER_KINDS:
        raise ScenarioError(f"{where}.kind", f"unknown marker {kind!r}")
    places = [k for k in ("area", "region", "player") if k in table]
    if len(places) != 1:
        raise ScenarioError(where, "name exactly one of area, region or player")
    place = table[places[0]]
    if not isinstance(place, str):
        raise ScenarioError(f"{where}.{places[0]}", "expected a string")
    turns = _int(table.get("turns", 1), f"{where}.turns", 1, 20)
    return Marker(kind=str(kind), turns=turns, **{places[0]: place})


def _marker_key(m: Marker) -> tuple[str, str, int]:
    return (m.kind, m.area or m.region or m.player, m.turns)


def _cards(value: Any, where: str) -> list[str]:
    cards = load_event_cards().cards
    items = _list(value, where)
    for item in items:
        if item not in cards:
            problem = (f"{item!r} is listed as not adapted" if item in
                       load_event_cards().not_adapted else f"unknown event {item!r}")
            raise ScenarioError(where, problem)
    return [str(i) for i in items]


def _compare(out: list[str], key: str, want: Any, actual: Any) -> None:
    if isinstance(want, dict) and set(want) <= {"min", "max"} and isinstance(actual, int):
        if not want.get("min", actual) <= actual <= want.get("max", actual):
            out.append(f"{key}: expected {want!r}, actual {actual!r}")
        return
    if want != actual:
        out.append(f"{key}: expected {want!r}, actual {actual!r}")


def _only(table: dict[str, Any], keys: set[str], where: str) -> None:
    extra = set(table) - keys
    if extra:
        raise ScenarioError(f"{where}.{sorted(extra)[0]}", "unknown key")


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(where, "expected a table")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(where, "expected a list")
    return value


def _int(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ScenarioError(where, f"must be an integer {low}-{high}, got {value!r}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise ScenarioError(where, f"must be true or false, got {value!r}")
    return value
