"""Over the network, a player takes back a pick of their own step as in a local game: the
server's game returns exactly to where it stood, everyone hears it; a take-back that is not
theirs, stale or not allowed is refused and changes nothing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from game.net.protocol import message

from .netkit import (
    create_message,
    join_message,
    latest_update,
    open_client,
    receive,
    running_server,
)


def undo_message(code: str, seat: str, at: int) -> str:
    return message("undo", code=code, seat=seat, at=at)


def test_a_pick_within_ones_own_step_is_taken_back_and_others_refused(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create_message(seats=["", "basic", "basic", "basic", "basic"]))
            created = await receive(ws, "created")
            code, seat = created["code"], created["seats"][0]
            await ws.send(join_message(code, seat))
            update = await latest_update(ws, seat)
            game = servers[0].games[code]
            pending = update["view"]["pending"]
            assert pending["player"] == seat and update["undo"] is None
            area = next(lb for lb in pending["options"] if lb.startswith("area:"))
            before_hash, at = game.state.state_hash(), update["at"]
            await ws.send(undo_message(code, seat, at))  # nothing picked yet
            assert "nothing of yours" in (await receive(ws, "refused"))["reason"]
            await ws.send(message("act", code=code, seat=seat, label=area, at=at))
            picked = await receive(ws, "update")
            assert picked["at"] == at + 1 and picked["undo"] == seat
            assert game.state.state_hash() != before_hash
            other = created["seats"][1]
            await ws.send(undo_message(code, other, at + 1))  # a seat it does not hold
            assert "do not hold" in (await receive(ws, "refused"))["reason"]
            await ws.send(undo_message(code, seat, at))  # stale
            assert "out of date" in (await receive(ws, "refused"))["reason"]
            assert game.at == at + 1
            await ws.send(undo_message(code, seat, at + 1))
            back = await receive(ws, "update")
            assert back["undone"] is True and back["at"] == at and back["undo"] is None
            assert back["view"]["pending"] == pending
            assert game.state.state_hash() == before_hash and game.at == at
            await ws.close()

    asyncio.run(main())


def test_a_face_down_event_taken_is_not_taken_back_over_the_network(tmp_path: Path) -> None:
    """Issue 34: the taker of a face-down event card may not undo the take (and take another
    card, having seen it); the server refuses with the reason, and its updates say it."""
    from tests.ui.test_undo_floor import _face_down_corruption

    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            create = json.loads(create_message())
            create["events"] = {}
            await ws.send(json.dumps(create))
            created = await receive(ws, "created")
            code = created["code"]
            for seat in created["seats"]:
                await ws.send(join_message(code, seat))
            game = servers[0].games[code]
            taker = game.state.pending.player
            update = await latest_update(ws, taker)
            assert update["view"]["pending"]["kind"] == "event_take"
            label = _face_down_corruption(game.state)  # the test's own deal of the display
            await ws.send(message("act", code=code, seat=taker, label=label, at=update["at"]))
            taken = await latest_update(ws, taker)
            assert taken["view"]["pending"]["player"] == taker  # the taker names the target
            assert taken["undo"] is None
            assert taken["floor"] == "an event card was taken or played"
            at = game.at
            await ws.send(undo_message(code, taker, at))
            refused = await receive(ws, "refused")
            assert refused["reason"] == ("nothing of yours can be taken back now: an event card "
                                         "was taken or played")
            assert game.at == at
            await ws.close()

    asyncio.run(main())
