"""Slave Revolt (001:29.4.2; seed 002 chart row "Slave Revolt"; rules §6.1 for Mega Empires): an
immediate city support check for the victim, run by the shared `support:check` task of
game/core/population.py. Cities are reduced one at a time, the victim choosing which, and the
tokens of a reduced city support the others at once (29.4.2.4).

Classic and the chart: some of the victim's tokens may not support cities (15 / 30, more with
Theocracy and Mining, fewer with Mythology and Enlightenment); a victim with fewer tokens on the
board loses the use of all of them, but not of the tokens their reduced cities bring. Mega
Empires: the victim's support rate is raised (by 2, Mining +1, Mythology and Enlightenment -1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event
from ..flow import done, push, register
from ..population import SupportCheck
from ..state import GameState
from .common import modified, params
from .outcome import CalamityProgress, cite, no_effect

ID = "slave_revolt"


@dataclass(kw_only=True)
class SlaveRevolt(CalamityProgress):
    KIND = f"calamity:{ID}"
    checked: bool = False  # the support check is pushed: the calamity ends when it is back


def _step(state: GameState, d: SlaveRevolt, events: list[Event]) -> None:
    victim = d.victim
    if d.checked:
        done(state, d)
        return
    d.checked = True
    if not state.board.cities_of(victim):
        no_effect(state, d, "the victim has no city", events, "29.4.2.1")
        return
    if "support_rate_raise" in params(state, ID):
        extra, unusable = modified(state, ID, "support_rate_raise", victim), 0
    else:
        extra = 0
        unusable = min(modified(state, ID, "tokens_not_supporting", victim),
                       state.board.tokens_of(victim))
    push(state, SupportCheck(player=victim, extra_rate=extra, unusable_tokens=unusable,
         rule=cite(state, ID, "29.4.2.1")))


register(SlaveRevolt, _step)
