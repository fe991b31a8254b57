"""Another player's pending decision reveals nothing hidden from the viewer (issue 34).

Seeded games with the Events module on are played by bots; at every decision, for every seat
but the decider's, the test takes the viewer's view, then changes in a copy what is hidden from
that viewer (the other players' trade cards, the order of the trade stacks, the event deck's
order, the face-down cards of the event display, the other players' private events), lets the
core ask the same decision again, and checks that the viewer sees the same pending decision:
kind, words, prompt, options and detail. Before issue 34 another player's "buy an advance"
words listed the advances that player could pay for, and the payment words the value of each
card as it was handed in."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from game.bots import make_bot
from game.core import (
    Action,
    EventCardTaken,
    EventsOptions,
    GameConfig,
    GameState,
    HandCard,
    Pending,
    Rng,
    advance,
    apply,
    new_game,
    view,
)
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


@cache
def _graph():  # type: ignore[no-untyped-def]
    return load_map_file(ARENA)[0]


def _hidden_changed(state: GameState, viewer: str, seed: int) -> GameState:
    """The same public game with other secrets for `viewer`: every other player's trade cards
    swapped with cards of the stacks, the stacks and the event deck shuffled, the face-down
    display cards and the others' private events swapped with cards of the event deck. Counts
    (hand sizes, stack sizes) stay as they are: they are public."""
    other = state.clone()
    rng = Rng.seeded(seed)
    for block, piles in other.stacks.items():
        hands = [p for p in other.players.values() if p.id != viewer and p.block == block]
        for pile in piles:
            for p in hands:
                for i, held in enumerate(p.hand):
                    if pile and rng.below(2):
                        j = rng.below(len(pile))
                        p.hand[i], pile[j] = HandCard(pile[j], held.traded_by), held.card
            rng.shuffle(pile)
    deck = other.eventdeck
    if deck is not None and deck.deck:
        for i, up in enumerate(deck.shown):
            if not up:
                j = rng.below(len(deck.deck))
                deck.display[i], deck.deck[j] = deck.deck[j], deck.display[i]
        for pid, hand in deck.hands.items():
            if pid != viewer:
                for i in range(len(hand)):
                    j = rng.below(len(deck.deck))
                    hand[i], deck.deck[j] = deck.deck[j], hand[i]
                hand.sort()
        rng.shuffle(deck.deck)
    return other


def _asked_again(state: GameState) -> Pending | None:
    """The pending decision the core asks when the task on top runs again (None when running
    it again does not simply ask again)."""
    again = state.clone()
    again.pending = None
    try:
        advance(again)
    except Exception:  # noqa: BLE001 - a step that is not meant to run twice
        return None
    return again.pending


def _seen(pending: Pending | None) -> tuple[object, ...]:
    if pending is None:
        return ()
    return (pending.player, pending.kind, pending.prompt, tuple(pending.options), pending.rule,
            pending.detail, pending.words)


def _check_game(players: int, seed: int, bot: str, actions: int) -> Counter[str]:
    """Play one game, checking every decision; the kinds checked, counted."""
    setup = f"{players}-west"
    config = GameConfig(players=[], setup=setup, seed=seed, max_turns=12,
                        events=EventsOptions())
    state = new_game(config, _graph())
    bots = {pid: make_bot(bot, seed * 100 + i) for i, pid in enumerate(state.players)}
    checked: Counter[str] = Counter()
    leaks: list[str] = []
    for n in range(actions):
        if state.game_over:
            break
        pending = state.pending
        assert pending is not None
        same = _asked_again(state)
        if _seen(same) == _seen(pending):  # the decision can be asked again as it is
            for viewer in state.players:
                if viewer == pending.player:
                    continue
                before = _seen(view(state, viewer).pending)
                for k in range(2):
                    changed = _hidden_changed(state, viewer, seed * 7919 + n * 31 + k)
                    again = _asked_again(changed)
                    if again is None or (again.player, again.kind) != (pending.player,
                                                                      pending.kind):
                        continue
                    changed.pending = again
                    after = _seen(view(changed, viewer).pending)
                    if after != before:
                        leaks.append(f"{pending.kind} of {pending.player} seen by {viewer}: "
                                     f"{before} != {after}")
            checked[pending.kind] += 1
        who = pending.player
        for event in apply(state, Action(who, bots[who].choose(view(state, who)))):
            # events go to every seat: a private event taken is told without its card
            if isinstance(event, EventCardTaken) and event.private:
                assert event.card == "", event
                checked["private event taken"] += 1
    assert not leaks, f"{len(leaks)} leaks, first: {leaks[0]}"
    return checked


@pytest.mark.parametrize(("players", "seed", "bot"),
                         [(5, 3, "normal"), (6, 5, "random"), (8, 7, "normal")])
def test_another_players_pending_decision_hides_what_only_its_maker_knows(
        players: int, seed: int, bot: str) -> None:
    checked = _check_game(players, seed, bot, actions=3000)
    assert checked["advance_choice"] > 0 or checked["event_take"] > 0, checked


def test_a_buyer_of_advances_is_seen_buying_advances_and_nothing_more() -> None:
    config = GameConfig(players=[], setup="5-west", seed=3, max_turns=12, events=EventsOptions())
    state = new_game(config, _graph())
    bots = {pid: make_bot("normal", i) for i, pid in enumerate(state.players)}
    while state.pending is not None and state.pending.kind != "advance_choice":
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    assert state.pending is not None
    buyer = state.pending.player
    other = next(p for p in state.players if p != buyer)
    seen = view(state, other).pending
    assert seen is not None and seen.options == [] and seen.detail is None
    assert seen.words is not None and seen.words.names == (f"player:{buyer}",)
    assert seen.words.render() == f"{buyer} is buying advances"
    own = view(state, buyer).pending
    assert own is not None and own.options and own.detail is not None
