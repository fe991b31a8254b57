"""A hostile client gets a clear refusal for everything it may not do, and the game on the
server stays exactly as it was."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from game.core import load_game_data
from game.net.protocol import MAX_CLIENT_MESSAGE, VERSION, message
from game.net.server import FLOOD_CLOSE, GameServer, NetGame

from .netkit import (
    create_message,
    join_message,
    latest_update,
    open_client,
    receive,
    resume_message,
    running_server,
)

Table = dict[str, Any]


def fingerprint(game: NetGame) -> tuple[str, int, dict[str, str]]:
    return game.state.state_hash(), game.at, dict(game.tokens)


def run_table(folder: Path, body: Callable[[Table], Awaitable[None]]) -> None:
    """A 5-player game with two people (on connections `mover` and `other`) and three bots;
    `mover` holds the seat whose decision is pending when `body` runs."""

    async def main() -> None:
        async with running_server(folder) as (address, servers):
            host = await open_client(address)
            await host.send(create_message(seats=["", "", "normal", "normal", "normal"]))
            created = await receive(host, "created")
            code, seats = created["code"], created["seats"]
            first, second = await open_client(address), await open_client(address)
            tokens = {}
            for ws, seat in ((first, seats[0]), (second, seats[1])):
                await ws.send(join_message(code, seat))
                tokens[seat] = (await receive(ws, "joined"))["token"]
            updates = {seats[0]: await latest_update(first, seats[0]),
                       seats[1]: await latest_update(second, seats[1])}
            game = servers[0].games[code]
            assert game.state.pending is not None
            mover_seat = game.state.pending.player
            assert mover_seat in seats[:2]
            other_seat = seats[1] if mover_seat == seats[0] else seats[0]
            by_seat = {seats[0]: first, seats[1]: second}
            table = {"address": address, "server": servers[0], "game": game, "code": code,
                     "mover": by_seat[mover_seat], "mover_seat": mover_seat,
                     "other": by_seat[other_seat], "other_seat": other_seat,
                     "tokens": tokens, "at": updates[mover_seat]["at"],
                     "options": updates[mover_seat]["view"]["pending"]["options"]}
            await body(table)
            for ws in (host, first, second):
                await ws.close()

    asyncio.run(main())


async def refused(ws: ClientConnection, raw: str | bytes) -> str:
    await ws.send(raw)
    return str((await receive(ws, "refused"))["reason"])


def act(t: Table, seat: str | None = None, label: str | None = None, at: int | None = None,
        **extra: Any) -> str:
    return message("act", code=t["code"], seat=seat or t["mover_seat"],
                   label=label if label is not None else t["options"][0],
                   at=t["at"] if at is None else at, **extra)


def test_a_wrong_token_is_refused_and_gives_no_seat(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        before = fingerprint(t["game"])
        intruder = await open_client(t["address"])
        reason = await refused(intruder, resume_message(t["code"], t["mover_seat"], "guess"))
        assert "wrong token" in reason
        reason = await refused(intruder, act(t))
        assert "do not hold" in reason
        reason = await refused(intruder, join_message(t["code"], t["mover_seat"]))
        assert "taken" in reason
        assert fingerprint(t["game"]) == before
        await intruder.close()

    run_table(tmp_path, body)


def test_an_action_for_another_seat_or_out_of_turn_is_refused(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        before = fingerprint(t["game"])
        # the other person sends the mover's decision: not their seat
        assert "do not hold" in await refused(t["other"], act(t))
        # and an action for their own seat, whose decision is not pending
        reason = await refused(t["other"], act(t, seat=t["other_seat"]))
        name = load_game_data().civilizations[t["other_seat"]].name  # named, not its id
        assert f"not {name}'s decision" in reason
        # a label that is no option of the pending decision
        assert "not allowed" in await refused(t["mover"], act(t, label="area:atlantis"))
        assert fingerprint(t["game"]) == before

    run_table(tmp_path, body)


def test_a_replayed_action_is_refused(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        game = t["game"]
        sent = act(t)
        await t["mover"].send(sent)
        await latest_update(t["mover"], t["mover_seat"])
        assert game.at > t["at"]  # the first copy was played
        after_first = fingerprint(game)
        reason = await refused(t["mover"], sent)
        assert "out of date" in reason
        assert fingerprint(game) == after_first

    run_table(tmp_path, body)


MALFORMED: list[tuple[str | bytes, str]] = [
    ("not json at all", "not valid JSON"),
    ("[1, 2, 3]", "a JSON object"),
    (json.dumps({"v": 99, "type": "act"}), "protocol version"),
    (json.dumps({"v": VERSION, "type": "steal"}), "unknown message type"),
    (json.dumps({"v": VERSION, "type": "act", "code": "ABCDEF", "seat": "x", "label": "done"}),
     "missing field 'at'"),
    (f'{{"v": {VERSION}, "type": "act", "type": "join"}}', "duplicate key"),
    (f'{{"v": {VERSION}, "type": "act", "at": NaN}}', "not a number JSON allows"),
    (b"\x00\x01binary", "not binary"),
]


def test_malformed_messages_are_refused_with_their_reason(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        before = fingerprint(t["game"])
        cases = [*MALFORMED,
                 (act(t, sneaky=1), "unknown field 'sneaky'"),
                 (act(t).replace(f'"at":{t["at"]}', '"at":"0"'), "field 'at' must be int"),
                 (act(t).replace(f'"at":{t["at"]}', '"at":true'), "field 'at' must be int"),
                 (act(t, label="x" * 500), "field 'label' length out of range")]
        for raw, reason in cases:
            assert reason in await refused(t["mover"], raw), raw
        assert fingerprint(t["game"]) == before
        # the connection lives on: the mover can still play its decision
        await t["mover"].send(act(t))
        await latest_update(t["mover"], t["mover_seat"])
        assert t["game"].at > before[1]

    run_table(tmp_path, body)


def test_a_ten_megabyte_message_closes_only_that_connection(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        before = fingerprint(t["game"])
        huge = act(t, label="x" * (10 * 1024 * 1024))
        assert len(huge) > 10 * MAX_CLIENT_MESSAGE
        with pytest.raises(ConnectionClosed) as closed:
            await t["other"].send(huge)
            await receive(t["other"])
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # too big
        assert fingerprint(t["game"]) == before
        # the server still serves the others
        assert "do not hold" in await refused(t["mover"], act(t, seat=t["other_seat"]))

    run_table(tmp_path, body)


def test_a_flood_of_a_thousand_messages_a_second_is_refused(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        before = fingerprint(t["game"])
        flood = act(t, seat=t["other_seat"])  # not the other's decision
        for _ in range(1000):
            await t["other"].send(flood)
        reasons = [(await receive(t["other"], "refused"))["reason"] for _ in range(1000)]
        assert sum("too many messages" in r for r in reasons) >= 500
        assert fingerprint(t["game"]) == before
        assert "do not hold" in await refused(t["mover"], act(t, seat=t["other_seat"]))

    run_table(tmp_path, body)


def test_a_sustained_flood_closes_the_connection(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        before = fingerprint(t["game"])
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(FLOOD_CLOSE * 3):
                await t["other"].send("{}")
            for _ in range(FLOOD_CLOSE * 3):
                await receive(t["other"])
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert fingerprint(t["game"]) == before

    run_table(tmp_path, body)


def test_a_player_who_drops_mid_decision_returns_to_it_with_the_token(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        game = t["game"]
        before = fingerprint(game)
        await t["mover"].close()
        await asyncio.sleep(0.2)
        assert fingerprint(game) == before
        back = await open_client(t["address"])
        await back.send(resume_message(t["code"], t["mover_seat"],
                                       t["tokens"][t["mover_seat"]]))
        joined = await receive(back, "joined")
        assert joined["token"] == ""  # a token is given once, at join
        update = await receive(back, "update")
        assert update["at"] == t["at"]
        assert update["view"]["pending"]["player"] == t["mover_seat"]
        assert update["view"]["pending"]["options"] == t["options"]
        await back.send(act(t))
        await latest_update(back, t["mover_seat"])
        assert game.at > t["at"]
        await back.close()

    run_table(tmp_path, body)


def test_a_client_of_another_version_is_refused_at_join(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        server: GameServer = t["server"]
        stranger = await open_client(t["address"])
        raw = join_message(t["code"], "egypt").replace(server.version, "0.0.0-other")
        assert "use the same version" in await refused(stranger, raw)
        await stranger.close()

    run_table(tmp_path, body)


def test_a_spectator_sees_the_public_view_and_may_not_act(tmp_path: Path) -> None:
    async def body(t: Table) -> None:
        before = fingerprint(t["game"])
        watcher = await open_client(t["address"])
        await watcher.send(message("watch", game_version=t["server"].version, code=t["code"]))
        assert (await receive(watcher, "joined"))["seat"] is None
        seen = (await receive(watcher, "update"))["view"]
        assert seen["viewer"] is None and seen["hand"] == []
        assert seen["pending"]["player"] == t["mover_seat"] and seen["pending"]["options"] == []
        assert "do not hold" in await refused(watcher, act(t))
        assert fingerprint(t["game"]) == before
        await watcher.close()

    run_table(tmp_path, body)
