"""Map outlines that cross themselves (game/maps/rings.py): refused, except the tiny loops the
board build's rounding leaves, and never an unbounded amount of work."""

from __future__ import annotations

import pytest

from game.maps import rings as maprings
from game.maps.rings import self_crossing

SQUARE = [[0, 0], [100, 0], [100, 100], [0, 100]]


def test_a_simple_ring_passes_open_or_closed() -> None:
    assert self_crossing(SQUARE) is None
    assert self_crossing([*SQUARE, [0, 0]]) is None
    assert self_crossing([[0, 0], [0, 0], [100, 0], [100, 100], [100, 100], [0, 100]]) is None


def test_a_figure_of_eight_is_refused_where_it_crosses() -> None:
    assert self_crossing([[0, 0], [100, 100], [100, 0], [0, 100]]) == (
        "the outline crosses itself at [50, 50]")
    # a twisted lobe of over a quarter of the outline is no rounding artefact
    assert self_crossing([[0, 0], [100, 0], [100, 100], [60, 100], [0, 200], [100, 200],
                          [40, 100], [0, 100]]) == "the outline crosses itself at [50, 116.667]"


def test_a_tiny_loop_where_the_outline_doubles_back_is_a_tolerated_artefact() -> None:
    # the top edge ends in a spike that comes back across it: a loop of about 2 square units
    ring = [[0, 0], [100, 0], [100, 100], [50, 100], [51, 102], [53, 99], [0, 100]]
    assert self_crossing(ring) is None
    # the same with a loop of some 2,000 square units, a sixth of the outline
    assert self_crossing([[0, 0], [100, 0], [100, 100], [50, 100], [50, 200], [90, 99],
                          [0, 100]]) is not None


def test_a_tangled_outline_stops_the_check_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(maprings, "MAX_COMPARISONS", 50)
    comb = [[x, 100 * (k % 2)] for k, x in enumerate(range(0, 200, 2))]  # a zigzag of teeth
    assert self_crossing([*comb, [198, -10], [0, -10]]) == (
        "an outline too tangled to check (over 50 pairs of edges to compare)")
