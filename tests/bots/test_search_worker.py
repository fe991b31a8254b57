"""The hard bot's search runs where it is told: in the bot's own process by default (arena,
tests), in a worker process for the client, with the same answer in both (issue 22: the
search does not share the interpreter with the drawing thread)."""

from __future__ import annotations

import os
from functools import cache

from game.bots.hard import HardBot, searching_with
from game.bots.search import SearchRequest, SearchResult, run_search
from game.bots.searcher import WorkerSearcher
from game.core import GameState, view
from tests.bots.played import played_to


@cache
def _at_shop() -> GameState:
    """A normal-bot game at its first purchase of advances after turn 6."""
    return played_to("advance_choice", after_turn=6)

def _request(seed: int = 3) -> SearchRequest:
    state = _at_shop()
    assert state.pending is not None
    seen = view(state, state.pending.player)
    options = tuple(state.pending.options)
    return SearchRequest(view=seen, kind="advance_choice", candidates=options[:3],
                         base=options[0], seed=seed, budget=60.0, samples=2, margin=1.0,
                         confidence=2.0)


def test_a_search_in_the_worker_process_gives_the_answer_it_gives_at_home() -> None:
    request = _request()
    home = run_search(request)
    searcher = WorkerSearcher()
    try:
        away = searcher(request)
    finally:
        searcher.close()
    assert home.process == os.getpid() and away.process != os.getpid()
    assert not searcher.failed
    assert (away.choice, away.samples) == (home.choice, home.samples)
    assert home.samples == 2  # the sample cap, not the clock, ended it


def test_a_hard_bot_searches_with_the_searcher_it_is_given_and_at_home_without_one() -> None:
    state = _at_shop()
    assert state.pending is not None
    seen = view(state, state.pending.player)
    asked: list[SearchRequest] = []

    def elsewhere(request: SearchRequest) -> SearchResult:
        asked.append(request)
        return SearchResult(request.base, 0, 0.0, -1)

    bot = HardBot(5, budget=0.2, samples=2)
    with searching_with(elsewhere):
        bot.choose(seen)
    assert len(asked) == 1 and asked[0].view == seen and bot.last is not None
    assert bot.last.process == -1
    bot.choose(seen)  # outside the block: in this process
    assert len(asked) == 1 and bot.last.process == os.getpid()


def test_a_search_worker_that_cannot_start_searches_at_home() -> None:
    searcher = WorkerSearcher()
    searcher.failed = True  # e.g. no process could be started
    assert searcher(_request()).process == os.getpid()


def test_a_dropped_searcher_lets_its_worker_process_go() -> None:
    import gc
    import time

    searcher = WorkerSearcher()
    searcher.start()
    pool = searcher._pool
    assert pool is not None
    pool.submit(os.getpid).result()  # the worker is up
    workers = list(pool._processes.values())
    assert workers and all(p.is_alive() for p in workers)
    del searcher, pool
    gc.collect()
    for _ in range(200):
        if not any(p.is_alive() for p in workers):
            break
        time.sleep(0.05)
    assert not any(p.is_alive() for p in workers)


def test_the_normal_choice_stands_unless_beaten_by_a_vp_and_two_standard_errors() -> None:
    from game.bots.search import pick

    steady = [2.0, 2.2, 1.8, 2.1]  # +2 VP, little spread: clear
    noisy = [9.0, -6.0, 8.0, -5.0]  # +1.5 VP on average, but within the noise
    small = [0.5, 0.6, 0.5, 0.4]  # clear, but under a VP
    assert pick("a", {"b": steady}, margin=1.0, confidence=2.0) == "b"
    assert pick("a", {"b": noisy}, margin=1.0, confidence=2.0) == "a"
    assert pick("a", {"b": small}, margin=1.0, confidence=2.0) == "a"
    assert pick("a", {"b": [3.0]}, margin=1.0, confidence=2.0) == "a"  # one sample is none
    assert pick("a", {"b": steady, "c": [d + 1 for d in steady]}, 1.0, 2.0) == "c"


def test_passing_is_not_searched_against_a_purchase() -> None:
    from game.bots.reading import Reading

    state = _at_shop()
    assert state.pending is not None
    seen = view(state, state.pending.player)
    options = list(state.pending.options)
    bot = HardBot(5)
    bot.detail = state.pending.detail
    r = Reading(seen)
    base = next(o for o in options if o.startswith("advance:"))
    assert "done" in options and "done" not in bot.candidates(r, "advance_choice", options, base)
    assert bot.candidates(r, "advance_choice", options, "done")[0] == "done"
