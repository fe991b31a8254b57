"""The bot levels of issue 7: every decision legal, the economy played, trades made by value,
calamities passed on, and the easy / normal / hard policies behaving as described."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from game.bots import LEVELS, make_bot
from game.bots.advances import plan_payment
from game.bots.hard import HardBot
from game.bots.normal import NormalBot
from game.bots.reading import Reading
from game.bots.trading import Trader, plan_side
from game.core import (
    Action,
    AdvanceBought,
    CityBuilt,
    Event,
    GameConfig,
    GameState,
    ShipBuilt,
    ShipSailed,
    TradeAccepted,
    TradeOffered,
    apply,
    legal_actions,
    new_game,
    view,
)
from game.core.invariants import card_census, violations
from game.core.phases.trade import TableOffer, TradeAnswer
from game.core.state import Task
from game.maps.files import load_map_file

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


@cache
def _graph():  # type: ignore[no-untyped-def]
    return load_map_file(ARENA)[0]


def _play(levels: list[str], seed: int, turns: int, bargaining: bool = False
          ) -> tuple[GameState, list[Event]]:
    config = GameConfig(players=[], setup="5-west", seed=seed, max_turns=turns,
                        open_bargaining=bargaining)
    state = new_game(config, _graph())
    bots = {pid: make_bot(levels[i % len(levels)], seed * 10 + i)
            for i, pid in enumerate(state.players)}
    cards = card_census(state)
    events: list[Event] = []
    while not state.game_over:
        assert state.pending is not None
        who = state.pending.player
        label = bots[who].choose(view(state, who))
        assert Action(who, label) in legal_actions(state), (state.pending.kind, label)
        events += apply(state, Action(who, label))
        assert not violations(state, cards)
    for bot in bots.values():
        assert not getattr(bot, "errors", []), bot.errors  # type: ignore[attr-defined]
    return state, events


@cache
def _normal_game() -> tuple[GameState, tuple[Event, ...]]:
    state, events = _play(["normal"], 4, 16)
    return state, tuple(events)


def test_levels_are_registered_for_arena_and_simulate() -> None:
    assert {"random", "basic", "easy", "normal", "hard"} <= set(LEVELS)


def test_normal_bots_build_cities_buy_advances_and_climb_the_ast() -> None:
    state, events = _normal_game()
    kinds = Counter(type(e) for e in events)
    assert kinds[CityBuilt] >= 10
    assert kinds[AdvanceBought] >= 10
    assert sum(p.ast for p in state.players.values()) >= 5 * 7


def test_normal_bots_trade_and_every_trade_is_by_declared_commodities() -> None:
    _, events = _normal_game()
    offered = [e for e in events if isinstance(e, TradeOffered)]
    accepted = [e for e in events if isinstance(e, TradeAccepted)]
    assert offered and accepted
    assert all(len(e.named) == 2 for e in offered)


def test_bots_bargain_openly_review_ask_for_cards_and_still_trade() -> None:
    state, events = _play(["normal", "easy", "random"], 4, 8, bargaining=True)
    offered = [e for e in events if isinstance(e, TradeOffered)]
    assert state.game_over and offered
    assert any(e.wants for e in offered)
    assert any(isinstance(e, TradeAccepted) for e in events)


def test_a_side_obliges_a_request_when_the_asked_card_is_missed_little() -> None:
    state, _ = _normal_game()
    r = Reading(view(state, next(iter(state.players))))
    hand = ["bone", "clay", "flax", "hides", "ochre"]  # five singletons, all worth the same
    assert "ochre" not in plan_side(r, hand)
    assert "ochre" in plan_side(r, hand, ("ochre",))
    assert "gold" not in plan_side(r, hand, ("gold",))  # not held: nothing to oblige with


def test_easy_bots_play_legally() -> None:
    state, _ = _play(["easy"], 5, 8)
    assert state.game_over


def test_a_side_holds_every_tradable_calamity_and_the_cards_missed_least() -> None:
    state, _ = _normal_game()
    r = Reading(view(state, next(iter(state.players))))
    hand = ["treachery", "superstition", "ochre", "papyrus", "papyrus", "papyrus", "famine"]
    side = plan_side(r, hand)
    assert {"treachery", "superstition"} <= set(side)
    assert "famine" not in side  # non-tradable
    assert "papyrus" not in side or side.count("papyrus") < 3
    assert sum(1 for c in side if c in ("ochre", "papyrus")) >= 2


def test_an_offer_that_grows_a_set_is_accepted_and_one_of_unknowns_refused() -> None:
    state, _ = _normal_game()
    me = next(iter(state.players))
    r = Reading(view(state, me))
    other = [p for p in state.players if p != me][0]
    r.__dict__["hand"] = ["ochre", "ochre", "ochre", "clay", "papyrus", "fish"]
    good = TradeAnswer(offer=TableOffer(by=other, count=3, named=("ochre", "ochre")),
                       may_counter=False)
    bad = TradeAnswer(offer=TableOffer(by=other, count=7, named=("clay", "fish")),
                      may_counter=False)
    assert Trader().answer(r, good, ["no", "yes"]) == "yes"
    assert Trader().answer(r, bad, ["no", "yes"]) == "no"


def test_payment_takes_whole_sets_and_the_least_waste() -> None:
    plan = plan_payment({"ochre": 3, "papyrus": 2}, treasury=10, per_token=1, price=17)
    assert plan is not None
    # ochre 3x3x1 = 9 and papyrus 2x2x2 = 8 cover 17 exactly: no treasury needed
    assert set(plan.sets) == {"ochre", "papyrus"} and plan.treasury == 0
    plan = plan_payment({"ochre": 3, "papyrus": 2}, treasury=10, per_token=1, price=12)
    assert plan is not None  # 9 + 3 treasury beats 17 in cards (5 thrown away)
    assert plan.sets == ("ochre",) and plan.treasury == 3
    plan = plan_payment({"ochre": 3}, treasury=10, per_token=2, price=15)
    assert plan is not None and plan.sets == ("ochre",) and plan.treasury == 3
    assert plan_payment({"ochre": 1}, treasury=0, per_token=1, price=5) is None


def test_normal_bot_passes_a_tradable_calamity_to_the_leader() -> None:
    state, _ = _normal_game()
    me = next(iter(state.players))
    r = Reading(view(state, me))
    partners = [p for p in state.players if p != me]
    trader = Trader()
    leader = r.leader_among(partners)
    r.__dict__["hand"] = ["treachery", "ochre", "clay", "papyrus"]
    assert trader.partner(r, [f"player:{p}" for p in partners] + ["done"]) == f"player:{leader}"


def test_hard_bot_plays_legally_within_its_budget_and_searches() -> None:
    state = new_game(GameConfig(players=[], setup="5-west", seed=8, max_turns=11), _graph())
    hard_seat = list(state.players)[1]
    hard = HardBot(3, budget=0.2, samples=2)
    bots = {pid: hard if pid == hard_seat else NormalBot(i)
            for i, pid in enumerate(state.players)}
    while not state.game_over:
        assert state.pending is not None
        who = state.pending.player
        label = bots[who].choose(view(state, who))
        assert Action(who, label) in legal_actions(state)
        apply(state, Action(who, label))
    assert hard.searches > 0
    assert not hard.errors and not any(b.errors for b in bots.values())


def test_normal_bot_ships_surplus_it_cannot_spread_by_land() -> None:
    from game.core import advance

    graph = _graph()
    state = new_game(GameConfig(players=[], setup="5-west", seed=1), graph)
    board = state.board

    def put(area: str, n: int) -> None:
        have = board.count(area, "minoa")
        board.add(area, "minoa", n - have)
        state.players["minoa"].stock -= n - have

    # a crowded coast (16 tokens where 4 may stay) whose land neighbours are full
    put("a001", 16)
    for area in ("a002", "a012", "a003", "a013", "a022"):
        put(area, graph.areas[area].pop)
    put("a011", 3)
    state.tasks[-1] = Task(state.tasks[-1].kind)  # restart the movement phase on the new board
    state.pending = None
    advance(state)
    bots = {pid: NormalBot(i) for i, pid in enumerate(state.players)}
    kinds: Counter[type[Event]] = Counter()
    while state.phase == "movement":
        assert state.pending is not None
        who = state.pending.player
        for event in apply(state, Action(who, bots[who].choose(view(state, who)))):
            if getattr(event, "player", "") == "minoa":
                kinds[type(event)] += 1
    assert kinds[ShipBuilt] == 1 and kinds[ShipSailed] == 1


def test_bot_seats_answer_their_own_decisions_and_stop_at_a_person() -> None:
    from game.bots.seats import BotSeats

    state = new_game(GameConfig(players=[], setup="5-west", seed=2, max_turns=3), _graph())
    person = list(state.players)[2]
    seats = BotSeats({civ: "normal" for civ in state.players if civ != person}, seed=1)
    for _ in range(40):
        seats.skip(state)
        if state.game_over:
            break
        assert state.pending is not None and state.pending.player == person
        assert not seats.to_move(state) and seats.step(state) == []
        apply(state, Action(person, state.pending.options[-1]))


def test_advances_are_worth_the_calamity_losses_they_save() -> None:
    from game.bots.advances import protections

    saved = protections("classic")
    assert saved["engineering"]["flood"] > 0 and saved["engineering"]["volcanic_eruption"] > 0
    assert saved["pottery"]["famine"] > 0 and saved["irrigation"]["famine"] > 0
    assert saved["medicine"]["epidemic"] > 0 > saved["roadbuilding"]["epidemic"]
    assert saved["law"]["civil_disorder"] > 0 > saved["military"]["civil_disorder"]


def test_engineering_is_worth_more_to_a_player_on_a_flood_plain() -> None:
    from game.bots.advances import protection_points

    state, _ = _normal_game()
    me = next(iter(state.players))
    plain = next(a for a, area in _graph().areas.items() if area.flood_plain)
    dry = Reading(view(state, me))
    dry.__dict__["my_areas"] = []
    dry.__dict__["my_cities"] = []
    wet = Reading(view(state, me))
    wet.__dict__["my_areas"] = [plain]
    wet.__dict__["my_cities"] = [plain]
    assert protection_points(wet, "engineering") > protection_points(dry, "engineering")


def test_hard_bot_moves_by_the_plan_its_search_picks() -> None:
    from game.bots.growth import PLANS, Grower
    from game.bots.hard import GATHER_FROM, searching_with
    from game.bots.search import SearchRequest, SearchResult
    from tests.bots.played import played_to

    state = played_to("movement_area", after_turn=GATHER_FROM - 1, seed=11)
    assert state.pending is not None
    who = state.pending.player
    asked: list[SearchRequest] = []

    def searcher(req: SearchRequest) -> SearchResult:
        asked.append(req)
        return SearchResult("plan:no_sites", 1, 0.0, 0)

    hard = HardBot(3)
    with searching_with(searcher):
        label = hard.choose(view(state, who))
    assert [r.kind for r in asked] == ["movement_area"]
    assert asked[0].base == "plan:normal" and "plan:no_sites" in asked[0].candidates
    assert asked[0].token_value > 0  # a plan's population counts at its rollouts' end
    assert asked[0].gather_from == GATHER_FROM  # its rollouts play its seat as it grows
    assert not hard.grower.gather_sites  # the picked plan is the one played
    picked = Grower(**PLANS["no_sites"])
    picked.make_plan(Reading(view(state, who)))
    assert label == f"area:{picked.plan[0].source}"
    with searching_with(searcher):  # the rest of the turn's movement follows the plan
        hard.choose(view(state, who))
    assert len(asked) == 1


def test_hard_bot_grows_before_it_gathers_tokens_on_city_sites() -> None:
    """Hard leaves its early tokens to grow in pairs: no gathering on city sites before turn
    GATHER_FROM (bots README), then it plans as the normal bot does."""
    from game.bots.growth import Grower
    from game.bots.hard import GATHER_FROM
    from tests.bots.played import played_to

    def moves(grower: Grower, r: Reading) -> list[tuple[str, str, int, bool]]:
        grower.make_plan(r)
        return [(m.source, m.target, m.count, m.ship) for m in grower.plan]

    early = played_to("movement_area", after_turn=3, seed=11)
    assert early.pending is not None and early.turn < GATHER_FROM
    who = early.pending.player
    r = Reading(view(early, who))
    hard_moves = moves(Grower(gather_from=GATHER_FROM), r)
    assert hard_moves != moves(Grower(), r)  # the normal bot gathers on a site here
    assert hard_moves == moves(Grower(gather_sites=0), r)
    hard = HardBot(3, budget=0.0)  # no search: its own plan alone
    assert hard.choose(view(early, who)) == f"area:{hard_moves[0][0]}"

    later = played_to("movement_area", after_turn=GATHER_FROM - 1, seed=11)
    assert later.pending is not None
    r = Reading(view(later, later.pending.player))
    assert moves(Grower(gather_from=GATHER_FROM), r) == moves(Grower(), r)


def test_the_growth_planners_ship_reach_passes_out_of_play_areas_and_ends_in_play() -> None:
    """Rules §3.1 (issue 34): ships pass through out-of-play areas but never end there; the
    planner's reach is the rules' (movement_reach.ship_destinations) for a ship without
    Astronavigation, so its plans stay legal. In 5-west a ship from Bithynia reaches the Aegean
    only through the closed coasts of the Propontis."""
    from types import SimpleNamespace

    from game.bots.growth import Grower
    from game.core.mapsetup import in_play, out_of_play

    whole = load_map_file(Path(__file__).resolve().parents[2] / "maps" / "oikoumene.json")[0]
    graph = in_play(whole, "5-west")
    reach = Grower.sea_reach(SimpleNamespace(map=graph), "bithynia", 4)  # type: ignore[arg-type]
    assert {"chalcidice", "ionia"} <= set(reach)
    assert not set(reach) & out_of_play(whole, "5-west") and set(reach) <= set(graph.areas)
