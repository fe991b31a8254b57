"""The host's choices for a new network game, both ways: the fields of a `create` message from
the game's configuration (the client's side), and the new game from those fields (the
server's side), every value checked against the installed rules and maps.

The seed is the server's to draw unless the create names one: whoever knows it knows the
order of every deck, so a host who plays should not. It is drawn from the system's secure
generator over the whole range the core's generator takes (`Rng.seeded` keeps 64 bits), so
trying every seed against what a game has shown is out of reach (issue 38: 31 bits were
tried in about 40 core-minutes)."""

from __future__ import annotations

import secrets
from typing import Any

from game.core import (
    EventsOptions,
    GameConfig,
    GameState,
    MapError,
    MapGraph,
    PhaseNotImplemented,
    SetupError,
    StateError,
    choose_setup,
    load_event_cards,
    load_game_data,
    new_game,
)
from game.persist.strictjson import one_line

SECRET_SEEDS = 2**64 - 1  # a drawn seed is 1 .. 2**64 - 1 (0 asks the server to draw one)


def secret_seed() -> int:
    """A seed nobody can guess: the core's generator takes 64 bits of it (Rng.seeded)."""
    return 1 + secrets.randbelow(SECRET_SEEDS)


class ChoiceError(ValueError):
    """A choice the server cannot set up; `str` is one line for the host."""


def create_fields(config: GameConfig, map_id: str, secret_seed: bool = True) -> dict[str, Any]:
    """The host's choices in `config` (its players name the set-up's seats) as the fields of a
    create message; with `secret_seed`, the server draws the seed."""
    fields: dict[str, Any] = {
        "players": len(config.players), "seed": 0 if secret_seed else config.seed,
        "ruleset": config.ruleset, "max_turns": config.max_turns, "ast_side": config.ast_side,
        "last_turn": config.last_turn, "open_bargaining": config.open_bargaining}
    if config.setup:
        fields["setup"] = config.setup
    if map_id:
        fields["map"] = map_id
    if config.events is not None:
        events = config.events
        fields["events"] = {"randomise_x": events.randomise_x, "reveal_more": events.reveal_more,
                            "random_b": events.random_b, "b_events": list(events.b_events)}
    return fields


def state_from_create(msg: dict[str, Any]) -> GameState:
    """The new game a checked create message asks for; ChoiceError (one line) if the rules or
    maps installed here cannot set it up."""
    data = load_game_data()
    players = int(msg["players"])
    ruleset = str(msg["ruleset"])
    if ruleset not in data.rulesets:
        raise ChoiceError(f"no rule set {one_line(ruleset, 40)!r} (known: "
                          f"{', '.join(sorted(data.rulesets))})")
    setup_id = str(msg.get("setup", ""))
    try:
        setup = choose_setup(data, GameConfig(players=["?"] * players, setup=setup_id))
    except SetupError as err:
        raise ChoiceError(one_line(str(err), 120)) from None
    if len(setup.civilizations) != players:
        raise ChoiceError(f"the set-up {setup.id} is for {len(setup.civilizations)} players, "
                          f"not {players}")
    events = msg.get("events")
    if events is not None:
        _check_b_events([str(e) for e in events.get("b_events", [])])
    config = GameConfig(
        players=list(setup.civilizations), ruleset=ruleset,
        ast_side=str(msg.get("ast_side", "basic")), setup=setup.id,
        seed=int(msg["seed"]) or secret_seed(),
        max_turns=int(msg["max_turns"]), last_turn=int(msg.get("last_turn", 0)),
        open_bargaining=bool(msg.get("open_bargaining", False)),
        events=None if events is None else EventsOptions(
            randomise_x=bool(events.get("randomise_x", False)),
            reveal_more=bool(events.get("reveal_more", False)),
            random_b=bool(events.get("random_b", False)),
            b_events=[str(e) for e in events.get("b_events", [])]))
    graph = installed_map(str(msg.get("map", "")))
    try:
        return new_game(config, graph, data)
    except (SetupError, StateError, PhaseNotImplemented, ValueError, KeyError) as err:
        raise ChoiceError(f"cannot set up that game: {one_line(str(err), 120)}") from None


def _check_b_events(chosen: list[str]) -> None:
    """ChoiceError naming the ids among `chosen` that are no B-event of the installed cards
    (004:16: the B-events New game may choose are the Ages' B cards)."""
    known = {c.id for c in load_event_cards().cards.values() if c.kind == "B"}
    unknown = sorted(set(chosen) - known)
    if unknown:
        names = ", ".join(repr(one_line(e, 40)) for e in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise ChoiceError(f"no B-event {names}{more} among the event cards "
                          f"(b_events names only B-events)")


# maps read and checked, by (path, modified, size): reading and checking a map took 0.4 s of
# a create's 0.53 s, on the server's loop (issue 38: one connection creating froze the server)
_MAPS: dict[tuple[str, int, int], MapGraph] = {}


def installed_map(map_id: str) -> MapGraph:
    """An installed map by its id ("": the first), never a path a client names; each map file
    is read and checked once while it is unchanged (a MapGraph is immutable: games share it)."""
    from game.maps.files import find_maps, load_map_file

    maps = find_maps()
    if not maps:
        raise ChoiceError("no map is installed on the server")
    name = map_id or sorted(maps)[0]
    if name not in maps:
        raise ChoiceError(f"no map {one_line(name, 40)!r} on the server (installed: "
                          f"{', '.join(sorted(maps))})")
    path = maps[name]
    try:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        graph = _MAPS.get(key)
        if graph is None:
            graph, _ = load_map_file(path)
            _MAPS.clear()  # one map file at a time per path: the newest kept
            _MAPS[key] = graph
    except (MapError, OSError) as err:
        raise ChoiceError(one_line(str(err), 120)) from None
    return graph
