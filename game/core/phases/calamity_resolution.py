"""Phase 9, calamity resolution: every calamity card still held after selection is revealed and
resolved, in the order the rule set prescribes (by stack; within a stack by kind, e.g.
non-tradable, tradable, minor: 001:29.1), each by its own procedure.

A calamity's procedure is the task kind `calamity:<ruleset>:<id>` when a rule set needs its own,
else `calamity:<id>`. Its task data holds `victim`, `traded_by` (who traded the card to the
victim, "" if drawn) and `card`. The card goes to its stack's discard pile as it is revealed, so
every card stays countable (stacks, discard piles, hands) at every decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import PhaseNotImplemented
from ..events import Event
from ..flow import PROCEDURES, done, push, register_legacy
from ..ops import discard_card
from ..state import GameState, Task

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


def _queue(state: GameState) -> list[dict[str, str]]:
    """Every held calamity, in resolution order."""
    ruleset = state.ruleset
    kinds = {kind: i for i, kind in enumerate(ruleset.kind_order)}
    found = []
    for rank, (pid, player) in enumerate(state.players.items()):
        for held in [h for h in player.hand if h.card in ruleset.calamities]:
            c = ruleset.calamities[held.card]
            key = (c.stack, kinds[c.kind], c.order, rank)
            found.append((key, {"card": c.id, "victim": pid, "traded_by": held.traded_by}))
    return [entry for _, entry in sorted(found, key=lambda f: f[0])]


def _step(state: GameState, task: Task, events: list[Event]) -> None:
    data = task.data
    if "queue" not in data:
        data["queue"] = _queue(state)
        # Some calamities look at the board "before the calamity phase" (002: Drought).
        data.setdefault(
            "cities_before", {p: len(state.board.cities_of(p)) for p in state.players})
    queue: list[dict[str, str]] = data["queue"]
    if data.get("current"):
        current = data.pop("current")
        _finish(state, current, events)
    if not queue:
        done(state, task)
        return
    entry = queue.pop(0)
    data["current"] = entry
    discard_card(state, entry["victim"], entry["card"])
    events.append(CalamityRevealed(calamity=entry["card"], victim=entry["victim"],
                                   traded_by=entry["traded_by"], rule=RULE))
    push(state, procedure_kind(state, entry["card"]), **entry)


def _finish(state: GameState, entry: dict[str, str], events: list[Event]) -> None:
    card, victim = entry["card"], entry["victim"]
    key = f"calamity:{card}"
    state.counters[key] = state.counters.get(key, 0) + 1
    events.append(CalamityResolved(calamity=card, victim=victim, rule=RULE))


register_legacy("phase:calamity_resolution", _step)
