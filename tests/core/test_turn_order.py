"""The turn order is the state's data (`config.players`, the A.S.T. ranking), not a dict's key
order: a state restored from `to_json` (written with sorted keys) plays on exactly as before."""

from __future__ import annotations

from game.bots import RandomBot
from game.core import Action, GameState, apply, view
from game.core.invariants import violations

from .test_random_play import start


def test_a_state_restored_from_json_mid_game_plays_the_same_actions_to_the_same_hashes() -> None:
    state = start(5, "classic", seed=3, max_turns=12)
    assert list(state.players) != sorted(state.players)  # else sorting could not show
    bots = {pid: RandomBot(i) for i, pid in enumerate(state.players)}
    restored: GameState | None = None
    played = 0
    while not state.game_over and played < 400:
        if played == 6:  # the hostile tester's split: city construction went in a different order
            restored = GameState.from_json(state.to_json())
            assert list(restored.players) == list(state.players)
        who = state.pending.player
        action = Action(who, bots[who].choose(view(state, who)))
        apply(state, action)
        if restored is not None:
            apply(restored, action)
            assert restored.state_hash() == state.state_hash(), f"action {played}"
        played += 1
    assert played > 100


def test_the_hash_sees_the_turn_order_and_the_invariants_a_dict_out_of_that_order() -> None:
    state = start(5, "classic", seed=3, max_turns=4)
    turned = state.clone()
    turned.config.players = turned.config.players[::-1]
    assert turned.state_hash() != state.state_hash()
    assert violations(turned) == ["the players are not those of the configuration, in its order"]
    assert violations(GameState.from_json(turned.to_json())) == []  # rebuilt in that order
