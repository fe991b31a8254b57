"""Phase 8, calamity selection (rules §4 phase 8): at most 2 majors, 3 in all, no duplicates."""

from __future__ import annotations

from typing import Any

from game.core.engine import advance
from game.core.gamedata import load_game_data
from game.core.phases.calamity_selection import CalamitiesShown, CalamityDiscarded
from game.core.state import GameState, HandCard, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario


def make(hands: dict[str, list[str]], seed: int = 1, ruleset: str = "classic") -> GameState:
    raw = {
        "title": "test", "ruleset": ruleset, "seed": seed,
        "map": {"areas": {"A": {"pop": 3}}},
        "players": {pid: {"hand": hand} for pid, hand in hands.items()},
        "play": {"phase": "calamity_selection"},
    }
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.discards["west"] = [[] for _ in range(9)]
    return state


def select(state: GameState) -> list[Any]:
    state.tasks = [Task("phase:calamity_selection")]
    events = advance(state)
    assert state.pending is None and not state.tasks  # never a decision
    return events


def cards(state: GameState, pid: str) -> list[str]:
    return sorted(h.card for h in state.players[pid].hand)


def test_a_hand_within_the_limits_is_left_alone() -> None:
    state = make({"egypt": ["flood", "piracy", "squandered_wealth", "salt"]})
    events = select(state)
    assert cards(state, "egypt") == ["flood", "piracy", "salt", "squandered_wealth"]
    assert not [e for e in events if isinstance(e, CalamityDiscarded)]
    assert [(e.player, e.count) for e in events if isinstance(e, CalamitiesShown)] == [
        ("egypt", 3)]


def test_no_player_keeps_more_than_two_majors_tradable_or_not() -> None:
    for seed in range(10):
        state = make({"egypt": ["famine", "superstition", "flood", "epidemic", "salt"]},
                     seed=seed)
        events = select(state)
        kept = cards(state, "egypt")
        assert len(kept) == 3 and "salt" in kept
        gone = [e for e in events if isinstance(e, CalamityDiscarded)]
        assert [e.reason for e in gone] == ["majors", "majors"]


def test_no_player_keeps_more_than_three_calamities() -> None:
    state = make({"egypt": ["famine", "tempest", "city_in_flames", "squandered_wealth"]})
    events = select(state)
    assert len(cards(state, "egypt")) == 3
    assert [e.reason for e in events if isinstance(e, CalamityDiscarded)] == ["total"]


def test_majors_are_cut_to_two_before_the_total_is_cut_to_three() -> None:
    for seed in range(25):
        state = make({"egypt": ["famine", "flood", "epidemic", "piracy", "tempest"]}, seed=seed)
        select(state)
        assert "tempest" in cards(state, "egypt")
        assert len(cards(state, "egypt")) == 3


def test_of_two_identical_calamities_one_is_discarded_at_random() -> None:
    kept_from = set()
    for seed in range(20):
        state = make({"egypt": ["epidemic", "epidemic<babylon", "famine"], "babylon": []},
                     seed=seed)
        events = select(state)
        assert cards(state, "egypt") == ["epidemic", "famine"]
        assert [e.reason for e in events if isinstance(e, CalamityDiscarded)] == ["duplicate"]
        kept_from.add(next(h.traded_by for h in state.players["egypt"].hand
                            if h.card == "epidemic"))
    assert kept_from == {"", "babylon"}  # either copy may go


def test_duplicates_go_before_the_limits_are_counted() -> None:
    # Three Epidemics and a Famine: the two extra Epidemics go as duplicates, leaving 2 majors.
    state = make({"egypt": ["epidemic", "epidemic", "epidemic", "famine"]})
    events = select(state)
    assert cards(state, "egypt") == ["epidemic", "famine"]
    assert [e.reason for e in events if isinstance(e, CalamityDiscarded)] == [
        "duplicate", "duplicate"]


def test_discarded_calamities_go_to_the_discard_pile_of_their_stack() -> None:
    state = make({"egypt": ["epidemic", "epidemic"]})
    select(state)
    piles = state.discards["west"]
    assert piles[5] == ["epidemic"]  # stack 6
    assert sum(len(p) for p in piles) == 1


def test_the_rule_set_decides_a_calamitys_stack() -> None:
    # Flood is in stack 5 in the classic rules and in stack 4 in Mega Empires.
    for ruleset, stack in (("classic", 5), ("mega-empires", 4)):
        state = make({"egypt": ["flood", "flood"]}, ruleset=ruleset)
        select(state)
        assert state.discards["west"][stack - 1] == ["flood"]


def test_commodity_and_water_cards_are_never_touched() -> None:
    hand = ["famine", "flood", "epidemic", "piracy", "water", "gold", "gold"]
    state = make({"egypt": hand})
    select(state)
    kept = cards(state, "egypt")
    assert kept.count("gold") == 2 and "water" in kept


def test_every_player_is_brought_within_the_limits() -> None:
    state = make({"egypt": ["famine", "flood", "epidemic"],
                  "babylon": ["famine", "flood", "epidemic", "piracy"]})
    select(state)
    assert len(cards(state, "egypt")) == 2
    assert len(cards(state, "babylon")) == 2


def test_the_same_seed_discards_the_same_cards() -> None:
    def run(seed: int) -> list[HandCard]:
        state = make({"egypt": ["famine", "flood", "epidemic", "piracy", "tempest",
                                "city_riots"]}, seed=seed)
        select(state)
        return state.players["egypt"].hand

    assert run(4) == run(4)
