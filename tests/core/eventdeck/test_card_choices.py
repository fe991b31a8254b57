"""An event card's choices go to the one it serves or strikes, and a card that cannot do all it
says says why (issue 36, defect 8; 004:16.3 "the PR that gains/loses makes the choice", "Gain
Military Unit ... if no such location is eligible, you do not gain these Units").

Free Units placed 1 of its 2 tokens where there was no room, without a word and without asking
where; Monastic Spirit spent 15 of 17 treasury without asking how much. Each card below now asks
through the one door (legal_actions / apply) and records an EventFellShort with its reason."""

from __future__ import annotations

from pathlib import Path

from game.core import (
    Action,
    Event,
    EventFellShort,
    EventsOptions,
    GameConfig,
    GameState,
    advance,
    apply,
    legal_actions,
    load_event_cards,
    new_game,
    push,
)
from game.core.eventdeck.cards import Effect
from game.core.eventdeck.effects.decline import reachable
from game.core.eventdeck.effects.progress import EventStep
from game.core.eventdeck.model import Fight
from game.core.eventdeck.windows import EventWindow
from game.core.ops import place_tokens, remove_tokens
from game.core.turn import start_at
from game.maps.files import load_map_file
from game.persist import GameRecord, read_save, write_save

from .effect_steps import resolve

ARENA = Path(__file__).resolve().parents[2] / "maps" / "arena.json"
ME = "minoa"
HOME = "a011"  # Minoa's start area on the arena map: pop 3, a city site, coastal


def game() -> GameState:
    graph = load_map_file(ARENA)[0]
    return new_game(GameConfig(players=[], setup="5-west", seed=1, events=EventsOptions()),
                    graph)


def hold(state: GameState, tokens: dict[str, int], player: str = ME) -> None:
    """The player's tokens on the board are exactly `tokens`."""
    for area, here in list(state.board.tokens.items()):
        if here.get(player):
            remove_tokens(state, player, area, here[player], [])
    for area, n in tokens.items():
        place_tokens(state, player, area, n, [])


def fill_treasury(state: GameState, n: int, player: str = ME) -> None:
    """n tokens from stock into the treasury (tokens are conserved)."""
    p = state.players[player]
    p.stock, p.treasury = p.stock + p.treasury - n, n


def play_private(state: GameState, card: str, player: str = ME) -> list[Event]:
    """The player holds only `card` and plays it as its window opens; nothing else runs."""
    deck = state.eventdeck
    assert deck is not None
    deck.hands[player] = [card]
    state.pending, state.tasks = None, []
    push(state, EventWindow(window=load_event_cards().cards[card].window))
    advance(state)
    assert state.pending is not None and state.pending.player == player
    return apply(state, Action(player, f"event:{card}"))


def take_public(state: GameState, card: str, player: str = ME) -> list[Event]:
    deck = state.eventdeck
    assert deck is not None
    start_at(state, "events", then_game=False)
    deck.display, deck.shown = [card, "bad_luck"], [True, True]
    advance(state)
    assert state.pending is not None and state.pending.player == player
    return apply(state, Action(player, f"event:{card}"))


def short(events: list[Event]) -> list[tuple[str, str, str, int, int, str]]:
    return [(e.player, e.card, e.what, e.done, e.asked, e.why) for e in events
            if isinstance(e, EventFellShort)]


def asked(state: GameState) -> tuple[str, str, list[str]]:
    assert state.pending is not None
    assert [a.label for a in legal_actions(state)] == state.pending.options
    return state.pending.player, state.pending.kind, state.pending.options


# --- Free Units (000:event:28): where each token goes ----------------------------------------


def test_free_units_asks_the_holder_where_each_of_its_two_tokens_goes() -> None:
    state = game()
    hold(state, {HOME: 1, "a001": 1})
    play_private(state, "free_units")
    assert asked(state) == (ME, "event_place", ["area:a001", f"area:{HOME}"])
    detail = state.pending.detail if state.pending else None
    assert detail == EventStep(card="free_units", effect="gain_tokens", count=2, done=0,
                              suggested="area:a001")  # the roomiest, id first on a tie
    apply(state, Action(ME, f"area:{HOME}"))
    assert asked(state)[1] == "event_place"
    assert state.pending is not None and state.pending.detail == EventStep(
        card="free_units", effect="gain_tokens", count=2, done=1, suggested="area:a001")
    events = apply(state, Action(ME, f"area:{HOME}"))
    assert state.board.count(HOME, ME) == 3 and state.board.count("a001", ME) == 1
    assert short(events) == []
    assert state.pending is None


def test_free_units_without_room_for_both_places_one_and_says_why() -> None:
    state = game()
    hold(state, {HOME: 2})  # limit 3: room for one
    events = play_private(state, "free_units")
    assert state.pending is None  # one area: nothing to ask
    assert state.board.count(HOME, ME) == 3
    assert short(events) == [(ME, "free_units", "tokens", 1, 2, "room")]


def test_free_units_with_an_empty_stock_gains_nothing_and_says_why() -> None:
    state = game()
    hold(state, {HOME: 1, "a001": 1})
    fill_treasury(state, state.players[ME].stock)
    events = play_private(state, "free_units")
    assert state.pending is None
    assert short(events) == [(ME, "free_units", "tokens", 0, 2, "stock")]


# --- City (000:event:19): which site ----------------------------------------------------------


def test_city_asks_the_holder_which_site() -> None:
    state = game()
    hold(state, {HOME: 1, "a003": 2})
    play_private(state, "city")
    assert asked(state) == (ME, "event_city_site", ["area:a003", f"area:{HOME}"])
    apply(state, Action(ME, f"area:{HOME}"))
    assert state.board.cities.get(HOME) == ME and "a003" not in state.board.cities
    assert state.pending is None


def test_city_without_a_site_in_an_own_area_says_why() -> None:
    state = game()
    hold(state, {"a001": 2})  # no city site
    events = play_private(state, "city")
    assert state.pending is None and not state.board.cities_of(ME)
    assert short(events) == [(ME, "city", "city", 0, 1, "site")]


# --- Monastic Spirit (000:event:42): how much -------------------------------------------------


def test_monastic_spirit_asks_how_much_to_spend() -> None:
    state = game()
    fill_treasury(state, 17)
    play_private(state, "monastic_spirit")
    assert asked(state) == (ME, "event_spend", ["number:0", "number:5", "number:10",
                                                "number:15"])
    apply(state, Action(ME, "number:5"))
    assert state.players[ME].treasury == 12
    deck = state.eventdeck
    assert deck is not None and deck.bonus_vp.get(ME) == 3


def test_monastic_spirit_short_of_one_monastery_builds_none_and_says_why() -> None:
    state = game()
    fill_treasury(state, 4)
    events = play_private(state, "monastic_spirit")
    assert state.pending is None and state.players[ME].treasury == 4
    assert short(events) == [(ME, "monastic_spirit", "monastery", 4, 5, "treasury")]


# --- Renaissance (000:event:50): how far ------------------------------------------------------


def test_renaissance_says_when_the_needs_of_a_space_stop_it() -> None:
    state = game()
    me = state.players[ME]
    while reachable(state, ME, 3) == 3:  # on to where a space needs what one token lacks
        me.ast += 1
    start, reach = me.ast, reachable(state, ME, 3)
    events = resolve(state, ME, Effect("rejuvenate", {"steps": 3}), "000:event:50",
                     picks=[f"number:{reach}"] if reach > 1 else [])
    assert [(w, d, a, y) for _, _, w, d, a, y in short(events)] == [("spaces", reach, 3,
                                                                      "needs")]
    assert state.players[ME].ast == start + reach


# --- a realm's free ship (004:16.1): where; the treasury a card cannot pay ---------------------


def test_a_free_ship_goes_where_its_civilization_chooses() -> None:
    state = game()
    hold(state, {HOME: 2, "a001": 1})  # both coastal
    take_public(state, "minoa_thalassocracy_of_minos")
    assert asked(state) == (ME, "event_ship", ["area:a001", f"area:{HOME}"])
    apply(state, Action(ME, "area:a001"))
    assert state.board.ships.get("a001", {}).get(ME) == 1


def test_a_free_ship_with_every_piece_on_the_board_says_why() -> None:
    state = game()
    state.board.add_ships(HOME, ME, state.data.numbers["ships_per_player"])
    events = take_public(state, "minoa_thalassocracy_of_minos")
    assert (ME, "minoa_thalassocracy_of_minos", "ship", 0, 1, "no_ship_piece") in short(events)


def test_corruption_on_a_short_treasury_pays_what_it_holds_and_says_so() -> None:
    state = game()
    victim = "assyria"
    fill_treasury(state, 3, victim)
    take_public(state, "corruption")
    assert asked(state)[1] == "event_target"
    events = apply(state, Action(ME, f"player:{victim}"))
    assert state.players[victim].treasury == 0
    assert short(events) == [(victim, "corruption", "treasury_paid", 3, 5, "treasury")]


def test_bad_luck_with_an_empty_hand_says_there_was_nothing_to_return() -> None:
    state = game()
    events = take_public(state, "bad_luck")
    assert short(events) == [(ME, "bad_luck", "private", 0, 1, "hand")]


# --- Lost at Sea (004:16.5): which ship ------------------------------------------------------


def test_lost_at_sea_lets_the_taker_choose_each_other_players_ship() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    for area in ("a021", "a031"):  # coastal, no city of Assyria's
        state.board.add_ships(area, "assyria", 1)
    deck.d2 = [True]  # Loss of Units: one token
    take_public(state, "calamity_loss_of_units")
    assert asked(state) == (ME, "event_ship_lost", ["area:a021", "area:a031"])
    assert state.pending is not None and state.pending.detail == EventStep(
        card="", effect="lost_at_sea", player="assyria")
    apply(state, Action(ME, "area:a031"))
    assert state.board.ships.get("a031", {}).get("assyria", 0) == 0
    assert state.board.ships.get("a021", {}).get("assyria") == 1


# --- An Eye for an Eye (000:event:4): which foe -----------------------------------------------


def test_the_mortal_enemy_is_chosen_among_the_foes_of_the_battle() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    for foe in ("assyria", "hatti"):
        hold(state, {"a001": 3, "a003": 3}, foe)
    deck.fight = Fight(area="a001", sides={ME: 2, "assyria": 3, "hatti": 3})
    effect = Effect("mortal_enemy", {"per": 1, "least": 5})
    resolve(state, ME, effect, "000:event:4", picks=["player:hatti"])
    assert [(m.kind, m.enemy) for m in deck.modifiers] == [("enemy_vp", "hatti")]


def test_no_mortal_enemy_when_no_foe_has_enough_tokens_says_why() -> None:
    state = game()
    deck = state.eventdeck
    assert deck is not None
    deck.fight = Fight(area="a001", sides={ME: 2, "assyria": 1})
    events = resolve(state, ME, Effect("mortal_enemy", {"per": 1, "least": 5}), "000:event:4")
    assert deck.modifiers == [] and [e[2:] for e in short(events)] == [("enemy", 0, 1, "foe")]


# --- a save at each new decision loads and plays on --------------------------------------------


def test_a_save_at_a_card_decision_loads_and_plays_on(tmp_path: Path) -> None:
    """As a save at "choose the player it strikes" (issue 36, defect 1): the pending decision of
    a card's effect comes back the same and the game plays on to the same state."""
    setups = {
        "event_place": (lambda s: hold(s, {HOME: 1, "a001": 1}), "free_units"),
        "event_city_site": (lambda s: hold(s, {HOME: 1, "a003": 2}), "city"),
        "event_spend": (lambda s: fill_treasury(s, 20), "monastic_spirit"),
    }
    for kind, (setup, card) in setups.items():
        state = game()
        setup(state)
        deck = state.eventdeck
        assert deck is not None
        deck.hands[ME] = [card]
        state.pending, state.tasks = None, []
        push(state, EventWindow(window=load_event_cards().cards[card].window))
        advance(state)
        record = GameRecord.begin(state)
        record.apply(state, Action(ME, f"event:{card}"))
        assert state.pending is not None and state.pending.kind == kind
        path = write_save(tmp_path / f"{kind}.json", record, state)
        loaded = read_save(path)
        assert loaded.state.state_hash() == state.state_hash()
        assert loaded.state.pending == state.pending
        label = state.pending.options[-1]
        record.apply(state, Action(ME, label))
        loaded.record.apply(loaded.state, Action(ME, label))
        assert loaded.state.state_hash() == state.state_hash()
