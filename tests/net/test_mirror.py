"""A network client's drawable state, put together from the views it was sent, shows each of
its seats exactly the view the server's state gives that seat, and events survive the wire."""

from __future__ import annotations

import json

from game import simulate
from game.core import apply, legal_actions, view
from game.core.plain import to_plain
from game.net.link import server_url
from game.net.mirror import mirror, read_events
from game.net.wire import as_sent, wire_view


def test_mirror_of_sent_views_gives_each_seat_its_own_view_and_events_come_back() -> None:
    state = simulate.new_state(5, 3, "classic", simulate.resolve_map(None))
    events = []
    for step in range(120):
        events += apply(state, legal_actions(state)[step % 2 - 1])
        assert state.pending is not None
        seat = state.pending.player
        sent = {s: json.loads(json.dumps(wire_view(state, s))) for s in (seat, None)}
        shown = mirror(sent, state.map)
        assert to_plain(view(shown, seat)) == to_plain(as_sent(view(state, seat)))
        assert to_plain(view(shown, None)) == to_plain(as_sent(view(state, None)))
        assert view(shown, None).config.seed == 0 != state.config.seed  # dealing is secret
    assert read_events(json.loads(json.dumps([e.to_dict() for e in events]))) == events
    assert read_events([{"type": "NoSuchEvent"}, "junk", {"type": "GameEnded", "x": 1}]) == []


def test_addresses_typed_to_join_are_read_or_refused_in_one_line() -> None:
    assert server_url(" 192.168.1.20:7417 ") == "ws://192.168.1.20:7417"
    assert server_url("example.org") == "ws://example.org:7417"
    assert server_url("wss://example.org:9000/") == "wss://example.org:9000"
    for bad in ("", "http://x:1", "host:99999", "host:port", "a b:12", ":12"):
        try:
            server_url(bad)
        except ValueError as err:
            assert "\n" not in str(err)
        else:
            raise AssertionError(f"{bad!r} was taken for an address")


def test_mirror_keeps_others_hand_sizes_and_the_events_module() -> None:
    """Issue 36: a network client's Table tab and trade partner buttons said 0 cards for every
    other player, and the Events module (display, events hand, markers; since issue 40 the
    victory points events won) did not show at all:
    the mirror left both out. Past card acquisition, with Events on, each seat's and the
    public view of the mirror are the server's."""
    from game.bots import make_bot
    from game.core import Action, EventsOptions, GameConfig, load_game_data, new_game
    from game.core.setup import choose_setup

    graph = simulate.resolve_map(None)
    data = load_game_data()
    config = GameConfig(players=[], seed=5, events=EventsOptions())
    config.setup = choose_setup(data, GameConfig(players=["?"] * 5)).id
    state = new_game(config, graph, data)
    bots = {pid: make_bot("basic", 500 + i) for i, pid in enumerate(state.players)}
    assert state.eventdeck is not None
    state.eventdeck.bonus_vp[next(iter(state.players))] = 3  # as Monasteries might have won
    checked = step = 0
    while state.turn < 7:
        assert state.pending is not None
        seat = state.pending.player
        step += 1
        if step % 4:
            apply(state, Action(seat, bots[seat].choose(view(state, seat))))
            continue
        sent = {s: json.loads(json.dumps(wire_view(state, s))) for s in (seat, None)}
        shown = mirror(sent, state.map)
        assert to_plain(view(shown, seat)) == to_plain(as_sent(view(state, seat)))
        assert to_plain(view(shown, None)) == to_plain(as_sent(view(state, None)))
        checked += any(p.hand_size for p in view(state, None).players if p.id != seat)
        apply(state, Action(seat, bots[seat].choose(view(state, seat))))
    assert checked and state.eventdeck is not None
