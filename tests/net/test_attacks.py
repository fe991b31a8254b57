"""Issue #38: each attack on `serve` is refused or stays cheap, and meanwhile another game's
messages are answered within 250 ms at the median.

Each test starts `calamitas serve` in its own process on a free loopback port with a
temporary data folder, runs one attack from tests/net/attackers.py briefly at small sizes,
and stops the server. The attacks connect from 127.0.0.1, the probe (another person's game)
and new users from 127.0.0.2 and 127.0.0.3. Each test says what holds now that the
server's guard (game/net/guard.py) and tables (game/net/tables.py) limit connections,
costly requests, wrong codes and creations per address. The one attack the server does not
withstand yet is marked xfail(strict) with what is left: when a fix lands the test passes,
the strict marker fails, and it is to be removed. The sizes are the issue's made small; the
limits beside them say what "cheap" means here. bench/attacks.py runs the same attacks at
the issue's sizes.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from game.net import tables
from game.net.guard import Limits

from .attackers import ATTACKS, Result, ServedGame

PROBE_LIMIT_MS = 250.0  # another game's median answer while an attack runs (the issue's)


def attack(name: str, folder: Path, overrides: dict[str, Any] | None = None,
           nofile: int | None = None, **sizes: Any) -> Result:
    """Run the attack `name` against a server of its own; its result (printed for -s)."""
    server = ServedGame(folder, overrides=overrides, nofile=nofile)
    server.start()
    try:
        result = asyncio.run(ATTACKS[name](server.address, server, **sizes))
    finally:
        server.stop(grace=2.0)  # then killed: its folder is thrown away
    print(result.line())
    return result


def check(result: Result) -> None:
    assert result.held, result.line()
    if result.probe:
        assert result.probe["median_ms"] < PROBE_LIMIT_MS, result.line()


def xfail(item: str) -> pytest.MarkDecorator:
    """Expected to fail on main by its check (an error of the harness still fails)."""
    return pytest.mark.xfail(strict=True, raises=AssertionError, reason=f"#38 {item}")


def test_never_reading_spectators_are_dropped_or_bounded(tmp_path: Path) -> None:
    """#38 item 1: ten spectators that never read, on an 18-player bot game: what they hold
    (the server's memory and the TCP queues to them) stops growing, since the guard queues
    nothing more above its limit and the system's send queue to each is kept small
    (Limits.send_buffer); others are answered meanwhile."""
    check(attack("slow_readers", tmp_path, readers=10, players=18, seconds=24, limit_mb=2.0))


def test_a_table_of_hard_bots_does_not_stop_other_games(tmp_path: Path) -> None:
    """#38 item 2: a game of five hard bots (deciding in the bot workers): another game's
    median answer stays under 250 ms."""
    check(attack("hard_table", tmp_path, seconds=6))


def test_one_address_cannot_fill_the_game_cap(tmp_path: Path) -> None:
    """#38 item 3: 30 creates in a row from one connection: the address gets its
    tables.CREATES_PER_MINUTE games, and the next is refused (the server's cap of 200 games
    is far off)."""
    result = attack("cap_fill", tmp_path, attempts=30, most=tables.CREATES_PER_MINUTE)
    check(result)
    assert result.figures["created"] == tables.CREATES_PER_MINUTE, result.line()
    assert "from your address" in result.what, result.line()


def test_finished_games_free_the_game_cap(tmp_path: Path) -> None:
    """#38 item 3: with a cap of 5 games: one-turn bot games until a create is refused; once
    they are over (and so off the list), a create is accepted."""
    check(attack("cap_frees", tmp_path, overrides={"game.net.server.MAX_GAMES": 5},
                 attempts=10, wait=20.0))


def test_watch_floods_are_cheap(tmp_path: Path) -> None:
    """#38 item 4: three connections sending watch at 100/s: the map goes once per connection
    and the rest are refused by the costly-request limits, so under 16 KB out per request on
    average, and others answered meanwhile."""
    check(attack("watch_flood", tmp_path, conns=3, rate=100, seconds=4,
                 limit_bytes=16 * 1024))


def test_join_codes_cannot_be_guessed(tmp_path: Path) -> None:
    """#38 item 5: 50 connections from one address guessing 8-character codes: wrong codes
    are limited per address (10, then 1 per 5 s), so at the rate answered a hit with 200
    open games would take more than 30 days on average."""
    result = attack("code_guess", tmp_path, conns=50, rate=100, seconds=3, games=200, days=30)
    check(result)
    assert result.figures["throttled"] > 0, result.line()


def test_a_seat_handed_to_a_bot_stays_with_the_bot(tmp_path: Path) -> None:
    """#38 item 6: a squatter takes an open seat, the host hands it to a bot: the squatter's
    resume with their token is refused, the seat stays the bot's."""
    result = attack("squatter", tmp_path)
    check(result)
    assert "handed to a bot" in result.what, result.line()


def test_idle_connections_do_not_lock_out_new_users(tmp_path: Path) -> None:
    """#38 item 7: 300 idle connections from one address against a server allowed 256 open
    files: the address keeps at most its 32 connections, and a new user from another address
    still connects and opens a game."""
    result = attack("idle_flood", tmp_path, nofile=256, conns=300, batch=100, wait=8.0)
    check(result)
    assert result.figures["still_open"] <= Limits().per_address, result.line()


def test_deeply_nested_json_is_refused(tmp_path: Path) -> None:
    """#38 item 9: JSON nested 5000 deep is refused with a reason; the connection lives on."""
    check(attack("deep_json", tmp_path, depth=5000))


def test_try_labels_do_not_pile_up(tmp_path: Path) -> None:
    """#38 item 9: 60 connections (30 an address) holding the deciding seat `try` a new
    190-character label each time at 95/s: after the first third, the server grows less
    than 40 KB a thousand tries."""
    check(attack("try_pileup", tmp_path, conns=60, rate=95, seconds=15, limit_kb=40.0))


def test_protocol_version_as_a_float_is_refused(tmp_path: Path) -> None:
    """#38 item 9: a create naming protocol version 4.0 is refused."""
    check(attack("version_float", tmp_path))


def test_unknown_b_events_are_refused_at_create(tmp_path: Path) -> None:
    """#38 item 9: a create naming B-events that do not exist is refused."""
    check(attack("unknown_b_events", tmp_path))
