"""What one player may see: `view(state, player)`. Other hands are counts, decks are counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields

from .eventdeck.view import EventsView, events_view
from .mapgraph import MapGraph
from .state import Board, GameConfig, GameState, HandCard, Pending
from .words import Words, ref, say

# What another player's decision is, in words that hold nothing only its maker may know (issue
# 34): "Egypt is buying advances", never the advances Egypt can pay for or the cards it hands in.
# By the decision's kind where the phase does not say it, else by the phase.
HIDDEN_SEED = 0  # a view's `config.seed`: the game's seed is nobody's to see while it is played

_DOING_BY_KIND: dict[str, str] = {
    "event_take": "is taking an event from the display",
    "event_target": "is choosing whom an event strikes",
    "event_option": "is choosing how an event resolves",
    "event_cancel": "is deciding on an event",
    "event_play": "is deciding on an event",
    "trade_answer": "is answering an offer",
    "trade_partner": "is trading",
    "trade_review": "is trading",
    "hand_limit": "is discarding down to the hand limit",
    "special_ability": "is using a special ability",
    "anatomy_gift": "is choosing an advance given by Anatomy",
}
_DOING_BY_PHASE: dict[str, str] = {
    "events": "is taking an event from the display",
    "taxation": "is collecting taxes",
    "population_expansion": "is growing their population",
    "movement": "is moving",
    "conflict": "is resolving a conflict",
    "city_construction": "is building cities",
    "trade_card_acquisition": "is buying trade cards",
    "trade": "is trading",
    "calamity_selection": "is handling calamities",
    "calamity_resolution": "is resolving a calamity",
    "special_abilities": "is using a special ability",
    "surplus_and_support": "is supporting their cities",
    "advance_acquisition": "is buying advances",
    "ast_alteration": "is moving on the A.S.T.",
}


def public_words(player: str, kind: str, phase: str) -> Words:
    """What `player`'s decision of `kind` (in `phase`) is, for everyone else to read."""
    doing = _DOING_BY_KIND.get(kind) or _DOING_BY_PHASE.get(phase) or "is deciding"
    return say("{who} " + doing, who=ref("player", player))


# immutable, so shared between views, with their rendering
_PUBLIC_WORDS: dict[tuple[str, str, str], tuple[Words, str]] = {}

# Decisions whose very asking tells who holds a private event card (the window "play it now?",
# Cancellation's offer): the others read that private events may be played, never by whom
# (issue 37: a wait line named the holder).
PRIVATE_KINDS = frozenset({"event_play", "event_cancel"})
PRIVATE_WAIT = say("Private events may be played now")


def public_pending(pending: Pending, phase: str) -> Pending:
    """Another player's pending decision as the others see it: who decides and what kind of
    decision, under the rule it names; no options, no detail and the public words only."""
    if pending.kind in PRIVATE_KINDS:
        return Pending("", pending.kind, PRIVATE_WAIT.render(), [], pending.rule,
                       words=PRIVATE_WAIT)
    key = (pending.player, pending.kind, phase)
    known = _PUBLIC_WORDS.get(key)
    if known is None:
        if len(_PUBLIC_WORDS) >= 4096:
            _PUBLIC_WORDS.clear()
        words = public_words(*key)
        known = _PUBLIC_WORDS[key] = (words, words.render())
    return Pending(pending.player, pending.kind, known[1], [], pending.rule, words=known[0])


@dataclass(frozen=True)
class PublicPlayer:
    id: str
    stock: int
    treasury: int
    advances: tuple[str, ...]
    credits: tuple[tuple[str, int], ...]
    ast: int
    census: int
    block: str
    hand_size: int
    cities: int
    ships: int


@dataclass(frozen=True)
class PlayerView:
    viewer: str | None  # None: a spectator
    config: GameConfig
    map: MapGraph
    turn: int
    phase: str
    board: Board
    players: tuple[PublicPlayer, ...]  # in A.S.T. ranking order
    hand: tuple[HandCard, ...]  # the viewer's own cards, in full
    stack_sizes: tuple[tuple[str, tuple[int, ...]], ...]  # block -> cards left in stacks 1..9
    discard_sizes: tuple[tuple[str, tuple[int, ...]], ...]
    pending: Pending | None  # options only when the viewer is the one to decide
    game_over: bool
    ended_by: str
    events: EventsView | None = None  # the Events module, when it is on

    def player(self, pid: str) -> PublicPlayer:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)


# A player's public facts, keyed by their values in PublicPlayer's field order, the credits
# as their groups and their numbers in the dict's order (sorting them for every player of
# every view cost more than the look-up): a player whose facts are those of an earlier view is
# the same immutable object.
_PUBLIC: dict[tuple[object, ...], PublicPlayer] = {}
_PUBLIC_KEPT = 4096


def _new_public(facts: tuple[object, ...], credits: dict[str, int]) -> PublicPlayer:
    if len(_PUBLIC) >= _PUBLIC_KEPT:
        _PUBLIC.clear()
    public = (*facts[:4], tuple(sorted(credits.items())), *facts[6:])
    # field by field, not by the frozen class's __init__ (as `view` builds the view)
    made = _PUBLIC[facts] = object.__new__(PublicPlayer)
    made.__dict__.update(zip(_PUBLIC_FIELDS, public, strict=True))
    return made


_PUBLIC_FIELDS = tuple(f.name for f in fields(PublicPlayer))


@dataclass(frozen=True, slots=True)
class KeptFacts:
    """The players' public facts as a view last read them, kept by the state (`_kept`, never
    saved or hashed) with the players changed since (`_changed`, filled by
    `player_to_change`): the next view rebuilds the facts of the changed players only, and of
    those whose cities or ships changed, so its cost follows what changed, not the number of
    players (issue 40: at 18 players, rebuilding every player at every decision was a fifth of
    the time). Immutable: copies of the state share it, and a view replaces it."""

    order: tuple[str, ...]  # the players, in the state's order
    players: tuple[PublicPlayer, ...]  # in that order
    index: dict[str, int]  # player -> place in `players`
    cities: dict[str, str]  # a copy of the board's cities when they were counted
    ships: dict[str, dict[str, int]]  # and of its ships
    city_counts: dict[str, int]  # owner -> cities
    ship_counts: dict[str, int]  # owner -> ships


def _public(state: GameState, pid: str, city_counts: dict[str, int],
            ship_counts: dict[str, int]) -> PublicPlayer:
    """Player `pid`'s public facts, built from the state."""
    p = state.players[pid]
    credits = p.credits
    facts = (p.id, p.stock, p.treasury, tuple(p.advances), tuple(credits),
             tuple(credits.values()), p.ast, p.census, p.block, len(p.hand),
             city_counts.get(p.id, 0), ship_counts.get(p.id, 0))
    return _PUBLIC.get(facts) or _new_public(facts, credits)


def _ship_counts(ships: dict[str, dict[str, int]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for here in ships.values():
        for owner, n in here.items():
            counts[owner] = counts.get(owner, 0) + n
    return counts


def _keep_all(state: GameState, order: tuple[str, ...]) -> KeptFacts:
    """Every player's facts, from scratch."""
    board = state.board
    city_counts = dict(Counter(board.cities.values()))
    ship_counts = _ship_counts(board.ships)
    players = tuple([_public(state, pid, city_counts, ship_counts) for pid in order])
    return KeptFacts(order, players, {pid: i for i, pid in enumerate(order)},
                     board.cities.copy(), {a: here.copy() for a, here in board.ships.items()},
                     city_counts, ship_counts)


def scratch_players(state: GameState) -> tuple[PublicPlayer, ...]:
    """Every player's public facts built from scratch, whatever the state keeps (invariants
    compare them with the kept ones)."""
    return _keep_all(state, tuple(state.players)).players


def public_players(state: GameState) -> tuple[PublicPlayer, ...]:
    """Every player's public facts, in the state's order: those kept by the state's last view,
    rebuilt for the players changed since (see KeptFacts)."""
    kept, changed, board = state._kept, state._changed, state.board
    order = tuple(state.players)
    if kept is None or kept.order != order:
        kept = _keep_all(state, order)
    else:
        cities, ships = kept.cities, kept.ships
        city_counts, ship_counts = kept.city_counts, kept.ship_counts
        if board.cities != cities:  # compared at C speed; counted again only when changed
            cities = board.cities.copy()
            city_counts = dict(Counter(cities.values()))
            changed |= {pid for pid in order
                        if city_counts.get(pid, 0) != kept.city_counts.get(pid, 0)}
        if board.ships != ships:
            ships = {a: here.copy() for a, here in board.ships.items()}
            ship_counts = _ship_counts(ships)
            changed |= {pid for pid in order
                        if ship_counts.get(pid, 0) != kept.ship_counts.get(pid, 0)}
        if not changed and cities is kept.cities and ships is kept.ships:
            return kept.players
        players, index = kept.players, kept.index
        rebuilt = list(players)
        for pid in changed:
            at = index.get(pid)
            if at is not None:  # (a player named by a test may not be one)
                rebuilt[at] = _public(state, pid, city_counts, ship_counts)
        # The same tuple when no public fact changed (a flag set, a card bought back): equal
        # facts are the same object (_PUBLIC), and readings of views may keep what they worked
        # out from it.
        if any(new is not old for new, old in zip(rebuilt, players, strict=True)):
            players = tuple(rebuilt)
        kept = KeptFacts(order, players, index, cities, ships, city_counts, ship_counts)
    state._kept = kept
    changed.clear()  # the state's own set (copies copy it)
    return kept.players


def view(state: GameState, player: str | None) -> PlayerView:
    board = state.board
    players = public_players(state)
    own = state.players.get(player) if player is not None else None
    pending = state.pending
    if pending is not None:  # a copy: options, detail and words only for the one who decides
        pending = (pending.__clone__() if pending.player == player else
                   public_pending(pending, state.phase))
    # Built field by field, not by the frozen class's __init__ (which sets each through
    # object.__setattr__, a fifth of a view's cost): a test checks every field is set.
    config = state.config.__clone__()
    config.seed = HIDDEN_SEED  # with the seed and the public actions, any deck can be dealt again
    stack_sizes, discard_sizes = pile_sizes(state)
    seen = object.__new__(PlayerView)
    seen.__dict__.update(
        viewer=player,
        config=config,
        map=state.map,
        turn=state.turn,
        phase=state.phase,
        board=board.__clone__(),
        players=players,
        hand=tuple(own.hand) if own else (),  # hand cards are immutable
        stack_sizes=stack_sizes,
        discard_sizes=discard_sizes,
        pending=pending,
        game_over=state.game_over,
        ended_by=state.ended_by,
        events=events_view(state, player),
    )
    return seen


Sizes = tuple[tuple[str, tuple[int, ...]], ...]  # block -> the sizes of its piles 1..9
# The sizes of the stacks and of the discard piles, with the dicts they were counted in.
KeptSizes = tuple[dict[str, list[list[str]]], dict[str, list[list[str]]], Sizes, Sizes]


def pile_sizes(state: GameState) -> tuple[Sizes, Sizes]:
    """The sizes of the state's stacks and discard piles: those its last view counted, while
    no pile changed (`GameState.pile`, the one way to change one, forgets them) and the state
    holds the same dicts of piles (a copy of the state holds its own, with the same piles);
    else counted again (issue 40: counting 36 piles at every view was a third of a view's
    cost at 18 players, with two blocks of trade cards)."""
    kept = state._kept_sizes
    stacks, discards = state.stacks, state.discards
    if (kept is None or kept[0] is not stacks or kept[1] is not discards
            or len(kept[2]) != len(stacks) or len(kept[3]) != len(discards)):
        kept = state._kept_sizes = (stacks, discards, _sizes(stacks), _sizes(discards))
    return kept[2], kept[3]


def scratch_sizes(state: GameState) -> tuple[Sizes, Sizes]:
    """The sizes of the piles counted from scratch (invariants compare the kept ones)."""
    return _sizes(state.stacks), _sizes(state.discards)


def _sizes(decks: dict[str, list[list[str]]]) -> Sizes:
    if len(decks) == 1:  # one block of trade cards (most set-ups)
        for block, piles in decks.items():
            return ((block, tuple(map(len, piles))),)
    return tuple([(block, tuple(map(len, decks[block]))) for block in sorted(decks)])
