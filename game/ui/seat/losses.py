"""Losses (and a civil war's selection) planned per area instead of one click per unit.

The core asks such a decision one unit at a time (`area:X` removes or selects one token, or a
city). The plan says how many picks each area takes; the client then makes the picks in turn
for the player. What an area can take, and what the plan comes to, is found by trying picks on
copies of the state, never by reading the rules a second time.

    plan = LossPlan.of(state)          # None unless the pending decision is of this kind
    plan.add("a041"); plan.suggest()   # "suggest": the picks the normal bot would make
    plan.picks()                       # ["area:a041", "area:a041", ...] to make in turn
    plan.units("a041")                 # "token 1" / "city 5": what each pick there takes
    plan.taken()                       # unit points the plan takes (more than asked: overshoot)
    plan.next_pick("a041")             # Pick(points=5, over=2, city=True): one more pick there

What a pick takes is measured on the trial copies too (the unit points the decision still owes
before and after it, or the player's units on the board), so a city's worth comes from the
core (numbers.toml's city_unit_points, a reduced city's token) and never from the client.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.bots import make_bot
from game.core import (
    Action,
    CityDestroyed,
    CityReduced,
    CivilWarSelected,
    CivilWarSelection,
    Event,
    GameState,
    IllegalAction,
    LossesOwed,
    TokensRemoved,
    UnitsLost,
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


@dataclass(frozen=True)
class Pick:
    """One pick measured on a copy: the unit points the unit picked is worth (None: not known,
    a civil war's selection ended by it), whether it is a city, and by how many points it goes
    past what the decision still owed (0: not at all). `total`: when the pick ends the decision,
    the unit points the whole decision came to, if the core reports it (UnitsLost,
    CivilWarSelected)."""

    points: int | None
    city: bool
    over: int = 0
    total: int | None = None


def _worth(event: Event, player: str, city_points: int) -> tuple[int, bool] | None:
    """The unit points (and whether a city) a loss event of `player` takes."""
    match event:
        case TokensRemoved(player=who, count=n) if who == player:
            return n, False
        case CityDestroyed(player=who) if who == player:
            return city_points, True
        case CityReduced(player=who, tokens=placed) if who == player:
            return city_points - placed, True
    return None


def _measure(before: GameState, player: str, kind: str, label: str) -> tuple[GameState, Pick]:
    """The state after `label` (on a copy) and what the pick took: read from the first loss
    the core reports for it (a token, a city and the tokens that replace it), else from the
    points the decision still owes before and after it."""
    after = before.clone()
    try:
        events = core_apply(after, Action(player, label))
    except IllegalAction:
        return before, Pick(None, False)
    owed = points_left(before)
    going = _same_decision(after, player, kind)
    detail = before.pending.detail if before.pending is not None else None
    owner = detail.victim if isinstance(detail, CivilWarSelection) else player  # whose units
    city_points = before.data.numbers["city_unit_points"]
    worth = next((w for e in events if (w := _worth(e, owner, city_points)) is not None), None)
    area = label_value(label)
    if worth is not None:
        points: int | None
        points, city = worth
    else:  # a selection: nothing leaves the board while it goes on
        left = points_left(after) if going else None
        points = owed - left if owed is not None and left is not None else None
        city = before.board.cities.get(area) == owner and before.board.count(area, owner) == 0
    total = None
    if not going:
        total = next((e.points for e in events
                      if isinstance(e, UnitsLost) and e.player == owner
                      or isinstance(e, CivilWarSelected) and e.victim == owner), None)
    over = max(points - owed, 0) if points is not None and owed is not None else 0
    return after, Pick(points, city, over, total)


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
    # what each pick in an area takes, in turn, picking only there (as far as `most`)
    costs: dict[str, list[Pick]] = field(default_factory=dict)

    @staticmethod
    def of(state: GameState) -> LossPlan | None:
        pending = state.pending
        if pending is None or pending.kind not in PLAN_KINDS:
            return None
        areas = [label_value(lb) for lb in pending.options if label_kind(lb) == "area"]
        if len(areas) < 2:
            return None
        most, costs = {}, {}
        for area in areas:  # how far picking only here goes, and what each pick takes
            trial, taken = state, list[Pick]()
            pick = make_label("area", area)
            while (len(taken) < MAX_PICKS
                   and _same_decision(trial, pending.player, pending.kind)
                   and pick in trial.pending.options):  # type: ignore[union-attr]
                after, measured = _measure(trial, pending.player, pending.kind, pick)
                if after is trial:
                    break
                trial = after
                taken.append(measured)
            most[area] = max(len(taken), 1)
            costs[area] = taken
        return LossPlan(state, pending.player, pending.kind, areas, most, points_left(state),
                        {a: 0 for a in areas}, costs)

    def picks(self) -> list[str]:
        """The picks to make, areas whose first pick is a token before those of a city: the
        cities' points then go last, past what is owed only as far as the box showed."""
        order = sorted(self.areas, key=lambda a: bool(self.costs.get(a)) and self.costs[a][0].city)
        return [make_label("area", a) for a in order for _ in range(self.counts[a])]

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

    def _walk(self, extra: str = "") -> tuple[list[Pick], GameState]:
        """The plan's picks (and `extra` after them) made on a copy, each measured, as far as
        they can be made; and the copy after them."""
        trial, measured = self.state, []
        labels = self.picks() + ([make_label("area", extra)] if extra else [])
        for label in labels:
            if not _same_decision(trial, self.player, self.kind) or \
                    label not in trial.pending.options:  # type: ignore[union-attr]
                break
            after, pick = _measure(trial, self.player, self.kind, label)
            if after is trial:
                break
            trial = after
            measured.append(pick)
        return measured, trial

    def taken(self) -> int | None:
        """Unit points the plan's picks take, as far as they can be made: more than `asked`
        when a city goes past what is owed. None when the decision says no figure."""
        if self.asked is None:
            return None
        measured, after = self._walk()
        if _same_decision(after, self.player, self.kind):  # the decision goes on after them
            left = points_left(after)
            return self.asked - left if left is not None else None
        if measured and measured[-1].total is not None:
            return measured[-1].total
        if any(p.points is None for p in measured):
            return self.asked
        return max(sum(p.points or 0 for p in measured), self.asked)

    def units(self, area: str) -> str:
        """What each pick in `area` takes, for the row: "token 1", "city 5", "token 1, city 5"."""
        parts: list[str] = []
        for pick in self.costs.get(area, []):
            if pick.city:
                worth = f"city {pick.points}" if pick.points is not None else "city"
            else:
                worth = f"token {pick.points}" if pick.points is not None else "token"
            if not parts or parts[-1] != worth:
                parts.append(worth)
        if len(parts) > 2:
            parts = parts[:1] + parts[-1:]
        return ", ".join(parts)

    def next_pick(self, area: str) -> Pick | None:
        """One more pick in `area` after the plan's: what it takes and how far it goes past what
        is owed; None when the area can take no more."""
        if self.counts.get(area, 0) >= self.most.get(area, 0):
            return None
        made = len(self.picks())
        measured, _ = self._walk(area)
        return measured[made] if len(measured) > made else None

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
