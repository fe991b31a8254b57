"""Nothing lost (issue 37): every action a server applies is journalled beside the game's save
before anyone hears of it, so a server stopped in any way (SIGKILL, SIGTERM, Ctrl-C) resumes
at the last action its clients saw, not at the last phase's save (where the same picks would
give the same dice again). The journal file itself: a half-written last line is cut, a save
compacts it, and a line that is not valid or not legal is refused with a message, the game
resuming at the last good action, with no code ever run from it."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game import simulate
from game.core import Action, GameState, IllegalAction, apply, legal_actions
from game.net.gamework import HASH_EVERY
from game.net.hosted import hosted_games
from game.net.link import HostedServer
from game.net.protocol import MAX_SERVER_MESSAGE, message, view_digest
from game.net.server import DAMAGED, STOPPING, TABLE, GameServer, NetGame
from game.persist import Autosaver, GameRecord, autosaves, newest_autosave
from game.persist import journal as journal_module
from game.persist.autosave import game_key
from game.persist.journal import (
    JOURNAL,
    Entry,
    Journal,
    JournalError,
    read_journal,
    replay,
)
from game.persist.takeback import record_copy

from .netkit import (
    create_message,
    join_message,
    latest_update,
    open_client,
    receive,
    resume_message,
    running_server,
)

TIMEOUT = 120.0
LOG = "game.net.server"


# --- a real server process, stopped three ways ---------------------------------------------


def start_server(data: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "game", "--data-dir", str(data), "serve", "--host", "127.0.0.1",
         "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "ws://127.0.0.1:" in line, line
    return server, line[line.index("ws://"):].split()[0]


def end(server: subprocess.Popen[str]) -> str:
    """What the server printed after its address; it is killed if it still runs."""
    if server.poll() is None:
        server.kill()
    server.wait(TIMEOUT)
    assert server.stdout is not None
    out = server.stdout.read()
    server.stdout.close()
    return out


class Table:
    """One connection holding every seat of a game of people; `seen`: each seat's newest
    update."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: dict[str, dict[str, Any]] = {}

    def next(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.ws.recv(timeout=TIMEOUT))
        assert data["type"] != "refused", data
        if data["type"] == "update":
            self.seen[data["seat"]] = data
        return data

    def seat_all(self, code: str, seats: list[str], tokens: dict[str, str]) -> None:
        """Join (or with `tokens` filled, resume) every seat, to each one's first update."""
        for seat in seats:
            self.ws.send(resume_message(code, seat, tokens[seat]) if seat in tokens
                         else join_message(code, seat))
            while (data := self.next())["type"] != "joined":
                pass
            tokens.setdefault(seat, data["token"])
            while self.next()["type"] != "update":
                pass

    @property
    def at(self) -> int:
        return max(u["at"] for u in self.seen.values())

    def act(self, code: str, rng: random.Random) -> None:
        """The deciding seat picks one of its options; back when every seat has heard of it."""
        at = self.at
        pending = next(u["view"]["pending"] for u in self.seen.values()
                       if u["at"] == at and u["view"]["pending"]
                       and u["view"]["pending"]["options"])
        label = rng.choice(sorted(pending["options"]))
        self.ws.send(message("act", code=code, seat=pending["player"], label=label, at=at))
        while not all(u["at"] == at + 1 for u in self.seen.values()):
            self.next()


def journalled(folder: Path) -> int:
    """The actions the game's journal holds after its save."""
    read = read_journal(folder / JOURNAL)
    return len(read.entries) if read is not None else 0


def since_save(folder: Path, at: int) -> int:
    """Actions played since the game's newest save."""
    saved = newest_autosave(folder)
    assert saved is not None
    return at - len(saved.record.actions)


def play_mid_phase(ws: ClientConnection, folder: Path) -> tuple[str, list[str], dict[str, str],
                                                                Table]:
    """A game of five people, played until at least three actions since its last save (the
    server keeps its games in `folder`)."""
    ws.send(create_message(seats=[""] * 5, seed=5))
    created = json.loads(ws.recv(timeout=TIMEOUT))
    code, seats = created["code"], created["seats"]
    tokens: dict[str, str] = {}
    table = Table(ws)
    table.seat_all(code, seats, tokens)
    rng = random.Random(37)
    played = 0
    while played < 6 or since_save(folder / code, table.at) < 3:
        table.act(code, rng)
        played += 1
        assert played < 400, "no three actions within a phase"
    return code, seats, tokens, table


def resumes_where_clients_were(data: Path, code: str, seats: list[str],
                               tokens: dict[str, str], last: Table) -> None:
    """Restarted on the same folder: every seat's view is the one it last saw, and play goes
    on."""
    server, url = start_server(data)
    try:
        with connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=TIMEOUT) as ws:
            table = Table(ws)
            table.seat_all(code, seats, dict(tokens))
            assert table.at == last.at
            for seat in seats:
                assert (view_digest(table.seen[seat]["view"])
                        == view_digest(last.seen[seat]["view"])), seat
            table.act(code, random.Random(1))
            assert table.at == last.at + 1
    finally:
        end(server)


def test_a_server_killed_with_sigkill_mid_phase_resumes_at_the_last_action(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    server, url = start_server(data)
    try:
        with connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=TIMEOUT) as ws:
            code, seats, tokens, table = play_mid_phase(ws, data / "net")
            server.send_signal(signal.SIGKILL)  # at once: no chance to save
            server.wait(TIMEOUT)
    finally:
        end(server)
    saved = newest_autosave(data / "net" / code)
    assert saved is not None and len(saved.record.actions) < table.at  # the save is behind
    resumes_where_clients_were(data, code, seats, tokens, table)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "ctrl-c"])
def test_a_server_stopped_by_sigterm_or_ctrl_c_saves_closes_and_resumes(
        tmp_path: Path, how: signal.Signals) -> None:
    data = tmp_path / "data"
    server, url = start_server(data)
    try:
        with connect(url, max_size=MAX_SERVER_MESSAGE, open_timeout=TIMEOUT) as ws:
            code, seats, tokens, table = play_mid_phase(ws, data / "net")
            server.send_signal(how)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    table.next()
            assert closed.value.rcvd is not None and closed.value.rcvd.reason == STOPPING
            assert server.wait(TIMEOUT) == 0
    finally:
        out = end(server)
    assert "stopped" in out
    folder = data / "net" / code
    saved = newest_autosave(folder)
    assert saved is not None and len(saved.record.actions) == table.at  # saved at the stop
    assert journalled(folder) == 0  # and the journal compacted to it
    resumes_where_clients_were(data, code, seats, tokens, table)


# --- the journal beside a game, in-process ---------------------------------------------------


def new_game_folder(folder: Path, seed: int = 7, heard: bool = True) -> NetGame:
    """A game of five bots as the server keeps it, saved at its start, with its journal;
    `heard`: someone is connected to it (so its news is sent)."""
    state = simulate.new_state(5, seed, "classic", simulate.resolve_map(None))
    record = GameRecord.begin(state, from_new_game=True)
    kinds = dict.fromkeys(state.players, "basic")
    folder.mkdir(parents=True)
    (folder / TABLE).write_text(json.dumps({"code": folder.name, "kinds": kinds, "tokens": {},
                                            "host": "x", "held": False}))
    game = NetGame(code=folder.name, state=state, record=record, kinds=kinds, tokens={},
                   host="x", folder=folder, bots=None,  # type: ignore[arg-type]
                   autosaver=Autosaver(folder))
    if heard:
        game.watchers.add(object())  # type: ignore[arg-type]
    game.save()
    return game


def play(game: NetGame, actions: int, rng: random.Random | None = None) -> None:
    """`actions` actions, each journalled as the server journals it (saves at phase ends)."""
    rng = rng or random.Random(0)
    for _ in range(actions):
        game.record.apply(game.state, rng.choice(legal_actions(game.state)))
        game.write_journal()
        game.maybe_save()


def play_in_phase(game: NetGame, actions: int) -> None:
    """Play on until `actions` actions stand in the journal after the save."""
    rng = random.Random(3)
    while game.at - game.saved_at < actions:
        play(game, 1, rng)


def resumed(tmp_path: Path, code: str) -> GameState:
    server = GameServer(tmp_path)
    assert server.load_games() == []
    return server.games[code].state


def journal_lines(folder: Path) -> list[str]:
    return (folder / JOURNAL).read_text().splitlines()


def test_every_action_since_the_save_is_in_the_journal_and_a_restart_replays_it(
        tmp_path: Path) -> None:
    game = new_game_folder(tmp_path / "AAAAAA")
    play_in_phase(game, 4)
    lines = journal_lines(game.folder)
    assert json.loads(lines[0]) == {"journal": 1, "game": game_key(game.record),
                                    "base": game.saved_at}
    assert [json.loads(line)["at"] for line in lines[1:]] == list(
        range(game.saved_at + 1, game.at + 1))
    assert json.loads(lines[-1])["hash"] == game.state.state_hash()
    state = resumed(tmp_path, "AAAAAA")
    assert state.state_hash() == game.state.state_hash()
    assert journal_lines(game.folder) == [json.dumps(  # compacted by the save at the load
        {"journal": 1, "game": game_key(game.record), "base": game.at})]


def test_a_save_compacts_the_journal_to_its_header(tmp_path: Path) -> None:
    game = new_game_folder(tmp_path / "AAAAAA")
    play_in_phase(game, 3)
    assert len(journal_lines(game.folder)) == 4
    game.save()
    assert journal_lines(game.folder) == [json.dumps(
        {"journal": 1, "game": game_key(game.record), "base": game.at})]
    play(game, 1)
    assert resumed(tmp_path, "AAAAAA").state_hash() == game.state.state_hash()


def test_a_take_back_is_journalled_and_replayed(tmp_path: Path) -> None:
    game = new_game_folder(tmp_path / "AAAAAA")
    while True:  # a pick that stays within the phase (a new phase is saved)
        play_in_phase(game, 2)
        state, record, at = game.state.clone(), record_copy(game.record), game.at
        play(game, 1)
        if game.saved_at < at:
            break
    game.state, game.record = state, record  # taken back, as the server's undo does
    game.write_journal()
    assert json.loads(journal_lines(game.folder)[-1]) == {"back": at}
    assert resumed(tmp_path, "AAAAAA").state_hash() == state.state_hash()


def test_a_half_written_last_line_is_cut_with_a_message(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game_folder(tmp_path / "AAAAAA")
    play_in_phase(game, 3)
    with (game.folder / JOURNAL).open("ab") as f:
        f.write(b'{"at": ' + str(game.at + 1).encode() + b', "player": "eg')  # a stop here
    with caplog.at_level(logging.WARNING, LOG):
        state = resumed(tmp_path, "AAAAAA")
    assert state.state_hash() == game.state.state_hash()
    assert f"line 5 was half-written: cut; the game resumes at action {game.at}" in caplog.text
    assert not (game.folder / DAMAGED).exists()  # nothing to look at in a cut
    assert len(journal_lines(game.folder)) == 1


def test_the_journal_reader_keeps_what_is_before_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL
    journal = Journal.fresh(path, "abc", 10)
    journal.append(11, Action("egypt", "pass"), "00ff00ff")
    journal.back(10)
    journal.append(11, Action("egypt", "area:x"))
    with path.open("ab") as f:
        f.write(b'{"at": 12, "player": "egypt", "label": "pass", "extra": 1}\n')
        f.write(b'{"at": 13, "player": "egypt", "label": "pass"}\n')
    read = read_journal(path)
    assert read is not None and (read.game, read.base, read.at) == ("abc", 10, 11)
    assert read.entries == [Entry(11, Action("egypt", "area:x"))]
    assert read.problem == "line 5 is neither an action nor a take-back" and not read.cut
    assert read_journal(tmp_path / "none.jsonl") is None


@pytest.mark.parametrize("line, problem", [
    (b"not json at all\n", "line 2 is not JSON"),
    (b'[1, 2]\n', "line 2 is not a JSON object"),
    (b'{"at": 5, "player": "egypt", "label": "pass"}\n', "action 5 does not follow action 0"),
    (b'{"at": 1, "player": "egypt", "label": 7}\n', "'label' is not a text"),
    (b'{"at": true, "player": "egypt", "label": "pass"}\n', "'at' is not a count"),
    (b'{"at": 1, "player": "egypt", "label": "pass", "hash": "rm -rf"}\n',
     "'hash' is not a state hash"),
    (b'{"at": 1, "player": "egypt", "label": NaN}\n', "line 2 is not JSON"),
    (b'{"back": 3}\n', "a take-back to action 3, outside 0..0"),
    (b'{"__reduce__": "os.system", "args": ["touch PWNED"]}\n', "neither an action"),
    (b'\xff\xfe\n', "line 2"),
    (b'{"at": 1, "player": "egypt", "label": "' + b"x" * 70_000 + b'"}\n',
     "longer than 65536 bytes"),
], ids=["not-json", "not-an-object", "out-of-turn", "label-not-text", "at-not-count",
        "hash-not-hash", "nan", "back-outside", "pickle-like", "not-utf8", "too-long"])
def test_a_line_that_is_not_an_action_is_refused_with_its_reason(
        tmp_path: Path, line: bytes, problem: str) -> None:
    path = tmp_path / JOURNAL
    Journal.fresh(path, "abc", 0)
    with path.open("ab") as f:
        f.write(line)
    read = read_journal(path)
    assert read is not None and read.entries == [] and problem in read.problem


@pytest.mark.parametrize("first", [b"", b"{}\n", b'{"journal": 9, "game": "a", "base": 0}\n',
                                   b'{"journal": 1, "game": "../x", "base": 0}\n', b"\x80\n"],
                         ids=["empty", "no-header", "other-version", "bad-game", "not-utf8"])
def test_a_file_that_is_not_a_journal_is_refused(tmp_path: Path, first: bytes) -> None:
    path = tmp_path / JOURNAL
    path.write_bytes(first)
    with pytest.raises(JournalError):
        read_journal(path)


def test_an_action_not_legal_where_it_stands_stops_the_replay_there(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game_folder(tmp_path / "AAAAAA")
    play_in_phase(game, 3)
    pending = game.state.pending
    assert pending is not None
    hostile = ["__import__('os').system('touch PWNED')", "pass", "!!python/object:os.system"]
    with (game.folder / JOURNAL).open("a") as f:
        for n, label in enumerate(hostile):
            f.write(json.dumps({"at": game.at + 1 + n, "player": pending.player,
                                "label": label}) + "\n")
    with caplog.at_level(logging.WARNING, LOG):
        state = resumed(tmp_path, "AAAAAA")
    assert state.state_hash() == game.state.state_hash()
    assert (f"action {game.at + 1} ({pending.player}) is not allowed" in caplog.text
            and f"the game resumes at action {game.at}" in caplog.text)
    assert not Path("PWNED").exists() and not (tmp_path / "PWNED").exists()
    assert (game.folder / DAMAGED).is_file()  # kept to look at; a fresh journal in its place
    assert len(journal_lines(game.folder)) == 1


def test_an_action_whose_hash_differs_is_left_out(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game_folder(tmp_path / "AAAAAA")
    play_in_phase(game, 3)
    before = newest_autosave(game.folder)  # the state one action before the last
    assert before is not None
    for action in game.record.actions[len(before.record.actions):-1]:
        apply(before.state, action)
    lines = journal_lines(game.folder)
    last = json.loads(lines[-1])
    last["hash"] = "0" * len(last["hash"])
    (game.folder / JOURNAL).write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n")
    with caplog.at_level(logging.WARNING, LOG):
        state = resumed(tmp_path, "AAAAAA")
    assert f"after action {game.at} the game differs from the journal's" in caplog.text
    assert state.state_hash() == before.state.state_hash()
    assert GameServer(tmp_path).load_games() == []  # and it stays there
    assert len(journal_lines(game.folder)) == 1


def test_another_games_journal_or_a_journal_ahead_of_the_save_is_not_replayed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    game = new_game_folder(tmp_path / "AAAAAA")
    other = new_game_folder(tmp_path / "BBBBBB", seed=8)
    play_in_phase(other, 2)
    (game.folder / JOURNAL).write_bytes((other.folder / JOURNAL).read_bytes())
    with caplog.at_level(logging.WARNING, LOG):
        assert resumed(tmp_path, "AAAAAA").state_hash() == game.state.state_hash()
    assert "the journal is another game's: not replayed" in caplog.text
    # the save the journal follows cannot be read: the older one is loaded, and said so
    rng = random.Random(5)
    while len(autosaves(game.folder)) < 2 or game.at == game.saved_at:
        play(game, 1, rng)
    autosaves(game.folder)[0].write_text("{")
    caplog.clear()
    with caplog.at_level(logging.WARNING, LOG):
        GameServer(tmp_path).load_games()
    assert "it follows a save of action" in caplog.text


def test_actions_nobody_hears_of_are_handed_to_the_system_with_a_hash_now_and_then(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    monkeypatch.setattr(journal_module, "_sync", synced.append)
    game = new_game_folder(tmp_path / "AAAAAA", heard=False)
    play(game, HASH_EVERY * 3, random.Random(11))
    entries = [json.loads(line) for line in journal_lines(game.folder)[1:]]
    assert entries and not synced  # bots playing to nobody: written, not waited for
    assert all(("hash" in e) == (e["at"] % HASH_EVERY == 0) for e in entries)
    game.watchers.add(object())  # type: ignore[arg-type]
    play(game, 1)
    assert synced  # someone hears of it: on the disk first, with its hash
    assert game.saved_at == game.at or "hash" in json.loads(journal_lines(game.folder)[-1])
    assert resumed(tmp_path, "AAAAAA").state_hash() == game.state.state_hash()


def test_replay_goes_through_the_cores_door(tmp_path: Path) -> None:
    state = simulate.new_state(5, 7, "classic", simulate.resolve_map(None))
    twin = state.clone()
    actions = []
    for _ in range(3):
        action = legal_actions(twin)[0]
        apply(twin, action)
        actions.append(Entry(len(actions) + 1, action, twin.state_hash()))
    bad = Entry(4, Action(actions[0].action.player, "not:an:option"))
    done = replay(state, [*actions, bad], lambda a: apply(state, a))
    assert done.applied == 3 and "is not allowed" in done.problem and not done.diverged
    assert state.state_hash() == twin.state_hash()
    with pytest.raises(IllegalAction):
        apply(state, bad.action)
    # a hash that differs: back to the last hash that matched, the lines after it unknown
    fresh = simulate.new_state(5, 7, "classic", simulate.resolve_map(None))
    lines = [actions[0], Entry(2, actions[1].action), Entry(3, actions[2].action, "0" * 16)]
    done = replay(fresh, lines, lambda a: apply(fresh, a))
    assert done.diverged and done.applied == 1 and "after action 3" in done.problem


# --- the game a client hosts: the same server, on a thread of the client -------------------


def test_a_hosted_game_is_journalled_saved_when_left_and_resumed_at_its_last_action(
        tmp_path: Path) -> None:
    hosted = HostedServer(tmp_path, port=0, host="127.0.0.1")
    assert hosted.wait(), hosted.error
    try:
        with connect(hosted.address, max_size=MAX_SERVER_MESSAGE, open_timeout=TIMEOUT) as ws:
            code, seats, tokens, table = play_mid_phase(ws, tmp_path)
            folder = tmp_path / code
            assert journalled(folder) == since_save(folder, table.at) >= 3
            listed = hosted_games(tmp_path)[0]
            assert listed.modified == (folder / JOURNAL).stat().st_mtime  # its last action
            # the client killed now: a second server on the folder finds every action
            again = HostedServer(tmp_path, port=0, host="127.0.0.1", only={code})
            assert again.wait(), again.error
            assert again.server is not None
            assert again.server.games[code].at == table.at
            again.stop(wait=True)
            hosted.stop(wait=True)  # the host leaves: the game is saved, the table told why
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    table.next()
            assert closed.value.rcvd is not None and closed.value.rcvd.reason == STOPPING
    finally:
        hosted.stop(wait=True)
    saved = newest_autosave(folder)
    assert saved is not None and len(saved.record.actions) == table.at
    assert journalled(folder) == 0


def test_a_pick_taken_back_over_the_network_stays_taken_back_after_a_restart(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path) as (address, servers):
            ws = await open_client(address)
            await ws.send(create_message(seats=["", "basic", "basic", "basic", "basic"]))
            created = await receive(ws, "created")
            code, seat = created["code"], created["seats"][0]
            await ws.send(join_message(code, seat))
            update = await latest_update(ws, seat)
            at, pending = update["at"], update["view"]["pending"]
            area = next(lb for lb in pending["options"] if lb.startswith("area:"))
            await ws.send(message("act", code=code, seat=seat, label=area, at=at))
            assert (await receive(ws, "update"))["at"] == at + 1
            await ws.send(message("undo", code=code, seat=seat, at=at + 1))
            assert (await receive(ws, "update"))["undone"] is True
            game = servers[0].games[code]
            assert json.loads(journal_lines(game.folder)[-1]) == {"back": at}
            again = GameServer(tmp_path)  # as if the server had been killed now
            assert again.load_games() == []
            assert again.games[code].at == at
            assert again.games[code].state.state_hash() == game.state.state_hash()
            await ws.close()

    asyncio.run(main())
