"""Realm-specific events (seed 004 §16.1, game/core/data/realm_events.toml): the file is checked
like events.toml, the realm primitives do what they say, and every realm card, taken or played
through the door in a game of its civilization, changes the state the way its effects say."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from game.core import GameConfig, GameState, apply, new_game
from game.core.costs import advance_cost
from game.core.engine import Action, advance
from game.core.eventdeck.cards import (
    REALM_FILE,
    Effect,
    EventCard,
    load_event_cards,
    load_event_cards_from,
)
from game.core.eventdeck.effects.realm import homeland
from game.core.eventdeck.model import MARKER_KINDS, EventsOptions
from game.core.eventdeck.windows import EventWindow
from game.core.flow import push
from game.core.gamedata import GROUPS, DataError, load_game_data
from game.core.mapgraph import MapGraph
from game.core.ops import gain_treasury, place_tokens
from game.core.phases.movement_ships import unkept_ships
from game.core.turn import start_at
from game.maps.files import load_map_file

from .effect_steps import resolve

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "game" / "core" / "data"
REALM_CARDS = sorted(c.id for c in load_event_cards().cards.values() if c.kind == "realm")
TREASURY = 10  # what every test civilization holds when the card is taken
RULE = "004:16.1"

_graph: list[MapGraph] = []


def oikoumene() -> MapGraph:
    if not _graph:
        _graph.append(load_map_file(ROOT / "maps" / "oikoumene.json")[0])
    return _graph[0]


def realm_game(civ: str) -> GameState:
    """A game of `civ` alone on the whole board (the 18-player set-up), events on, turn 1."""
    setup = load_game_data().setups_for(18)[0].id
    config = GameConfig(players=[civ], setup=setup, seed=1, events=EventsOptions())
    return new_game(config, oikoumene())


def broken_copy(tmp_path: Path, old: str, new: str, file: str = REALM_FILE) -> Path:
    for item in DATA.iterdir():
        shutil.copy(item, tmp_path / item.name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


# --- the file -----------------------------------------------------------------------------


def test_every_civilization_has_two_realm_events_in_each_age_one_per_half() -> None:
    cards = [c for c in load_event_cards().cards.values() if c.kind == "realm"]
    for civ in load_game_data().civilizations:
        for age in range(1, 5):
            mine = sorted(c.half for c in cards if c.realm == civ and c.age == age)
            assert mine == ["1", "2"], (civ, age)
    assert all(c.source == RULE for c in cards)


@pytest.mark.parametrize(("old", "new", "key"), [
    ('realm = "egypt"', 'realm = "atlantis"', "cards.egypt_nile_flood_bounty.realm"),
    ('Oil Trade"\nsource = "004:16.1"\ntype = "realm"',
     'Oil Trade"\nsource = "004:16.1"\ntype = "A"', "cards.minoa_saffron_and_oil_trade.type"),
    ('source = "004:16.1"', 'source = "004:16.2"', "cards.minoa_thalassocracy_of_minos.source"),
    ('[cards.minoa_thalassocracy_of_minos]', '[cards.windfall]', "cards.windfall"),
    ('group = "arts"', 'group = "music"',
     "cards.minoa_palace_workshops_of_knossos.effects[0].group"),
    ('window = "taxation"\ntarget = "taker"', 'window = "taxation"\ntarget = "realm"',
     "cards.minoa_saffron_and_oil_trade.target"),
])
def test_a_broken_realm_file_fails_with_one_line_naming_the_key(
        tmp_path: Path, old: str, new: str, key: str) -> None:
    with pytest.raises(DataError) as err:
        load_event_cards_from(broken_copy(tmp_path, old, new))
    assert err.value.file == REALM_FILE and err.value.key == key
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(("old", "new", "key"), [
    ("\n9 = 7\n", "\nnine = 7\n", "deck.turns_per_age.nine"),
    ("\n9 = 7\n", "\n9 = 0\n", "deck.turns_per_age.9"),
    ("\n5 = 6\n9 = 7\n18 = 8\n", "\n", "deck.turns_per_age"),
])
def test_a_broken_age_length_fails_with_one_line_naming_the_key(
        tmp_path: Path, old: str, new: str, key: str) -> None:
    with pytest.raises(DataError) as err:
        load_event_cards_from(broken_copy(tmp_path, old, new, "events.toml"))
    assert err.value.key == key and "\n" not in str(err.value)


def test_only_a_realm_event_may_strike_a_realm(tmp_path: Path) -> None:
    broken = broken_copy(tmp_path, 'target = "taker"', 'target = "realm"', "events.toml")
    with pytest.raises(DataError) as err:
        load_event_cards_from(broken)
    assert err.value.key.endswith(".target")


# --- the primitives -----------------------------------------------------------------------


def test_homeland_is_the_start_area_and_its_land_neighbours_without_cities_or_others() -> None:
    state = realm_game("egypt")
    start = state.map.start_areas["egypt"]
    near = sorted(state.map.land[start])
    assert len(near) >= 2
    assert homeland(state, "egypt") == sorted({start, *near})
    state.board.cities[near[0]] = "egypt"
    state.board.add(near[1], "barbarians", 1)
    assert homeland(state, "egypt") == sorted({start, *near[2:]})


def test_homeland_tokens_gain_nothing_on_a_map_without_the_start_area() -> None:
    state = realm_game("egypt")
    state.map = dataclasses.replace(state.map, start_areas={})
    before = state.board.tokens_of("egypt")
    resolve(state, "egypt", Effect("homeland_tokens", {"count": 3}), RULE)
    assert state.board.tokens_of("egypt") == before


def test_a_free_ship_counts_as_built_this_turn_so_it_needs_no_upkeep() -> None:
    state = realm_game("minoa")
    coast = next(a for a, here in state.board.tokens.items()
                 if here.get("minoa") and state.map.areas[a].coastal)
    resolve(state, "minoa", Effect("free_ship", {}), RULE)
    assert state.board.ships.get(coast, {}).get("minoa") == 1
    assert unkept_ships(state, "minoa", coast) == 0


def test_a_free_ship_lost_before_the_movement_phase_cannot_sail() -> None:
    """The free ship is kept from the Event Action on; lost before movement (Lost at Sea), it
    leaves its mark but no ship: the phase must not offer it a trip (it used to, and the sail
    failed with "too few ships")."""
    from game.core.phases.movement_ships import ship_trip_possible

    state = realm_game("minoa")
    coast = next(a for a, here in state.board.tokens.items()
                 if here.get("minoa") and state.map.areas[a].coastal)
    resolve(state, "minoa", Effect("free_ship", {}), RULE)
    assert ship_trip_possible(state, "minoa", coast) or not state.map.areas[coast].coastal
    state.board.add_ships(coast, "minoa", -1)  # lost at sea
    assert not ship_trip_possible(state, "minoa", coast)


def test_no_free_ship_when_every_piece_is_on_the_board() -> None:
    state = realm_game("minoa")
    coast = next(a for a in state.map.areas if state.map.areas[a].coastal)
    state.board.add_ships(coast, "minoa", state.data.numbers["ships_per_player"])
    before = state.board.ships_of("minoa")
    resolve(state, "minoa", Effect("free_ship", {}), RULE)
    assert state.board.ships_of("minoa") == before


def test_advance_credit_lowers_the_price_of_every_advance_of_its_group() -> None:
    state = realm_game("babylon")
    data = state.data
    target = next(a for a, adv in data.advances.items()
                  if adv.groups == ("civics",) and advance_cost(data, a, []) >= 40)
    me = state.players["babylon"]
    before = advance_cost(data, target, me.advances, me.credits)
    resolve(state, "babylon", Effect("advance_credit", {"group": GROUPS.index("civics"),
                                                    "amount": 10}), RULE)
    assert advance_cost(data, target, me.advances, me.credits) == before - 10


# --- every card through the door ------------------------------------------------------------


def prepare(state: GameState, civ: str) -> None:
    """Room for every effect to show: a treasury, tokens beside the start area, a city, a
    coastal area and a city site holding tokens; every D2 check passes."""
    gain_treasury(state, civ, TREASURY, [])
    board, graph = state.board, state.map
    start = graph.start_areas[civ]
    for area in graph.land[start]:
        if area not in board.tokens:
            place_tokens(state, civ, area, 1, [])
    held = [a for a in board.tokens if board.tokens[a].get(civ)]
    free = sorted(a for a in graph.areas if a not in board.tokens and a not in board.cities
                  and graph.areas[a].pop > 0 and a not in graph.land[start] and a != start)
    if not any(graph.areas[a].coastal for a in held):
        area = next(a for a in free if graph.areas[a].coastal)
        place_tokens(state, civ, area, 1, [])
        free.remove(area)
    if not any(graph.areas[a].site != "none" for a in held):
        area = next(a for a in free if graph.areas[a].site != "none")
        place_tokens(state, civ, area, 1, [])
        free.remove(area)
    board.cities[next(a for a in free if graph.areas[a].site != "none")] = civ
    state.eventdeck.d2 = [True] * 10  # type: ignore[union-attr]


CARD_ASKS = ("event_place", "event_city_site", "event_ship", "event_spend", "event_steps",
             "event_lose")


def take_or_play(state: GameState, civ: str, card: EventCard) -> None:
    """A public card is laid in the display and taken; a private one is held and played when
    its window opens. The flow ends there, so nothing else changes the state."""
    deck = state.eventdeck
    assert deck is not None
    if card.public:
        start_at(state, "events", then_game=False)
        deck.display, deck.shown = [card.id, "bad_luck"], [True, True]
    else:
        deck.hands[civ] = [card.id]
        state.pending, state.tasks = None, []
        push(state, EventWindow(window=card.window))
    advance(state)
    assert state.pending is not None and state.pending.player == civ
    apply(state, Action(civ, f"event:{card.id}"))
    while state.pending is not None and state.pending.kind in CARD_ASKS:  # where, how much
        assert state.pending.player == civ  # the civilization it serves chooses (004:16.3)
        apply(state, Action(civ, state.pending.options[0]))
    deck = state.eventdeck  # apply works on copies of the parts it changes
    assert deck is not None and state.pending is None
    assert card.id in deck.log and card.id not in deck.hands.get(civ, [])


@pytest.mark.parametrize("card_id", REALM_CARDS)
def test_a_realm_card_changes_its_civilization_as_its_effects_say(card_id: str) -> None:
    card = load_event_cards().cards[card_id]
    civ = card.realm
    state = realm_game(civ)
    prepare(state, civ)
    board, me, deck = state.board, state.players[civ], state.eventdeck
    assert deck is not None
    home = set(homeland(state, civ))
    treasury, tokens, ships = me.treasury, board.tokens_of(civ), board.ships_of(civ)
    cities, credits = set(board.cities_of(civ)), dict(me.credits)
    mine = cities | {a for a, here in board.tokens.items() if here.get(civ)}
    in_home = sum(board.count(a, civ) for a in home)
    markers = len(deck.markers)

    take_or_play(state, civ, card)
    board, me, deck = state.board, state.players[civ], state.eventdeck
    assert deck is not None

    def count(do: str, param: str = "") -> int:
        return sum(e.get(param) if param else 1 for e in card.effects if e.do == do)

    want_treasury = treasury
    for effect in card.effects:
        if effect.do == "treasury":
            want_treasury = max(0, want_treasury + effect.get("amount"))
        elif effect.do == "treasury_halved":
            want_treasury //= 2
    assert me.treasury == want_treasury
    assert board.ships_of(civ) == ships + count("free_ship")
    if count("free_ship"):
        assert any(unkept_ships(state, civ, a) == 0 and board.ships[a].get(civ)
                   for a in board.ships)
    for group in GROUPS:
        gained = sum(e.get("amount") for e in card.effects
                     if e.do == "advance_credit" and GROUPS[e.get("group")] == group)
        assert me.credits.get(group, 0) == credits.get(group, 0) + gained
    new_markers = deck.markers[markers:]
    wanted = sorted([MARKER_KINDS[e.get("kind")] for e in card.effects
                     if e.do == "own_area_marker"] + ["pillage"] * count("city_fire"))
    assert sorted(m.kind for m in new_markers) == wanted
    assert all(m.area in mine for m in new_markers)
    if count("free_city"):
        built = set(board.cities_of(civ)) - cities
        assert len(built) == 1 and state.map.areas[built.pop()].site != "none"
        return
    assert set(board.cities_of(civ)) == cities  # a city fire that passed leaves it standing
    gained = count("gain_tokens", "count") + count("homeland_tokens", "count")
    assert board.tokens_of(civ) == tokens + gained - count("lose_tokens", "pass")
    if count("homeland_tokens") and not count("lose_tokens"):
        assert sum(board.count(a, civ) for a in home) == in_home + gained


# --- the decks ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "turns"), [(5, 6), (8, 6), (9, 7), (17, 7), (18, 8)])
def test_an_age_deck_lays_out_turns_per_age_displays_at_every_player_count(
        players: int, turns: int) -> None:
    """004:16: the deck is repeated until it can lay out `turns_per_age` displays (more turns
    with more players, whose games last longer) and cut there, so the realm events of more
    civilizations do not make an Age longer."""
    setup = load_game_data().setups_for(players)[0]
    config = GameConfig(players=[], setup=setup.id, seed=3, events=EventsOptions())
    state = new_game(config, oikoumene())
    deck = state.eventdeck
    assert deck is not None
    dealt = deck.deck + deck.display
    assert load_event_cards().age_turns(players) == turns
    assert len(dealt) == (players + 1) * turns
    realms = {load_event_cards().cards[c].realm for c in dealt} - {""}
    assert realms and realms <= set(state.players)
