"""The event value model of the bots (game/bots/events.py): cards valued from a player's view
by what they do to it and to its rivals."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

from game.bots import events as ev
from game.bots.normal import NormalBot
from game.core import (
    EventsOptions,
    GameConfig,
    GameState,
    Pending,
    PlayerView,
    load_event_cards,
    new_game,
    view,
)
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


@cache
def _state() -> GameState:
    graph, _ = load_map_file(ARENA)
    config = GameConfig(players=[], setup="5-west", seed=3, max_turns=30,
                        events=EventsOptions())
    return new_game(config, graph)


def _view(player: int = 0, treasury: int = 10, census: int = 0) -> PlayerView:
    """A player's view with every player holding `treasury` tokens, two cities (and `census`
    tokens on the board)."""
    seen = view(_state(), list(_state().players)[player])
    players = tuple(dataclasses.replace(p, treasury=treasury, census=census or p.census,
                                        cities=2) for p in seen.players)
    return dataclasses.replace(seen, players=players)


def test_a_famine_is_worth_less_than_a_windfall() -> None:
    v = _view()
    assert ev.card_value(v, "famine") < ev.card_value(v, "windfall")
    assert ev.card_value(v, "windfall") > 0


def test_inflation_costs_the_taker_half_its_treasury_and_nothing_when_it_is_empty() -> None:
    assert ev.card_value(_view(treasury=10), "calamity_inflation") == -5
    assert ev.card_value(_view(treasury=0), "calamity_inflation") == 0


def test_a_bad_realm_card_strikes_its_civilization_only() -> None:
    v = _view(census=5)
    me = v.viewer
    cards = load_event_cards().cards
    others = [p.id for p in v.players if p.id != me]
    theirs = [c for c in cards.values() if c.kind == "realm" and c.realm in others
              and c.public and any(e.do == "lose_tokens" for e in c.effects)]
    assert theirs, "no bad realm card of another civilization in play"
    for card in theirs:
        assert ev.card_value(v, card.id) >= 0, card.id  # harmless to the taker
        owner = next(i for i, p in enumerate(_state().players) if p == card.realm)
        assert ev.card_value(_view(owner, census=5), card.id) < 0, card.id
    absent = [c for c in cards.values() if c.kind == "realm" and c.public
              and c.realm not in _state().players]
    assert absent and all(ev.card_value(v, c.id) == 0 for c in absent)


def test_a_face_down_card_is_worth_the_average_of_the_age_cards_not_seen() -> None:
    v = _view()
    assert v.events is not None
    seen = {c for c in v.events.display if c}
    candidates = ev.face_down_candidates(v)
    assert candidates and not seen & set(candidates)
    assert all(load_event_cards().cards[c].age == v.events.age for c in candidates)
    values = [ev.card_value(v, c) for c in candidates]
    assert ev.take_value(v, "event:face_down:4") == sum(values) / len(values)


def _asked(kind: str, prompt: str, options: list[str]) -> PlayerView:
    v = _view()
    assert v.viewer is not None
    return dataclasses.replace(v, pending=Pending(v.viewer, kind, prompt, options))


def test_the_normal_bot_aims_a_harmful_card_at_the_leader_and_a_helpful_one_at_itself() -> None:
    v = _view()
    assert v.viewer is not None
    players = [f"player:{p.id}" for p in v.players]
    leader = ev.leader(v, [p.id for p in v.players if p.id != v.viewer])
    corruption = NormalBot(1).choose(_asked("event_target", "Corruption: choose", players))
    assert corruption == f"player:{leader}"
    commerce = NormalBot(1).choose(_asked("event_target", "Commerce: choose", players))
    assert commerce == f"player:{v.viewer}"


def test_the_normal_bot_takes_the_best_card_and_plays_only_what_helps() -> None:
    take = ["event:calamity_inflation", "event:windfall", "event:famine"]
    assert NormalBot(1).choose(_asked("event_take", "Take one", take)) == "event:windfall"
    broke = dataclasses.replace(_asked("event_play", "Play?", ["event:monastic_spirit", "no"]))
    broke = dataclasses.replace(broke, players=tuple(
        dataclasses.replace(p, treasury=0) for p in broke.players))
    assert NormalBot(1).choose(broke) == "no"  # nothing to buy monasteries with
    assert NormalBot(1).choose(_asked("event_play", "Play?", ["event:windfall", "no"])) \
        == "event:windfall"
