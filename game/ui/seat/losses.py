"""Losses (and a civil war's selection) planned per area instead of one click per unit.

The core asks such a decision one unit at a time (`area:X` removes or selects one token, or a
city). The plan says how many picks each area takes; the client then makes the picks in turn
for the player. What an area can take, and what the plan comes to, is found by trying picks on
copies of the state, never by reading the rules a second time.

    plan = LossPlan.of(state)          # None unless the pending decision is of this kind
    plan.add("a041"); plan.suggest()   # "suggest": the picks the normal bot would make
    plan.picks()                       # ["area:a041", "area:a041", ...] to make in turn
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.bots import make_bot
from game.core import (
    Action,
    CivilWarSelection,
    GameState,
    IllegalAction,
    LossesOwed,
    label_kind,
    label_value,
    make_label,
    view,
)
from game.core import apply as core_apply

PLAN_KINDS = ("lose_unit_points", "civil_war_select", "raiders_unit")
SUGGEST_LEVEL = "normal"
MAX_PICKS = 60  # more picks than any loss asks for: a guard against a decision that never ends


def points_left(state: GameState) -> int | None:
    """The unit points the decision still asks for, from its detail (a calamity's losses, a
    civil war's selection); None for a decision without one."""
    detail = state.pending.detail if state.pending is not None else None
    if isinstance(detail, LossesOwed | CivilWarSelection):
        return detail.points
    return None


def _same_decision(state: GameState, player: str, kind: str) -> bool:
    pending = state.pending
    return pending is not None and pending.player == player and pending.kind == kind


def _try(state: GameState, player: str, label: str) -> bool:
    try:
        core_apply(state, Action(player, label))
    except IllegalAction:
        return False
    return True


@dataclass
class LossPlan:
    state: GameState  # the position the plan is for (not changed by the plan)
    player: str
    kind: str
    areas: list[str]
    most: dict[str, int]  # picks each area can take on its own
    asked: int | None  # the points asked for when the decision came
    counts: dict[str, int] = field(default_factory=dict)

    @staticmethod
    def of(state: GameState) -> LossPlan | None:
        pending = state.pending
        if pending is None or pending.kind not in PLAN_KINDS:
            return None
        areas = [label_value(lb) for lb in pending.options if label_kind(lb) == "area"]
        if len(areas) < 2:
            return None
        most = {}
        for area in areas:  # how far picking only here goes
            trial = state.clone()
            n, pick = 0, make_label("area", area)
            while (n < MAX_PICKS and _same_decision(trial, pending.player, pending.kind)
                   and pick in trial.pending.options  # type: ignore[union-attr]
                   and _try(trial, pending.player, pick)):
                n += 1
            most[area] = max(n, 1)
        return LossPlan(state, pending.player, pending.kind, areas, most, points_left(state),
                        {a: 0 for a in areas})

    def picks(self) -> list[str]:
        return [make_label("area", a) for a in self.areas for _ in range(self.counts[a])]

    def add(self, area: str, step: int = 1) -> None:
        self.counts[area] = max(0, min(self.most[area], self.counts[area] + step))

    def clear(self) -> None:
        self.counts = {a: 0 for a in self.areas}

    def outcome(self) -> tuple[int, bool]:
        """(picks the plan can make before the decision ends or refuses one, whether the
        decision is then over)."""
        trial = self.state.clone()
        made = 0
        for label in self.picks():
            if not _same_decision(trial, self.player, self.kind):
                break
            if label not in trial.pending.options or not _try(  # type: ignore[union-attr]
                    trial, self.player, label):
                break
            made += 1
        return made, not _same_decision(trial, self.player, self.kind)

    def chosen(self) -> int | None:
        """Unit points the plan comes to, if the decision says how many it asks."""
        if self.asked is None:
            return None
        trial = self.state.clone()
        for label in self.picks():
            if not _same_decision(trial, self.player, self.kind) or \
                    not _try(trial, self.player, label):
                break
        if not _same_decision(trial, self.player, self.kind):
            return self.asked
        left = points_left(trial)
        return self.asked - left if left is not None else None

    def suggest(self, seed: int = 0) -> None:
        """The picks the normal bot would make, as the plan."""
        bot = make_bot(SUGGEST_LEVEL, seed)
        trial = self.state.clone()
        self.clear()
        for _ in range(MAX_PICKS):
            if not _same_decision(trial, self.player, self.kind):
                break
            label = bot.choose(view(trial, self.player))
            area = label_value(label) if label_kind(label) == "area" else ""
            if area not in self.counts or not _try(trial, self.player, label):
                break
            self.counts[area] += 1
