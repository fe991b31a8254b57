"""Views rebuild only the public facts of the players changed since the last one (issue 40:
"Views that grow with what changed"), and are the same views as built from scratch: the facts a
state keeps for its views are never stale, whatever changed (through `apply`, a procedure's
helpers, a clone going its own way, a failed action), and never part of the state's saved form,
its hash or its equality."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.core import GameState, IllegalAction, PublicPlayer, apply, view
from game.core import player_view as pv
from game.core.engine import Action
from game.core.eventdeck import view as ev
from game.core.eventdeck.model import Marker
from game.core.eventdeck.view import EventsView
from game.core.invariants import violations
from game.core.mapgraph import MapGraph
from game.core.ops import annex_city, gain_treasury, give_card, pay_treasury, take_card
from game.core.plain import clone
from game.core.rng import Rng
from game.simulate import resolve_map, start


@pytest.fixture(scope="module")
def graph() -> MapGraph:
    return resolve_map("oikoumene")


def scratch_players(state: GameState) -> tuple[PublicPlayer, ...]:
    """Every player's public facts as `view` built them before it kept any (the builder of
    commit a3ed5e6, through the class's own __init__): counted from the whole state."""
    owners = list(state.board.cities.values())
    ships: dict[str, int] = {}
    for here in state.board.ships.values():
        for owner, n in here.items():
            ships[owner] = ships.get(owner, 0) + n
    return tuple(PublicPlayer(
        id=p.id, stock=p.stock, treasury=p.treasury, advances=tuple(p.advances),
        credits=tuple(sorted(p.credits.items())), ast=p.ast, census=p.census, block=p.block,
        hand_size=len(p.hand), cities=owners.count(p.id), ships=ships.get(p.id, 0))
        for p in state.players.values())


def scratch_view(state: GameState, player: str | None) -> object:
    """The view of a copy of `state` that keeps no facts: built from scratch."""
    fresh = state.clone()
    fresh._kept, fresh._kept_events, fresh._kept_sizes = None, None, None
    seen = view(fresh, player)
    assert seen.events == scratch_events(state, player), player
    return seen


def scratch_events(state: GameState, player: str | None) -> EventsView | None:
    """The Events part of a view as `view` built it before it kept any (the builder of
    commit c5c59e6): read from the whole deck."""
    deck = state.eventdeck
    if deck is None:
        return None
    return EventsView(
        age=deck.age,
        over=deck.over,
        display=tuple(c if up else "" for c, up in zip(deck.display, deck.shown, strict=True)),
        deck_size=len(deck.deck),
        discards=tuple(deck.discards),
        hand=tuple(deck.hands.get(player, ())) if player is not None else (),
        hand_sizes=tuple((p, len(deck.hands.get(p, ()))) for p in state.players),
        markers=tuple(clone(m) for m in deck.markers),
        bonus_vp=tuple((p, deck.bonus_vp[p]) for p in state.players if deck.bonus_vp.get(p)),
    )


def assert_views_fresh(state: GameState) -> None:
    """Every seat's view (and a spectator's) equals one built from scratch."""
    expected = scratch_players(state)
    for who in (*state.players, None):
        seen = view(state, who)
        assert seen.players == expected, who
        assert seen == scratch_view(state, who), who


def play_checked(players: int, bots: str, seed: int, graph: MapGraph, max_turns: int,
                 every: int = 1, events: bool = False) -> int:
    """A game played by bots, each view handed to a bot checked against the builder from
    scratch (and every `every` decisions each seat's view); a clone of the state taken now and
    then goes its own way with random picks and is checked the same. Returns the actions."""
    state, seats, _ = start(players, [bots], seed, "classic", graph, max_turns=max_turns,
                            events=events)
    rng = Rng.seeded(seed)
    actions = 0
    while not state.game_over and state.pending is not None:
        who = state.pending.player
        seen = view(state, who)
        assert seen.players == scratch_players(state)
        assert seen.events == scratch_events(state, who)
        if actions % every == 0:
            assert seen == scratch_view(state, who)
        if actions % (every * 50) == 0:
            assert_views_fresh(state)
            other = state.clone()  # shares the kept facts; its own changes are its own
            for _ in range(rng.below(12) + 1):
                if other.game_over or other.pending is None:
                    break
                options = other.pending.options
                apply(other, Action(other.pending.player, options[rng.below(len(options))]))
                again = view(other, other.pending and other.pending.player)
                assert again.players == scratch_players(other)
                assert again.events == scratch_events(other, again.viewer)
            assert view(state, who) == seen  # the original is untouched by the clone's play
        label = seats[who].choose(seen)
        with pytest.raises(IllegalAction):  # a failed action changes nothing a view shows
            apply(state, Action(who, "no such option"))
        assert view(state, who) == seen
        apply(state, Action(who, label))
        actions += 1
    assert_views_fresh(state)
    return actions


@pytest.mark.parametrize("players", [5, 18])
def test_views_equal_views_built_from_scratch_over_a_game(players: int,
                                                          graph: MapGraph) -> None:
    assert play_checked(players, "normal", 3, graph, max_turns=12, every=3) > 400


@pytest.mark.parametrize("players", [5, 18])
def test_views_with_events_equal_views_built_from_scratch_over_a_game(
        players: int, graph: MapGraph) -> None:
    """With the Events module on (004): the Events part of every view too."""
    assert play_checked(players, "normal", 4, graph, max_turns=10, every=3, events=True) > 400


@pytest.mark.slow
@pytest.mark.parametrize("players,bots,turns,events", [
    (5, "normal", 0, False), (18, "normal", 0, False), (18, "random", 15, False),
    (9, "normal", 0, True), (18, "random", 12, True)])
def test_views_equal_views_built_from_scratch_over_whole_games(players: int, bots: str,
                                                               turns: int, events: bool,
                                                               graph: MapGraph) -> None:
    """Whole games by normal bots (to their end by the rules); random bots, which seldom end
    one, for 15 turns (12 with the Events module on)."""
    assert play_checked(players, bots, 7, graph, max_turns=turns, events=events) > 1000


def test_changing_one_players_holdings_changes_that_player_in_every_view(
        graph: MapGraph) -> None:
    """Each change a procedure makes through the core's helpers (player_to_change, the board)
    shows in every seat's next view, and equals the view built from scratch."""
    state, _, _ = start(18, ["normal"], 5, "classic", graph, max_turns=3)
    assert_views_fresh(state)  # the facts are kept from here on
    first, second = list(state.players)[:2]
    before = view(state, None).players
    gain_treasury(state, first, 3, [])
    assert_views_fresh(state)
    after = view(state, None).players
    assert after[0].treasury == before[0].treasury + 3
    assert after[1:] == before[1:] and all(a is b for a, b in zip(after[1:], before[1:],
                                                                   strict=True))
    give_card(state, second, "salt")
    assert view(state, second).hand != view(state, first).hand
    assert_views_fresh(state)
    take_card(state, second, "salt")
    pay_treasury(state, first, 1, [])
    assert_views_fresh(state)
    state.player_to_change(first).advances.append("pottery")
    state.player_to_change(second).credits["arts"] = 5
    assert_views_fresh(state)
    area = next(a for a in state.map.areas if a not in state.board.cities)
    state.board.cities[area] = first  # a city built, straight on the board
    assert view(state, None).players[0].cities == before[0].cities + 1
    assert_views_fresh(state)
    annex_city(state, area, second, [])
    assert_views_fresh(state)
    state.board.add_ships(area, second, 2)
    assert view(state, None).players[1].ships == 2
    assert_views_fresh(state)
    del state.board.cities[area]
    state.board.ships.clear()
    assert_views_fresh(state)


def test_a_view_rebuilds_only_the_players_that_changed(graph: MapGraph,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The cost of a view follows what changed: after the first, a view rebuilds the facts of
    the players changed since the last one, not every player's (at 18 players, every
    player's at every decision was a fifth of the time)."""
    state, _, _ = start(18, ["normal"], 5, "classic", graph, max_turns=3)
    built: list[str] = []
    public = pv._public

    def counted(state: GameState, pid: str, *counts: dict[str, int]) -> PublicPlayer:
        built.append(pid)
        return public(state, pid, *counts)

    monkeypatch.setattr(pv, "_public", counted)
    view(state, None)
    assert len(built) == 18
    built.clear()
    for who in state.players:
        view(state, who)
    assert built == []
    first = next(iter(state.players))
    gain_treasury(state, first, 2, [])
    view(state, None)
    assert built == [first]
    built.clear()
    copy = state.clone()  # a copy keeps the facts too
    view(copy, None)
    assert built == []


def test_the_kept_facts_are_not_part_of_the_state(graph: MapGraph) -> None:
    """Never saved, hashed or compared: a state viewed and the same state never viewed save,
    hash and compare alike, and a state read back views alike."""
    state, _, _ = start(5, ["normal"], 9, "classic", graph, max_turns=3)
    text, digest = state.to_json(), state.state_hash()
    untouched = state.clone()
    seen = view(state, "egypt" if "egypt" in state.players else None)
    gain_treasury(state, next(iter(state.players)), 1, [])  # changed since that view
    pay_treasury(state, next(iter(state.players)), 1, [])
    view(state, None)
    assert state.to_json() == text and state.state_hash() == digest
    assert state == untouched
    again = GameState.from_json(text)
    assert view(again, seen.viewer) == seen


def test_a_view_whose_players_changed_nothing_public_shares_the_last_players(
        graph: MapGraph) -> None:
    """A change no other player can see (a flag of the turn's bookkeeping) leaves the view's
    players the same tuple, so what bots worked out from it holds."""
    state, _, _ = start(18, ["normal"], 5, "classic", graph, max_turns=3)
    before = view(state, None).players
    state.player_to_change(next(iter(state.players))).flags["test"] = 1
    assert view(state, None).players is before
    gain_treasury(state, next(iter(state.players)), 1, [])
    assert view(state, None).players is not before


def test_the_invariants_name_kept_facts_that_are_not_the_states(graph: MapGraph) -> None:
    """Random play, simulate and the soak check the invariants after every action: they
    catch a player changed behind player_to_change's back once a view kept the facts."""
    state, _, _ = start(9, ["normal"], 5, "classic", graph, max_turns=3)
    assert not [v for v in violations(state) if "kept" in v]  # none kept yet
    view(state, None)
    gain_treasury(state, next(iter(state.players)), 2, [])
    assert not [v for v in violations(state) if "kept" in v]
    sneaky = state.players[list(state.players)[1]]
    sneaky.advances.append("pottery")  # not through player_to_change
    assert [v for v in violations(state) if "kept" in v]


def test_the_events_part_of_a_view_is_made_again_only_when_the_deck_changed(
        graph: MapGraph, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the Events module on, the Events part of a view is made once for each viewer while
    the deck's public facts stay as they were, and made again when any of them changes: a hand,
    the display, the discards, a marker, the victory points events won (issue 40: every view
    read every player's hand)."""
    state, _, _ = start(18, ["normal"], 5, "classic", graph, max_turns=3, events=True)
    deck = state.eventdeck
    assert deck is not None
    made: list[str | None] = []
    real = ev._made

    def counted(source: ev.Source, player: str | None) -> EventsView:
        made.append(player)
        return real(source, player)

    monkeypatch.setattr(ev, "_made", counted)
    first, second = list(state.players)[:2]
    for who in (*state.players, None):
        view(state, who)
    assert len(made) == 19
    made.clear()
    for who in (*state.players, None):
        view(state, who)
    assert made == []
    card = deck.deck[0]
    deck.hands.setdefault(first, []).append(card)  # a private event taken
    assert view(state, second).events == scratch_events(state, second)
    assert dict(view(state, second).events.hand_sizes)[first] == len(deck.hands[first])
    assert view(state, first).events.hand == tuple(deck.hands[first])
    assert made == [second, first]
    assert_views_fresh(state)
    deck.discards.append(card)
    deck.shown[0] = not deck.shown[0]
    assert_views_fresh(state)
    deck.markers.append(Marker("famine", 2, player=second))
    assert view(state, None).events.markers[-1] == Marker("famine", 2, player=second)
    assert_views_fresh(state)
    deck.markers[-1].turns = 1  # a marker counting down
    assert view(state, None).events.markers[-1].turns == 1
    assert_views_fresh(state)
    deck.bonus_vp[second] = deck.bonus_vp.get(second, 0) + 3  # victory points an event won
    assert dict(view(state, first).events.bonus_vp)[second] == deck.bonus_vp[second]
    assert_views_fresh(state)
    copy = state.clone()  # a copy keeps the part made too
    made.clear()
    view(copy, second)
    assert made == []
    assert not [v for v in violations(state) if "kept" in v]


def test_the_invariants_name_a_kept_events_part_that_is_not_the_states(
        graph: MapGraph) -> None:
    state, _, _ = start(9, ["normal"], 5, "classic", graph, max_turns=3, events=True)
    first = next(iter(state.players))
    view(state, first)
    assert not [v for v in violations(state) if "Events" in v]
    kept = state._kept_events
    assert kept is not None
    kept.views[first] = replace(kept.views[first], deck_size=-1)  # made wrong
    assert [v for v in violations(state) if "Events" in v]


def test_pile_sizes_are_counted_again_only_when_a_pile_changed(
        graph: MapGraph, monkeypatch: pytest.MonkeyPatch) -> None:
    """A view counts the trade card piles again only once one changed (through
    GameState.pile) or the state holds other piles; a copy of the state keeps the count (issue
    40: at 18 players, two blocks' 36 piles were counted at every view)."""
    state, seats, _ = start(18, ["normal"], 5, "classic", graph, max_turns=3)
    counted: list[int] = []
    real = pv._sizes

    def counting(decks: dict[str, list[list[str]]]) -> pv.Sizes:
        counted.append(len(decks))
        return real(decks)

    monkeypatch.setattr(pv, "_sizes", counting)
    seen = view(state, None)
    assert len(seen.stack_sizes) == 2 and counted == [2, 2]  # West and East, stacks and discards
    counted.clear()
    for who in state.players:
        assert view(state, who).stack_sizes is seen.stack_sizes
    copy = state.clone()
    assert view(copy, None).stack_sizes == seen.stack_sizes and counted == []
    block = seen.stack_sizes[0][0]
    state.pile("stack", block, 0).pop()
    state.pile("discards", block, 3).append("salt")
    after = view(state, None)
    assert after.stack_sizes[0][1][0] == seen.stack_sizes[0][1][0] - 1
    assert after.discard_sizes[0][1][3] == seen.discard_sizes[0][1][3] + 1
    assert counted == [2, 2]
    assert_views_fresh(state)
    assert view(copy, None).stack_sizes == seen.stack_sizes  # the copy's piles are its own
    state.stacks = {b: [pile.copy() for pile in piles] for b, piles in state.stacks.items()}
    state.stacks[block][1] = []  # other piles altogether
    assert view(state, None).stack_sizes[0][1][1] == 0
    assert_views_fresh(state)
    while state.pending is not None and state.turn < 2:  # through apply, piles drawn from
        who = state.pending.player
        apply(state, Action(who, seats[who].choose(view(state, who))))
        assert view(state, None).stack_sizes == scratch_view(state, None).stack_sizes
    assert not [v for v in violations(state) if "kept" in v]
    state.stacks[block][2].append("salt")  # behind GameState.pile's back: the invariants see it
    assert [v for v in violations(state) if "pile sizes" in v]
