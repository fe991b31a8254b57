"""The board change an event reports, done to the animations' copy of the board.

Only the pieces drawn on the map matter here. It never raises: the copy is put right from the
real board at the end of every batch of events anyway, so a surprise only shows for a moment.
"""

from __future__ import annotations

from typing import Any

from game.core import Event
from game.core.state import BARBARIANS, PIRATE, Board


def kind(event: object) -> str:
    """An event's kind: the name of its class."""
    return type(event).__name__


def tokens(board: Board, area: str, owner: str, n: int) -> None:
    """Add `n` tokens (negative: remove), never below none."""
    board.add(area, owner, max(n, -board.count(area, owner)))


def ships(board: Board, area: str, owner: str, n: int) -> None:
    """Add `n` ships (negative: remove), never below none."""
    board.add_ships(area, owner, max(n, -board.ships.get(area, {}).get(owner, 0)))


def mirror(board: Board, event: Event) -> None:
    k = kind(event)
    e: Any = event
    if k == "TokensPlaced":
        tokens(board, e.area, e.player, e.count)
    elif k == "TokensRemoved":
        tokens(board, e.area, e.player, -e.count)
    elif k == "TokensMoved":
        tokens(board, e.source, e.player, -e.count)
        tokens(board, e.target, e.player, e.count)
    elif k in ("CityBuilt", "CityAnnexed"):
        board.cities[e.area] = e.player
    elif k == "PirateCityCreated":
        board.cities[e.area] = PIRATE
    elif k == "CityReduced":
        board.cities.pop(e.area, None)
        tokens(board, e.area, e.player, e.tokens)
    elif k == "CityDestroyed":
        board.cities.pop(e.area, None)
    elif k == "CityTaken":
        board.cities.pop(e.area, None)
        tokens(board, e.area, e.owner, e.tokens)
    elif k == "BarbariansPlaced":
        tokens(board, e.area, BARBARIANS, e.count)
    elif k == "BarbariansMoved":
        tokens(board, e.source, BARBARIANS, -e.count)
        tokens(board, e.target, BARBARIANS, e.count)
    elif k == "BarbariansDisbanded":
        tokens(board, e.area, BARBARIANS, -e.count)
    elif k == "ShipsLost":
        ships(board, e.area, e.player, -e.count)
    elif k == "ShipBuilt":
        ships(board, e.area, e.player, 1)
    elif k == "ShipSailed":
        ships(board, e.source, e.player, -1)
        ships(board, e.target, e.player, 1)
