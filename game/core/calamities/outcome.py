"""Small pieces the calamity modules share: which clause an effect cites in the current rule set,
who traded the card, and the report of a calamity that changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..events import Event
from ..flow import Result
from ..state import GameState
from .common import CalamityProgress as CalamityProgress  # where every calamity finds it
from .common import calamity
from .damage import PlayersNamed
from .losses import CalamityAverted, Shared


@dataclass(kw_only=True)
class PassingOn(CalamityProgress):
    """A calamity whose victim passes losses on to other players: the parts they shared out
    (`losses:share` or a share of the calamity's own) or the players they named
    (`damage:pick_players`), as the sub-task handed them back (`receive_passed_on`)."""

    shares: dict[str, int] = field(default_factory=dict)
    named: list[str] = field(default_factory=list)


def receive_passed_on(state: GameState, d: PassingOn, result: Result) -> None:
    """The `receive` of a PassingOn calamity: keeps the shares or the players named."""
    if isinstance(result, Shared):
        d.shares = dict(result.shares)
    elif isinstance(result, PlayersNamed):
        d.named = list(result.players)
    else:
        raise RuntimeError(f"calamity:{d.card} cannot use a {type(result).__name__}")


def cite(state: GameState, cid: str, clause: str = "") -> str:
    """The rule an effect names: the seed-001 clause in the classic rules, else the calamity's
    own first clause in its rule set (a seed-002 chart row, a seed-003 card, rules §6.1)."""
    if clause and state.config.ruleset == "classic":
        return f"001:{clause}"
    return calamity(state, cid).clauses[0]


def trader(state: GameState, drawn: CalamityProgress) -> str:
    """The player who traded the card to the victim, or "" when it was drawn (or cannot be
    traced to a player in the game)."""
    by = drawn.traded_by
    return by if by in state.players and by != drawn.victim else ""


def no_effect(state: GameState, drawn: CalamityProgress, reason: str, events: list[Event],
              clause: str = "") -> None:
    events.append(CalamityAverted(calamity=drawn.card, victim=drawn.victim, reason=reason,
                                  rule=cite(state, drawn.card, clause)))
