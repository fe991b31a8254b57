"""Invariants that hold after every action of every game; used by tests and `simulate`."""

from __future__ import annotations

from collections import Counter

from .eventdeck.view import events_view, scratch_events_view
from .mapgraph import MapError
from .mapsetup import WHOLE_BOARD, out_of_play
from .player_view import pile_sizes, public_players, scratch_players, scratch_sizes
from .state import BARBARIANS, PIRATE, GameState

TOKENS = 55
CITIES = 9
SHIPS = 4


def card_census(state: GameState) -> Counter[str]:
    """Every trade card in the game, wherever it is: stacks, discards and hands."""
    cards: Counter[str] = Counter()
    for piles in (*state.stacks.values(), *state.discards.values()):
        for pile in piles:
            cards.update(pile)
    for player in state.players.values():
        cards.update(h.card for h in player.hand)
    cards.pop("water", None)  # water cards are unlimited and do not circulate
    return cards


def out_of_play_pieces(state: GameState) -> list[str]:
    """Tokens (barbarians included), cities (pirate cities included) or ships standing where
    the game's map set-up has no area in play: an area its map lacks, or one its set-up lists
    as out of play (in case the map held is not the set-up's)."""
    areas = state.map.areas
    try:
        listed = out_of_play(state.map, state.config.map_setup or WHOLE_BOARD)
    except MapError:
        listed = frozenset()  # a map without this set-up: only its own areas count
    out = []
    for kind, where in (("tokens", state.board.tokens), ("a city", state.board.cities),
                        ("ships", state.board.ships)):
        for area in where:
            if area not in areas or area in listed:
                out.append(f"{kind} in {area}, which is not in play")
    return out


def violations(state: GameState, cards: Counter[str] | None = None) -> list[str]:
    """What is wrong with the state; empty when every invariant holds."""
    out: list[str] = []
    board = state.board
    if list(state.players) != state.config.players:  # the turn order is config.players
        out.append("the players are not those of the configuration, in its order")
    for pid, player in state.players.items():
        on_board = board.tokens_of(pid)
        if player.stock < 0 or player.treasury < 0:
            out.append(f"{pid}: negative stock or treasury")
        if on_board + player.stock + player.treasury != TOKENS:
            out.append(f"{pid}: board {on_board} + stock {player.stock} + treasury "
                       f"{player.treasury} != {TOKENS}")
        if len(board.cities_of(pid)) > CITIES:
            out.append(f"{pid}: more than {CITIES} cities")
        if board.ships_of(pid) > SHIPS:
            out.append(f"{pid}: more than {SHIPS} ships")
    owners = set(state.players) | {BARBARIANS}
    out += out_of_play_pieces(state)
    for area, here in board.tokens.items():
        for owner, n in here.items():
            if owner not in owners or n <= 0:
                out.append(f"{area}: bad token entry {owner}={n}")
    for area, owner in board.cities.items():
        if owner not in state.players and owner != PIRATE:
            out.append(f"{area}: city of unknown owner {owner}")
    if cards is not None and card_census(state) != cards:
        diff = (card_census(state) - cards) + (cards - card_census(state))
        out.append(f"trade cards not conserved: {dict(diff)}")
    if not state.game_over and state.pending is not None:
        options = state.pending.options
        if not options:
            out.append("a pending decision without options")
    if state._kept is not None and public_players(state) != scratch_players(state):
        out.append("the public facts kept for views are not the state's (a player changed "
                   "other than by player_to_change?)")
    if state._kept_sizes is not None and pile_sizes(state) != scratch_sizes(state):
        out.append("the pile sizes kept for views are not the state's (a pile changed other "
                   "than by GameState.pile?)")
    kept_events = state._kept_events
    if kept_events is not None and any(events_view(state, p) != scratch_events_view(state, p)
                                       for p in list(kept_events.views)):
        out.append("the Events part kept for views is not the state's")
    return out
