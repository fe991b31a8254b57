"""The map build's fairness tables count, for each set-up, only the areas it has in play."""

from __future__ import annotations

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
