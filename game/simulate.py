"""Headless games: bots in every seat, from set-up to the end (python -m game simulate)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots import make_bot
from game.core import (
    Action,
    CalamityResolved,
    EventsOptions,
    GameConfig,
    MapError,
    MapGraph,
    PhaseNotImplemented,
    SetupError,
    apply,
    card_census,
    choose_setup,
    event_counts,
    final_ranking,
    load_game_data,
    new_game,
    view,
    violations,
)

if TYPE_CHECKING:
    from game.bots import Bot
    from game.core import Event, GameState
    from game.persist import GameRecord

MAX_ACTIONS = 2_000_000
ENDED_BY_ACTION_LIMIT = "max_actions"  # the game was still going when the limit was hit


class SimulationError(Exception):
    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def resolve_map(name: str | None) -> MapGraph:
    from game.maps.files import find_maps, load_map_file

    maps = find_maps()
    if name is None:
        if not maps:
            raise SimulationError("no map is installed yet: pass --map FILE")
        name = sorted(maps)[0]
    path = maps.get(name, Path(name))
    if name not in maps and not path.is_file():
        known = ", ".join(sorted(maps)) or "none installed"
        raise SimulationError(f"no map {name!r}: give a map id (known: {known}) or a map file")
    try:
        graph, _ = load_map_file(path)
    except MapError as err:
        raise SimulationError(str(err)) from None
    return graph


def new_state(
    players: int,
    seed: int,
    ruleset: str,
    graph: MapGraph,
    ast_side: str = "basic",
    max_turns: int = 0,
    last_turn: int = 0,
    open_bargaining: bool = False,
    events: bool = False,
) -> GameState:
    """A new game at its first decision with the set-up for `players` civilizations;
    SimulationError (one line) if it cannot be set up."""
    data = load_game_data()
    config = GameConfig(players=[], ruleset=ruleset, ast_side=ast_side, seed=seed,
                        max_turns=max_turns, last_turn=last_turn,
                        open_bargaining=open_bargaining,
                        events=EventsOptions() if events else None)
    try:
        config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
        return new_game(config, graph, data)
    except SetupError as err:
        raise SimulationError(str(err)) from None
    except PhaseNotImplemented as err:
        raise SimulationError(f"{err}: the whole turn is not built yet", 2) from None


def start(
    players: int,
    bots: list[str],
    seed: int,
    ruleset: str,
    graph: MapGraph,
    ast_side: str = "basic",
    max_turns: int = 0,
    last_turn: int = 0,
    open_bargaining: bool = False,
    events: bool = False,
) -> tuple[GameState, dict[str, Bot], list[str]]:
    """A new game at its first decision, with a bot in every seat (one level for all, or one
    per seat), seeded from `seed` as `simulate` plays it; also the level of each seat."""
    state = new_state(players, seed, ruleset, graph, ast_side=ast_side, max_turns=max_turns,
                      last_turn=last_turn, open_bargaining=open_bargaining, events=events)
    if len(bots) == 1:
        bots = bots * len(state.players)
    if len(bots) != len(state.players):
        raise SimulationError(f"{len(bots)} bot levels for {len(state.players)} players")
    try:
        seats = {pid: make_bot(level, seed * 1000 + i)
                 for i, (pid, level) in enumerate(zip(state.players, bots, strict=True))}
    except ValueError as err:
        raise SimulationError(str(err)) from None
    return state, seats, bots


def simulate(
    players: int,
    bots: list[str],
    seed: int = 1,
    ruleset: str = "classic",
    map_name: str | None = None,
    ast_side: str = "basic",
    max_turns: int = 0,
    save: str | None = None,
    check: bool = True,
    graph: MapGraph | None = None,
    last_turn: int = 0,
    max_actions: int | None = None,
    observe: Callable[[GameState, list[Event]], None] | None = None,
    open_bargaining: bool = False,
    log: list[Action] | None = None,
    events: bool = False,
) -> dict[str, Any]:
    """One headless game; `graph` (already loaded) stands in for `map_name`. A game still going
    after `max_actions` (default MAX_ACTIONS) actions stops there, reported as ended by the
    action limit. `observe`, if given, sees the state and the events after every action; `log`,
    if given, receives every action taken, in order."""
    limit = MAX_ACTIONS if max_actions is None else max_actions
    if graph is None:
        graph = resolve_map(map_name)
    state, seats, bots = start(players, bots, seed, ruleset, graph, ast_side=ast_side,
                               max_turns=max_turns, last_turn=last_turn,
                               open_bargaining=open_bargaining, events=events)
    record = _recorder(state) if save else None
    if record is not None:
        record.seats = dict(zip(state.players, bots, strict=True))  # bots in every seat
    cards: Counter[str] = card_census(state)
    bad = violations(state, cards)
    calamities: Counter[str] = Counter()
    actions = 0
    try:
        while not state.game_over and state.pending is not None and actions < limit:
            who = state.pending.player
            label = seats[who].choose(view(state, who))
            action = Action(who, label)
            happened = apply(state, action)
            if log is not None:
                log.append(action)
            if record is not None:
                record.note(action, state)
            actions += 1
            if observe is not None:
                observe(state, happened)
            for event in happened:
                if isinstance(event, CalamityResolved):
                    calamities[event.calamity] += 1
            if check:
                bad += violations(state, cards)
    except PhaseNotImplemented as err:
        raise SimulationError(f"{err}: the whole turn is not built yet", 2) from None
    if save and record is not None:
        _write(save, record, state)
    ranking = final_ranking(state)
    scores = {s.player: s.total for s in ranking}
    winner = ranking[0].player if ranking else ""
    return {
        "seed": seed,
        "players": len(state.players),
        "ruleset": ruleset,
        "turns": state.turn - (1 if state.game_over else 0),  # an ended game is one turn on
        "ended_by": state.ended_by or (
            ENDED_BY_ACTION_LIMIT if actions >= limit else "stuck"),
        "winner": winner,
        "scores": scores,
        "calamities": dict(sorted(calamities.items())),
        "actions": actions,
        "invariant_violations": len(bad),
        **({"events": event_counts(state)} if events else {}),
    }


def _recorder(state: GameState) -> GameRecord:
    """The action log and turn hashes that `--save` writes (game.persist's save format)."""
    from game.persist import GameRecord

    return GameRecord.begin(state, from_new_game=True)


def _write(path: str, record: GameRecord, state: GameState) -> None:
    from game.persist import SaveError, write_save

    try:
        write_save(path, record, state)
    except SaveError as err:
        raise SimulationError(str(err)) from None
