"""The map build's fairness tables count, for each set-up, only the areas it has in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from maps.build.fairness import setup_tables

# a line of areas a-b-c-d-e; civ x starts at a, civ y at e
LINKS = {"a": {"b"}, "b": {"a", "c"}, "c": {"b", "d"}, "d": {"c", "e"}, "e": {"d"}}
STARTS = {"x": "a", "y": "e"}
POP = dict.fromkeys(LINKS, 2)
SITES = dict.fromkeys(LINKS, "white")


def test_out_of_play_areas_count_for_nobody_in_the_fairness_table() -> None:
    setups = {
        "whole": {"civilizations": ["x", "y"], "out_of_play": []},
        "cut": {"civilizations": ["x", "y"], "out_of_play": ["c", "d"]},
    }
    text, problems = setup_tables(setups, STARTS, LINKS, POP, SITES)
    whole, cut = text.split("set-up cut: ")
    assert "x            a                  4" in whole  # a, b, c, d within 3 steps
    assert "x            a                  2" in cut  # c and d are out of play
    assert "y            e                  1" in cut  # and cut e off from the rest
    assert problems == ["set-up cut: y: below 70% of the median in areas, pop, sites"]


# three civilizations apart: p at the end of a line of four areas, q at the end of a line of
# three that forks into four areas 3 steps away, r in the middle of a star of ten
def _lands() -> tuple[dict[str, set[str]], dict[str, str]]:
    links: dict[str, set[str]] = {}

    def join(a: str, b: str) -> None:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)

    for a, b in (("p0", "p1"), ("p1", "p2"), ("p2", "p3"), ("q0", "q1"), ("q1", "q2")):
        join(a, b)
    for i in range(4):
        join("q2", f"q3{'abcd'[i]}")
    for i in range(10):
        join("r0", f"r{i + 1}")
    return links, {"p": "p0", "q": "q0", "r": "r0"}


def test_balancing_takes_rim_areas_of_the_rich_until_everyone_reaches_the_floor() -> None:
    """Issue 34: the build puts areas out of play around a civilization far above the median
    until every civilization has 70% of it in each column; never a start, never an area within
    2 steps of one, never one within reach of a civilization near the floor."""
    from maps.build.fairness import balance, fairness, near, shares

    links, starts = _lands()
    pop = dict.fromkeys(links, 1)
    sites = dict.fromkeys(links, "white")
    setups = {"s": {"civilizations": ["r", "p", "q"], "out_of_play": []}}
    before = shares(fairness(starts, links, pop, sites))
    assert min(before["p"].values()) < 0.70
    taken = balance(setups, starts, links, pop, sites, lambda out: True)
    out = set(setups["s"]["out_of_play"])
    assert out == set(taken["s"]) and len(out) == 2 and out <= {"q3a", "q3b", "q3c", "q3d"}
    board = {a: n - out for a, n in links.items() if a not in out}
    after = shares(fairness(starts, board, pop, sites))
    assert all(v >= 0.70 for row in after.values() for v in row.values())
    inner = set().union(*(near(s, links, 2) for s in starts.values()))
    assert not out & inner
    _, problems = setup_tables(setups, starts, links, pop, sites)
    assert problems == []


def test_the_build_refuses_a_set_up_under_the_floor_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 34: the floor is no warning: `python -m maps.build` exits 1, names the problem
    and writes neither the map nor its preview."""
    import argparse

    import maps.build.__main__ as entry

    class Fake:
        report = "report"
        problems = ["set-up 7-west: carthage: below 70% of the median in areas"]
        src = None
        text = "{}"

    out = tmp_path / "map.json"
    args = argparse.Namespace(out=out, preview=tmp_path / "p.png", no_preview=False, scale=0.75)
    assert entry.publish(Fake(), args) == 1  # type: ignore[arg-type]
    assert not out.exists() and not (tmp_path / "p.png").exists()
    assert "refused: set-up 7-west: carthage: below 70%" in capsys.readouterr().err
