"""The hard bot: the normal bot plus search where it pays, inside a time budget per decision,
and one change of plan: it gathers tokens on city sites only from turn GATHER_FROM, growing
before it builds (README.md: this alone lifts the normal bot's seat by 10 VP).

For advance purchases, answers to offers and the offers that pass on a calamity it compares a
few candidates (the normal choice and the next best ones; for an offer, also passing) by
determinized rollouts from its own view (search.py). The normal choice stands unless another
candidate beats it clearly. Its movement it searches as a whole: the movement plans of
growth.PLANS that differ, each played out from its own turn to move. With the Events module it
searches its pick from the display, the target of a chosen card and its private plays in a
phase's window the same way, the candidates ranked by the normal bot's values (events.py).

The search is a pure function of a request, so it can run elsewhere: the client hands it to a
worker process (searcher.py) through `searching_with`, so a long search never shares the
interpreter with the drawing thread; arenas and tests run it in the bot's own process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from game.core import PHASE_WINDOWS, AdvancePrices

from . import events as ev
from .growth import PLANS, Grower
from .normal import NormalBot
from .reading import Reading, value_of, with_prefix
from .search import SearchRequest, SearchResult, run_search

SEARCHED = ("advance_choice", "trade_answer", "trade_partner", "movement_area",
            "event_take", "event_target", "event_play")
EVENT_KINDS = ("event_take", "event_target", "event_play")
# A private event in hand at an event decision's rollout's end, in VP (it may yet find its
# window; events.py counts one at 0.7 of a card's worth)
EVENT_VALUE = 0.3
# Hard builds no city by gathering tokens on city sites before this turn: early tokens left
# to grow in pairs are worth more than an early city (README.md: the normal bot in one seat
# with this and nothing else, +10 VP against the table over 400 paired games).
GATHER_FROM = 6

Searcher = Callable[[SearchRequest], SearchResult]
# Where searches run for the thread that asks (the client's thinking thread: a worker process).
_SEARCHER: ContextVar[Searcher | None] = ContextVar("hard_searcher", default=None)


@contextmanager
def searching_with(searcher: Searcher) -> Iterator[None]:
    """Hard bots deciding inside this block search with `searcher` (e.g. in another process)."""
    token = _SEARCHER.set(searcher)
    try:
        yield
    finally:
        _SEARCHER.reset(token)


class HardBot(NormalBot):
    name = "hard"

    def __init__(self, seed: int, budget: float = 1.5, samples: int = 24,
                 margin: float = 1.0, confidence: float = 2.0,
                 kinds: tuple[str, ...] = SEARCHED, card_share: float = 0.6,
                 pass_candidate: bool = False, token_value: float = 0.15,
                 gather_from: int = GATHER_FROM, event_value: float = EVENT_VALUE) -> None:
        super().__init__(seed)
        # the first turn it gathers tokens on city sites; before it, its tokens only grow
        self.gather_from = gather_from
        self.grower = Grower(gather_from=gather_from)
        self.budget = budget  # seconds of search per decision
        # most samples per candidate: the budget, not this cap, should end a search (at a cap
        # of 8 every search stopped at 8, a purchase's in 0.57 s of its 1.5)
        self.samples = samples
        self.margin = margin  # VP a rival candidate must gain over the normal choice
        self.confidence = confidence  # standard errors its gain must clear
        self.kinds = kinds  # the decisions it searches
        self.card_share = card_share  # cards and treasury at a rollout's end, against VP
        # "done" against a purchase: off, since a rollout's end sees the cards a purchase
        # spends but not the credits and A.S.T. spaces it buys, so passing looks better than
        # it is (with it, 8 of 26 searches in a game overruled a purchase for passing)
        self.pass_candidate = pass_candidate
        # VP per token on the board at a movement plan's rollout's end: the leaf saw a plan's
        # population only once it had become cities or cards (kept on a weak signal: +3.5 VP
        # against the table, se 3.1, over 80 paired games; README.md)
        self.token_value = token_value
        self.event_value = event_value  # VP per private event in hand at an event's leaf
        self.searches = 0
        self.overruled = 0
        self.search_seconds: list[float] = []
        self.last: SearchResult | None = None  # the latest search's outcome

    def describe(self) -> str:
        """The level and budget, as the client shows them while the bot thinks."""
        return f"hard bot, searches up to {self.budget:g} s a decision"

    def decide(self, r: Reading, kind: str, options: list[str]) -> str | None:
        if kind == "movement_area":
            if kind in self.kinds and self.budget > 0 and self.grower.turn != r.view.turn:
                self.grower = self.movement_plan(r)
            return super().decide(r, kind, options)
        base = super().decide(r, kind, options)
        if kind not in self.kinds or base not in options or self.budget <= 0:
            return base
        if kind == "trade_partner" and not self.dumping(r):
            return base  # without a calamity to pass on, whom to offer to matters little
        candidates = self.candidates(r, kind, options, str(base))
        if len(candidates) < 2:
            return base
        choice = self.search(r, kind, candidates, str(base))
        return choice if choice in options else base

    def search(self, r: Reading, kind: str, candidates: list[str], base: str) -> str:
        events = kind in EVENT_KINDS
        request = SearchRequest(
            view=r.view, kind=kind, candidates=tuple(candidates), base=base,
            seed=self.rng.next32(), budget=self.budget, samples=self.samples,
            margin=self.margin, confidence=self.confidence, card_share=self.card_share,
            token_value=self.token_value if kind == "movement_area" or events else 0.0,
            gather_from=self.gather_from,
            # a card kept rather than played counts nothing: it must do better played
            event_value=self.event_value if kind == "event_take" else 0.0,
            card=self.target_card(r) if kind == "event_target" else "")
        result = self.last = (_SEARCHER.get() or run_search)(request)
        self.searches += 1
        self.search_seconds.append(result.seconds)
        if result.choice != base:
            self.overruled += 1
        return result.choice

    def movement_plan(self, r: Reading) -> Grower:
        """This turn's movement: the plan (growth.PLANS) whose rollouts come out best, the
        normal one unless another beats it clearly. Plans that move alike are weighed once."""
        growers: dict[tuple[tuple[str, str, int, bool], ...], tuple[str, Grower]] = {}
        for name, knobs in PLANS.items():
            grower = Grower(**knobs, gather_from=self.gather_from)
            grower.make_plan(r)
            grower.turn = r.view.turn
            moves = tuple((m.source, m.target, m.count, m.ship) for m in grower.plan)
            growers.setdefault(moves, (name, grower))
        plans = dict(growers.values())
        if len(plans) < 2:
            return plans["normal"]
        choice = self.search(r, "movement_area", [f"plan:{n}" for n in plans], "plan:normal")
        return plans.get(value_of(choice), plans["normal"])

    def dumping(self, r: Reading) -> bool:
        """The hand holds a calamity it may trade away: who gets it is worth a search."""
        return any(r.calamity(c) in ("tradable", "minor") for c in r.hand)

    def target_card(self, r: Reading) -> str:
        """The public event whose target the viewer names (its title opens the prompt)."""
        return ev.card_titled(r.view.pending.prompt if r.view.pending else "") or ""

    # -- candidates ------------------------------------------------------------------------
    def candidates(self, r: Reading, kind: str, options: list[str], base: str) -> list[str]:
        if kind in EVENT_KINDS:
            return self.event_candidates(r, kind, options, base)
        if kind == "advance_choice":
            detail = self.detail
            prices = dict(detail.prices) if isinstance(detail, AdvancePrices) else {}
            ranked = sorted(
                (a for a in with_prefix(options, "advance") if a in prices),
                key=lambda a: -self.advance_net(r, a, prices[a]))
            picks = [f"advance:{a}" for a in ranked[:3]]
            passing = ["done"] if self.pass_candidate else []
            return list(dict.fromkeys([base, *picks, *passing]))[:4]
        if kind == "trade_answer":
            if base not in ("yes", "no"):
                return []
            return [base, "no" if base == "yes" else "yes"] if "yes" in options else []
        partners = with_prefix(options, "player")
        extra = []
        if partners:
            extra = [f"player:{r.leader_among(partners)}", f"player:{r.weakest_among(partners)}"]
        return list(dict.fromkeys([base, "done", *extra]))[:4]

    def event_candidates(self, r: Reading, kind: str, options: list[str], base: str
                         ) -> list[str]:
        """Event decisions, ranked by the normal bot's values (events.py): the normal choice
        and the next best two. Face-down cards are alike until taken: one stands for all."""
        if kind == "event_take":
            seen: set[str] = set()
            ranked = []
            for o in sorted(options, key=lambda o: (-ev.take_value(r.view, o), o)):
                key = "face_down" if ":face_down:" in o else o
                if key not in seen:
                    seen.add(key)
                    ranked.append(o)
            return list(dict.fromkeys([base, *ranked]))[:3]
        if kind == "event_target":
            if not self.target_card(r):
                return []
            others = [value_of(o) for o in options if o != f"player:{r.me}"]
            first = ev.leader(r.view, others)
            second = ev.leader(r.view, [p for p in others if p != first])
            picks = [f"player:{p}" for p in (r.me, first, second) if p]
            return list(dict.fromkeys([base, *picks]))[:3]
        # event_play: only in the windows that open a phase (a fight's cannot be re-entered)
        if r.view.phase not in PHASE_WINDOWS:
            return []
        plays = sorted((o for o in options if o.startswith("event:")),
                       key=lambda o: (-ev.play_value(r.view, value_of(o)), o))
        return list(dict.fromkeys([base, "no", *plays]))[:3]
