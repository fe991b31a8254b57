"""What the stage and the parts playing on it share: a point on the map and the board copy the
animations may change. The stage owns its parts; the parts import this, never the stage (they
name `Stage` only for the type checker)."""

from __future__ import annotations

from game.core import Board, clone

Point = tuple[float, float]


def copy_board(board: Board) -> Board:
    """A copy the animations may change: the board's own clone (its dicts copied)."""
    return clone(board)
