"""What one player may see: `view(state, player)`. Other hands are counts, decks are counts."""

from __future__ import annotations

from dataclasses import dataclass

from .eventdeck.view import EventsView, events_view
from .mapgraph import MapGraph
from .state import Board, GameConfig, GameState, HandCard, Pending


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


# A player's public facts, keyed by their values in PublicPlayer's field order: most players
# are unchanged from one decision to the next, and an unchanged one is the same immutable
# object.
_PUBLIC: dict[tuple[object, ...], PublicPlayer] = {}
_PUBLIC_KEPT = 4096


def _public(facts: tuple[object, ...]) -> PublicPlayer:
    hit = _PUBLIC.get(facts)
    if hit is None:
        if len(_PUBLIC) >= _PUBLIC_KEPT:
            _PUBLIC.clear()
        hit = _PUBLIC[facts] = PublicPlayer(*facts)  # type: ignore[arg-type]
    return hit


def view(state: GameState, player: str | None) -> PlayerView:
    board = state.board
    cities: dict[str, int] = {}  # one pass, not one per player
    for owner in board.cities.values():
        cities[owner] = cities.get(owner, 0) + 1
    ships: dict[str, int] = {}
    for here in board.ships.values():
        for owner, n in here.items():
            ships[owner] = ships.get(owner, 0) + n
    players = tuple([
        _public((p.id, p.stock, p.treasury, tuple(p.advances),
                 tuple(sorted(p.credits.items())) if p.credits else (), p.ast, p.census,
                 p.block, len(p.hand), cities.get(p.id, 0), ships.get(p.id, 0)))
        for p in state.players.values()
    ])
    own = state.players.get(player) if player is not None else None
    pending = state.pending
    if pending is not None:  # a copy: options only for the one who decides
        pending = (pending.__clone__() if pending.player == player else
                   Pending(pending.player, pending.kind, pending.prompt, [], pending.rule,
                           words=pending.words))
    return PlayerView(
        viewer=player,
        config=state.config.__clone__(),
        map=state.map,
        turn=state.turn,
        phase=state.phase,
        board=board.__clone__(),
        players=players,
        hand=tuple(own.hand) if own else (),  # hand cards are immutable
        stack_sizes=_sizes(state.stacks),
        discard_sizes=_sizes(state.discards),
        pending=pending,
        game_over=state.game_over,
        ended_by=state.ended_by,
        events=events_view(state, player),
    )


def _sizes(decks: dict[str, list[list[str]]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple((block, tuple(map(len, piles))) for block, piles in sorted(decks.items()))
