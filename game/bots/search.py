"""The hard bot's search, as a pure function of what the bot may know: its view, the decision,
the candidates, the normal choice and a seed. Nothing else goes in, so the search can run in
the bot's own process (arena, tests) or in a worker process (the client: searcher.py), and
gives the same answer in both.

Each sample is a whole game state drawn from the view (sampler.py), the same sample for every
candidate (common random numbers). From there normal bots play every seat to a horizon (past
this turn's calamities after a trade, to the end of the next turn after a purchase or a
movement plan, to the end of the turn after an event decision), and the candidate's score is
the viewer's victory points, with cards and treasury at a fraction of their worth (for a
movement plan or an event, tokens on the board too), minus the rivals' (best and mean). The
normal choice stands unless another candidate beats it, sample for sample, by at least
`margin` VP and by `confidence` standard errors: with a handful of noisy samples a looser
test overrules the heuristics on noise.

It never sees the true state: rollouts run in sampled states only.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from game.core import (
    PHASES,
    Action,
    GameState,
    PlayerView,
    Rng,
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
from .growth import PLANS, Grower
from .normal import NormalBot
from .reading import Reading, value_of
from .sampler import (
    sample_at_events,
    sample_at_movement,
    sample_at_shop,
    sample_at_trade,
    sample_at_window,
    sample_state,
)
from .trading import plan_side

POINTS_PER_VP = 32.0
AFTER_CALAMITIES = PHASES.index("special_abilities")
AFTER_MOVEMENT = PHASES.index("movement") + 1
# An event decision's rollouts run to the end of the turn: past its purchases, where treasury
# gained or lost shows as advances (ended at the trade phase, the leaf saw a treasury token at
# 1/32 of a VP and a token in stock as growth lost, and took Inflation, half the treasury
# gone, for 5 VP better than a private event); a window from the purchases on runs a turn more.
EVENT_KINDS = ("event_take", "event_target", "event_play")
EVENT_STOP = PHASES.index("advance_acquisition")
MAX_ACTIONS = 6000  # a rollout that runs this long is cut short (never seen in practice)


@dataclass(frozen=True)
class SearchRequest:
    """One search: everything it may use (picklable, so it can cross to a worker process)."""

    view: PlayerView
    kind: str
    candidates: tuple[str, ...]
    base: str  # the normal bot's choice, which stands unless clearly beaten
    seed: int  # the search's own random numbers (samples, unnamed cards of an offer)
    budget: float  # seconds
    samples: int  # most samples per candidate
    margin: float  # VP a rival candidate must gain over the normal choice
    confidence: float  # standard errors the gain must clear
    card_share: float = 0.6  # cards and treasury at the leaf, against VP (see position)
    token_value: float = 0.0  # VP per token on the board at the leaf (see position)
    gather_from: int = 0  # the viewer's first turn of gathering on city sites (growth.Grower)
    event_value: float = 0.0  # VP per private event in hand at the leaf (see position)
    card: str = ""  # event_target: the public event whose target the viewer names


@dataclass(frozen=True)
class SearchResult:
    choice: str
    samples: int  # samples every candidate was played out in
    seconds: float
    process: int  # the id of the process that searched


def run_search(req: SearchRequest) -> SearchResult:
    started = time.perf_counter()
    r = Reading(req.view)
    rng = Rng.seeded(req.seed, stream=13)
    base = req.base
    # diffs[c][k]: candidate c's score minus the normal choice's in sample k (paired: the
    # same sampled world for both, so the hidden cards' luck cancels out)
    diffs: dict[str, list[float]] = {c: [] for c in req.candidates if c != base}
    slowest = 0.0
    paired = 0
    for k in range(req.samples):
        if time.perf_counter() - started + slowest * len(req.candidates) > req.budget:
            break
        world = sample_world(r, req.kind, rng, req.card)
        if world is None:
            continue
        scores: dict[str, float] = {}
        for cand in req.candidates:
            t0 = time.perf_counter()
            if t0 - started + slowest > req.budget:
                break  # out of time inside a round: that sample stays unpaired
            result = rollout(r, req, world, cand, k, rng)
            slowest = max(slowest, time.perf_counter() - t0)
            if result is not None:
                scores[cand] = result
        if base in scores:
            paired += 1
            for cand, diff in diffs.items():
                if cand in scores:
                    diff.append(scores[cand] - scores[base])
    return SearchResult(pick(base, diffs, req.margin, req.confidence), paired,
                        time.perf_counter() - started, os.getpid())


def pick(base: str, diffs: dict[str, list[float]], margin: float, confidence: float) -> str:
    """The candidate with the largest mean gain over `base` that clears the noise, else base."""
    best, best_gain = base, 0.0
    for cand, diff in diffs.items():
        if len(diff) < 2:
            continue
        mean = sum(diff) / len(diff)
        spread = (sum((d - mean) ** 2 for d in diff) / (len(diff) - 1)) ** 0.5
        if (mean >= margin and mean >= confidence * spread / len(diff) ** 0.5
                and mean > best_gain):
            best, best_gain = cand, mean
    return best


def offer_of(r: Reading) -> TableOffer | None:
    """The offer the viewer is answering, as the table heard it."""
    pending = r.view.pending
    detail = pending.detail if pending is not None else None
    return detail.offer if isinstance(detail, TradeAnswer) else None


def sample_world(r: Reading, kind: str, rng: Rng, card: str = "") -> GameState | None:
    """The sample shared by every candidate (not yet advanced for trade answers)."""
    try:
        if kind == "advance_choice":
            state = sample_at_shop(r.view, rng)
        elif kind == "movement_area":
            state = sample_at_movement(r.view, rng)
        elif kind == "trade_partner":
            state = sample_at_trade(r.view, rng)
        elif kind == "event_take":
            state = sample_at_events(r.view, rng)
        elif kind == "event_target":
            state = sample_at_events(r.view, rng, card)
        elif kind == "event_play":
            state = sample_at_window(r.view, rng)
        else:
            offer = offer_of(r)
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


def rollout(r: Reading, req: SearchRequest, world: GameState, cand: str, k: int,
            rng: Rng) -> float | None:
    kind = req.kind
    state = world.clone()

    def seat(pid: str) -> NormalBot:
        return rollout_bot(pid, k, req.gather_from if pid == r.me else 0)

    try:
        if kind == "movement_area":
            # the candidate is a whole movement plan ("plan:NAME"), played by the viewer
            planner = seat(r.me)
            planner.grower = Grower(**PLANS[value_of(cand)], gather_from=req.gather_from)
            play(state, (r.view.turn, AFTER_MOVEMENT),
                 lambda pid: planner if pid == r.me else seat(pid))
            play(state, (r.view.turn + 2, 0), seat)
            return evaluate(state, r.me, req)
        if kind == "trade_answer":
            if cand == "yes" and not swap(r, state, rng):
                return None
            advance(state)
            stop = (r.view.turn, AFTER_CALAMITIES)
        else:
            pending = state.pending
            if pending is None or cand not in pending.options:
                return None
            apply(state, Action(r.me, cand))
            # a purchase shows in the next turn's purchases; a trade by the calamities
            # and the cards it leaves for this turn's purchases; an event by the trade phase
            stop = ((r.view.turn + 2, 0) if kind == "advance_choice"
                    else event_stop(r) if kind in EVENT_KINDS
                    else (r.view.turn, AFTER_CALAMITIES))
        play(state, stop, seat)
    except Exception:  # an inconsistent sample: drop it rather than fail the game
        return None
    return evaluate(state, r.me, req)


def event_stop(r: Reading) -> tuple[int, int]:
    """Where an event decision's rollouts end: at the start of the next turn, or for a window
    from the purchases on, of the turn after."""
    phase = PHASES.index(r.view.phase) if r.view.phase in PHASES else 0
    return (r.view.turn + (1 if phase < EVENT_STOP else 2), 0)


def rollout_bot(pid: str, k: int, gather_from: int = 0) -> NormalBot:
    """The normal bot that plays seat `pid` in sample `k`'s rollouts (alike for every
    candidate, so the candidates' rollouts differ only where their choices do); the viewer's
    own seat grows as the viewer does (`gather_from`: see growth.Grower)."""
    bot = NormalBot(k * 7919 + len(pid))
    if gather_from:
        bot.grower = Grower(gather_from=gather_from)
    return bot


def swap(r: Reading, state: GameState, rng: Rng) -> bool:
    """Carry out the offered trade in a sample: the viewer's planned side for the offer's
    declared commodities and as many other cards of the offerer's (sampled) hand."""
    offer = offer_of(r)
    if offer is None:
        return False
    offerer, count, named = offer.by, offer.count, list(offer.named)
    mine = plan_side(r, r.hand)
    theirs_hand = Counter(h.card for h in state.players[offerer].hand)
    theirs_hand.subtract(Counter(named))
    if min(theirs_hand.values(), default=0) < 0:
        return False
    rest = sorted(theirs_hand.elements())
    rng.shuffle(rest)
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


def position(state: GameState, pid: str, card_share: float, token_value: float,
             event_value: float = 0.0) -> float:
    """Victory points plus what cards, treasury, tokens on the board and private events in
    hand may still become, in VP."""
    p = state.players[pid]
    deck = state.eventdeck
    held = len(deck.hands.get(pid, ())) if deck is not None and event_value else 0
    hand = Counter(h.card for h in p.hand if face_value(state.data, h.card) > 0)
    money = sets_points(hand) + p.treasury * treasury_value(state.data, p.advances)
    cities = len(state.board.cities_of(pid))
    return (victory_points(state, pid) + card_share * money / POINTS_PER_VP + 0.5 * cities
            + token_value * state.board.tokens_of(pid) + event_value * held)


def evaluate(state: GameState, me: str, req: SearchRequest) -> float:
    """The viewer's position against the best rival's."""
    mine = position(state, me, req.card_share, req.token_value, req.event_value)
    rivals = [position(state, p, req.card_share, req.token_value, req.event_value)
              for p in state.players if p != me]
    return mine - (max(rivals) + sum(rivals) / len(rivals)) / 2 if rivals else mine
