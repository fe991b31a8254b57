"""Views on the wire: the server's fast encoding is exactly each seat's view, and a client
rebuilds the same `PlayerView` from it."""

from __future__ import annotations

import json

from game import simulate
from game.core import Action, apply, legal_actions, view
from game.core.plain import to_plain
from game.net.wire import as_sent, read_map, read_view, wire_view, wire_views_text


def test_each_seat_is_sent_exactly_its_own_view_and_a_spectator_the_public_one() -> None:
    state = simulate.new_state(5, 4, "classic", simulate.resolve_map(None))
    for _ in range(40):  # a few decisions in, so the board and hands are not all empty
        apply(state, legal_actions(state)[-1])
    seats: list[str | None] = [*state.players, None]
    texts = wire_views_text(state, seats)
    for seat in seats:
        assert json.loads(texts[seat]) == json.loads(json.dumps(wire_view(state, seat)))
    pending = state.pending
    assert pending is not None
    others = [s for s in state.players if s != pending.player]
    assert json.loads(texts[others[0]])["pending"]["options"] == []


def test_a_seat_is_sent_its_own_private_events() -> None:
    state = simulate.new_state(5, 4, "classic", simulate.resolve_map(None), events=True)
    deck = state.eventdeck
    assert deck is not None
    first = next(iter(state.players))
    deck.hands[first] = ["windfall"]
    texts = wire_views_text(state, [first, None])
    assert json.loads(texts[first])["events"]["hand"] == ["windfall"]
    assert json.loads(texts[None])["events"]["hand"] == []
    assert json.loads(texts[first]) == json.loads(json.dumps(wire_view(state, first)))


def test_a_client_rebuilds_the_servers_view_from_the_wire() -> None:
    state = simulate.new_state(5, 4, "classic", simulate.resolve_map(None))
    assert state.pending is not None
    apply(state, Action(state.pending.player, legal_actions(state)[0].label))
    graph = read_map(json.loads(json.dumps(to_plain(state.map))))
    for seat in state.players:
        sent = json.loads(json.dumps(wire_view(state, seat)))
        assert read_view(sent, graph) == as_sent(view(state, seat))
