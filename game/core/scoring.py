"""Victory points (rules §7.4): 5 per A.S.T. step, each advance's VP, 1 per city on the board,
and on the Expert side a bonus for a civilization alone in the Late Iron Age when the game ends.

decided (tie-break, rules §15.7 "not found"): more victory points, then further along the
A.S.T., then more cities on the board, then A.S.T. ranking. The A.S.T. comes first because it is
the game's own measure of progress; cities next because they are the next-largest source of
points a player still holds on the board; the ranking settles every other tie, as rules §2 says.

decided (lone-Late-Iron bonus): it is counted only once the game is over (ast.toml says "when the
game ends"), so standings shown during play never promise a bonus another civilization may still
erase by entering Late Iron as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import GameState

LATE_IRON = "late_iron"


@dataclass(frozen=True)
class ScoreBreakdown:
    """One player's victory points, part by part, as the client shows them."""

    player: str
    ast_steps: int
    ast_points: int
    advance_points: int
    cities: int
    city_points: int
    lone_late_iron_bonus: int
    event_points: int = 0  # bonus VP won by event cards (the Events module)

    @property
    def total(self) -> int:
        return (self.ast_points + self.advance_points + self.city_points
                + self.lone_late_iron_bonus + self.event_points)


def epoch(state: GameState, player: str) -> str:
    """The epoch of the A.S.T. space the player's marker stands on."""
    civ = state.data.civilizations[player]
    return civ.epoch_of(state.players[player].ast, state.config.ast_side)


def in_late_iron(state: GameState) -> list[str]:
    """Players whose marker stands in the Late Iron Age, in A.S.T. ranking order."""
    return [pid for pid in state.players if epoch(state, pid) == LATE_IRON]


def lone_late_iron_player(state: GameState) -> str | None:
    """The player who earns the Expert bonus: the game is over, it is the Expert side and exactly
    one civilization stands in the Late Iron Age."""
    if state.config.ast_side != "expert" or not state.ended_by:
        return None
    late = in_late_iron(state)
    return late[0] if len(late) == 1 else None


def score_breakdown(state: GameState, player: str) -> ScoreBreakdown:
    data = state.data
    numbers = data.ast_numbers
    p = state.players[player]
    cities = len(state.board.cities_of(player))
    bonus = numbers["vp_lone_late_iron_bonus_expert"]
    return ScoreBreakdown(
        player=player,
        ast_steps=p.ast,
        ast_points=p.ast * numbers["vp_per_step"],
        advance_points=sum(data.advances[a].vp for a in p.advances),
        cities=cities,
        city_points=cities * numbers["vp_per_city"],
        lone_late_iron_bonus=bonus if lone_late_iron_player(state) == player else 0,
        event_points=state.eventdeck.bonus_vp.get(player, 0) if state.eventdeck else 0,
    )


def victory_points(state: GameState, player: str) -> int:
    return score_breakdown(state, player).total


def final_ranking(state: GameState) -> list[ScoreBreakdown]:
    """Every player's breakdown, winner first, by the tie-break decided above."""
    rank = {pid: i for i, pid in enumerate(state.players)}
    scores = [score_breakdown(state, pid) for pid in state.players]
    return sorted(scores, key=lambda s: (-s.total, -s.ast_steps, -s.cities, rank[s.player]))


def winner(state: GameState) -> str:
    ranking = final_ranking(state)
    return ranking[0].player if ranking else ""
