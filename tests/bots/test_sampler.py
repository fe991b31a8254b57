"""The sampler (hard bot): a GameState built from a view agrees with everything the view shows,
keeps every card of the block exactly once, and deals the hidden cards at random."""

from __future__ import annotations

from collections import Counter
from functools import cache

from game.bots import make_bot
from game.bots.cards import block_cards
from game.bots.sampler import age_cards, sample_at_movement, sample_at_shop, sample_state
from game.core import Action, GameState, apply, clone, view
from game.core.gamedata import load_game_data
from game.core.invariants import card_census
from game.core.rng import Rng
from tests.bots.played import played_to


@cache
def _at(kind: str) -> GameState:
    return played_to(kind, after_turn=7, seed=21)

def test_a_sample_shows_its_viewer_exactly_what_the_view_showed() -> None:
    state = _at("trade_partner")
    me = next(iter(state.players))
    seen = view(state, me)
    sample = sample_state(seen, Rng.seeded(1))
    again = view(sample, me)
    assert again.board == seen.board and again.hand == seen.hand
    assert again.players == seen.players
    assert again.stack_sizes == seen.stack_sizes and again.discard_sizes == seen.discard_sizes
    assert sample.config.seed != state.config.seed  # never the game's own seed


def test_every_card_of_the_block_is_somewhere_exactly_once() -> None:
    state = _at("trade_partner")
    me = next(iter(state.players))
    sample = sample_state(view(state, me), Rng.seeded(2))
    full: Counter[str] = Counter()
    for card, _stack, n in block_cards("5-west", "classic", "west"):
        full[card] += n
    assert card_census(sample) == card_census(state) == full


def test_hidden_cards_are_dealt_differently_by_different_samples() -> None:
    state = _at("trade_partner")
    me = next(iter(state.players))
    seen = view(state, me)
    hands = {tuple(sorted(h.card for p in sample_state(seen, Rng.seeded(s)).players.values()
                          if p.id != me for h in p.hand)) for s in range(4)}
    decks = {tuple(sample_state(seen, Rng.seeded(s)).stacks["west"][8]) for s in range(4)}
    assert len(decks) > 1 or len(hands) > 1


def test_no_calamity_sits_in_another_hand_after_the_calamity_phases() -> None:
    state = _at("advance_choice")
    assert state.pending is not None
    me = state.pending.player
    calamities = load_game_data().rulesets["classic"].calamities
    for s in range(5):
        sample = sample_at_shop(view(state, me), Rng.seeded(s))
        assert sample.pending is not None and sample.pending.player == me
        assert sample.pending.kind == "advance_choice"
        for p in sample.players.values():
            if p.id != me:
                assert not [h.card for h in p.hand if h.card in calamities]


def test_a_movement_sample_starts_at_the_viewers_own_turn_to_move() -> None:
    state = clone(_at("movement_area"))
    assert state.pending is not None
    first = state.pending.player
    bots = {pid: make_bot("normal", i) for i, pid in enumerate(state.players)}
    while state.pending is not None and state.pending.player == first:  # the first mover
        apply(state, Action(first, bots[first].choose(view(state, first))))
    assert state.pending is not None and state.pending.kind == "movement_area"
    me = state.pending.player
    for s in range(3):
        sample = sample_at_movement(view(state, me), Rng.seeded(s))
        assert sample.pending is not None and sample.pending.player == me
        assert sample.pending.options == state.pending.options  # the earlier mover is done
        assert view(sample, me).board == view(state, me).board


def test_cards_announced_at_the_table_are_dealt_to_their_holder() -> None:
    state = _at("trade_partner")
    me = next(iter(state.players))
    other = [p for p in state.players if p != me and state.players[p].hand][0]
    sample = sample_state(view(state, me), Rng.seeded(3), known={other: ["ochre", "clay"]})
    held = Counter(h.card for h in sample.players[other].hand)
    assert held["ochre"] >= 1 and held["clay"] >= 1


@cache
def _at_with_events(kind: str) -> GameState:
    return played_to(kind, after_turn=5, events=True)

def test_with_events_a_sample_shows_the_viewer_the_events_the_view_showed() -> None:
    for kind in ("event_take", "advance_choice"):
        state = _at_with_events(kind).clone()
        assert state.pending is not None and state.eventdeck is not None
        me = state.pending.player
        rival = next(p for p in state.players if p != me)
        state.eventdeck.bonus_vp[rival] = 3  # victory points an event won: public
        seen = view(state, me)
        assert seen.events is not None and dict(seen.events.bonus_vp)[rival] == 3
        for s in range(3):
            sample = sample_state(seen, Rng.seeded(s))
            assert sample.eventdeck is not None
            assert view(sample, me).events == seen.events, kind
    shop = sample_at_shop(seen, Rng.seeded(4))
    assert shop.eventdeck is not None and view(shop, me).events == seen.events


def test_with_events_face_down_cards_and_other_hands_are_dealt_from_the_unseen_cards() -> None:
    state = _at_with_events("event_take")
    assert state.pending is not None and state.eventdeck is not None
    me = state.pending.player
    seen = view(state, me)
    assert seen.events is not None and "" in seen.events.display  # a face-down card
    age = set(age_cards(seen))
    shown = {c for c in seen.events.display if c}
    deals = set()
    for s in range(6):
        deck = sample_state(seen, Rng.seeded(s)).eventdeck
        assert deck is not None
        down = tuple(c for c, up in zip(deck.display, deck.shown, strict=True) if not up)
        assert set(down) <= age and len(deck.deck) == seen.events.deck_size
        deals.add((down, tuple(deck.deck[:5])))
    assert shown and len(deals) > 1  # different samples deal the hidden cards differently
