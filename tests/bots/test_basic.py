"""The basic bot (issue 3): answers only with legal labels from its own view, builds cities and
buys advances, so that its games move forward."""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.core import Action, GameConfig, apply, legal_actions, new_game, view
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def test_basic_bots_build_cities_and_buy_advances_in_ten_turns() -> None:
    graph, _ = load_map_file(ARENA)
    state = new_game(GameConfig(players=[], setup="5-west", seed=3, max_turns=10), graph)
    bots = {pid: make_bot("basic", i) for i, pid in enumerate(state.players)}
    while not state.game_over:
        who = state.pending.player
        label = bots[who].choose(view(state, who))
        assert Action(who, label) in legal_actions(state)
        apply(state, Action(who, label))
    cities = sum(len(state.board.cities_of(p)) for p in state.players)
    advances = sum(len(p.advances) for p in state.players.values())
    assert cities >= 5 and advances >= 3
    assert all(p.ast >= 4 for p in state.players.values())



def test_basic_bots_build_cities_on_the_real_map_too() -> None:
    """On oikoumene two neighbouring city sites once fed each other, turn after turn, and after
    12 turns nobody had a city: tokens gathered into a site now stay there, and an area tokens
    just left is not gathered into again that turn."""
    graph, _ = load_map_file(Path(__file__).resolve().parents[2] / "maps" / "oikoumene.json")
    state = new_game(GameConfig(players=[], setup="5-west", seed=5, max_turns=12), graph)
    bots = {pid: make_bot("basic", i) for i, pid in enumerate(state.players)}
    while not state.game_over:
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    assert sum(len(state.board.cities_of(p)) for p in state.players) >= 10
