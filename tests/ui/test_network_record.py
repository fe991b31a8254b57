"""A network client keeps the record the server sends at the end only when it is the game it
saw end, and (when it keeps files) among the replays, as a local game is kept."""

from __future__ import annotations

import json
from pathlib import Path

from game import simulate
from game.bots import make_bot
from game.core import Action, GameState, apply, view
from game.net.mirror import mirror
from game.net.wire import wire_view
from game.persist import GameRecord, paths, read_save, save_document
from game.ui.seat.net import NetSession, read_table, seats_of


def finished(seed: int, turns: int = 1) -> tuple[GameState, GameRecord]:
    state = simulate.new_state(5, seed, "classic", simulate.resolve_map(None), max_turns=turns)
    record = GameRecord.begin(state, from_new_game=True)
    bots = {pid: make_bot("basic", i) for i, pid in enumerate(state.players)}
    while not state.game_over:
        assert state.pending is not None
        who = state.pending.player
        record.apply(state, Action(who, bots[who].choose(view(state, who))))
    return state, record


def client_at(state: GameState, keep: bool) -> NetSession:
    """A spectator's session that has seen `state`."""
    sent: dict[str | None, dict[str, object]] = {
        None: json.loads(json.dumps(wire_view(state, None)))}
    shown = mirror(sent, state.map)
    table = read_table({"seats": {p: {"kind": "person", "level": "", "here": True}
                                  for p in state.players}})
    session = NetSession(state=shown, seats=seats_of(shown, table, []), graph=state.map,
                         keep_replays=keep)
    session._views = sent
    return session


def test_the_record_of_the_game_seen_is_kept_among_the_replays(private_data_dir: Path) -> None:
    state, record = finished(4)
    session = client_at(state, keep=True)
    session.take_record({"type": "record", "save": save_document(record, state)})
    assert session.finished is not None and session.finished_game() is session.finished
    assert session.replay_path is not None and session.replay_path.parent == paths.replays_dir()
    assert read_save(session.replay_path).state.state_hash() == state.state_hash()


def test_the_record_of_another_game_or_a_damaged_one_is_not_taken(
        private_data_dir: Path) -> None:
    state, _ = finished(4)
    other, other_record = finished(4, turns=2)
    session = client_at(state, keep=True)
    session.take_record({"type": "record", "save": save_document(other_record, other)})
    assert session.finished is None and "another game" in session.problem
    session.take_record({"type": "record", "save": {"format": "junk"}})
    assert session.finished is None and "cannot be read" in session.problem
    assert not paths.replays_dir().exists()


def test_a_record_before_the_end_is_ignored(private_data_dir: Path) -> None:
    state, record = finished(4)
    early = simulate.new_state(5, 4, "classic", simulate.resolve_map(None), max_turns=1)
    assert early.pending is not None
    apply(early, Action(early.pending.player, early.pending.options[0]))
    session = client_at(early, keep=True)
    session.take_record({"type": "record", "save": save_document(record, state)})
    assert session.finished is None and session.finished_game() is None
    assert not paths.replays_dir().exists()
