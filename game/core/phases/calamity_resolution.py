"""Phase 9, calamity resolution: every calamity card still held after selection is revealed and
resolved, in the order the rule set prescribes (by stack; within a stack by kind, e.g.
non-tradable, tradable, minor: 001:29.1), each by its own procedure.

A calamity's procedure is the task kind `calamity:<ruleset>:<id>` when a rule set needs its own,
else `calamity:<id>`. Its progress holds `victim`, `traded_by` (who traded the card to the
victim, "" if drawn) and `card` (calamities.outcome.CalamityProgress). The card goes to its
stack's discard pile as it is revealed, so every card stays countable (stacks, discard piles,
hands) at every decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PhaseNotImplemented
from ..events import Event
from ..flow import PROCEDURES, done, progress_of, push, register
from ..ops import discard_card
from ..state import GameState, Progress

RULE = "rules:phase-9"


@dataclass(frozen=True, kw_only=True)
class CalamityRevealed(Event):
    calamity: str
    victim: str
    traded_by: str


@dataclass(frozen=True, kw_only=True)
class CalamityResolved(Event):
    calamity: str
    victim: str


def procedure_kind(state: GameState, calamity: str) -> str:
    own = f"calamity:{state.config.ruleset}:{calamity}"
    if own in PROCEDURES:
        return own
    shared = f"calamity:{calamity}"
    if shared in PROCEDURES:
        return shared
    raise PhaseNotImplemented(shared)


@dataclass(kw_only=True)
class Drawn:
    """A held calamity waiting to be resolved."""

    card: str
    victim: str
    traded_by: str


@dataclass(kw_only=True)
class CalamityResolution(Progress):
    KIND = "phase:calamity_resolution"
    queue: list[Drawn] | None = None  # None until the phase has looked at the hands
    # Some calamities look at the board "before the calamity phase" (002: Drought).
    cities_before: dict[str, int] | None = None
    current: Drawn | None = None  # the calamity being resolved

    def loss_causes(self, state: GameState, player: str) -> tuple[str, ...]:
        """The calamity being resolved, also once its own task has handed its losses on (Civil
        Disorder's cities to reduce)."""
        return (f"calamity:{self.current.card}",) if self.current is not None else ()


def _queue(state: GameState) -> list[Drawn]:
    """Every held calamity, in resolution order."""
    ruleset = state.ruleset
    kinds = {kind: i for i, kind in enumerate(ruleset.kind_order)}
    found = []
    for rank, (pid, player) in enumerate(state.players.items()):
        for held in [h for h in player.hand if h.card in ruleset.calamities]:
            c = ruleset.calamities[held.card]
            key = (c.stack, kinds[c.kind], c.order, rank)
            found.append((key, Drawn(card=c.id, victim=pid, traded_by=held.traded_by)))
    return [entry for _, entry in sorted(found, key=lambda f: f[0])]


def _step(state: GameState, d: CalamityResolution, events: list[Event]) -> None:
    if d.queue is None:
        d.queue = _queue(state)
        if d.cities_before is None:  # a scenario may say how many there were
            d.cities_before = {p: len(state.board.cities_of(p)) for p in state.players}
    if d.current is not None:
        _finish(state, d.current, events)
        d.current = None
    if not d.queue:
        done(state, d)
        return
    entry = d.current = d.queue.pop(0)
    discard_card(state, entry.victim, entry.card)
    events.append(CalamityRevealed(calamity=entry.card, victim=entry.victim,
                                   traded_by=entry.traded_by, rule=RULE))
    push(state, progress_of(procedure_kind(state, entry.card), card=entry.card,
                            victim=entry.victim, traded_by=entry.traded_by))


def _finish(state: GameState, entry: Drawn, events: list[Event]) -> None:
    key = f"calamity:{entry.card}"
    state.counters[key] = state.counters.get(key, 0) + 1
    events.append(CalamityResolved(calamity=entry.card, victim=entry.victim, rule=RULE))


register(CalamityResolution, _step)
