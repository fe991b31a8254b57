"""Issue #38: each attack on `serve` is refused or stays cheap, and meanwhile another game's
messages are answered within 250 ms at the median.

Each test starts `calamitas serve` in its own process on a free loopback port with a
temporary data folder, runs one attack from tests/net/attackers.py briefly at small sizes,
and stops the server. The attacks connect from 127.0.0.1, the probe (another person's game)
and new users from 127.0.0.2 and 127.0.0.3. Those that main does not withstand yet are
marked xfail(strict) with the item of the issue: when a fix lands the test passes, the
strict marker fails, and the merger removes it. The sizes are the issue's made small; the
limits beside them say what "cheap" means here. bench/attacks.py runs the same attacks at
the issue's sizes.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

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


@xfail("items 1 and 2")
def test_never_reading_spectators_are_dropped_or_bounded(tmp_path: Path) -> None:
    """Ten spectators that never read, on an 18-player bot game: what they hold (the server's
    memory and the TCP queues to them) stops growing; others are answered meanwhile."""
    check(attack("slow_readers", tmp_path, readers=10, players=18, seconds=12, limit_mb=2.0))


@xfail("item 2")
def test_a_table_of_hard_bots_does_not_stop_other_games(tmp_path: Path) -> None:
    check(attack("hard_table", tmp_path, seconds=6))


@xfail("item 3")
def test_one_address_cannot_fill_the_game_cap(tmp_path: Path) -> None:
    """30 creates in a row from one connection: some are refused (a limit per address below
    30; raise `attempts` here if the limit chosen is higher)."""
    check(attack("cap_fill", tmp_path, attempts=30, most=29))


@xfail("item 3")
def test_finished_games_free_the_game_cap(tmp_path: Path) -> None:
    """With a cap of 5 games: one-turn bot games until a create is refused; once they are
    over, a create is accepted."""
    check(attack("cap_frees", tmp_path, overrides={"game.net.server.MAX_GAMES": 5},
                 attempts=10, wait=20.0))


@xfail("item 4")
def test_watch_floods_are_cheap(tmp_path: Path) -> None:
    """Three connections sending watch at 100/s: under 16 KB out per request on average, and
    others answered meanwhile."""
    check(attack("watch_flood", tmp_path, conns=3, rate=100, seconds=4,
                 limit_bytes=16 * 1024))


@xfail("item 5")
def test_join_codes_cannot_be_guessed(tmp_path: Path) -> None:
    """50 connections from one address guessing codes: at the rate answered, a hit with 200
    open games would take more than 30 days on average."""
    check(attack("code_guess", tmp_path, conns=50, rate=100, seconds=3, games=200,
                 days=30))


@xfail("item 6")
def test_a_seat_handed_to_a_bot_stays_with_the_bot(tmp_path: Path) -> None:
    check(attack("squatter", tmp_path))


@xfail("item 7")
def test_idle_connections_do_not_lock_out_new_users(tmp_path: Path) -> None:
    """300 idle connections from one address against a server allowed 256 open files: a new
    user from another address still connects and opens a game."""
    check(attack("idle_flood", tmp_path, nofile=256, conns=300, batch=100, wait=8.0))


@xfail("item 9")
def test_deeply_nested_json_is_refused(tmp_path: Path) -> None:
    check(attack("deep_json", tmp_path, depth=5000))


@xfail("item 9")
def test_try_labels_do_not_pile_up(tmp_path: Path) -> None:
    """60 connections holding the deciding seat `try` a new 190-character label each time at
    95/s: after the first third, the server grows less than 40 KB a thousand tries."""
    check(attack("try_pileup", tmp_path, conns=60, rate=95, seconds=15, limit_kb=40.0))


@xfail("item 9")
def test_protocol_version_as_a_float_is_refused(tmp_path: Path) -> None:
    check(attack("version_float", tmp_path))


@xfail("item 9 (b_events)")
def test_unknown_b_events_are_refused_at_create(tmp_path: Path) -> None:
    check(attack("unknown_b_events", tmp_path))
