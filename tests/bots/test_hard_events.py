"""The hard bot with the Events module (issue 40): its search chooses event picks, targets and
private plays, from samples that start mid-phase where the view allows (the viewer's own pick
from the display, 004:16.2; its turn in a phase's window for private events, 004:16.1), and
samples of a later phase do not play the turn's Event Action a second time."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

from game.bots import make_bot
from game.bots.hard import HardBot
from game.bots.sampler import sample_at_events, sample_at_movement, sample_at_window
from game.bots.search import SearchRequest, run_search
from game.core import (
    PHASE_WINDOWS,
    Action,
    EventsOptions,
    GameConfig,
    GameState,
    Rng,
    apply,
    load_event_cards,
    new_game,
    view,
)
from game.maps.files import load_map_file
from tests.bots.played import played_to

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"
# A realm event of a civilization not at the table: taken, it strikes nobody (004:16.1 realm
# events; eventdeck/action.py _targets)
NOBODYS = "saba_frankincense_harvest"
# 000:event:42, 3 bonus VP per 5 treasury spent as advance acquisition begins, up to 25
MONASTIC = "monastic_spirit"


@cache
def _at_take() -> GameState:
    """Five normal bots with the Events module, at the first pick from the display after
    turn 5 (Minoa: one city, 22 treasury)."""
    return played_to("event_take", after_turn=5, events=True)


def _display(cards: list[str]) -> tuple[GameState, str]:
    """The position with the display laid face up as `cards`, and the player to pick."""
    state = _at_take().clone()
    assert state.pending is not None and state.eventdeck is not None
    state.eventdeck.display = list(cards)
    state.eventdeck.shown = [True] * len(cards)
    # the question asked again of the new display (its options are its cards)
    state.pending = dataclasses.replace(
        state.pending, options=sorted(f"event:{c}" for c in set(cards)))
    return state, state.pending.player


def _take_request(state: GameState, me: str, base: str, seed: int = 3) -> SearchRequest:
    """A search of the pick, ended by its sample cap (never the clock): what it decides depends
    on what it sees and its seed alone."""
    seen = view(state, me)
    assert seen.pending is not None
    return SearchRequest(view=seen, kind="event_take", candidates=tuple(seen.pending.options),
                         base=base, seed=seed, budget=600.0, samples=6, margin=1.0,
                         confidence=2.0, token_value=0.15, event_value=0.3)


def test_the_search_takes_the_event_card_that_clearly_wins() -> None:
    """Monastic Spirit with 22 treasury buys 12 bonus VP this turn: the search takes it over a
    card that strikes nobody, even when the normal choice was the other."""
    assert load_event_cards().cards[MONASTIC].window == "advance_acquisition"
    state, me = _display([NOBODYS, MONASTIC])
    assert state.players[me].treasury >= 20
    result = run_search(_take_request(state, me, base=f"event:{NOBODYS}"))
    assert result.samples == 6
    assert result.choice == f"event:{MONASTIC}"


def test_the_search_keeps_the_normal_pick_when_no_other_clearly_wins() -> None:
    """Two cards that strike nobody: the normal choice stands (the rollouts see no gain)."""
    state, me = _display([NOBODYS, "saba_great_dam_of_marib"])
    result = run_search(_take_request(state, me, base=f"event:{NOBODYS}"))
    assert result.choice == f"event:{NOBODYS}"


def test_the_event_search_is_deterministic_for_a_seed() -> None:
    state, me = _display([NOBODYS, MONASTIC, "commerce"])
    first = run_search(_take_request(state, me, base=f"event:{NOBODYS}", seed=9))
    again = run_search(_take_request(state, me, base=f"event:{NOBODYS}", seed=9))
    assert first == dataclasses.replace(again, seconds=first.seconds)


def test_the_hard_bot_searches_its_pick_from_the_display() -> None:
    state, me = _display([NOBODYS, MONASTIC, "commerce"])
    bot = HardBot(5, budget=600.0, samples=2)
    choice = bot.choose(view(state, me))
    assert bot.searches == 1 and bot.last is not None and bot.last.samples == 2
    assert choice == f"event:{MONASTIC}"  # the normal value agrees: it stands
    again = HardBot(5, budget=600.0, samples=2)
    assert again.choose(view(state, me)) == choice and again.last == dataclasses.replace(
        bot.last, seconds=again.last.seconds if again.last else 0.0)


# -- samples that start mid-phase -------------------------------------------------------------

def test_a_sample_starts_at_the_viewers_own_pick_from_the_display() -> None:
    """004:16.2: players take in A.S.T. order, so at the viewer's pick those before it have
    taken theirs; the sample asks the viewer, from the display the view shows."""
    state = _at_take()
    assert state.pending is not None
    me = state.pending.player
    seen = view(state, me)
    for seed in range(3):
        sample = sample_at_events(seen, Rng.seeded(seed))
        assert sample.pending is not None
        assert (sample.pending.player, sample.pending.kind) == (me, "event_take")
        assert sample.pending.options == seen.pending.options if seen.pending else False
        again = view(sample, me)
        assert again.events is not None and seen.events is not None
        assert again.events.display == seen.events.display
        assert again.events.hand == seen.events.hand


def test_after_the_pick_the_sampled_turn_goes_on_without_a_second_display() -> None:
    state = _at_take()
    assert state.pending is not None
    me = state.pending.player
    sample = sample_at_events(view(state, me), Rng.seeded(4))
    turn = sample.turn
    phases = _play(sample, until_turn=turn + 1)
    assert phases[0] == "events" and phases.count("events") == 1, phases
    assert sample.turn == turn + 1


def _play(state: GameState, until_turn: int) -> list[str]:
    """Normal bots in every seat until the turn `until_turn` begins; the phases seen, in
    order (a phase is listed each time it starts asking)."""
    bots = {pid: make_bot("normal", i) for i, pid in enumerate(state.players)}
    phases: list[str] = []
    while not state.game_over and state.pending is not None and state.turn < until_turn:
        if not phases or phases[-1] != state.phase:
            phases.append(state.phase)
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))
    return phases


def test_a_sample_of_a_later_phase_does_not_play_the_event_action_again() -> None:
    """004:16.2: the Event Action opens the turn. A sample at the viewer's movement has had
    it; before, the sampled turn laid a second display after movement and everyone took
    another card in every hard rollout."""
    state = played_to("movement_area", after_turn=4, events=True)
    assert state.pending is not None
    me = state.pending.player
    sample = sample_at_movement(view(state, me), Rng.seeded(5))
    turn = sample.turn
    phases = _play(sample, until_turn=turn + 1)
    assert "events" not in phases, phases
    assert sample.turn == turn + 1


@cache
def _at_window() -> GameState:
    """A game with the Events module at a private-event decision in a phase's own window."""
    graph, _ = load_map_file(ARENA)
    for seed in range(11, 40):
        config = GameConfig(players=[], setup="5-west", seed=seed, max_turns=12,
                            events=EventsOptions())
        state = new_game(config, graph)
        bots = {pid: make_bot("normal", i) for i, pid in enumerate(state.players)}
        while not state.game_over and state.pending is not None:
            if state.pending.kind == "event_play" and state.phase in PHASE_WINDOWS:
                return state
            who = state.pending.player
            apply(state, Action(who, bots[who].choose(view(state, who))))
    raise AssertionError("no private event offered in a phase's window")


def test_a_sample_starts_at_the_viewers_turn_in_a_phase_window() -> None:
    """004:16.1 private events: a phase's window asks each holder in A.S.T. order; the sample
    asks the viewer the same question, in the same phase."""
    state = _at_window()
    assert state.pending is not None
    me = state.pending.player
    seen = view(state, me)
    sample = sample_at_window(seen, Rng.seeded(6))
    assert sample.pending is not None and seen.pending is not None
    assert (sample.pending.player, sample.pending.kind) == (me, "event_play")
    assert sample.pending.options == seen.pending.options
    assert sample.phase == state.phase


def test_the_hard_bot_searches_whom_a_chosen_event_strikes() -> None:
    """Commerce (000:event, a turn's extra tax for the player chosen): the taker names the
    player; the sample starts at that question, and the search keeps the taker itself."""
    state, me = _display(["commerce", NOBODYS])
    apply(state, Action(me, "event:commerce"))
    assert state.pending is not None and state.pending.kind == "event_target"
    seen = view(state, me)
    sample = sample_at_events(seen, Rng.seeded(2), card="commerce")
    assert sample.pending is not None and seen.pending is not None
    assert (sample.pending.player, sample.pending.kind) == (me, "event_target")
    assert sample.pending.options == seen.pending.options
    bot = HardBot(5, budget=600.0, samples=3)
    assert bot.choose(seen) == f"player:{me}"
    assert bot.searches == 1 and bot.last is not None and bot.last.samples == 3


def test_the_hard_bot_searches_a_private_play_in_a_phase_window() -> None:
    state = _at_window()
    assert state.pending is not None
    seen = view(state, state.pending.player)
    first, again = HardBot(5, budget=600.0, samples=3), HardBot(5, budget=600.0, samples=3)
    choice = first.choose(seen)
    assert choice in seen.pending.options if seen.pending else False
    assert first.searches == 1 and first.last is not None and first.last.samples == 3
    assert again.choose(seen) == choice
    assert again.last == dataclasses.replace(first.last, seconds=again.last.seconds
                                             if again.last else 0.0)
