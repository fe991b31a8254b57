"""Phase 7, trade (rules §4 phase 7): what may be offered, how an offer is answered, and when the
phase ends. States are built from small scenario tables; picks go through the one door."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from game.core import Action, GameState, apply, view
from game.core.engine import advance
from game.core.events import Event
from game.core.gamedata import load_game_data
from game.core.invariants import card_census, violations
from game.core.phases.trade import (
    TableOffer,
    TradeAccepted,
    TradeAnswer,
    TradeOffered,
    TradePartnerChoice,
    TradeRefused,
    TradeSideSoFar,
    offered_cards,
    side_problem,
)
from game.core.state import HandCard, Task
from game.scenario.build import build_state
from game.scenario.parse import parse_scenario

LIMIT = load_game_data().numbers["trade_offers_per_player"]
REQUESTS = load_game_data().numbers["trade_requests_most"]


def build(hands: dict[str, list[str]], ruleset: str = "classic") -> GameState:
    raw = {
        "title": "trade test", "ruleset": ruleset,
        "map": {"areas": {"a": {"pop": 1}}},  # lowercase: saves need map ids
        "players": {pid: {"hand": hand} for pid, hand in hands.items()},
        "play": {"phase": "trade"},
    }
    data = load_game_data()
    state = build_state(parse_scenario(raw, "test", data), data)
    state.tasks = [Task("phase:trade")]
    state.phase = "trade"
    return state


def play(state: GameState, picks: list[tuple[str, str]]) -> list[Event]:
    """Advance to the first decision, then make each pick, checking who is asked."""
    events = advance(state)
    for who, label in picks:
        pending = state.pending
        assert pending is not None, f"no decision left for {who} {label}"
        assert pending.player == who, f"{pending.player} decides {pending.kind}, not {who}"
        assert label in pending.options, f"{label} not in {pending.options} ({pending.kind})"
        events += apply(state, Action(who, label))
    return events


def finish(state: GameState) -> list[Event]:
    """Everyone passes or refuses from here on."""
    events: list[Event] = []
    while state.pending is not None:
        label = "done" if "done" in state.pending.options else "no"
        events += apply(state, Action(state.pending.player, label))
    return events


def hand(state: GameState, pid: str) -> list[str]:
    return sorted(h.card for h in state.players[pid].hand)


def of(events: list[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


# babylon ranks before egypt on the A.S.T., so babylon acts first.
SALT_FOR_GRAIN = [
    ("babylon", "player:egypt"),
    ("babylon", "card:salt"), ("babylon", "card:salt"), ("babylon", "card:ochre"),
    ("babylon", "done"),
    ("babylon", "card:salt"), ("babylon", "card:salt"),  # names: salt twice, not ochre
    ("egypt", "yes"),
    ("egypt", "card:grain"), ("egypt", "card:grain"), ("egypt", "card:iron"),
    ("egypt", "card:clay"), ("egypt", "done"),
    ("egypt", "card:grain"),      # first name: grain or iron
    ("egypt", "card:iron"),       # second name: grain or iron
]


def test_a_legal_trade_swaps_both_sides_at_the_same_time() -> None:
    state = build({"babylon": ["salt", "salt", "ochre", "gold"],
                   "egypt": ["grain", "grain", "iron", "clay", "wine"]})
    events = play(state, SALT_FOR_GRAIN)
    assert hand(state, "babylon") == ["clay", "gold", "grain", "grain", "iron"]
    assert hand(state, "egypt") == ["ochre", "salt", "salt", "wine"]
    offered, accepted = of(events, TradeOffered), of(events, TradeAccepted)
    assert offered == [TradeOffered(player="babylon", partner="egypt", named=("salt", "salt"),
                                    count=3, rule="rules:phase-7")]
    assert accepted == [TradeAccepted(player="egypt", partner="babylon", named=("grain", "iron"),
                                      count=4, rule="rules:phase-7")]


def test_received_cards_record_who_traded_them() -> None:
    state = build({"babylon": ["salt", "salt", "ochre", "gold"],
                   "egypt": ["grain", "grain", "iron", "clay", "wine"]})
    play(state, SALT_FOR_GRAIN)
    assert HandCard("ochre", "babylon") in state.players["egypt"].hand
    assert HandCard("wine", "") in state.players["egypt"].hand  # kept cards keep their origin
    assert HandCard("iron", "egypt") in state.players["babylon"].hand


def test_fewer_than_three_cards_cannot_close_a_side() -> None:
    state = build({"babylon": ["salt", "grain", "ochre", "gold"],
                   "egypt": ["wine", "iron", "clay"]})
    play(state, [("babylon", "player:egypt"), ("babylon", "card:salt"),
                 ("babylon", "card:grain")])
    assert state.pending is not None and state.pending.kind == "trade_card"
    assert state.pending.options == ["card:gold", "card:ochre"]
    play(state, [("babylon", "card:gold")])
    assert state.pending is not None and state.pending.options == ["card:ochre", "done"]


def test_a_player_with_fewer_than_three_tradable_cards_cannot_offer() -> None:
    # Egypt holds three cards, but one is a non-tradable calamity: Egypt never gets a turn.
    state = build({"babylon": ["salt", "grain", "ochre"], "egypt": ["wine", "iron", "flood"]})
    advance(state)
    assert state.pending is not None and state.pending.player == "babylon"
    apply(state, Action("babylon", "done"))
    assert state.pending is None and not state.tasks


def test_only_players_holding_three_cards_may_be_offered_to() -> None:
    state = build({"assyria": ["salt", "grain", "ochre"], "babylon": ["wine", "iron"],
                   "egypt": ["clay", "clay", "fish"]})
    advance(state)
    assert state.pending is not None
    assert state.pending.options == ["player:egypt", "done"]


def test_a_partner_who_cannot_give_three_tradable_cards_can_only_refuse() -> None:
    state = build({"babylon": ["salt", "grain", "ochre"], "egypt": ["wine", "iron", "flood"]})
    # The third card and `done` are forced, so automatic; then the names.
    events = play(state, [("babylon", "player:egypt"), ("babylon", "card:grain"),
                          ("babylon", "card:ochre"), ("babylon", "card:grain"),
                          ("babylon", "card:ochre")])
    assert of(events, TradeRefused) == [
        TradeRefused(player="egypt", partner="babylon", rule="rules:phase-7")]
    assert hand(state, "egypt") == ["flood", "iron", "wine"]


def test_a_non_tradable_calamity_is_never_offerable() -> None:
    state = build({"babylon": ["salt", "grain", "flood", "tyranny", "treachery"],
                   "egypt": ["wine", "iron", "clay", "civil_war"]})
    play(state, [("babylon", "player:egypt")])
    seen: set[str] = set()
    while state.pending is not None:
        seen.update(state.pending.options)
        pick = "yes" if "yes" in state.pending.options else state.pending.options[0]
        apply(state, Action(state.pending.player, pick))
    assert "card:treachery" in seen and "card:salt" in seen
    assert not {"card:flood", "card:tyranny", "card:civil_war"} & seen
    assert {"flood", "tyranny"} <= set(hand(state, "babylon"))
    assert "civil_war" in hand(state, "egypt")


def test_a_tradable_calamity_travels_unannounced_and_records_its_trader() -> None:
    state = build({"babylon": ["salt", "grain", "treachery"],
                   "egypt": ["wine", "iron", "clay"]})
    events = play(state, [("babylon", "player:egypt"), ("babylon", "card:treachery"),
                          ("babylon", "card:salt"), ("babylon", "card:salt"), ("egypt", "yes"),
                          ("egypt", "card:wine"), ("egypt", "card:iron"),
                          ("egypt", "card:iron"), ("egypt", "card:wine")])
    assert HandCard("treachery", "babylon") in state.players["egypt"].hand
    for event in of(events, TradeOffered) + of(events, TradeAccepted):
        assert "treachery" not in str(event.to_dict())


def test_a_minor_calamity_may_be_traded() -> None:
    state = build({"babylon": ["salt", "grain", "tempest"], "egypt": ["wine", "iron", "clay"]})
    play(state, [("babylon", "player:egypt"), ("babylon", "card:tempest"),
                 ("babylon", "card:salt"), ("babylon", "card:salt"), ("egypt", "yes"),
                 ("egypt", "card:wine"), ("egypt", "card:iron"),
                 ("egypt", "card:iron"), ("egypt", "card:wine")])
    assert HandCard("tempest", "babylon") in state.players["egypt"].hand


def test_declared_commodities_are_chosen_from_the_commodities_in_the_offer() -> None:
    state = build({"babylon": ["salt", "grain", "ochre", "water", "treachery", "gold"],
                   "egypt": ["wine", "iron", "clay"]})
    play(state, [("babylon", "player:egypt"), ("babylon", "card:water"),
                 ("babylon", "card:treachery"), ("babylon", "card:ochre")])
    # Three cards but one commodity: the side cannot close until a second commodity joins.
    assert state.pending is not None and "done" not in state.pending.options
    play(state, [("babylon", "card:salt"), ("babylon", "card:grain"), ("babylon", "done")])
    assert state.pending is not None and state.pending.kind == "trade_name"
    assert state.pending.options == ["card:grain", "card:ochre", "card:salt"]
    events = play(state, [("babylon", "card:salt")])
    assert state.pending is not None and state.pending.options == ["card:grain", "card:ochre"]
    events += play(state, [("babylon", "card:ochre")])
    assert of(events, TradeOffered)[0] == TradeOffered(
        player="babylon", partner="egypt", named=("salt", "ochre"), count=5,
        rule="rules:phase-7")


def test_the_same_commodity_may_be_named_twice_when_offered_twice() -> None:
    state = build({"babylon": ["salt", "salt", "grain"], "egypt": ["wine", "iron", "clay"]})
    # After the grain only salt is left to add, and then only `done`: both are automatic.
    play(state, [("babylon", "player:egypt"), ("babylon", "card:grain")])
    assert state.pending is not None and state.pending.kind == "trade_name"
    assert state.pending.options == ["card:grain", "card:salt"]
    play(state, [("babylon", "card:salt")])  # one salt named, the other still may be
    assert state.pending is not None and state.pending.options == ["card:grain", "card:salt"]
    events = play(state, [("babylon", "card:salt")])
    assert [e.named for e in of(events, TradeOffered) if isinstance(e, TradeOffered)] == [
        ("salt", "salt")]


def test_a_water_card_counts_as_a_card_but_is_never_named() -> None:
    state = build({"babylon": ["salt", "grain", "water"], "egypt": ["wine", "iron", "clay"]})
    play(state, [("babylon", "player:egypt"), ("babylon", "card:water"),
                 ("babylon", "card:grain")])  # the salt and `done` follow by force
    assert state.pending is not None and state.pending.kind == "trade_name"
    assert state.pending.options == ["card:grain", "card:salt"]
    events = play(state, [("babylon", "card:salt")])
    assert of(events, TradeOffered) == [TradeOffered(
        player="babylon", partner="egypt", named=("salt", "grain"), count=3,
        rule="rules:phase-7")]


def test_side_problem_rejects_every_broken_side() -> None:
    state = build({"babylon": ["salt", "grain", "ochre", "flood", "water"], "egypt": []})
    ok = ["salt", "grain", "ochre"]
    assert side_problem(state, "babylon", ok, ["salt", "grain"]) == ""
    assert "fewer than 3" in side_problem(state, "babylon", ["salt", "grain"], ["salt", "grain"])
    assert "not in the hand" in side_problem(state, "babylon", [*ok, "gold"], ["salt", "grain"])
    assert "non-tradable" in side_problem(state, "babylon", [*ok, "flood"], ["salt", "grain"])
    assert "not in the offer" in side_problem(state, "babylon", ok, ["salt", "salt"])
    assert "named" in side_problem(state, "babylon", [*ok, "water"], ["salt", "water"])


def test_a_refusal_changes_nothing() -> None:
    state = build({"babylon": ["salt", "grain", "treachery"], "egypt": ["wine", "iron", "clay"]})
    before = {pid: list(p.hand) for pid, p in state.players.items()}
    events = play(state, [("babylon", "player:egypt"), ("babylon", "card:treachery"),
                          ("babylon", "card:salt"), ("babylon", "card:grain"), ("egypt", "no")])
    # (the grain joins by force; card:grain is then the first name)
    events += finish(state)
    assert {pid: p.hand for pid, p in state.players.items()} == before
    assert of(events, TradeRefused) == [
        TradeRefused(player="egypt", partner="babylon", rule="rules:phase-7")]
    assert not of(events, TradeAccepted)


def test_a_counter_offer_replaces_the_offer_and_goes_back_to_the_offerer() -> None:
    state = build({"babylon": ["salt", "grain", "ochre", "gold"],
                   "egypt": ["wine", "wine", "iron", "clay"]})
    events = play(state, [
        ("babylon", "player:egypt"), ("babylon", "card:salt"), ("babylon", "card:grain"),
        ("babylon", "card:ochre"), ("babylon", "done"),
        ("babylon", "card:salt"), ("babylon", "card:grain"),
        ("egypt", "player:babylon"),                      # counter
        ("egypt", "card:wine"), ("egypt", "card:wine"), ("egypt", "card:iron"),
        ("egypt", "done"), ("egypt", "card:wine"), ("egypt", "card:iron"),
    ])
    assert state.pending is not None and state.pending.player == "babylon"
    assert state.pending.kind == "trade_answer"
    assert "wine" in state.pending.prompt and "3 cards" in state.pending.prompt
    # Babylon accepts the counter with a new side of its own.
    events += play(state, [("babylon", "yes"), ("babylon", "card:gold"),
                           ("babylon", "card:ochre"), ("babylon", "card:salt"), ("babylon", "done"),
                           ("babylon", "card:ochre"), ("babylon", "card:salt")])
    assert hand(state, "babylon") == ["grain", "iron", "wine", "wine"]
    assert hand(state, "egypt") == ["clay", "gold", "ochre", "salt"]
    offers = of(events, TradeOffered)
    assert [(e.player, e.counter) for e in offers if isinstance(e, TradeOffered)] == [
        ("babylon", False), ("egypt", True)]


def test_a_counter_offer_uses_one_of_the_counterers_offers() -> None:
    state = build({"babylon": ["salt", "grain", "ochre"], "egypt": ["wine", "iron", "clay"]})
    advance(state)
    counters = 0
    while state.pending is not None:
        options = state.pending.options
        counter = [o for o in options if o.startswith("player:")]
        if state.pending.kind == "trade_answer" and counter:
            counters += 1
            pick = counter[0]
        elif state.pending.kind == "trade_partner":
            pick = options[0]
        else:
            pick = "no" if "no" in options else options[0]
        apply(state, Action(state.pending.player, pick))
    # Every offer and counter is counted: each player makes exactly LIMIT of them.
    assert counters == 2 * LIMIT - 1


def test_the_phase_ends_when_every_player_passes_in_a_row() -> None:
    state = build({"assyria": ["salt", "grain", "ochre"], "babylon": ["wine", "iron", "clay"],
                   "egypt": ["fish", "fish", "gold"]})
    asked: list[str] = []
    events = advance(state)
    script = {("assyria", 0): "done", ("babylon", 0): "player:egypt"}
    while state.pending is not None:
        who, kind = state.pending.player, state.pending.kind
        if kind == "trade_partner":
            asked.append(who)
        pick = script.pop((who, asked.count(who) - 1), None) if kind == "trade_partner" else None
        if pick is None:
            options = state.pending.options
            pick = "done" if "done" in options else "no" if "no" in options else options[0]
        events += apply(state, Action(who, pick))
    # Assyria passed first, but Babylon's offer restarted the count: everyone must pass again.
    assert asked == ["assyria", "babylon", "egypt", "assyria", "babylon"]
    assert len(of(events, TradeRefused)) == 1 and not state.tasks


def test_a_player_who_passed_may_still_offer_later_in_the_phase() -> None:
    state = build({"assyria": ["salt", "grain", "ochre"], "babylon": ["wine", "iron", "clay"],
                   "egypt": ["fish", "fish", "gold"]})
    play(state, [("assyria", "done"), ("babylon", "player:egypt"), ("babylon", "card:wine"),
                 ("babylon", "card:iron"), ("babylon", "card:iron"),
                 ("babylon", "card:wine"), ("egypt", "no"), ("egypt", "done"),
                 ("assyria", "player:babylon")])
    assert state.pending is not None and state.pending.kind == "trade_card"


def test_the_offer_limit_ends_the_phase() -> None:
    state = build({"babylon": ["salt", "grain", "ochre"], "egypt": ["wine", "iron", "clay"]})
    events = advance(state)
    partner_turns = 0
    while state.pending is not None:
        options = state.pending.options
        if state.pending.kind == "trade_partner":
            partner_turns += 1
            pick = options[0]  # always offer, never pass
        else:
            pick = "no" if "no" in options else options[0]  # always refuse
        events += apply(state, Action(state.pending.player, pick))
    assert partner_turns == 2 * LIMIT and len(of(events, TradeOffered)) == 2 * LIMIT
    assert not state.tasks


def test_a_player_at_the_offer_limit_cannot_counter() -> None:
    state = build({"babylon": ["salt", "grain", "ochre"], "egypt": ["wine", "iron", "clay"]})
    advance(state)
    answers: list[list[str]] = []
    while state.pending is not None:
        options = state.pending.options
        if state.pending.kind == "trade_answer" and state.pending.player == "egypt":
            answers.append(options)
            pick = "no"
        elif state.pending.kind == "trade_partner":
            pick = options[0] if state.pending.player == "babylon" else "done"
        else:
            pick = "no" if "no" in options else options[0]
        apply(state, Action(state.pending.player, pick))
    assert answers == [["player:babylon", "yes", "no"]] * LIMIT


def test_players_of_different_blocks_may_trade() -> None:
    state = build({"babylon": ["salt", "grain", "ochre"], "egypt": ["wine", "iron", "clay"]})
    state.players["babylon"].block, state.players["egypt"].block = "east", "west"
    play(state, [("babylon", "player:egypt"), ("babylon", "card:salt"), ("babylon", "card:grain"),
                 ("babylon", "card:salt"), ("babylon", "card:grain"),
                 ("egypt", "yes"), ("egypt", "card:wine"), ("egypt", "card:iron"),
                 ("egypt", "card:wine"), ("egypt", "card:iron")])
    assert hand(state, "babylon") == ["clay", "iron", "wine"]
    assert hand(state, "egypt") == ["grain", "ochre", "salt"]


def test_offered_cards_shows_a_player_only_their_own_side() -> None:
    state = build({"babylon": ["salt", "grain", "ochre", "gold"],
                   "egypt": ["wine", "iron", "clay"]})
    play(state, [("babylon", "player:egypt"), ("babylon", "card:salt"), ("babylon", "card:grain")])
    assert offered_cards(state, "babylon") == ["salt", "grain"]
    assert offered_cards(state, "egypt") == []


CARDS = ["salt", "salt", "grain", "ochre", "clay", "water", "treachery", "flood", "epidemic",
         "tempest", "gold", "iron", "iron", "wine", "tyranny"]
CIVS = ["minoa", "assyria", "babylon", "hatti", "rome", "egypt"]


def random_game(seed: int, bargaining: bool = False
                ) -> tuple[GameState, list[tuple[list[Event], GameState]]]:
    """A phase played by random bots: the first state, then (events, state after) per step."""
    rng = random.Random(seed)
    civs = rng.sample(CIVS, rng.randint(2, 5))
    state = build({c: rng.sample(CARDS, rng.randint(0, 9)) for c in civs})
    state.config.open_bargaining = bargaining
    first = state.clone()
    steps = [(advance(state), state.clone())]
    while state.pending is not None:
        action = Action(state.pending.player, rng.choice(state.pending.options))
        steps.append((apply(state, action), state.clone()))
    return first, steps


@pytest.mark.parametrize("bargaining", [False, True])
@pytest.mark.parametrize("seed", range(40))
def test_random_bots_always_finish_keep_cards_whole_and_every_option_is_legal(
        seed: int, bargaining: bool) -> None:
    first, steps = random_game(seed, bargaining)
    census = card_census(first)
    last = steps[-1][1]
    assert last.pending is None and not last.tasks
    # The house limit bounds the phase: at most LIMIT offers per player, each followed by at
    # most two sides of picks (a card or a name per card held, and `done`) and an answer,
    # with fewer than a round of passes between two offers. Open bargaining adds a review to
    # each side (requests and a yes), and a cancelled acceptance uses an offer too.
    players, cards = len(first.players), len(CARDS)
    review = (REQUESTS + 1) if bargaining else 0
    side = 2 * cards + 1 + review
    assert len(steps) <= players * LIMIT * (players + 2 * side + 2) + players + 1
    for _, after in steps:
        assert not violations(after, census)
    for pid, player in last.players.items():  # non-tradable calamities never change hands
        def held(hand: list[HandCard]) -> Counter[str]:
            return Counter(h.card for h in hand if h.card in ("tyranny", "flood"))
        assert held(player.hand) == held(first.players[pid].hand)


@pytest.mark.parametrize("bargaining", [False, True])
@pytest.mark.parametrize("seed", range(20))
def test_prompts_and_events_never_name_a_card_that_was_not_announced(
        seed: int, bargaining: bool) -> None:
    data = load_game_data()
    ids = set(data.card_ids())
    announced: set[str] = set()
    _, steps = random_game(seed, bargaining)
    for events, snapshot in steps:
        for event in events:
            if isinstance(event, (TradeOffered, TradeAccepted)):
                announced.update(event.named)
            if isinstance(event, TradeOffered):
                announced.update(event.wants)  # asked for: said at the table, held or not
            words = set(re.findall(r"[a-z_]+", str(event.to_dict())))
            assert not (words & ids) - announced, event
        if snapshot.pending is not None:
            words = set(re.findall(r"[a-z_]+", snapshot.pending.prompt))
            assert not (words & ids) - announced, snapshot.pending.prompt
            for pid in snapshot.players:
                if pid != snapshot.pending.player:
                    assert view(snapshot, pid).pending.options == []  # type: ignore[union-attr]


@pytest.mark.parametrize("bargaining", [False, True])
def test_a_save_at_any_trade_decision_loads_equal(bargaining: bool) -> None:
    _, steps = random_game(3, bargaining)
    for _, snapshot in steps:
        again = GameState.from_json(snapshot.to_json())
        assert again == snapshot and again.state_hash() == snapshot.state_hash()


# --- Open bargaining (rules §4 phase 7: "anything else named need not be true") --------------

BARGAIN = [
    ("babylon", "player:egypt"),
    ("babylon", "card:salt"), ("babylon", "card:salt"), ("babylon", "card:ochre"),
    ("babylon", "done"),
    ("babylon", "card:salt"), ("babylon", "card:salt"),
]


def bargaining(hands: dict[str, list[str]]) -> GameState:
    state = build(hands)
    state.config.open_bargaining = True
    return state


HANDS = {"babylon": ["salt", "salt", "ochre", "gold"],
         "egypt": ["grain", "grain", "iron", "clay", "wine"]}


def test_open_bargaining_reviews_an_offer_before_it_goes_and_carries_what_it_asks_for() -> None:
    state = bargaining(HANDS)
    events = play(state, BARGAIN)
    assert not of(events, TradeOffered)  # named, but not yet sent
    assert state.pending is not None and state.pending.kind == "trade_review"
    assert {"yes", "no", "card:wine"} <= set(state.pending.options)
    events = play(state, [("babylon", "card:wine"), ("babylon", "card:iron"), ("babylon", "yes")])
    assert of(events, TradeOffered) == [TradeOffered(
        player="babylon", partner="egypt", named=("salt", "salt"), count=3,
        wants=("wine", "iron"), rule="rules:phase-7")]
    assert state.pending is not None and state.pending.kind == "trade_answer"
    assert state.pending.prompt.endswith("They ask for wine and iron.")


def test_open_bargaining_a_request_binds_nobody() -> None:
    state = bargaining(HANDS)
    play(state, [*BARGAIN, ("babylon", "card:wine"), ("babylon", "yes"),
                 ("egypt", "yes"), ("egypt", "card:grain"), ("egypt", "card:grain"),
                 ("egypt", "card:iron"), ("egypt", "done"),
                 ("egypt", "card:grain"), ("egypt", "card:iron"), ("egypt", "yes")])
    assert hand(state, "babylon") == ["gold", "grain", "grain", "iron"]  # no wine: asked only
    assert hand(state, "egypt") == ["clay", "ochre", "salt", "salt", "wine"]


def test_open_bargaining_a_cancelled_first_offer_is_never_seen_and_uses_the_offer() -> None:
    state = bargaining(HANDS)
    events = play(state, [*BARGAIN[:3], ("babylon", "no")])
    assert not of(events, TradeOffered)
    assert offered_cards(state, "babylon") == []
    assert state.pending is not None and state.pending.player == "egypt"  # the turn moved on
    assert state.pending.kind == "trade_partner"
    assert hand(state, "babylon") == ["gold", "ochre", "salt", "salt"]
    assert state.tasks[-1].data.offers == {"babylon": 1}


def test_open_bargaining_a_cancelled_counter_puts_the_offer_back_on_the_table() -> None:
    state = bargaining(HANDS)
    events = play(state, [*BARGAIN, ("babylon", "yes"),
                          ("egypt", "player:babylon"), ("egypt", "card:grain"),
                          ("egypt", "card:grain"), ("egypt", "card:iron"), ("egypt", "done"),
                          ("egypt", "card:grain"), ("egypt", "card:iron"), ("egypt", "no")])
    assert len(of(events, TradeOffered)) == 1
    assert state.pending is not None and state.pending.kind == "trade_answer"
    assert state.pending.player == "egypt" and state.pending.prompt.startswith("babylon offers")
    assert state.tasks[-1].data.offers == {"babylon": 1, "egypt": 1}


def test_open_bargaining_a_taken_back_acceptance_costs_an_offer_and_waits_for_an_answer() -> None:
    state = bargaining(HANDS)
    play(state, [*BARGAIN, ("babylon", "yes"), ("egypt", "yes"), ("egypt", "card:grain"),
                 ("egypt", "no")])
    assert state.pending is not None and state.pending.kind == "trade_answer"
    assert state.tasks[-1].data.offers == {"babylon": 1, "egypt": 1}
    assert hand(state, "egypt") == ["clay", "grain", "grain", "iron", "wine"]
    state.tasks[-1].data.offers["egypt"] = LIMIT  # none left: no taking back again
    play(state, [("egypt", "yes")])
    assert state.pending is not None and "no" not in state.pending.options


def test_open_bargaining_pass_for_the_whole_phase_makes_no_more_offers() -> None:
    state = bargaining(HANDS)
    play(state, [("babylon", "no")])  # out of the phase
    assert state.pending is not None and state.pending.player == "egypt"
    assert {"done", "no"} <= set(state.pending.options)
    events = play(state, [("egypt", "done")])
    assert state.pending is None and not of(events, TradeOffered)  # babylon is not asked again


def test_open_bargaining_one_who_passed_for_the_phase_may_still_answer() -> None:
    state = bargaining(HANDS)
    play(state, [("babylon", "no"), ("egypt", "player:babylon"), ("egypt", "card:grain"),
                 ("egypt", "card:grain"), ("egypt", "card:iron"), ("egypt", "done"),
                 ("egypt", "card:grain"), ("egypt", "card:iron"), ("egypt", "yes")])
    assert state.pending is not None and state.pending.player == "babylon"
    assert state.pending.kind == "trade_answer"


def test_older_games_keep_the_trade_protocol_and_hash_they_were_recorded_with() -> None:
    state = build(HANDS)
    events = play(state, SALT_FOR_GRAIN[:7])  # the second name sends the offer at once
    assert len(of(events, TradeOffered)) == 1
    assert "open_bargaining" not in state.to_json()  # a missing key reads as the old protocol
    assert GameState.from_json(state.to_json()).config.open_bargaining is False
    play(state, [("egypt", "no")])
    assert state.pending is not None and state.pending.options[-1] == "done"
    assert "no" not in state.pending.options  # no pass for the whole phase either


def test_a_side_builder_sees_their_own_side_so_far_and_nobody_else_does() -> None:
    # rules §4 phase 7: the cards of a side are its builder's alone until it changes hands
    state = build(HANDS)
    play(state, SALT_FOR_GRAIN[:3])
    assert state.pending is not None and state.pending.kind == "trade_card"
    assert state.pending.detail == TradeSideSoFar(
        role="offer", partner="egypt", cards=("salt", "salt"), named=(), wants=(), least=3,
        commodities=2)
    assert view(state, "egypt").pending.detail is None
    play(state, SALT_FOR_GRAIN[3:6])
    assert state.pending.kind == "trade_name"
    assert state.pending.detail.named == ("salt",)


def test_an_answer_shows_the_offer_as_the_table_heard_it_and_an_acceptance_keeps_it() -> None:
    state = bargaining(HANDS)
    play(state, [*BARGAIN, ("babylon", "card:wine"), ("babylon", "yes")])
    assert state.pending is not None and state.pending.kind == "trade_answer"
    offer = TableOffer(by="babylon", count=3, named=("salt", "salt"), wants=("wine",))
    assert state.pending.detail == TradeAnswer(offer=offer, may_counter=True)
    play(state, [("egypt", "yes"), ("egypt", "card:grain")])
    side = state.pending.detail
    assert isinstance(side, TradeSideSoFar)
    assert (side.role, side.partner, side.cards, side.answering) == (
        "accept", "babylon", ("grain",), offer)


def test_a_partner_choice_says_how_many_offers_are_left() -> None:
    state = bargaining(HANDS)
    advance(state)
    assert state.pending.detail == TradePartnerChoice(offers_left=LIMIT, may_leave=True)
