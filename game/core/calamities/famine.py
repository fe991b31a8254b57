"""Famine (001:29.3.1; seed 002 chart row "Famine"; rules §6.1 for Mega Empires).

The victim loses unit points, then makes other players lose more: classic and the chart let the
victim share a total out (at most so many per player; each player picks their own losses), Mega
Empires has the victim name three players who lose a fixed amount. Pottery and Calendar lessen
the losses; Irrigation holders are untouched (classic); Agriculture costs the primary victim a
one-time surplus removal that ignores it (classic), five more points (Mega Empires), or its
effect for the rest of the turn (the chart).

Decisions (unclear rules):
- Classic: the victim shares the 20 points out first (at most 8 each, never more than a player
  has); Pottery and Calendar then take 5 each off that player's share.
- An Irrigation holder cannot be named, and a primary victim holding it loses nothing but still
  shares the 20 points out: the famine strikes the others all the same (001:29.3.1.5).
- The chart's "minimum of 3 points" never makes anyone lose more than their share.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..events import Event
from ..flow import done, push, register
from ..ops import unit_points
from ..population import FLAG_AGRICULTURE_SUSPENDED, remove_surplus
from ..state import GameState
from .common import holds_any, modified, params
from .damage import LosePoints, PickPlayers
from .losses import ShareLosses, share_caps
from .outcome import PassingOn, cite, receive_passed_on

ID = "famine"


@dataclass(kw_only=True)
class Famine(PassingOn):
    KIND = f"calamity:{ID}"
    stage: Literal["primary", "secondary", "losses", "surplus"] = "primary"


def _immune(state: GameState, player: str) -> bool:
    return holds_any(state, player, params(state, ID).get("immune_advances"))


def _step(state: GameState, d: Famine, events: list[Event]) -> None:
    victim = d.victim
    p = params(state, ID)
    if d.stage == "primary":
        d.stage = "secondary"
        if holds_any(state, victim, p.get("primary_agriculture_suspended_advances")):
            state.player_to_change(victim).flags[FLAG_AGRICULTURE_SUSPENDED] = 1
        if not _immune(state, victim):
            push(state, LosePoints(player=victim,
                                   points=modified(state, ID, "primary_loss", victim),
                                   rule=cite(state, ID, "29.3.1.1")))
    elif d.stage == "secondary":
        d.stage = "losses"
        others = [pid for pid in state.players if pid != victim and not _immune(state, pid)]
        if _shared_out(state):
            caps = share_caps(state, others, int(p["secondary_loss_max_each"]))
            if caps:  # nobody else has units: the shares stay empty
                push(state, ShareLosses(chooser=victim, total=int(p["secondary_loss_total"]),
                                        caps=caps, rule=cite(state, ID, "29.3.1.1")))
        else:
            push(state, PickPlayers(chooser=victim, count=int(p["secondary_players"]),
                                    among=[pid for pid in others if unit_points(state, pid)],
                                    prompt="Name a player who suffers the famine too",
                                    rule=cite(state, ID)))
    elif d.stage == "losses":
        d.stage = "surplus"
        _secondary_losses(state, d)
    else:
        if holds_any(state, victim, p.get("primary_surplus_check_advances")):
            remove_surplus(state, events, cite(state, ID, "29.3.1.4"), players=[victim],
                           ignore_agriculture=True)
        done(state, d)


def _shared_out(state: GameState) -> bool:
    """Classic and the chart: the victim shares a total out; Mega Empires: names players."""
    return "secondary_loss_total" in params(state, ID)


def _secondary_losses(state: GameState, d: Famine) -> None:
    if _shared_out(state):
        losses = {pid: min(n, modified(state, ID, "secondary_loss", pid, base=n))
                  for pid, n in d.shares.items()}
    else:
        losses = {pid: modified(state, ID, "secondary_loss_each", pid) for pid in d.named}
    # Pushed last-first, so the losses are taken in A.S.T. ranking order.
    for pid in reversed([p for p in state.players if losses.get(p)]):
        push(state, LosePoints(player=pid, points=losses[pid], rule=cite(state, ID, "29.3.1.1")))


register(Famine, _step, receive=receive_passed_on)
