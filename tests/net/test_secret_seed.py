"""The secret seed (issue 38 item 8) is drawn with the system's secure generator over the whole
64-bit range the core's generator takes (Rng.seeded keeps `seed & 2**64-1`), not 31 bits; a
game with such a seed saves, resumes and plays the same. Unknown B-events at create (issue 38
item 9) are refused with a reason that names them (004:16: New game chooses among the Ages'
B cards)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from game.core import Rng
from game.net import choices
from game.net.server import GameServer

from .netkit import create_message, open_client, receive, running_server
from .test_host_choices import create


def test_the_core_generator_takes_64_bits_of_a_seed() -> None:
    low, high = Rng.seeded(5), Rng.seeded(5 + 2**40)
    assert [low.next32() for _ in range(3)] != [high.next32() for _ in range(3)]
    assert Rng.seeded(5 + 2**64).next32() == Rng.seeded(5).next32()  # and no more


def test_the_secret_seed_is_drawn_from_the_whole_64_bit_range(tmp_path: Path) -> None:
    seeds = [choices.secret_seed() for _ in range(64)]
    assert all(1 <= s < 2**64 for s in seeds)
    assert max(seeds) >= 2**62  # 31 bits would never reach it (chance of a miss: 4**-64)
    assert sum(s >= 2**32 for s in seeds) >= 60

    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create_message(seed=0, seats=[""] * 5))
            code = (await receive(ws, "created"))["code"]
            seed = servers[0].games[code].state.config.seed
            await ws.close()
        return code, seed

    code, seed = asyncio.run(main())
    assert seed >= 2**31  # the chance of a draw below: 2**-33
    again = GameServer(tmp_path)
    assert again.load_games() == []
    assert again.games[code].state.config.seed == seed  # saved and resumed whole


def test_unknown_b_events_are_refused_by_name(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create(events={"b_events": ["archers", "dragons", "unicorns"]}))
            refused = await receive(ws, "refused")
            assert "'dragons'" in refused["reason"] and "'unicorns'" in refused["reason"]
            assert "archers" not in refused["reason"]
            assert servers[0].games == {}
            await ws.send(create(events={"b_events": ["archers", "commerce"]}))
            code = (await receive(ws, "created"))["code"]
            config = servers[0].games[code].state.config
            assert config.events is not None and config.events.b_events == ["archers",
                                                                           "commerce"]
            await ws.close()

    asyncio.run(main())
