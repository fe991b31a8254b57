"""The replay at the end of a network game: once the game is over the server sends every
connection the whole game as a save (the action log, the seed, the decks: public now), and
never before. Until then nobody is sent the seed, which would deal every deck."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.core import MapGraph
from game.net.client import leaks
from game.net.protocol import message
from game.net.wire import read_map, read_view
from game.persist import ReplayCursor, decode_save, game_version

from .netkit import create_message, join_message, open_client, receive, running_server

TIMEOUT = 60.0


def test_the_whole_game_comes_at_its_end_and_never_before(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            host = await open_client(address)
            await host.send(create_message(seats=["", "basic", "basic", "basic", "basic"],
                                           max_turns=1))
            created = await receive(host, "created")
            code, seat = created["code"], created["seats"][0]
            player, spectator = await open_client(address), await open_client(address)
            await spectator.send(message("watch", game_version=game_version(), code=code))
            await player.send(join_message(code, seat))
            bot = make_bot("basic", 5)
            graph: MapGraph | None = None
            before_end: list[dict[str, Any]] = []
            asked = False
            while True:
                msg = json.loads(await asyncio.wait_for(player.recv(), TIMEOUT))
                if msg["type"] == "joined":
                    graph = read_map(msg["map"])
                if msg["type"] == "record":
                    break
                before_end.append(msg)
                if msg["type"] != "update" or msg["game_over"]:
                    continue
                if not asked:  # there is no way to ask for the log before the end
                    asked = True
                    await player.send(message("record", code=code))
                    assert "unknown message type" in (await receive(player, "refused"))["reason"]
                pending = msg["view"]["pending"]
                if pending and pending["player"] == seat and pending["options"]:
                    assert graph is not None
                    label = bot.choose(read_view(msg["view"], graph))
                    await player.send(message("act", code=code, seat=seat, label=label,
                                              at=msg["at"]))
            assert before_end[-1]["type"] == "update" and before_end[-1]["game_over"]
            assert [leaks(m, seat) for m in before_end] == [[]] * len(before_end)
            assert all(m["view"]["config"]["seed"] == 0 for m in before_end
                       if m["type"] == "update")
            game = servers[0].games[code]
            saved = decode_save(msg["save"])
            assert saved.record.actions == game.record.actions
            assert saved.state.state_hash() == game.state.state_hash()
            assert saved.record.config.seed == game.state.config.seed != 0
            cursor = ReplayCursor(saved)
            while not cursor.at_end:
                cursor.forward()
            assert cursor.error == "" and cursor.state.state_hash() == game.state.state_hash()
            # the spectator heard the end, then got the record; one who comes later gets it too
            seen = []
            while not seen or seen[-1]["type"] != "record":
                seen.append(json.loads(await asyncio.wait_for(spectator.recv(), TIMEOUT)))
            assert any(m["type"] == "update" and m["game_over"] for m in seen[:-1])
            late = await open_client(address)
            await late.send(message("watch", game_version=game_version(), code=code))
            assert (await receive(late, "record"))["save"] == msg["save"]
            for ws in (host, player, spectator, late):
                await ws.close()

    asyncio.run(main())


def test_a_record_or_a_seed_before_the_end_counts_as_a_leak() -> None:
    record = {"type": "record", "code": "ABCDEF", "save": {}}
    assert leaks(record, "egypt") == ["the whole game's record before its end"]
    assert leaks(record, "egypt", over=True) == []
    update = {"type": "update", "view": {"viewer": "egypt", "config": {"seed": 77}}}
    assert leaks(update, "egypt") == ["the seed (it deals the decks)"]
