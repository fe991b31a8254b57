"""Small view messages (issue 37, "Small messages"): an update patches the view its client
acknowledged last; the client makes the view whole, checks its digest, and asks for it whole
when the patch does not fit; a join or a rejoin gets it whole; acks are checked and a bad one
changes nothing."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from game import simulate
from game.core import apply, legal_actions
from game.net.link import HostedServer, Link
from game.net.protocol import ProtocolError, message, parse_client_message, view_digest
from game.net.viewdiff import ClientViews, DiffError, ViewKeeper, ViewTrack, diff, encode, patch
from game.net.wire import wire_view

from .netkit import (
    create_message,
    join_message,
    open_client,
    receive,
    resume_message,
    running_server,
)


def as_received(value: Any) -> Any:
    return json.loads(json.dumps(value))


def game_views(players: int, seed: int, steps: int, events: bool) -> list[dict[str | None, Any]]:
    """Each seat's and the spectator's wire view after each of `steps` random decisions."""
    state = simulate.new_state(players, seed, "classic", simulate.resolve_map(None),
                               events=events)
    rng = random.Random(seed)
    seats: list[str | None] = [*state.players, None]
    out = [{s: as_received(wire_view(state, s)) for s in seats}]
    for _ in range(steps):
        if state.game_over:
            break
        apply(state, rng.choice(legal_actions(state)))
        out.append({s: as_received(wire_view(state, s)) for s in seats})
    return out


@pytest.mark.parametrize(("players", "seed", "events"), [(5, 4, False), (6, 11, True)])
def test_a_patch_turns_any_recent_view_of_a_real_game_into_the_next(
        players: int, seed: int, events: bool) -> None:
    """Property-style: over hundreds of decisions of real games, for every seat and the
    spectator and bases up to 6 views old (acks lag), the patch as received (through JSON)
    applied to the base gives exactly the new view, with its digest, and leaves the base as
    it was; and the patch is smaller than the view."""
    views = game_views(players, seed, 300, events)
    assert len(views) > 100
    patch_bytes = whole_bytes = 0
    for i in range(1, len(views)):
        for lag in (1, 2, 6):
            if i - lag < 0:
                continue
            for seat, new in views[i].items():
                old = views[i - lag][seat]
                kept = copy.deepcopy(old)
                change = as_received(diff(old, new))
                made = patch(old, change)
                assert made == new and view_digest(made) == view_digest(new)
                assert old == kept  # the base is never changed in place
                if lag == 1:
                    patch_bytes += len(encode(change))
                    whole_bytes += len(encode(new))
    assert patch_bytes * 5 < whole_bytes


def test_dicts_and_lists_are_patched_by_key_and_by_index() -> None:
    old = {"a": 1, "b": [1, 2, 3, 4], "c": {"x": 1}, "gone": 0, "n": [1, 2]}
    new = {"a": 2, "b": [1, 2, 9, 4], "c": {"x": 1, "y": [True]}, "n": [1, 2, 3], "z": None}
    change = diff(old, new)
    assert change == {"s": {"a": 2, "z": None}, "d": ["gone"],
                      "p": {"b": {"s": [[2, 9]]}, "c": {"s": {"y": [True]}},
                            "n": {"n": 3, "s": [[2, 3]]}}}
    assert patch(old, change) == new
    assert diff(new, new) == {}
    assert patch([1, 2, 3], {"n": 1}) == [1]
    # a type that changes, or a list mostly new, goes whole
    assert diff({"a": [1]}, {"a": {"b": 1}}) == {"s": {"a": {"b": 1}}}
    assert diff({"a": [1, 2, 3]}, {"a": [4, 5, 6]}) == {"s": {"a": [4, 5, 6]}}
    assert diff({"a": 1}, {"a": True}) == {"s": {"a": True}}  # JSON tells them apart


@pytest.mark.parametrize("bad", [
    [], "x", {"q": {}}, {"s": []}, {"d": ["missing"]}, {"d": [1]}, {"p": {"missing": {}}},
    {"p": {"a": {"n": 5}}}, {"p": {"a": {"s": [[7, 1]]}}}, {"p": {"a": {"s": [["0", 1]]}}},
    {"p": {"a": {"p": [[0, {}]]}}}, {"p": {"a": {"n": 3, "s": [[1, 0]]}}}, {"p": {"b": {}}},
])
def test_a_patch_that_does_not_fit_is_refused(bad: Any) -> None:
    with pytest.raises(DiffError):
        patch({"a": [1, 2], "b": 3}, bad)


def test_a_deep_patch_is_refused() -> None:
    deep: dict[str, Any] = {}
    base: dict[str, Any] = {}
    for _ in range(200):
        deep, base = {"p": {"k": deep}}, {"k": base}
    with pytest.raises(DiffError):
        patch(base, deep)


def update_of(view: Any, base: tuple[str, Any] | None = None, digest: str | None = None,
              code: str = "ABCDEF", seat: str | None = "egypt") -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "update", "code": code, "seat": seat, "at": 1,
                           "hash": digest or view_digest(view), "events": []}
    if base is None:
        msg["view"] = view
    else:
        msg["base"], msg["diff"] = base[0], as_received(diff(base[1], view))
    return msg


def test_a_view_that_does_not_match_its_digest_is_asked_for_whole() -> None:
    views = game_views(5, 4, 3, False)
    first, second = views[0]["egypt"], views[1]["egypt"]
    client = ClientViews()
    taken = client.take(update_of(first))
    assert taken is not None and taken["view"] == first
    assert [json.loads(a)["views"] for a in client.acks(0.0)] == [{"egypt": view_digest(first)}]
    # a patch whose result is not the view the server meant: the newest good view is kept,
    # marked stale, and the next ack asks for the view whole (at once, whatever the rate)
    wrong = update_of(second, (view_digest(first), first), digest="0" * 16)
    stale = client.take(wrong)
    assert stale is not None and stale["stale"] is True and stale["view"] == first
    assert client.failures == 1
    assert [json.loads(a)["views"] for a in client.acks(0.001)] == [{"egypt": ""}]
    # patches sent before the server heard it fail too, and ask nothing more
    assert client.take(update_of(second, (view_digest(first), first))) is None
    assert client.acks(1.0) == []
    # the whole view comes: taken, and acknowledged
    taken = client.take(update_of(second))
    assert taken is not None and taken["view"] == second and "stale" not in taken
    assert [json.loads(a)["views"] for a in client.acks(2.0)] == [{"egypt": view_digest(second)}]


def test_a_patch_against_a_view_not_held_is_asked_for_whole() -> None:
    views = game_views(5, 4, 3, False)
    first, second = views[0]["egypt"], views[1]["egypt"]
    client = ClientViews()
    assert client.take(update_of(second, (view_digest(first), first))) is None
    assert [json.loads(a)["views"] for a in client.acks(0.0)] == [{"egypt": ""}]


def test_the_client_keeps_every_view_the_server_may_still_patch() -> None:
    """The server patches the last view acknowledged that it has read; acks travel while
    more updates come, so the client keeps the views since its last ack and a few acked."""
    views = [v["egypt"] for v in game_views(5, 4, 120, False)]
    keeper = ViewKeeper()
    keeper.take(update_of(views[0]))
    keeper.acknowledging(view_digest(views[0]))
    for view in views[1:100]:  # 99 updates come before the server reads the ack
        keeper.take(update_of(view, (view_digest(views[0]), views[0])))
    keeper.acknowledging(view_digest(views[50]))  # and more acks go out meanwhile
    keeper.acknowledging(view_digest(views[99]))
    # the server read only the first ack: its patch still fits
    assert keeper.take(update_of(views[100], (view_digest(views[0]), views[0]))) == views[100]
    assert len(keeper.held) + len(keeper.acked) <= 64 + 8


def test_the_server_patches_the_view_acknowledged_and_forgets_older_ones() -> None:
    views = [v["egypt"] for v in game_views(5, 4, 5, False)]
    track = ViewTrack()
    for view in views:
        track.sending(view_digest(view), view)
    assert not track.acknowledge("f" * 16)  # never sent
    assert track.acknowledge(view_digest(views[2]))
    assert track.base == (view_digest(views[2]), views[2])
    assert list(track.sent) == [view_digest(v) for v in views[2:]]
    assert not track.acknowledge(view_digest(views[0]))  # older than one acknowledged
    assert track.base[0] == view_digest(views[2])
    track.reset()
    assert track.base is None and not track.sent


@pytest.mark.parametrize(("views", "reason"), [
    ({"egypt": "nothex!!nothex!!"}, "digest"),
    ({"egypt": "ABCDEF0123456789"}, "digest"),  # upper case: not as view_digest makes it
    ({"egypt": 5}, "digest"),
    ({"egypt": "0" * 17}, "digest"),
    ({"x" * 41: ""}, "40 characters"),
    ({}, "out of range"),
    ({f"s{i}": "" for i in range(20)}, "out of range"),
])
def test_a_malformed_ack_is_refused(views: dict[str, Any], reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason):
        parse_client_message(message("ack", code="ABCDEF", views=views))


def test_an_old_client_is_told_to_update() -> None:
    for v in (2, 3):  # 3: before a joined could name its map by digest (issue 38)
        old = json.dumps({"v": v, "type": "join", "game_version": "x", "code": "ABCDEF",
                          "seat": "egypt"})
        with pytest.raises(ProtocolError, match=f"version {v} is not 4: update Calamitas"):
            parse_client_message(old)


# --- through a real server ---------------------------------------------------------------------

async def next_update(ws: Any, seat: str) -> dict[str, Any]:
    while True:
        msg = await receive(ws, "update")
        if msg["seat"] == seat:
            return msg


def ack(code: str, views: dict[str, str]) -> str:
    return message("ack", code=code, views=views)


def test_over_the_network_updates_patch_the_acknowledged_view_and_rejoin_is_whole(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create_message(seats=["", "", "basic", "basic", "basic"]))
            created = await receive(ws, "created")
            code, seat, other = created["code"], created["seats"][0], created["seats"][1]
            await ws.send(join_message(code, seat))
            token = (await receive(ws, "joined"))["token"]
            first = await next_update(ws, seat)
            game = servers[0].games[code]
            assert "view" in first and first["hash"] == view_digest(first["view"])
            # a client that never acknowledges is sent every view whole
            ws2 = await open_client(address)
            await ws2.send(join_message(code, other))
            started = await next_update(ws, seat)  # the last seat taken: the game starts
            assert "view" in started and started["started"] is True
            keeper = ClientViews()
            keeper.take(started)
            for text in keeper.acks(0.0):
                await ws.send(text)
            # the next update patches the view acknowledged, and leaves out what is as before
            pending = started["view"]["pending"]
            actor = ws if pending["player"] == seat else ws2
            actor_seat = pending["player"]
            at = started["at"]
            options = game.state.pending.options  # type: ignore[union-attr]
            await actor.send(message("act", code=code, seat=actor_seat, label=options[0], at=at))
            moved = await next_update(ws, seat)
            assert moved["base"] == started["hash"] and "view" not in moved
            assert "started" not in moved and "game_over" not in moved
            whole = keeper.take(moved)
            assert whole is not None and "stale" not in whole
            assert whole["view"] == as_received(wire_view(game.state, seat))
            assert whole["started"] is True and whole["game_over"] is False
            # an ack of "" asks for the view whole: sent at once
            await ws.send(ack(code, {seat: ""}))
            again = await next_update(ws, seat)
            assert again["view"] == whole["view"] and again["at"] == moved["at"]
            assert again["events"] == [] and again["started"] is True
            # rejoin on a new connection: the view whole, however much was acknowledged
            await ws.close()
            ws3 = await open_client(address)
            await ws3.send(resume_message(code, seat, token))
            back = await next_update(ws3, seat)
            assert back["view"] == whole["view"] and "base" not in back
            await ws2.close()
            await ws3.close()

    asyncio.run(main())


def test_a_hostile_ack_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create_message(seats=["", "basic", "basic", "basic", "basic"]))
            created = await receive(ws, "created")
            code, seat, other = created["code"], created["seats"][0], created["seats"][1]
            await ws.send(join_message(code, seat))
            first = await next_update(ws, seat)
            client = next(iter(servers[0].games[code].watchers))
            track = client.track(code, seat)
            for views, reason in [
                ({seat: "0123456789abcdef"}, "no such view"),  # never sent
                ({other: first["hash"]}, "do not hold"),  # another seat's
                ({seat: first["hash"], other: ""}, "do not hold"),  # one bad: nothing done
                ({"": ""}, "do not hold"),  # not a spectator
                ({seat: "zz"}, "digest"),
            ]:
                await ws.send(ack(code, views))
                refused = await receive(ws, "refused")
                assert reason in refused["reason"] and refused["to"] == "ack"
                assert track.base is None
            await ws.send(ack("ZZZZZZ", {seat: first["hash"]}))
            assert "no game" in (await receive(ws, "refused"))["reason"]
            # a good ack, then a replayed older one changes nothing
            await ws.send(ack(code, {seat: first["hash"]}))
            await asyncio.sleep(0.2)
            assert track.base is not None and track.base[0] == first["hash"]
            await ws.close()

    asyncio.run(main())


def test_a_diff_sent_by_a_client_is_refused() -> None:
    with pytest.raises(ProtocolError, match="unknown message type"):
        parse_client_message(message("update", code="ABCDEF", seat="egypt", diff={}))


def test_the_link_makes_each_view_whole_and_acknowledges_it(tmp_path: Path) -> None:
    """The client's link (the game screen's connection) hands over whole views, checked, and
    acknowledges them, so the server patches what it holds."""
    hosted = HostedServer(tmp_path, port=0, host="127.0.0.1")
    assert hosted.wait(), hosted.error
    link = Link(hosted.address)
    try:
        def wait_for(kind: str, seat: str | None = None) -> dict[str, Any]:
            end = time.monotonic() + 30
            while time.monotonic() < end:
                for msg in link.received():
                    assert msg["type"] not in ("lost", "refused"), msg
                    if msg["type"] == kind and (seat is None or msg.get("seat") == seat):
                        return msg
                time.sleep(0.01)
            raise AssertionError(f"no {kind}")

        link.send(create_message(seats=["", "basic", "basic", "basic", "basic"]))
        created = wait_for("created")
        code, seat = created["code"], created["seats"][0]
        link.send(join_message(code, seat))
        assert hosted.server is not None
        game = hosted.server.games[code]
        end = time.monotonic() + 30
        newest: dict[str, Any] = {}
        for _ in range(3):  # three decisions of the seat, bots between
            while not (game.watchers and game.state.pending
                       and game.state.pending.player == seat and newest.get("at") == game.at):
                assert time.monotonic() < end, "the seat's decision did not come"
                newest = next((m for m in reversed(link.received()) if m["type"] == "update"),
                              newest)
                time.sleep(0.01)
            assert "diff" not in newest and "stale" not in newest
            assert newest["view"] == as_received(wire_view(game.state, seat))
            track = next(iter(game.watchers)).track(code, seat)
            while track.base is None or track.base[0] != newest["hash"]:  # acknowledged
                assert time.monotonic() < end, "no ack"
                time.sleep(0.01)
            label = game.state.pending.options[0]
            link.send(message("act", code=code, seat=seat, label=label, at=game.at))
            time.sleep(0.05)
        assert link.views.patched > 0 and link.views.failures == 0
    finally:
        link.close(wait=True)
        hosted.stop(wait=True)
