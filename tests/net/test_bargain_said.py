"""In a network game a bot's reason for refusing or countering a person's trade offer reaches
that person's connection (issue 39; rules §4 phase 7): a `said` message after the update of the
bot's move, in the same words as a local game, and never in the game's record.

The person's seat plays by bench/bargain.py's rule in trade (offers to the bots in turn) and
as a normal bot otherwise.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from game.bots import make_bot
from game.core import MapGraph
from game.net.protocol import message, parse_server_message
from game.net.wire import read_map, read_view
from game.persist import game_version

from .netkit import TIMEOUT, join_message, open_client, receive, running_server

ROOT = Path(__file__).resolve().parents[2]
TRADE_KINDS = ("trade_partner", "trade_card", "trade_name", "trade_review", "trade_answer")


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bargain", ROOT / "bench" / "bargain.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


async def play_until_said(folder: Path) -> tuple[list[dict[str, object]], list[str]]:
    """The `said` messages the person's connection got, and the log of trade events it saw."""
    b = bench()
    async with running_server(folder) as (address, _):
        ws = await open_client(address)
        await ws.send(message("create", game_version=game_version(), players=5, seed=4,
                              ruleset="classic", max_turns=12, open_bargaining=True,
                              seats=["", "normal", "normal", "normal", "normal"]))
        created = await receive(ws, "created")
        code = created["code"]
        seat = next(s for s in created["seats"])
        await ws.send(join_message(code, seat))
        person, own = b.SimplePerson(seat), make_bot("normal", 5)
        graph: MapGraph | None = None
        said: list[dict[str, object]] = []
        seen: list[str] = []
        acted_at = -1
        while True:
            msg = parse_server_message(await asyncio.wait_for(ws.recv(), TIMEOUT))
            if msg["type"] == "joined":
                graph = read_map(msg["map"])
            elif msg["type"] == "said":
                said.append(msg)
                if len(said) >= 2:
                    await ws.close()
                    return said, seen
            elif msg["type"] == "record":
                whole = json.dumps(msg["save"])  # the game's record: what was said is not in it
                assert not any(str(r["text"]) in whole for r in said)
                return said, seen
            elif msg["type"] == "update" and msg.get("seat") == seat:
                seen += [f"{e['type']}:{e.get('player')}>{e.get('partner')}"
                         for e in msg.get("events", []) if "Trade" in str(e.get("type"))]
                pending = msg["view"].get("pending")
                if graph is None or not msg["started"] or msg["game_over"] or not pending \
                        or pending.get("player") != seat or msg["at"] == acted_at:
                    continue
                acted_at = msg["at"]
                view = read_view(msg["view"], graph)
                kind = pending["kind"]
                label = person.choose(view) if kind in TRADE_KINDS else own.choose(view)
                await ws.send(message("act", code=code, seat=seat, label=label, at=msg["at"]))


def test_a_bots_reason_reaches_the_persons_connection(tmp_path: Path) -> None:
    said, seen = asyncio.run(play_until_said(tmp_path))
    assert said, "no bot said anything to the person"
    for msg in said:
        text = str(msg["text"])
        by = str(msg["by"])
        assert text.split(" ")[0] == by.capitalize(), text  # the bot, by its name
        assert "_" not in text and text.endswith("."), text
        # after the update that carried the bot's answer: a refusal or the start of a counter
        assert any(f">{msg['seat']}" in e or f":{by}>" in e for e in seen), (msg, seen)
