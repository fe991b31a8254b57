"""Phase 6, trade-card acquisition (rules §4 phase 6: 6a draw, 6b buy extra cards)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.engine import Action, advance, apply
from game.core.gamedata import load_game_data
from game.core.invariants import card_census, violations
from game.core.phases.trade_card_acquisition import (
    WONDER_FLAG,
    CardOffers,
    TradeCardBought,
    TradeCardDrawn,
    acquisition_order,
    purchase_offers,
)
from game.core.rng import Rng
from game.core.state import GameState, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

AREAS = [f"a{i}" for i in range(30)]


def make(players: dict[str, dict[str, Any]], seed: int = 1) -> GameState:
    raw = {
        "title": "test", "ruleset": "classic", "seed": seed,
        "map": {"areas": {a: {"pop": 3, "site": "white"} for a in AREAS}},
        "players": players, "play": {"phase": "trade_card_acquisition"},
    }
    data = load_game_data()
    return build_state(parse_scenario(raw, "test", data), data)


def cities(n: int, start: int = 0) -> list[str]:
    return AREAS[start:start + n]


def labelled_stacks(state: GameState, block: str = "west") -> None:
    """Known decks: stack s holds commodity cards of face value s, named in draw order."""
    names: dict[int, str] = {}
    for card, commodity in load_game_data().commodities.items():
        names.setdefault(commodity.value, card)  # ochre, papyrus, fish, wool, ... resin, ...
    state.stacks[block] = [[names[s]] * 5 for s in range(1, 10)]
    state.discards[block] = [[] for _ in range(9)]


def start(state: GameState) -> list[Any]:
    state.tasks = [Task("phase:trade_card_acquisition")]
    return advance(state)


def test_each_player_draws_one_card_from_each_stack_up_to_their_city_count() -> None:
    state = make({"egypt": {"cities": cities(3)}, "babylon": {"cities": cities(1, 3)},
                  "assyria": {}})
    labelled_stacks(state)
    events = start(state)
    drawn = [(e.player, e.stack) for e in events if isinstance(e, TradeCardDrawn)]
    assert sorted(s for p, s in drawn if p == "egypt") == [1, 2, 3]
    assert [s for p, s in drawn if p == "babylon"] == [1]
    assert not [s for p, s in drawn if p == "assyria"]
    assert [len(deck) for deck in state.stacks["west"]] == [3, 4, 4, 5, 5, 5, 5, 5, 5]


def test_the_player_with_fewest_cities_draws_first_and_ties_go_by_ast_ranking() -> None:
    state = make({"egypt": {"cities": cities(1)}, "babylon": {"cities": cities(2, 1)},
                  "assyria": {"cities": cities(1, 3)}})
    assert acquisition_order(state) == ["assyria", "egypt", "babylon"]
    state.stacks["west"][0] = ["clay", "ochre"]  # two cards for three draws from stack 1
    events = start(state)
    first = [e.player for e in events if isinstance(e, TradeCardDrawn) and e.stack == 1]
    assert first == ["assyria", "egypt", "babylon"]
    assert [h.card for h in state.players["assyria"].hand] == ["clay"]
    assert [h.card for h in state.players["egypt"].hand] == ["ochre"]
    assert "water" in [h.card for h in state.players["babylon"].hand]


def test_an_empty_stack_gives_water_and_never_a_card_of_another_stack() -> None:
    state = make({"egypt": {"cities": cities(2)}, "babylon": {}})
    labelled_stacks(state)
    state.stacks["west"][0] = []
    events = start(state)
    assert sorted(h.card for h in state.players["egypt"].hand) == ["papyrus", "water"]
    water = [e for e in events if isinstance(e, TradeCardDrawn) and e.water]
    assert [(e.player, e.stack) for e in water] == [("egypt", 1)]
    assert len(state.stacks["west"][1]) == 4 and len(state.stacks["west"][2]) == 5


def test_in_a_two_block_game_players_draw_only_from_their_own_block() -> None:
    state = make({"egypt": {"cities": cities(2)}, "babylon": {"cities": cities(2, 2)}})
    labelled_stacks(state, "west")
    labelled_stacks(state, "east")
    state.players["babylon"].block = "east"
    state.stacks["east"][0] = []  # Babylon's stack 1 is empty; the West one is not
    start(state)
    assert sorted(h.card for h in state.players["babylon"].hand) == ["papyrus", "water"]
    assert [len(d) for d in state.stacks["east"][:2]] == [0, 4]
    assert [len(d) for d in state.stacks["west"][:2]] == [4, 4]


def test_without_treasury_or_wonder_nobody_is_asked_anything() -> None:
    state = make({"egypt": {"cities": cities(2), "treasury": 14}, "babylon": {}})
    start(state)
    assert state.pending is None and not state.tasks


def test_anyone_may_buy_from_stack_nine_for_fifteen() -> None:
    state = make({"egypt": {"treasury": 15}, "babylon": {}})
    assert purchase_offers(state, "egypt") == {9: 15}
    state.players["egypt"].treasury = 14
    assert purchase_offers(state, "egypt") == {}


def test_cartography_rhetoric_and_mining_add_their_stacks_and_prices() -> None:
    state = make({"egypt": {"treasury": 30, "advances": ["cartography"]},
                  "babylon": {"treasury": 30, "advances": ["rhetoric"]},
                  "assyria": {"treasury": 30, "advances": ["mining"]}})
    assert purchase_offers(state, "egypt") == {2: 5, 7: 13, 9: 15}
    assert purchase_offers(state, "babylon") == {3: 9, 9: 15}
    assert purchase_offers(state, "assyria") == {6: 13, 8: 13, 9: 15}
    state.players["egypt"].treasury = 12
    assert purchase_offers(state, "egypt") == {2: 5}


def test_buying_pays_first_and_returns_the_treasury_to_stock() -> None:
    state = make({"egypt": {"treasury": 20, "advances": ["cartography"]}, "babylon": {}})
    labelled_stacks(state)
    start(state)
    assert state.pending is not None and state.pending.kind == "buy_trade_card"
    assert state.pending.options == ["number:2", "number:7", "number:9", "done"]
    assert state.pending.detail == CardOffers(offers=((2, 5), (7, 13), (9, 15)))
    events = apply(state, Action("egypt", "number:7"))
    bought = [e for e in events if isinstance(e, TradeCardBought)]
    assert [(e.stack, e.price, e.water) for e in bought] == [(7, 13, False)]
    egypt = state.players["egypt"]
    assert (egypt.treasury, egypt.stock) == (7, 48)
    assert [h.card for h in egypt.hand] == ["resin"]
    assert state.pending.options == ["number:2", "done"]
    assert state.pending.detail == CardOffers(offers=((2, 5),))
    assert not violations(state)


def test_buying_follows_the_drawing_order() -> None:
    state = make({"egypt": {"cities": cities(1), "treasury": 15},
                  "babylon": {"cities": cities(2, 1), "treasury": 15},
                  "assyria": {"cities": cities(2, 3), "treasury": 15}})
    start(state)
    asked = []
    while state.pending is not None:
        asked.append(state.pending.player)
        apply(state, Action(state.pending.player, "done"))
    assert asked == ["egypt", "assyria", "babylon"]


def test_wonder_of_the_world_gives_one_free_card_from_a_stack_above_the_city_count() -> None:
    state = make({"egypt": {"cities": cities(6), "advances": ["wonder_of_the_world"]},
                  "babylon": {}})
    assert purchase_offers(state, "egypt") == {7: 0, 8: 0, 9: 0}
    labelled_stacks(state)
    start(state)
    events = apply(state, Action("egypt", "number:8"))
    assert [(e.stack, e.price) for e in events if isinstance(e, TradeCardBought)] == [(8, 0)]
    assert state.players["egypt"].flags[WONDER_FLAG] == 1
    assert state.players["egypt"].treasury == 0
    assert state.pending is None  # once per turn, and no treasury for more


def test_the_wonder_card_replaces_the_paid_offer_of_the_same_stack_only_once() -> None:
    state = make({"egypt": {"cities": cities(2), "advances": ["wonder_of_the_world"],
                            "treasury": 15}, "babylon": {}})
    assert purchase_offers(state, "egypt")[9] == 0
    state.players["egypt"].flags[WONDER_FLAG] = 1
    assert purchase_offers(state, "egypt") == {9: 15}


def test_wonder_of_the_world_gives_nothing_with_nine_cities() -> None:
    state = make({"egypt": {"cities": cities(9), "advances": ["wonder_of_the_world"]},
                  "babylon": {}})
    assert purchase_offers(state, "egypt") == {}


def test_random_buying_always_ends_and_keeps_tokens_and_cards_whole() -> None:
    for seed in range(20):
        state = make({"egypt": {"cities": cities(3), "treasury": 55,
                                "advances": ["cartography", "mining", "rhetoric",
                                             "wonder_of_the_world"]},
                      "babylon": {"cities": cities(1, 3), "treasury": 40}}, seed=seed)
        cards = card_census(state)
        start(state)
        rng = Rng.seeded(seed)
        for _ in range(200):
            if state.pending is None:
                break
            apply(state, Action(state.pending.player, rng.choice(state.pending.options)))
            assert not violations(state, cards)
            assert GameState.from_json(state.to_json()) == state
        assert state.pending is None and not state.tasks
        assert card_census(state) == cards  # water aside, every card is still somewhere
        drawn = Counter(h.card for h in state.players["egypt"].hand)
        assert sum(drawn.values()) >= 3
