"""Victory points (rules §7.4): 5 per A.S.T. step, each advance's VP, 1 per city."""

from __future__ import annotations

from .gamedata import load_game_data
from .state import GameState


def victory_points(state: GameState, player: str) -> int:
    data = load_game_data()
    p = state.players[player]
    ast = p.ast * data.ast_numbers["vp_per_step"]
    advances = sum(data.advances[a].vp for a in p.advances)
    return ast + advances + len(state.board.cities_of(player))
