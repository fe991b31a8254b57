"""Issue 37 (small messages): when the link cannot make a seat's view whole from a patch, it
hands over the older view it holds, marked stale, and asks the server for the whole view; the
game screen shows the older view and offers no pick on it until the whole view comes."""

from __future__ import annotations

import json
from typing import Any

from game import simulate
from game.net.mirror import mirror
from game.net.wire import wire_view
from game.ui.seat.net import NetSession, read_table, seats_of


def test_no_pick_is_offered_on_a_stale_view_until_the_whole_view_comes() -> None:
    state = simulate.new_state(5, 4, "classic", simulate.resolve_map(None))
    assert state.pending is not None
    seat = state.pending.player
    sent: dict[str | None, dict[str, Any]] = {seat: json.loads(json.dumps(wire_view(state, seat)))}
    shown = mirror(sent, state.map)
    table = read_table({"seats": {p: {"kind": "person", "level": "", "here": True}
                                  for p in state.players}})
    session = NetSession(state=shown, seats=seats_of(shown, table, [seat]), graph=state.map,
                         local=[seat], at=0)
    session._views = dict(sent)
    assert session.human_to_act() == seat

    def update(at: int, **extra: Any) -> dict[str, Any]:
        return {"type": "update", "code": "ABCDEF", "seat": seat, "at": at, "events": [],
                "started": True, "game_over": False, "undone": False, "undo": None,
                "floor": "", "view": sent[seat], **extra}

    session.take_update(update(1, stale=True))
    assert session.at == 1 and session.human_to_act() is None and session.options() == []
    session.take_update(update(1))  # the whole view, asked for, at the same action
    assert session.human_to_act() == seat
