"""The seat tokens a client keeps to rejoin after a restart: kept per game, the oldest games
forgotten past the limit, and a damaged file read as empty (never an error)."""

from __future__ import annotations

from pathlib import Path

from game.net.seatkeys import HOST, KEEP_GAMES, host_key_for, keep_key, keys_for, read_keys


def test_tokens_are_kept_per_game_and_the_oldest_games_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    keep_key(path, "AAAAAA", "egypt", "t1")
    keep_key(path, "AAAAAA", "hatti", "t2")
    assert keys_for(path, "AAAAAA") == {"egypt": "t1", "hatti": "t2"}
    for n in range(KEEP_GAMES):
        keep_key(path, f"G{n:05d}", "egypt", "x")
    assert keys_for(path, "AAAAAA") == {}  # the oldest game went
    assert len(read_keys(path)) == KEEP_GAMES


def test_a_damaged_key_file_reads_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    for text in ("", "[1, 2]", "{not json", '{"A": 3, "B": {"egypt": 7}}'):
        path.write_text(text)
        assert keys_for(path, "A") == {} and keys_for(path, "B") == {}
    assert read_keys(tmp_path / "missing.json") == {}


def test_the_hosts_token_is_kept_beside_the_seats_but_is_no_seat(tmp_path: Path) -> None:
    path = tmp_path / "keys.json"
    keep_key(path, "AAAAAA", "egypt", "t1")
    keep_key(path, "AAAAAA", HOST, "h1")
    assert keys_for(path, "AAAAAA") == {"egypt": "t1"}
    assert host_key_for(path, "AAAAAA") == "h1" and host_key_for(path, "BBBBBB") == ""
