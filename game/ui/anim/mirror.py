"""The board change an event reports, done to the animations' copy of the board.

Only the pieces drawn on the map matter here. It never raises: the copy is put right from the
real board at the end of every batch of events anyway, so a surprise only shows for a moment.
"""

from __future__ import annotations

from game.core import (
    BARBARIANS,
    PIRATE,
    BarbariansDisbanded,
    BarbariansMoved,
    BarbariansPlaced,
    Board,
    CityAnnexed,
    CityBuilt,
    CityDestroyed,
    CityReduced,
    CityTaken,
    Event,
    PirateCityCreated,
    ShipBuilt,
    ShipSailed,
    ShipsLost,
    TokensMoved,
    TokensPlaced,
    TokensRemoved,
)


def tokens(board: Board, area: str, owner: str, n: int) -> None:
    """Add `n` tokens (negative: remove), never below none."""
    board.add(area, owner, max(n, -board.count(area, owner)))


def ships(board: Board, area: str, owner: str, n: int) -> None:
    """Add `n` ships (negative: remove), never below none."""
    board.add_ships(area, owner, max(n, -board.ships.get(area, {}).get(owner, 0)))


def mirror(board: Board, event: Event) -> None:
    """Every other event leaves the pieces on the map as they are."""
    match event:
        case TokensPlaced(area=area, player=player, count=n):
            tokens(board, area, player, n)
        case TokensRemoved(area=area, player=player, count=n):
            tokens(board, area, player, -n)
        case TokensMoved(source=source, target=target, player=player, count=n):
            tokens(board, source, player, -n)
            tokens(board, target, player, n)
        case CityBuilt(area=area, player=player) | CityAnnexed(area=area, player=player):
            board.cities[area] = player
        case PirateCityCreated(area=area):
            board.cities[area] = PIRATE
        case CityReduced(area=area, player=player, tokens=n):
            board.cities.pop(area, None)
            tokens(board, area, player, n)
        case CityDestroyed(area=area):
            board.cities.pop(area, None)
        case CityTaken(area=area, owner=owner, tokens=n):
            board.cities.pop(area, None)
            tokens(board, area, owner, n)
        case BarbariansPlaced(area=area, count=n):
            tokens(board, area, BARBARIANS, n)
        case BarbariansMoved(source=source, target=target, count=n):
            tokens(board, source, BARBARIANS, -n)
            tokens(board, target, BARBARIANS, n)
        case BarbariansDisbanded(area=area, count=n):
            tokens(board, area, BARBARIANS, -n)
        case ShipsLost(area=area, player=player, count=n):
            ships(board, area, player, -n)
        case ShipBuilt(area=area, player=player):
            ships(board, area, player, 1)
        case ShipSailed(source=source, target=target, player=player):
            ships(board, source, player, -1)
            ships(board, target, player, 1)
