"""Cancellation as a reaction (000:event:17), bonus VP in the score, and the usurper's
dynastic stability (000:calamity:12): the parts the scenarios cannot reach."""

from __future__ import annotations

from pathlib import Path

from game.core import CancelOffer, GameConfig, GameState, apply, new_game, score_breakdown
from game.core.engine import Action
from game.core.eventdeck.action import labels
from game.core.eventdeck.cards import Effect
from game.core.eventdeck.effects.decline import USURPED
from game.core.eventdeck.model import EventsOptions
from game.core.flow import label_key
from game.core.gamedata import load_game_data
from game.core.setup import choose_setup
from game.maps.files import load_map_file

from .effect_steps import resolve

ARENA = Path(__file__).resolve().parents[2] / "maps" / "arena.json"


def game(players: int = 5) -> GameState:
    setup = choose_setup(load_game_data(), GameConfig(players=["?"] * players))
    config = GameConfig(players=[], setup=setup.id, seed=1, events=EventsOptions())
    return new_game(config, load_map_file(ARENA)[0])


def take_first(state: GameState, card: str) -> str:
    """The first taker takes `card`, laid first in the display; returns the taker."""
    deck = state.eventdeck
    assert deck is not None and state.pending is not None
    deck.display[0] = card
    state.pending.options = sorted(labels(state), key=label_key)
    taker = state.pending.player
    apply(state, Action(taker, f"event:{card}"))
    return taker


def test_a_game_where_nobody_holds_cancellation_sees_no_new_decision() -> None:
    state = game()
    take_first(state, "corruption")
    assert state.pending is not None and state.pending.kind == "event_target"


def test_holders_are_asked_in_ast_order_with_who_took_the_card() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    first, second, third = list(state.players)[:3]
    deck.hands[third] = ["cancellation"]
    deck.hands[second] = ["cancellation"]
    taker = take_first(state, "caravan")
    assert taker == first
    pending = state.pending
    assert pending is not None and pending.kind == "event_cancel"
    assert pending.player == second and pending.options == ["yes", "no"]
    assert pending.detail == CancelOffer(card="caravan", player=first, private=False)
    apply(state, Action(second, "no"))
    assert state.pending is not None and state.pending.player == third
    treasury = state.players[first].treasury
    apply(state, Action(third, "yes"))
    assert state.players[first].treasury == treasury  # cancelled: no caravan
    deck = state.eventdeck  # apply replaced the state's parts with its working copy's
    assert deck is not None
    assert deck.hands[third] == [] and deck.hands[second] == ["cancellation"]
    assert state.counters["event_cancelled:caravan"] == 1
    assert state.pending is not None and state.pending.kind == "event_take"
    assert state.pending.player == second  # the action goes on with the next player


def test_a_cancellation_in_a_save_mid_reaction_comes_back_the_same() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    deck.hands[list(state.players)[1]] = ["cancellation"]
    take_first(state, "caravan")
    again = GameState.from_json(state.to_json())
    assert again == state and again.state_hash() == state.state_hash()


def test_bonus_vp_from_events_count_in_the_score() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    player = next(iter(state.players))
    before = score_breakdown(state, player).total
    deck.bonus_vp[player] = 6
    assert score_breakdown(state, player).total == before + 6


def test_the_ruler_rolls_one_die_after_a_usurpation_in_the_last_two_turns() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    player = next(iter(state.players))
    effect = Effect("usurper", {"turns": 4})
    deck.d10 = [2, 9, 1, 1]  # stable: the ruler keeps 9 of 2 and 9; the usurper 1 of 1 and 1
    resolve(state, player, effect)
    assert deck.d10 == [] and USURPED + ":" + player not in state.counters
    state.counters[f"{USURPED}:{player}"] = state.turn - 1  # usurped last turn
    deck.d10 = [2, 9, 1, 1]  # the ruler rolls only the 2; the usurper keeps the lower of 9, 1
    resolve(state, player, effect)
    assert deck.d10 == [1]


def test_a_card_discarded_unplayed_as_too_early_is_not_offered_for_cancellation() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None and state.turn < 3
    deck.hands[list(state.players)[1]] = ["cancellation"]
    take_first(state, "council")  # not during turns 1 and 2
    assert state.pending is not None and state.pending.kind == "event_take"
