"""Test helpers: a scripted player for human seats, and the search for a game position whose
next turn holds a trade between the two human seats and a calamity decision for one of them.

The script decides *what* to pick from the player's own view (like a bot); the UI test then
performs that pick with mouse clicks and keys on the real client.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.bots import make_bot
from game.core import (
    Action,
    GameConfig,
    GameState,
    PlayerView,
    TradeAccepted,
    apply,
    new_game,
    view,
)
from game.core.gamedata import load_game_data
from game.core.setup import choose_setup
from game.maps.files import load_map_file

CALAMITY_PHASES = ("calamity_resolution",)


@dataclass
class Script:
    """Human seats' choices: trade with the other human once a turn, accept their offers,
    otherwise play like the basic bot."""

    humans: tuple[str, str]
    seed: int = 7
    traded: set[tuple[int, str]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.bots = {pid: make_bot("basic", self.seed + i) for i, pid in enumerate(self.humans)}

    def choose(self, v: PlayerView) -> str:
        pending = v.pending
        assert pending is not None and v.viewer is not None
        options = pending.options
        me = v.viewer
        other = self.humans[1] if me == self.humans[0] else self.humans[0]
        if pending.kind == "trade_partner":
            if f"player:{other}" in options and (v.turn, me) not in self.traded:
                self.traded.add((v.turn, me))
                return f"player:{other}"
            return "done"
        if pending.kind == "trade_card":
            return "done" if "done" in options else options[0]
        if pending.kind == "trade_name":
            return options[0]
        if pending.kind == "trade_answer":
            return "yes" if "yes" in options else "no"
        return self.bots[me].choose(v)


def make_game(seed: int, players: int = 5) -> GameState:
    from pathlib import Path

    graph, _ = load_map_file(Path(__file__).resolve().parent.parent / "maps" / "arena.json")
    data = load_game_data()
    config = GameConfig(players=[], seed=seed)
    config.setup = choose_setup(data, GameConfig(players=["?"] * players)).id
    return new_game(config, graph, data)


def bots_to_turn(state: GameState, turn: int, seed: int) -> None:
    seats = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(state.players)}
    while state.turn < turn and not state.game_over:
        who = state.pending.player  # type: ignore[union-attr]
        apply(state, Action(who, seats[who].choose(view(state, who))))


@dataclass
class Outcome:
    trade: bool = False
    calamity_decision: bool = False
    finished_turn: bool = False


def dry_run(state: GameState, humans: tuple[str, str], seed: int) -> Outcome:
    """Play the coming turn on a copy with the script for humans and bots for the rest."""
    work = state.clone()
    script = Script(humans)
    bots = {pid: make_bot("basic", seed * 100 + i) for i, pid in enumerate(work.players)}
    start = work.turn
    out = Outcome()
    while not work.game_over and work.pending is not None and work.turn == start:
        who = work.pending.player
        if who in humans:
            if work.phase in CALAMITY_PHASES:
                out.calamity_decision = True
            label = script.choose(view(work, who))
        else:
            label = bots[who].choose(view(work, who))
        for event in apply(work, Action(who, label)):
            if isinstance(event, TradeAccepted) and {event.player, event.partner} == set(humans):
                out.trade = True
    out.finished_turn = work.turn > start or work.game_over
    return out
