"""What one player may see: `view(state, player)`. Other hands are counts, decks are counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .eventdeck.view import EventsView, events_view
from .mapgraph import MapGraph
from .plain import clone
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


def view(state: GameState, player: str | None) -> PlayerView:
    board = state.board
    cities = Counter(board.cities.values())  # one pass, not one per player
    ships: Counter[str] = Counter()
    for here in board.ships.values():
        ships.update(here)
    players = tuple(
        PublicPlayer(
            id=p.id,
            stock=p.stock,
            treasury=p.treasury,
            advances=tuple(p.advances),
            credits=tuple(sorted(p.credits.items())),
            ast=p.ast,
            census=p.census,
            block=p.block,
            hand_size=len(p.hand),
            cities=cities[p.id],
            ships=ships[p.id],
        )
        for p in state.players.values()
    )
    own = state.players.get(player) if player is not None else None
    pending = state.pending
    if pending is not None and pending.player != player:
        pending = Pending(pending.player, pending.kind, pending.prompt, [], pending.rule,
                          words=pending.words)
    return PlayerView(
        viewer=player,
        config=clone(state.config),
        map=state.map,
        turn=state.turn,
        phase=state.phase,
        board=clone(board),
        players=players,
        hand=tuple(HandCard(c.card, c.traded_by) for c in own.hand) if own else (),
        stack_sizes=_sizes(state.stacks),
        discard_sizes=_sizes(state.discards),
        pending=clone(pending),
        game_over=state.game_over,
        ended_by=state.ended_by,
        events=events_view(state, player),
    )


def _sizes(decks: dict[str, list[list[str]]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple((block, tuple(len(d) for d in piles)) for block, piles in sorted(decks.items()))
