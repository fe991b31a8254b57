"""Bots think off the drawing thread. A hard bot may search for a second or more; meanwhile the
window keeps drawing, animating and answering the mouse, and the bot's pick is played once it
is ready.

A hard bot's search runs in a worker process (game.bots.searcher), so it does not even share
the interpreter with the drawing thread: this thread only waits for it.

One decision at a time. The worker gets its own copy of the game to look at, and the pick is
only played for the decision it was asked about: should the game move on meanwhile, the pick is
dropped and the bot asked again (a safety net: undo is only offered to the player who acts).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable

from game.bots.hard import searching_with
from game.bots.searcher import WorkerSearcher

SWITCH = 0.001  # seconds a thread runs before handing the interpreter over (Python's default: 5 ms)


def level_line(bot: object) -> str:
    """What the thinking indicator says of a bot: its level and, for a searching bot, its
    budget ("hard bot, searches up to 1.5 s a decision")."""
    describe = getattr(bot, "describe", None)
    return str(describe()) if callable(describe) else f"{getattr(bot, 'name', 'a')} bot"


class Thinker:
    def __init__(self) -> None:
        self._key: object = None
        self._thread: threading.Thread | None = None
        self._out: list[tuple[bool, object]] = []
        self.searcher = WorkerSearcher()  # started by the first search

    @property
    def thinking(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def answer(self, key: object, ask: Callable[[], Callable[[], str]],
               wait: float) -> str | None:
        """The pick for decision `key`, or None while the bot still thinks. A decision asked
        for now is waited for up to `wait` seconds (most picks take well under a millisecond);
        one already under way is not waited for. `ask()` gives the thinking to start."""
        fresh = self._thread is None or self._key != key
        if fresh:
            think = ask()
            out: list[tuple[bool, object]] = []

            def run() -> None:
                try:
                    with searching_with(self.searcher):
                        out.append((True, think()))
                except BaseException as err:  # handed to the drawing thread, raised there
                    out.append((False, err))

            self._key, self._out = key, out
            # with the default, a frame would wait up to 5 ms at each hand-over to the worker
            sys.setswitchinterval(SWITCH)
            self._thread = threading.Thread(target=run, name="bot-thinking", daemon=True)
            self._thread.start()
        assert self._thread is not None
        self._thread.join(wait if fresh else 0.0)
        if self._thread.is_alive():
            return None
        self._thread = None
        ok, value = self._out[0]
        if not ok:
            assert isinstance(value, BaseException)
            raise value
        return str(value)
