"""Can the core play on from this state? For states read from a file, which anyone can edit and
re-hash: every id the core looks up must be known, the task stack must hold registered
procedures, and the pending decision must be one the core would offer, so the first action
cannot crash the core or play a move the rules never offered.

`problems(state)` lists what is wrong (the first entry is the one to show); the persist layer
refuses a save with any.
"""

from __future__ import annotations

from collections.abc import Iterable

from .engine import Action, apply
from .flow import PROCEDURES, label_key, run
from .gamedata import GROUPS, GameData, load_game_data
from .invariants import TOKENS, violations
from .state import GameState

MAX_TURN = 10_000
MAX_TRIED = 1_000  # options tried one by one (see _decision); no decision offers more


def problems(state: GameState, data: GameData | None = None) -> list[str]:
    """What stops the core from playing on from `state`; [] when nothing does."""
    data = data or load_game_data()
    found = _ids(state, data) or violations(state) or _flow(state)
    if found:
        return found
    return _decision(state)


def _ids(state: GameState, data: GameData) -> list[str]:
    config = state.config
    ruleset = data.rulesets.get(config.ruleset)
    if ruleset is None:
        return [f"unknown rule set {_short(config.ruleset)}"]
    if config.ast_side not in ("basic", "expert"):
        return [f"unknown A.S.T. side {_short(config.ast_side)}"]
    if config.setup and config.setup not in data.setups:
        return [f"unknown set-up {_short(config.setup)}"]
    if not 0 <= config.last_turn <= MAX_TURN or not 0 <= config.max_turns <= MAX_TURN:
        return ["the last turn or turn limit is out of range"]
    cards = {*data.commodities, data.water.id, *ruleset.calamities}
    last_space = data.ast_numbers["last_space"]
    for pid, player in state.players.items():
        if pid not in data.civilizations:
            return [f"unknown civilization {_short(pid)}"]
        if player.id != pid:
            return [f"{pid}: the player's id is {_short(player.id)}"]
        if player.block and player.block not in state.stacks:
            return [f"{pid}: unknown block {_short(player.block)}"]
        if not 0 <= player.ast <= last_space or not 0 <= player.census <= TOKENS:
            return [f"{pid}: A.S.T. position or census out of range"]
        if len(set(player.advances)) != len(player.advances):
            return [f"{pid}: an advance held twice"]
        bad = (_unknown(player.advances, data.advances, "advance")
               or _unknown(player.credits, GROUPS, "credit group")
               or _unknown((h.card for h in player.hand), cards, "trade card")
               or _unknown((h.traded_by for h in player.hand if h.traded_by), state.players,
                           "player who traded a card"))
        if bad:
            return [f"{pid}: {bad}"]
    if set(state.stacks) != set(state.discards):
        return ["the trade-card stacks and discard piles are of different blocks"]
    for block, decks in state.stacks.items():
        if len(decks) != len(state.discards[block]):
            return [f"block {_short(block)}: as many discard piles as stacks are needed"]
        for pile in (*decks, *state.discards[block]):
            bad = _unknown(pile, cards, "trade card")
            if bad:
                return [f"block {_short(block)}: {bad}"]
    board, graph = state.board, state.map
    bad = (_unknown(board.cities, graph.areas, "area with a city")
           or _unknown(board.ships, (*graph.areas, *graph.seas), "area or sea with ships")
           or _unknown((o for here in board.ships.values() for o in here), state.players,
                       "owner of ships"))
    if bad:
        return [bad]
    if any(n <= 0 for here in board.ships.values() for n in here.values()):
        return ["a ship count that is not positive"]
    if not 0 <= state.turn <= MAX_TURN:
        return [f"turn {state.turn} is out of range"]
    return []


def _flow(state: GameState) -> list[str]:
    unknown = [t.kind for t in state.tasks if t.kind not in PROCEDURES]
    if unknown:
        return [f"unknown task kind {_short(unknown[0])}"]
    if state.game_over:
        return []
    pending = state.pending
    if pending is None:  # with no task left, a scenario's phase played to its end
        return ["tasks wait, but no decision is pending"] if state.tasks else []
    if not state.tasks:
        return ["a decision is pending but no task asked for it"]
    if PROCEDURES[state.tasks[-1].kind].choose is None:
        return [f"a decision is pending but task {_short(state.tasks[-1].kind)} takes none"]
    if pending.player not in state.players:
        return [f"a decision for an unknown player {_short(pending.player)}"]
    if pending.options != sorted(set(pending.options), key=label_key):
        return ["the options of the pending decision are not the sorted, distinct labels the "
                "core offers"]
    return []


def _decision(state: GameState) -> list[str]:
    """Ask the task on top again, on a copy. Where that changes nothing but the decision (most
    procedures ask from what the state holds), the decision must come out the same. Where the
    procedure moved on before it asked (its answer is awaited in its data), asking again means
    nothing: each option is then tried on a copy and must play without failing."""
    if state.game_over or state.pending is None:
        return []
    again = state.clone()
    again.pending = None
    try:
        run(again, [])
        asked = again.pending
    except Exception:  # a crafted task may fail in any way: the options are tried below
        asked = None
    if asked is not None:
        again.pending = state.pending
        if again == state:  # the step only asked: it must ask the same
            if asked == state.pending:
                return []
            return [f"the pending decision ({_short(state.pending.kind)} for "
                    f"{_short(state.pending.player)}) is not the one the game asks"]
    options = state.pending.options
    if len(options) > MAX_TRIED:
        return [f"the pending decision has {len(options)} options, more than any decision"]
    for label in options:
        try:
            apply(state.clone(), Action(state.pending.player, label))
        except Exception as err:  # what a crafted option does is unknown
            return [f"option {_short(label)} of the pending decision cannot be played "
                    f"({type(err).__name__})"]
    return []


def _unknown(ids: Iterable[str], known: Iterable[str], what: str) -> str:
    known = known if isinstance(known, set | dict) else set(known)
    for item in ids:
        if item not in known:
            return f"unknown {what} {_short(item)}"
    return ""


def _short(text: str) -> str:
    flat = " ".join(str(text).split())
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")
