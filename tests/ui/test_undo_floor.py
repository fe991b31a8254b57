"""Undo never goes back past hidden information revealed, a random draw or another player's
move (issue 34, Board Game Arena's rule): a face-down event card taken may not be taken back
(else its taker peeks at it, undoes and takes another), while a plain move that revealed nothing
may. The rule lives in one place (game.persist.takeback), used by the local session and the
server alike."""

from __future__ import annotations

from pathlib import Path

from game.bots import make_bot
from game.core import Action, EventsOptions, GameConfig, GameState, apply, new_game, view
from game.maps.files import load_map_file
from game.persist.takeback import take_back_refusal
from game.ui.seat.session import Seat, Session

ARENA = Path(__file__).resolve().parents[1] / "maps" / "arena.json"


def _with_events(seed: int = 1) -> GameState:
    graph, _ = load_map_file(ARENA)
    return new_game(GameConfig(players=[], setup="5-west", seed=seed, events=EventsOptions()),
                    graph)


def _face_down_corruption(state: GameState) -> str:
    """The display's first face-down card made Corruption (a public event whose taker names
    the player it strikes: the taker decides again at once); its option label."""
    deck = state.eventdeck
    assert deck is not None
    down = deck.shown.index(False)
    up = deck.display.index("corruption") if "corruption" in deck.display else None
    if up is not None:  # Corruption lies face up: it changes places with the face-down card
        deck.display[up] = deck.display[down]
    else:
        deck.deck.remove("corruption")
        deck.deck.append(deck.display[down])
    deck.display[down] = "corruption"
    return f"event:face_down:{down + 1}"


def _hot_seat(state: GameState) -> Session:
    return Session(state, {pid: Seat(pid, pid.title(), human=True) for pid in state.players})


def test_a_face_down_event_taken_is_not_taken_back_and_the_player_is_told_why() -> None:
    session = _hot_seat(_with_events())
    label = _face_down_corruption(session.state)
    taker = session.acting
    assert taker is not None
    session.play(taker, label)
    pending = session.state.pending
    assert pending is not None and pending.player == taker  # the taker decides again at once
    assert pending.kind == "event_target"
    assert not session.can_undo(taker)
    assert not session.undo(taker)
    why = session.undo_refusal(taker)
    assert why == "Nothing can be taken back: an event card was taken or played."
    assert "_" not in why


def test_the_rule_refuses_a_face_down_event_taken_and_allows_a_plain_move() -> None:
    before = _with_events()
    label = _face_down_corruption(before)
    after = before.clone()
    assert before.pending is not None
    events = apply(after, Action(before.pending.player, label))
    assert take_back_refusal(before, after, events) == "an event card was taken or played"


def _to_movement(session: Session) -> str:
    """Bots play every seat's picks until a movement area is to be chosen; the area picked."""
    bots = {pid: make_bot("normal", i) for i, pid in enumerate(session.state.players)}
    while True:
        pending = session.state.pending
        assert pending is not None
        if pending.kind == "movement_area":
            areas = [lb for lb in pending.options if lb.startswith("area:")]
            if areas:
                return areas[0]
        session.play(pending.player, bots[pending.player].choose(view(session.state,
                                                                      pending.player)))


def test_a_plain_move_that_revealed_nothing_is_taken_back() -> None:
    session = _hot_seat(_with_events())
    area = _to_movement(session)
    mover = session.acting
    assert mover is not None
    before = session.state.state_hash()
    assert session.undo_refusal(mover).startswith("Nothing can be taken back")
    session.play(mover, area)
    assert session.acting == mover and session.can_undo(mover)
    assert session.undo_refusal(mover) == ""
    assert session.undo(mover)
    assert session.state.state_hash() == before


def test_another_players_move_is_a_floor() -> None:
    session = _hot_seat(_with_events())
    area = _to_movement(session)
    mover = session.acting
    assert mover is not None
    session.play(mover, area)
    other = next(p for p in session.state.players if p != mover)
    assert session.undo_refusal(other) == "It is not your decision."


def test_a_face_down_event_is_not_previewed() -> None:
    """Trying a pick on a copy (a drag's drop targets) tells nothing a take-back could not
    undo: the options after a face-down card would tell what kind of card it is."""
    session = _hot_seat(_with_events())
    label = _face_down_corruption(session.state)
    taker = session.acting
    assert taker is not None
    assert session.preview(taker, label) == []


def test_the_controller_tells_why_an_undo_is_refused() -> None:
    from game.ui.seat.controller import HumanController

    session = _hot_seat(_with_events())
    label = _face_down_corruption(session.state)
    taker = session.acting
    assert taker is not None
    session.play(taker, label)
    controller = HumanController(session)
    assert not controller.undo()
    assert controller.error == "Nothing can be taken back: an event card was taken or played."
