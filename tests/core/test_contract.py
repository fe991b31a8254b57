"""The rules core's door (DESIGN.md "The rules core"): one way in, nothing leaks, nothing is
half-done. A small test procedure stands in for the phases so the contract is pinned on its own."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.core import (
    Action,
    EventsOptions,
    GameConfig,
    GameState,
    IllegalAction,
    PlayerView,
    PublicPlayer,
    Words,
    apply,
    legal_actions,
    view,
)
from game.core.engine import advance
from game.core.flow import Result, ask, done, finish, label_key, push, register
from game.core.mapgraph import Area, MapGraph
from game.core.plain import clone
from game.core.rng import Rng
from game.core.state import Board, HandCard, Pending, Player, Progress, Task


@dataclasses.dataclass
class Walk(Progress):
    KIND = "test:walk"
    moves: int


def _walk_step(state: GameState, walk: Walk, events: list) -> None:
    """Each player in turn moves one token to a neighbouring area; a card is drawn after."""
    if walk.moves <= 0:
        done(state, walk)
        return
    order = list(state.players)
    who = order[walk.moves % len(order)]
    areas = [a for a, n in state.board.tokens.items() if state.board.count(a, who)]
    options = {f"area:{b}" for a in areas for b in state.map.land[a]}
    ask(state, who, "walk", "Move a token to", options | {"done"})


def _walk_choose(state: GameState, walk: Walk, label: str, events: list) -> None:
    order = list(state.players)
    who = order[walk.moves % len(order)]
    walk.moves -= 1
    if label == "done":
        return
    to = label.split(":", 1)[1]
    source = next(a for a in sorted(state.map.land[to]) if state.board.count(a, who))
    state.board.add(source, who, -1)
    state.board.add(to, who, 1)
    deck = state.stacks["west"][0]
    if deck:
        state.rng.shuffle(deck)
        state.player_to_change(who).hand.append(HandCard(deck.pop(0)))


register(Walk, _walk_step, _walk_choose)


@dataclasses.dataclass
class Outer(Progress):
    """Waits for an Inner decision, counts it, then fails (a stand-in for a rules bug)."""

    KIND = "test:outer"
    received: int = 0
    started: bool = False


@dataclasses.dataclass
class Inner(Progress):
    KIND = "test:inner"
    picked: str = ""


@dataclasses.dataclass(frozen=True)
class Picked(Result):
    KIND = "test:picked"


def _outer_step(state: GameState, outer: Outer, events: list) -> None:
    if not outer.started:
        outer.started = True
        push(state, Inner())
        return
    raise RuntimeError("a procedure failed half-way")


def _outer_receive(state: GameState, outer: Outer, result: Result) -> None:
    outer.received += 1


def _inner_step(state: GameState, inner: Inner, events: list) -> None:
    ask(state, "egypt", "inner", "Pick", ["yes", "no"])


def _inner_choose(state: GameState, inner: Inner, label: str, events: list) -> None:
    inner.picked = label
    state.board.add("a", "egypt", -1)
    state.player_to_change("egypt").hand.append(HandCard("gold"))
    finish(state, inner, Picked())


register(Outer, _outer_step, receive=_outer_receive)
register(Inner, _inner_step, _inner_choose)


def _line_map() -> MapGraph:
    ids = ["a", "b", "c", "d"]
    areas = {i: Area(i, i.upper(), 3, "white", False, None, None, i == "d") for i in ids}
    land = {"a": ("b",), "b": ("a", "c"), "c": ("b", "d"), "d": ("c",)}
    return MapGraph(id="line", areas=areas, land=land, water={i: () for i in ids}, seas={},
                    volcanoes={}, flood_plains={}, straits=(), start_areas={})


def walk_state(moves: int = 6) -> GameState:
    board = Board()
    board.add("a", "egypt", 3)
    board.add("d", "babylon", 2)
    board.cities["c"] = "babylon"
    players = {
        "babylon": Player("babylon", stock=50, treasury=3, hand=[HandCard("salt", "egypt")]),
        "egypt": Player("egypt", stock=52, hand=[HandCard("ochre")]),
    }
    state = GameState(
        config=GameConfig(players=["babylon", "egypt"]), map=_line_map(), players=players,
        board=board, rng=Rng.seeded(5),
        stacks={"west": [["clay", "ochre", "papyrus", "iron"]]}, discards={"west": [[]]},
    )
    push(state, Walk(moves=moves))
    advance(state)
    return state


def test_an_illegal_action_raises_and_leaves_the_state_hash_unchanged() -> None:
    state = walk_state()
    before = state.state_hash()
    who = state.pending.player
    other = next(p for p in state.players if p != who)
    for action, reason in [
        (Action(who, "area:zzz"), "not an option"),
        (Action(other, state.pending.options[0]), "decision"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            apply(state, action)
        assert state.state_hash() == before


def test_a_failure_half_way_through_an_action_leaves_the_state_as_it_was() -> None:
    """The decision's task, the one below that receives its result, the board and a player all
    change before the failure: none of it may reach the state."""
    state = walk_state()
    state.tasks, state.pending = [], None
    push(state, Outer())
    advance(state)
    before, outer, inner = state.state_hash(), state.tasks[0].data, state.tasks[1].data
    with pytest.raises(RuntimeError, match="half-way"):
        apply(state, Action("egypt", "yes"))
    assert state.state_hash() == before
    assert outer == Outer(received=0, started=True) and inner == Inner(picked="")
    assert state.tasks[0].data is outer and state.board.count("a", "egypt") == 3
    assert state.players["egypt"].hand == [HandCard("ochre")]


def test_a_clone_equals_its_original_and_is_independent() -> None:
    state = walk_state()
    copy = state.clone()
    assert copy == state and copy.state_hash() == state.state_hash()
    apply(copy, legal_actions(copy)[0])
    assert copy != state
    assert copy.map is state.map  # immutable parts are shared, not copied


def test_a_board_clone_copies_every_field_and_shares_no_dict() -> None:
    """Board has its own fast copier: it must know every field the board has."""
    board = Board({"a": {"egypt": 2}}, {"b": "egypt"}, {"s": {"egypt": 1}})
    assert [f.name for f in dataclasses.fields(Board)] == ["tokens", "cities", "ships"]
    copy = clone(board)
    assert copy == board and set(vars(copy)) == set(vars(board))
    copy.add("a", "egypt", 1)
    copy.add_ships("s", "egypt", 1)
    copy.cities["c"] = "egypt"
    assert board == Board({"a": {"egypt": 2}}, {"b": "egypt"}, {"s": {"egypt": 1}})


def test_board_copies_share_token_counts_until_one_of_them_changes_an_area() -> None:
    board = Board()
    board.add("a", "egypt", 2)
    board.add("b", "crete", 1)
    copy = clone(board)
    copy.add("a", "egypt", 1)
    board.add("b", "crete", 1)
    board.add("c", "egypt", 1)
    third = clone(copy)
    third.add("b", "crete", -1)
    copy.add("a", "egypt", -3)
    assert board.tokens == {"a": {"egypt": 2}, "b": {"crete": 2}, "c": {"egypt": 1}}
    assert copy.tokens == {"b": {"crete": 1}}
    assert third.tokens == {"a": {"egypt": 3}}
    again = GameState.from_json(walk_state().to_json()).board
    again.add("a", "egypt", 1)  # a board read back changes like any other
    assert again.count("a", "egypt") == 4


def test_a_view_keeps_the_board_it_was_given_while_the_game_goes_on() -> None:
    state = walk_state()
    seen = view(state, state.pending.player)
    before = clone(state.board)
    for _ in range(4):
        apply(state, legal_actions(state)[0])
    assert state.board != before and seen.board == before


def test_a_view_sets_every_field_a_view_has() -> None:
    """`view` builds its PlayerView field by field (not through the frozen class's __init__): it
    must know every field, and a view so built equals one built by the class."""
    state = walk_state()
    seen = view(state, state.pending.player)
    names = [f.name for f in dataclasses.fields(PlayerView)]
    assert list(vars(seen)) == names
    assert seen == PlayerView(**{name: getattr(seen, name) for name in names})
    public = [f.name for f in dataclasses.fields(PublicPlayer)]  # built field by field too
    for player in seen.players:
        assert list(vars(player)) == public
        assert player == PublicPlayer(**{name: getattr(player, name) for name in public})


def test_a_player_clone_copies_every_field_and_shares_no_container() -> None:
    """Player has its own fast copier: it must know every field the player has."""
    assert [f.name for f in dataclasses.fields(Player)] == [
        "id", "stock", "treasury", "advances", "credits", "hand", "ast", "census", "block",
        "flags"]
    player = Player("egypt", 40, 3, ["pottery"], {"red": 5}, [HandCard("salt")], 2, 9, "west",
                    {"movement.built": 1})
    copy = clone(player)
    assert copy == player
    copy.advances.append("mining")
    copy.credits["red"] = 0
    copy.hand.append(HandCard("ochre"))
    copy.flags.clear()
    assert player == Player("egypt", 40, 3, ["pottery"], {"red": 5}, [HandCard("salt")], 2, 9,
                            "west", {"movement.built": 1})


def test_a_pending_clone_knows_every_field_and_copies_the_options() -> None:
    """Pending has its own fast copier: it must know every field a decision has."""
    assert [f.name for f in dataclasses.fields(Pending)] == [
        "player", "kind", "prompt", "options", "rule", "detail", "words"]
    pending = Pending("egypt", "walk", "Move", ["area:a", "done"], "1.2", None,
                      Words(("Move to ", ""), ("area:a",)))
    copy = clone(pending)
    assert copy == pending
    copy.options.append("area:b")
    assert pending.options == ["area:a", "done"]


def test_a_config_clone_knows_every_field_and_shares_no_container() -> None:
    """GameConfig has its own fast copier: it must know every field a configuration has."""
    assert [f.name for f in dataclasses.fields(GameConfig)] == [
        "players", "ruleset", "ast_side", "setup", "map_id", "map_setup", "seed", "max_turns",
        "names", "open_bargaining", "last_turn", "events"]
    config = GameConfig(players=["egypt"], names={"egypt": "Ann"},
                        events=EventsOptions(b_events=["b1"]))
    copy = clone(config)
    assert copy == config
    copy.players.append("crete")
    copy.names["egypt"] = "Bob"
    assert copy.events is not None
    copy.events.b_events.append("b2")
    assert config == GameConfig(players=["egypt"], names={"egypt": "Ann"},
                                events=EventsOptions(b_events=["b1"]))


def test_a_progress_clone_sets_every_field_in_order_and_shares_no_container() -> None:
    """A mutable dataclass with no copier of its own (a procedure's progress) is copied field
    by field, as its __init__ lays them out, never through __dict__."""

    @dataclasses.dataclass
    class Marching:
        stage: str = "start"
        order: list[str] = dataclasses.field(default_factory=lambda: ["egypt", "crete"])
        left: dict[str, int] = dataclasses.field(default_factory=lambda: {"egypt": 2})
        inner: Walk = dataclasses.field(default_factory=lambda: Walk(moves=3))
        cards: tuple[str, ...] = ("salt",)

    marching = Marching()
    copy = clone(marching)
    assert copy == marching and list(vars(copy)) == list(vars(Marching()))
    assert copy.cards is marching.cards  # immutable: shared
    copy.order.append("babylon")
    copy.left["egypt"] = 0
    copy.inner.moves = 1
    assert marching == Marching()


def test_a_task_clone_knows_every_field_and_copies_the_progress() -> None:
    """Task has its own fast copier: it must know every field a task has."""
    assert [f.name for f in dataclasses.fields(Task)] == ["kind", "data"]
    task = Task(Walk.KIND, Walk(moves=3))
    copy = clone(task)
    assert copy == task and copy.data is not task.data
    copy.data.moves = 2
    assert task.data == Walk(moves=3)


def test_a_state_clone_knows_every_field_and_shares_only_the_immutable_parts() -> None:
    """GameState has its own fast copier: a new field must be added to it (and here)."""
    assert [f.name for f in dataclasses.fields(GameState)] == [
        "config", "map", "players", "board", "rng", "stacks", "discards", "turn", "phase",
        "tasks", "pending", "game_over", "ended_by", "counters", "eventdeck", "version", "data"]
    state = walk_state()
    state.stacks = {"west": [["salt"], ["ochre"]]}
    state.discards = {"west": [["hides"], []]}
    state.counters = {"calamity:flood": 1}
    copy = state.clone()
    assert copy == state and copy.map is state.map and copy.data is state.data
    shared = [name for name, value in vars(copy).items()
              if value is vars(state)[name] and type(value) in (list, dict)]
    assert shared == []
    copy.stacks["west"][0].append("gold")
    copy.discards["west"][1].append("salt")
    copy.counters["calamity:flood"] = 2
    assert state.stacks == {"west": [["salt"], ["ochre"]]}
    assert state.discards == {"west": [["hides"], []]} and state.counters["calamity:flood"] == 1


def test_apply_s_working_copy_shares_the_trade_card_piles_until_one_of_them_changes() -> None:
    state = walk_state()
    state.stacks = {"west": [["salt"], ["ochre"]]}
    state.discards = {"west": [["hides"], []]}
    work = state.working_copy()
    assert work.stacks["west"][1] is state.stacks["west"][1]  # not copied for every action
    drawn = work.pile("stack", "west", 0)
    drawn.append("gold")
    assert work.pile("stack", "west", 0) is drawn  # copied once, then the copy's own
    work.pile("discards", "west", 1).append("salt")
    assert state.stacks == {"west": [["salt"], ["ochre"]]}
    assert state.discards == {"west": [["hides"], []]}
    again = work.working_copy()  # a copy of the copy: what `work` made is shared now
    again.pile("stack", "west", 0).pop()
    assert work.stacks == {"west": [["salt", "gold"], ["ochre"]]}
    assert again.stacks == {"west": [["salt"], ["ochre"]]}


def test_apply_s_working_copy_shares_the_players_and_keeps_one_as_it_was_before_it_changes(
) -> None:
    state = walk_state()
    egypt, babylon = state.players["egypt"], state.players["babylon"]
    work = state.working_copy()
    assert work.players["egypt"] is egypt and work.players["babylon"] is babylon  # not copied
    changed = work.player_to_change("egypt")
    assert changed is egypt  # the same object in the copy, so a procedure holding it sees it
    changed.treasury += 2
    changed.hand.append(HandCard("gold"))
    assert work.player_to_change("egypt") is egypt  # copied once, before the first change
    kept = state.players["egypt"]
    assert kept is not egypt and kept.treasury == 0 and kept.hand == [HandCard("ochre")]
    assert state.players["babylon"] is babylon  # unchanged, still shared
    state.take_over(work)
    assert state.players["egypt"] is egypt and egypt.treasury == 2
    state.player_to_change("egypt").treasury += 1  # outside apply: changed in place
    assert state.players["egypt"] is egypt and egypt.treasury == 3


def test_copies_and_take_over_set_every_attribute_a_state_has() -> None:
    """A state's copies are built, and apply's working copy taken over, field by field (not
    through __dict__): each must know every attribute a state has."""
    state = walk_state()
    names = set(vars(state))
    assert names == {f.name for f in dataclasses.fields(GameState)} | {
        "_own_piles", "_before", "_kept", "_changed", "_kept_events", "_kept_sizes"}
    for copy in (state.clone(), state.working_copy()):
        assert set(vars(copy)) == names
    other = state.clone()
    for name in names:
        setattr(other, name, object())  # a mark of its own in every attribute
    state.take_over(other)
    # what the working copy was made from (see player_to_change) is the state that took it over
    assert state._before is None
    assert all(getattr(state, name) is getattr(other, name) for name in names - {"_before"})


def test_a_generator_copy_knows_every_field_and_draws_the_same_numbers() -> None:
    """Rng has its own fast copier: it must know every field the generator has."""
    assert [f.name for f in dataclasses.fields(Rng)] == ["state", "inc"]
    rng = Rng.seeded(7)
    copy = clone(rng)
    assert copy == rng and copy is not rng
    assert [copy.next32() for _ in range(3)] == [rng.next32() for _ in range(3)]


def test_json_round_trip_gives_an_equal_state_at_every_decision() -> None:
    state = walk_state()
    while state.pending is not None:
        again = GameState.from_json(state.to_json())
        assert again == state and again.state_hash() == state.state_hash()
        apply(state, legal_actions(state)[0])


def test_legal_actions_are_sorted_by_label_order() -> None:
    state = walk_state()
    labels = [a.label for a in legal_actions(state)]
    assert labels == sorted(labels, key=label_key)
    assert labels[-1] == "done"


def test_replaying_the_same_actions_gives_the_same_hash() -> None:
    def play() -> str:
        state = walk_state()
        while state.pending is not None:
            apply(state, legal_actions(state)[0])
        return state.state_hash()

    assert play() == play()


def test_a_player_view_holds_no_other_hand_and_no_deck_order() -> None:
    state = walk_state()
    seen = view(state, "egypt")
    text = json.dumps(repr(seen))
    assert [h.card for h in seen.hand] == ["ochre"]
    assert seen.player("babylon").hand_size == 1
    assert "salt" not in text  # babylon's card
    for card in ("clay", "papyrus", "iron"):
        assert card not in text  # the deck's contents and order
    assert seen.stack_sizes == (("west", (4,)),)


def test_a_view_shows_options_only_to_the_player_who_decides() -> None:
    state = walk_state()
    who = state.pending.player
    other = next(p for p in state.players if p != who)
    assert view(state, who).pending.options == state.pending.options
    assert view(state, other).pending.options == []


def test_the_random_generator_lives_in_the_state() -> None:
    a, b = walk_state(), walk_state()
    for s in (a, b):
        while s.pending is not None:
            apply(s, legal_actions(s)[0])
    assert a.rng == b.rng
    assert a.players["babylon"].hand == b.players["babylon"].hand


def test_from_json_rejects_damaged_input_with_a_clear_error() -> None:
    from game.core import StateError

    good = json.loads(walk_state().to_json())
    for broken in [
        "{not json",
        "[]",
        json.dumps({**good, "turn": "three"}),
        json.dumps({**good, "version": 99}),
        json.dumps({**good, "surprise": 1}),
        json.dumps({k: v for k, v in good.items() if k != "players"}),
    ]:
        with pytest.raises(StateError):
            GameState.from_json(broken)


def test_a_scenario_state_with_free_area_ids_round_trips() -> None:
    from game.core.gamedata import load_game_data
    from game.scenario.build import build_state
    from game.scenario.parse import parse_scenario

    raw = {
        "title": "t", "map": {"land": [["A", "B-2"]], "areas": {"A": {"pop": 2}, "B-2": {}}},
        "players": {"egypt": {"tokens": {"A": 1}}}, "play": {"phase": "taxation"},
    }
    state = build_state(parse_scenario(raw, "t.toml", load_game_data()), load_game_data())
    assert GameState.from_json(state.to_json()) == state
