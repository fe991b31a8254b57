"""A save interrupted at any moment, even by SIGKILL, leaves the previous file whole."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.persist import read_save, write_save
from game.persist.atomic import is_temp_file, write_atomic

ROOT = Path(__file__).resolve().parents[2]

# The child writes one save of a later state over the target; the hook named on its command line
# stops it mid-way (inside the write of the bytes, or just before the rename) so the test can
# kill it exactly there. "loop" instead saves again and again until killed.
CHILD = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, sys.argv[3])
    from game.core import Action, apply
    from game.maps.files import load_map_file
    from game.persist import GameRecord, write_save
    from game.persist import atomic
    from game.core.gamedata import load_game_data
    from game.core.setup import choose_setup
    from game.core import GameConfig, new_game

    target, mode = sys.argv[1], sys.argv[2]
    graph = load_map_file(os.path.join(sys.argv[3], "tests", "maps", "arena.json"))[0]
    data = load_game_data()
    setup = choose_setup(data, GameConfig(players=["?"] * 9))
    state = new_game(GameConfig(players=[], setup=setup.id, seed=5), graph, data)
    record = GameRecord.begin(state, from_new_game=True)
    for _ in range(3):
        record.apply(state, Action(state.pending.player, state.pending.options[0]))

    def stop_here(*_):
        print("STOPPED", flush=True)
        time.sleep(120)

    if mode == "before-rename":
        atomic.os.replace = stop_here
    elif mode == "mid-write":
        real_fdopen = atomic.os.fdopen
        class HalfWriter:
            def __init__(self, handle):
                self.handle = handle
            def __enter__(self):
                return self
            def __exit__(self, *exc):
                return self.handle.__exit__(*exc)
            def fileno(self):
                return self.handle.fileno()
            def flush(self):
                self.handle.flush()
            def write(self, data):
                self.handle.write(data[: len(data) // 2])
                self.handle.flush()
                stop_here()
        atomic.os.fdopen = lambda fd, mode: HalfWriter(real_fdopen(fd, mode))
    if mode == "loop":
        print("STARTED", flush=True)
        while True:
            write_save(target, record, state)
    write_save(target, record, state)
    print("FINISHED", flush=True)
""")


def spawn(tmp_path: Path, target: Path, mode: str) -> subprocess.Popen[str]:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    return subprocess.Popen([sys.executable, str(script), str(target), mode, str(ROOT)],
                            stdout=subprocess.PIPE, text=True)


def wait_for(child: subprocess.Popen[str], word: str) -> None:
    assert child.stdout is not None
    line = child.stdout.readline()  # blocks until the child reaches its hook
    assert line.strip() == word, f"child said {line!r}"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("mode", ["mid-write", "before-rename"])
def test_a_save_killed_part_way_leaves_the_previous_file_intact(played, tmp_path, mode) -> None:
    state, record = played["start"]
    target = tmp_path / "game.json"
    write_save(target, record, state)
    before = target.read_bytes()
    child = spawn(tmp_path, target, mode)
    try:
        wait_for(child, "STOPPED")
        stray = [p for p in tmp_path.iterdir() if is_temp_file(p)]
        assert stray, "the child should be part-way through its temporary file"
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)
    assert target.read_bytes() == before
    assert read_save(target).state == state
    # The next save removes the leftover of the killed one.
    write_save(target, record, state)
    assert not [p for p in tmp_path.iterdir() if is_temp_file(p)]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_process_killed_at_random_moments_while_saving_never_leaves_a_broken_file(
    played, tmp_path
) -> None:
    state, record = played["start"]
    target = tmp_path / "game.json"
    write_save(target, record, state)
    for delay in (0.05, 0.13, 0.21, 0.34):
        child = spawn(tmp_path, target, "loop")
        try:
            wait_for(child, "STARTED")
            time.sleep(delay)
            os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait(timeout=30)
        game = read_save(target)  # whichever version won, it is whole
        assert len(game.record.actions) in (0, 3)


def test_write_atomic_replaces_the_file_and_keeps_its_mode(tmp_path) -> None:
    target = tmp_path / "sub" / "file.txt"
    write_atomic(target, b"one")
    target.chmod(0o640)
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    if os.name == "posix":
        assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in target.parent.iterdir()] == ["file.txt"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch) -> None:
    target = tmp_path / "file.txt"
    write_atomic(target, b"old")

    def broken_replace(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.persist.atomic.os.replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]
