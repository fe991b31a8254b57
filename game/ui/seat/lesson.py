"""Learn to play (issue 39): the guided first game's position and its coach.

The lesson is a real game on the shipped map (the person and four bots, the classic rules)
from a position set up for it in `assets/lesson/learn-to-play.toml`, with the coach's steps.
The coach is procedure only; its words, its arrows and what ends each step are that file's.

The coach's place is derived from the game's state, not kept in the save: each step belongs to
a turn and a phase, and a lesson opened again resumes at the first step of the phase the game
is in (see the data file's note). A game is the lesson when its recorded start is the lesson's
start position.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core import (
    EVENTS_PHASE,
    PHASES,
    Board,
    CalamityRevealed,
    Event,
    EventsOptions,
    GameConfig,
    GameState,
    HandCard,
    MapGraph,
    TradeAccepted,
    TradeRefused,
    advance,
    choose_setup,
    load_game_data,
    new_game,
    start_at,
)
from game.resources import resource_path

from .session import Session

LESSON_FILE = ("assets", "lesson", "learn-to-play.toml")
NEXT = "next"  # what an explanation's arrow and button stand for


@dataclass(frozen=True)
class Step:
    id: str
    turn: int
    phase: str
    kind: str  # "explain" | "act"
    title: str
    words: tuple[str, ...]
    point: str = ""  # explain steps: "area:ID", "tab:NAME", "topbar" or ""
    focus: tuple[str, ...] = ()
    picks: tuple[tuple[str, str], ...] = ()  # (decision kind, label), act steps
    goal: dict[str, Any] = field(default_factory=dict)
    done_words: str = ""
    wrong: str = ""
    missed: str = ""
    missed_words: tuple[str, ...] = ()  # explain steps: words when their event did not happen
    last: bool = False
    end: str = ""  # act steps: what the arrow points at once the goal is met ("": Done, ...)
    refused: str = ""  # trade: said after the partner refused (its reason follows)
    hints: dict[str, str] = field(default_factory=dict)  # act steps: words by decision kind

    @property
    def place(self) -> tuple[int, int]:
        return (self.turn, phase_index(self.phase))


@dataclass(frozen=True)
class Lesson:
    position: dict[str, Any]
    steps: tuple[Step, ...]
    asides: dict[str, str] = field(default_factory=dict)  # decision kind -> words

    @property
    def person(self) -> str:
        return str(self.position["person"])


def phase_index(phase: str) -> int:
    """A phase's place in the turn; the Event Action comes first, before Taxation."""
    if phase == EVENTS_PHASE:
        return -1
    return PHASES.index(phase) if phase in PHASES else len(PHASES)


def place_of(state: GameState) -> tuple[int, int]:
    return (state.turn, phase_index(state.phase))


def lesson_path() -> Path:
    return resource_path(*LESSON_FILE)


@lru_cache(maxsize=1)
def load_lesson(path: str = "") -> Lesson:
    raw = tomllib.loads((Path(path) if path else lesson_path()).read_text("utf-8"))
    steps = []
    for s in raw["steps"]:
        steps.append(Step(
            id=s["id"], turn=int(s["turn"]), phase=s["phase"], kind=s["kind"],
            title=s["title"], words=tuple(s["words"]), point=s.get("point", ""),
            focus=tuple(s.get("focus", ())),
            picks=tuple((p["kind"], p["pick"]) for p in s.get("picks", ())),
            goal=dict(s.get("goal", {})), done_words=s.get("done_words", ""),
            wrong=s.get("wrong", ""), missed=s.get("missed", ""),
            missed_words=tuple(s.get("missed_words", ())), last=bool(s.get("last", False)),
            end=s.get("end", ""), refused=s.get("refused", ""),
            hints=dict(s.get("hints", {}))))
    for step in steps:
        if (step.phase not in PHASES and step.phase != EVENTS_PHASE) or step.kind not in (
                "explain", "act"):
            raise ValueError(f"lesson step {step.id}: phase or kind unknown")
    return Lesson(raw["position"], tuple(steps), dict(raw.get("asides", {})))


def lesson_start(graph: MapGraph, lesson: Lesson | None = None) -> GameState:
    """The lesson's start position: a new game of the 5-player set-up on `graph`, its board,
    treasuries, hands, advances and the stacks' first cards as the lesson's file says, at the
    start of its phase (the rules carry on from there)."""
    lesson = lesson or load_lesson()
    pos = lesson.position
    data = load_game_data()
    config = GameConfig(players=[], seed=int(pos["seed"]), ruleset=pos["ruleset"],
                        open_bargaining=True)
    if pos.get("events", False):
        config.events = EventsOptions()  # the Events module, its standard deck
    setup = choose_setup(data, GameConfig(players=["?"] * 5))
    config.setup = setup.id
    config.names = {civ: data.civilizations[civ].name for civ in setup.civilizations}
    state = new_game(config, graph, data)
    board = Board()
    for pid, spec in pos["players"].items():
        player = state.players[pid]
        for area in spec.get("cities", ()):
            board.cities[area] = pid
        for area, n in spec.get("tokens", {}).items():
            board.add(area, pid, int(n))
    total = int(data.numbers["tokens_per_player"])
    for pid, player in state.players.items():
        spec = pos["players"].get(pid, {})
        player.treasury = int(spec.get("treasury", 0))
        player.stock = total - board.tokens_of(pid) - player.treasury
        player.census = board.tokens_of(pid)
        player.ast = int(spec.get("ast", 0))
        player.advances = list(spec.get("advances", ()))
        player.hand = []
        for card in spec.get("hand", ()):
            _take(state, card)
            player.hand.append(HandCard(card))
        player.hand.sort(key=lambda h: (h.card, h.traded_by))
    for stack, cards in pos.get("stacks", {}).items():
        for deck in state.stacks.values():
            pile = deck[int(stack) - 1]
            for card in reversed(cards):
                if card in pile:
                    pile.remove(card)
                    pile.insert(0, card)
    row = state.eventdeck
    if row is not None:
        # turn 3's Event Action is past (see below): no display is out, its cards wait on top
        # of the deck, and the next display begins with the lesson's cards
        row.deck = [*row.display, *row.deck]
        row.display, row.shown = [], []
        first: list[str] = []
        rest = list(row.deck)
        for card in pos.get("event_deck", ()):
            if card in rest:  # the Age deck's first cards, taken from further down
                rest.remove(card)
                first.append(card)
        row.deck = first + rest
    state.board = board
    state.turn = int(pos["turn"])
    state.phase = pos["phase"]
    start_at(state, pos["phase"])
    advance(state)  # the automatic steps (taxes, growth) up to the first decision
    return state


def _take(state: GameState, card: str) -> None:
    """A card dealt to a hand leaves the stacks (the cards stay as many as the game has)."""
    for deck in state.stacks.values():
        for pile in deck:
            if card in pile:
                pile.remove(card)
                return


def is_lesson(session: Session) -> bool:
    """The game is the lesson: its recorded start is the lesson's start position."""
    record = session.record
    start = record.start if record is not None else None
    if start is None or start.map is None:
        return False  # a game rebuilt from its configuration: never the lesson
    try:
        if start.turn != int(load_lesson().position["turn"]):
            return False
        return start.state_hash() == lesson_start(start.map).state_hash()
    except (OSError, KeyError, ValueError):  # no lesson file (or a bad one): no lesson
        return False


class Coach:
    """Where the lesson stands and what the coach says and points at.

    `target(labels)` names what the arrow points at: NEXT (the panel's own button), a label
    among the person's options, an "area:ID" or "tab:NAME" to look at, or "" for nothing yet.
    """

    def __init__(self, lesson: Lesson, state: GameState) -> None:
        self.lesson = lesson
        self.me = lesson.person
        self.index = 0
        self.note = ""  # a gentle word after a pick the step did not point at
        self.off_script = False  # the player's last pick in this step was not the arrow's
        self.finished = False
        here = place_of(state)
        while self.index < len(self.steps) and self.steps[self.index].place < here:
            self.index += 1  # resumed: the steps of phases already played are done
        self.finished = self.index >= len(self.steps)
        self.events_seen: list[str] = []  # what happened to the person (for missed words)
        self.refusals = 0  # offers of the person's refused in the current step
        self.heard = ""  # what a bot last said to the person in this trade phase (its reason)

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.lesson.steps

    def current(self) -> Step | None:
        return None if self.finished else self.steps[self.index]

    def reached(self, state: GameState) -> bool:
        self.sync(state)  # never a step the game has left, even before the frame's update
        step = self.current()
        return step is not None and place_of(state) >= step.place

    def sync(self, state: GameState) -> None:
        """Act steps end when the game has left their phase."""
        while not self.finished:
            step = self.steps[self.index]
            if step.kind == "act" and place_of(state) > step.place:
                self._next()
            else:
                break

    def holding(self, state: GameState) -> bool:
        """An explanation is up: the bots wait for the person to read it."""
        step = self.current()
        return step is not None and step.kind == "explain" and self.reached(state)

    def next_clicked(self) -> None:
        step = self.current()
        if step is not None and step.kind == "explain":
            self._next()

    def _next(self) -> None:
        self.note = ""
        self.off_script = False
        self.refusals = 0
        self.index += 1
        if self.index >= len(self.steps):
            self.finished = True

    def goal_met(self, state: GameState) -> bool:
        step = self.current()
        if step is None or not step.goal:
            return False
        goal = step.goal
        board = state.board
        if "tokens" in goal:
            return all(board.count(a, self.me) >= int(n) or board.cities.get(a) == self.me
                       for a, n in goal["tokens"].items())
        if "city" in goal:
            return board.cities.get(goal["city"]) == self.me
        if "advance" in goal:
            return goal["advance"] in state.players[self.me].advances
        if "hand" in goal:  # cards held: {card: at least}
            held = [h.card for h in state.players[self.me].hand]
            return all(held.count(card) >= int(n) for card, n in goal["hand"].items())
        return False

    def wanted(self, state: GameState, labels: list[str]) -> str:
        """The label the step wants now, "" when none (the step's pick is not offered)."""
        step = self.current()
        pending = state.pending
        if step is None or pending is None or not labels:
            return ""
        if self.goal_met(state) or not step.picks:
            return step.end if step.end in labels else _ending(labels)
        for kind, label in step.picks:
            if kind != pending.kind:
                continue
            if label.endswith("*"):
                found = next((lb for lb in labels if lb.startswith(label[:-1])), "")
                if found:
                    return found
            elif label in labels:
                return label
        return ""

    def target(self, state: GameState, labels: list[str]) -> str:
        self.sync(state)
        step = self.current()
        if self.aside(state, labels):
            return _ending(labels)
        if step is None or not self.reached(state):
            return ""
        if step.kind == "explain":
            return NEXT
        if not labels:
            return ""
        wanted = self.wanted(state, labels)
        if wanted:
            return wanted
        if "done" in labels or not self.off_script:
            return _ending(labels)  # the step's pick cannot be made: on with the game
        return ""  # the player's own move, half made: theirs to finish, no arrow

    def aside(self, state: GameState, labels: list[str]) -> bool:
        """The person faces a decision the lesson has no step for (yet), or, in an act step, one
        of a kind the step neither picks nor hints at and the asides name (a bot's offer in
        the middle of the lesson's trade): the arrow points at a safe answer, with the aside's
        words."""
        self.sync(state)
        step = self.current()
        if not labels:
            return False
        if step is None or not self.reached(state):
            return True
        pending = state.pending
        return (step.kind == "act" and pending is not None
                and pending.kind in self.lesson.asides and pending.kind not in step.hints
                and pending.kind not in {k for k, _ in step.picks})

    def words(self, state: GameState, labels: list[str]) -> tuple[str, list[str]]:
        """The panel's title and lines (after {me} is named)."""
        from ..words.log import name

        self.sync(state)
        step = self.current()
        if step is None:
            return ("", [])
        me = name(self.me)
        pending = state.pending
        if self.aside(state, labels) and pending is not None:
            asides = self.lesson.asides
            return ("A question on the way",
                    [asides.get(pending.kind, asides.get("default", ""))])
        lines = list(step.words)
        if step.missed_words and not self.struck(state):
            lines = list(step.missed_words)
        hint = step.hints.get(pending.kind, "") if pending is not None and labels else ""
        # the step's words were said: now what this decision asks, while the player follows
        # it (its picks to make, or its Done once they are made)
        hinted = bool(hint) and not self.off_script and bool(
            self.wanted(state, labels) or "done" in labels)
        if hinted:
            lines = [hint]
        if step.kind == "act" and labels:
            if self.goal_met(state) and step.done_words:
                lines = [step.done_words]
            elif self.refusals and step.refused and pending is not None and pending.kind in {
                    k for k, _ in step.picks[:1]}:
                lines = [step.refused, *([f"“{self.heard}”"] if self.heard else [])]
            elif not hinted and not self.wanted(state, labels) and step.picks:
                if self.off_script and "done" not in labels and step.wrong:
                    lines = [step.wrong]
                elif step.missed and self._wants_this_kind(state):
                    lines = [step.missed]
        if self.note and self.note not in lines:
            lines = [*lines, self.note]
        return (step.title, [line.replace("{me}", me) for line in lines])

    def _wants_this_kind(self, state: GameState) -> bool:
        step = self.current()
        pending = state.pending
        return step is not None and pending is not None and (
            pending.kind in {k for k, _ in step.picks}
            or "done" in pending.options)

    def saw(self, events: list[Event]) -> None:
        """What the game reported: a calamity that strikes the person is remembered."""
        for e in events:
            if isinstance(e, CalamityRevealed) and e.victim == self.me:
                self.events_seen.append("struck")
            elif isinstance(e, TradeRefused) and e.partner == self.me:
                self.refusals += 1  # an offer of the person's refused
            elif isinstance(e, TradeAccepted) and self.me in (e.player, e.partner):
                self.refusals = 0

    def struck(self, state: GameState) -> bool:
        """The person was struck by a calamity this turn (for the calamity step's words)."""
        return any(e == "struck" for e in self.events_seen)

    def picked(self, state_before: GameState, label: str, labels: list[str]) -> None:
        """The person picked `label`: a gentle word when the step pointed elsewhere."""
        step = self.current()
        if step is None or step.kind != "act":
            return
        wanted = self.wanted(state_before, labels)
        if not wanted:
            return  # a pick the step had no arrow for: what was said stays said
        self.off_script = label != wanted
        self.note = step.wrong if self.off_script and step.wrong else ""


def _ending(labels: list[str]) -> str:
    """What ends a decision the step has no pick for: done, pass, no, or else the first."""
    for label in ("done", "pass", "no"):
        if label in labels:
            return label
    return labels[0] if labels else ""


def coach_for(session: Session) -> Coach | None:
    """The coach of a lesson (new, continued or loaded), or None for any other game."""
    if not is_lesson(session):
        return None
    coach = Coach(load_lesson(), session.state)
    return None if coach.finished else coach
