"""The hard bot: the normal bot plus search where it pays, inside a time budget per decision.

For advance purchases, trade offers and answers to offers it compares a few candidates (the
normal choice, the next best ones, passing) by determinized rollouts. Each sample is a whole
game state drawn from its own view (sampler.py: hidden hands, decks and discard piles dealt at
random, consistent with every count the view shows; the cards an offer declared placed in the
offerer's hand), the same sample for every candidate (common random numbers). From there normal
bots play every seat to a horizon (past this turn's calamities after a trade, to the end of the
next turn after a purchase), and the candidate's score is the viewer's victory points, with
cards and treasury at a fraction of their worth, minus the rivals' (best and mean). The normal
choice stands unless another candidate beats it, sample for sample, by a gain clear of the
rollouts' noise, so the search overrules the heuristics only where it sees a difference.

It never sees the true state: rollouts run in sampled states only.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

from game.core import (
    PHASES,
    Action,
    AdvancePrices,
    GameState,
    TableOffer,
    TradeAnswer,
    advance,
    apply,
    face_value,
    give_card,
    take_card,
    treasury_value,
    victory_points,
    view,
)

from .cards import sets_points
from .normal import NormalBot
from .reading import Reading, with_prefix
from .sampler import sample_at_shop, sample_at_trade, sample_state
from .trading import plan_side

SEARCHED = ("advance_choice", "trade_answer", "trade_partner")
POINTS_PER_VP = 32.0
CARD_SHARE = 0.6  # cards and treasury at the leaf: points not yet turned into advances
AFTER_CALAMITIES = PHASES.index("special_abilities")
MAX_ACTIONS = 6000  # a rollout that runs this long is cut short (never seen in practice)


class HardBot(NormalBot):
    name = "hard"

    def __init__(self, seed: int, budget: float = 1.5, samples: int = 8,
                 margin: float = 1.0) -> None:
        super().__init__(seed)
        self.budget = budget  # seconds of search per decision
        self.samples = samples  # most samples per candidate
        self.margin = margin  # VP a rival candidate must gain over the normal choice
        self.searches = 0
        self.overruled = 0

    def decide(self, r: Reading, kind: str, options: list[str]) -> str | None:
        base = super().decide(r, kind, options)
        if kind not in SEARCHED or base not in options or self.budget <= 0:
            return base
        candidates = self.candidates(r, kind, options, str(base))
        if len(candidates) < 2:
            return base
        return self.search(r, kind, candidates, str(base))

    # -- candidates ------------------------------------------------------------------------
    def candidates(self, r: Reading, kind: str, options: list[str], base: str) -> list[str]:
        if kind == "advance_choice":
            detail = self.detail
            prices = dict(detail.prices) if isinstance(detail, AdvancePrices) else {}
            ranked = sorted(
                (a for a in with_prefix(options, "advance") if a in prices),
                key=lambda a: -self.advance_net(r, a, prices[a]))
            picks = [f"advance:{a}" for a in ranked[:3]]
            return list(dict.fromkeys([base, *picks, "done"]))[:4]
        if kind == "trade_answer":
            if base not in ("yes", "no"):
                return []
            return [base, "no" if base == "yes" else "yes"] if "yes" in options else []
        partners = with_prefix(options, "player")
        extra = []
        if partners:
            extra = [f"player:{r.leader_among(partners)}", f"player:{r.weakest_among(partners)}"]
        return list(dict.fromkeys([base, "done", *extra]))[:4]

    # -- search ----------------------------------------------------------------------------
    def search(self, r: Reading, kind: str, candidates: list[str], base: str) -> str:
        started = time.perf_counter()
        self.searches += 1
        # diffs[c][k]: candidate c's score minus the normal choice's in sample k (paired: the
        # same sampled world for both, so the hidden cards' luck cancels out)
        diffs: dict[str, list[float]] = {c: [] for c in candidates if c != base}
        slowest = 0.0
        for k in range(self.samples):
            world = self.world(r, kind, k)
            if world is None:
                continue
            if time.perf_counter() - started + slowest * len(candidates) > self.budget:
                break
            scores: dict[str, float] = {}
            for cand in candidates:
                t0 = time.perf_counter()
                if t0 - started + slowest > self.budget:
                    break  # out of time inside a round: that sample stays unpaired
                result = self.rollout(r, kind, world, cand, k)
                slowest = max(slowest, time.perf_counter() - t0)
                if result is not None:
                    scores[cand] = result
            if base in scores:
                for cand, diff in diffs.items():
                    if cand in scores:
                        diff.append(scores[cand] - scores[base])
        best, best_gain = base, 0.0
        for cand, diff in diffs.items():
            if len(diff) < 2:
                continue
            mean = sum(diff) / len(diff)
            spread = (sum((d - mean) ** 2 for d in diff) / (len(diff) - 1)) ** 0.5
            # overrule the heuristics only for a gain clear of the rollouts' noise
            if mean >= self.margin and mean >= spread / len(diff) ** 0.5 and mean > best_gain:
                best, best_gain = cand, mean
        if best != base:
            self.overruled += 1
        return best

    def world(self, r: Reading, kind: str, k: int) -> GameState | None:
        """The sample shared by every candidate (not yet advanced for trade answers)."""
        rng = self.rng
        try:
            if kind == "advance_choice":
                state = sample_at_shop(r.view, rng)
            elif kind == "trade_partner":
                state = sample_at_trade(r.view, rng)
            else:
                offer = self.offer()
                if offer is None:
                    return None
                known = {offer.by: list(offer.named)}
                state = sample_state(r.view, rng, "calamity_selection", known=known)
        except Exception:  # a sample the core rejects is skipped, never fatal
            return None
        if kind != "trade_answer":
            pending = state.pending
            if pending is None or pending.player != r.me or pending.kind != kind:
                return None
        return state

    def rollout(self, r: Reading, kind: str, world: GameState, cand: str, k: int
                ) -> float | None:
        state = world.clone()
        try:
            if kind == "trade_answer":
                if cand == "yes" and not self.swap(r, state):
                    return None
                advance(state)
                stop = (r.view.turn, AFTER_CALAMITIES)
            else:
                pending = state.pending
                if pending is None or cand not in pending.options:
                    return None
                apply(state, Action(r.me, cand))
                # a purchase shows in the next turn's purchases; a trade by the calamities
                # and the cards it leaves for this turn's purchases
                stop = ((r.view.turn + 2, 0) if kind == "advance_choice"
                        else (r.view.turn, AFTER_CALAMITIES))
            play(state, stop, lambda pid: NormalBot(k * 7919 + len(pid)))
        except Exception:  # an inconsistent sample: drop it rather than fail the game
            return None
        return evaluate(state, r.me)

    def offer(self) -> TableOffer | None:
        """The offer the viewer is answering, as the table heard it."""
        return self.detail.offer if isinstance(self.detail, TradeAnswer) else None

    def swap(self, r: Reading, state: GameState) -> bool:
        """Carry out the offered trade in a sample: the viewer's planned side for the offer's
        declared commodities and as many other cards of the offerer's (sampled) hand."""
        offer = self.offer()
        if offer is None:
            return False
        offerer, count, named = offer.by, offer.count, list(offer.named)
        mine = plan_side(r, r.hand)
        theirs_hand = Counter(h.card for h in state.players[offerer].hand)
        theirs_hand.subtract(Counter(named))
        if min(theirs_hand.values(), default=0) < 0:
            return False
        rest = sorted(theirs_hand.elements())
        self.rng.shuffle(rest)
        theirs = named + rest[:max(count - len(named), 0)]
        taken = [take_card(state, offerer, c) for c in theirs]
        given = [take_card(state, r.me, c) for c in mine]
        for held in taken:
            give_card(state, r.me, held.card, traded_by=offerer)
        for held in given:
            give_card(state, offerer, held.card, traded_by=r.me)
        return True


def play(state: GameState, stop: tuple[int, int], make: Callable[[str], NormalBot]) -> None:
    """Normal bots in every seat until the turn and phase reach `stop` or the game ends."""
    bots = {pid: make(pid) for pid in state.players}
    for _ in range(MAX_ACTIONS):
        if state.game_over or state.pending is None:
            return
        phase = PHASES.index(state.phase) if state.phase in PHASES else 0
        if (state.turn, phase) >= stop:
            return
        who = state.pending.player
        apply(state, Action(who, bots[who].choose(view(state, who))))


def position(state: GameState, pid: str) -> float:
    """Victory points plus what cards and treasury may still become, in VP."""
    p = state.players[pid]
    hand = Counter(h.card for h in p.hand if face_value(state.data, h.card) > 0)
    money = sets_points(hand) + p.treasury * treasury_value(state.data, p.advances)
    cities = len(state.board.cities_of(pid))
    return victory_points(state, pid) + CARD_SHARE * money / POINTS_PER_VP + 0.5 * cities


def evaluate(state: GameState, me: str) -> float:
    """The viewer's position against the best rival's."""
    mine = position(state, me)
    rivals = [position(state, p) for p in state.players if p != me]
    return mine - (max(rivals) + sum(rivals) / len(rivals)) / 2 if rivals else mine
