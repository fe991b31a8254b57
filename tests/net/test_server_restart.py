"""A server killed mid-game resumes every game from its saves when started again."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from game.net.protocol import MAX_SERVER_MESSAGE
from game.persist import autosaves, newest_autosave, verify

from .netkit import create_message, join_message, resume_message

TIMEOUT = 120.0


def start_server(data: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "game", "--data-dir", str(data), "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "ws://127.0.0.1:" in line, line
    assert "plain connection: not encrypted" in line
    return server, line.split()[3]


def ask(url: str, *messages: str) -> list[dict[str, Any]]:
    """Send `messages` on one connection; the first reply to each (skipping map-free noise)."""
    replies = []
    with connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=TIMEOUT) as ws:
        for sent in messages:
            ws.send(sent)
            replies.append(json.loads(ws.recv(timeout=TIMEOUT)))
        if replies and replies[-1]["type"] == "joined":
            replies.append(json.loads(ws.recv(timeout=TIMEOUT)))  # its update
    return replies


def stop(server: subprocess.Popen[str]) -> None:
    if server.poll() is None:
        server.kill()
    server.wait(TIMEOUT)
    assert server.stdout is not None
    server.stdout.close()


def test_a_killed_server_resumes_every_game_where_it_stood(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server, url = start_server(data)
    try:
        # a game of people: one seat taken, the others still open
        people = ask(url, create_message(seats=["", "", "", "", ""]))[0]
        seat = people["seats"][0]
        joined = ask(url, join_message(people["code"], seat))
        token = joined[0]["token"]
        # a game of bots, which the server plays at once: killed half-way through
        bots = ask(url, create_message(seats=["normal"] * 5, seed=11))[0]
        folder = data / "net" / bots["code"]
        deadline = time.monotonic() + TIMEOUT
        while len(autosaves(folder)) < 3:
            assert time.monotonic() < deadline, "the bots played no phases"
            time.sleep(0.02)
        server.kill()
        server.wait(TIMEOUT)
        halfway = newest_autosave(folder)
        assert halfway is not None and not halfway.state.game_over
    finally:
        stop(server)

    server, url = start_server(data)
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:  # the bots' game carries on by itself to its end
            saved = newest_autosave(folder)
            if saved is not None and saved.state.game_over:
                break
            assert time.monotonic() < deadline, "the resumed game did not end"
            time.sleep(0.1)
        assert len(saved.record.actions) > len(halfway.record.actions)
        assert saved.record.actions[:len(halfway.record.actions)] == halfway.record.actions
        verify(saved)  # the whole log, across the restart, replays to the same hashes
        # the person's token still holds their seat, and only theirs
        back = ask(url, resume_message(people["code"], seat, token))
        assert back[0]["type"] == "joined"
        assert back[1]["view"]["viewer"] == seat
        wrong = ask(url, resume_message(people["code"], seat, token[::-1]))
        assert wrong[0]["type"] == "refused"
    finally:
        stop(server)
