"""Phase 13, A.S.T. alteration (rules §4 phase 13, §7): markers move, the game may end, and the
discard piles go back under their stacks. Everything here is automatic: nobody decides anything.

decided (order, rules §15.10): players are handled in A.S.T. ranking order. Nothing one player's
marker does changes another's, so the order only fixes the order of the events in the log.
decided (Expert regression): "0 cities" means no city on the board; Wonder of the World counts as a
city only for the requirements of the next space, not as a city a civilization keeps.
decided (Expert end): once someone has first entered Late Iron, the game ends after the number of
extra turns in ast.toml, even if by then nobody is left in Late Iron (Regression may push a marker
back); the bonus then goes to nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event, GameEnded
from ..flow import done, register
from ..gamedata import EPOCHS, AstRequirement
from ..ops import card_stack
from ..scoring import final_ranking, in_late_iron
from ..state import GameState, Progress

RULE_PHASE = "rules:phase-13"
RULE_ADVANCE = "rules:7.3"
RULE_REGRESS = "rules:7.3-expert-regression"
RULE_END = "rules:7.4"
RULE_LAST_TURN = "rules:7.4-time-limit"
RULE_DISCARDS = "rules:3.4"

# state.counters key: the turn in which a marker first entered Late Iron (Expert side only).
FIRST_LATE_IRON_TURN = "ast:first_late_iron_turn"
ENDED_BY_LATE_IRON = "late_iron"
ENDED_BY_LAST_TURN = "last_turn"
WONDER_EFFECT = "counts_as_city_for_ast"


@dataclass(frozen=True, kw_only=True)
class AstAdvanced(Event):
    player: str
    space: int  # the space the marker moved onto
    epoch: str


@dataclass(frozen=True, kw_only=True)
class AstRegressed(Event):
    player: str
    space: int  # the space the marker moved back to
    epoch: str


@dataclass(frozen=True, kw_only=True)
class DiscardsReturned(Event):
    block: str
    stack: int
    count: int  # cards shuffled and put under the stack


def ast_cities(state: GameState, player: str) -> int:
    """Cities for A.S.T. requirements: those on the board, plus Wonder of the World."""
    data = state.data
    extra = data.ast_numbers["wonder_extra_cities"]
    wonders = sum(
        extra for a in state.players[player].advances if WONDER_EFFECT in data.advances[a].effects
    )
    return len(state.board.cities_of(player)) + wonders


def missing_requirements(state: GameState, player: str, req: AstRequirement) -> dict[str, int]:
    """How far the player falls short of each requirement (only the unmet ones); empty = met."""
    data = state.data
    n = data.ast_numbers
    costs = [data.advances[a].cost for a in state.players[player].advances]
    have = {
        "cities": ast_cities(state, player),
        "advances": len(costs),
        "advances_100": sum(1 for c in costs if c >= n["vp_threshold_100"]),
        "advances_200": sum(1 for c in costs if c >= n["vp_threshold_200"]),
        "advances_under_100": sum(1 for c in costs if c < n["vp_threshold_100"]),
        "advance_vp": sum(data.advances[a].vp for a in state.players[player].advances),
    }
    need = {
        "cities": req.cities,
        "advances": req.advances,
        "advances_100": req.advances_100,
        "advances_200": req.advances_200,
        "advances_under_100": req.advances_under_100,
        "advance_vp": req.advance_vp,
    }
    return {k: need[k] - have[k] for k in need if have[k] < need[k]}


def next_requirement(state: GameState, player: str) -> AstRequirement | None:
    """The requirements of the epoch of the player's next space; None at the end of the table."""
    data = state.data
    space = state.players[player].ast + 1
    if space > data.ast_numbers["last_space"]:
        return None
    side = state.config.ast_side
    epoch = data.civilizations[player].epoch_of(space, side)
    return data.ast[side][EPOCHS.index(epoch)]


def alter(state: GameState, player: str, events: list[Event]) -> None:
    """Move one marker: back on the Expert side without cities, else forward if it qualifies."""
    data = state.data
    side = state.config.ast_side
    civ = data.civilizations[player]
    p = state.player_to_change(player)
    past_stone_age = civ.epoch_of(p.ast, side) != EPOCHS[0]
    if side == "expert" and past_stone_age and not state.board.cities_of(player):
        p.ast = max(p.ast - data.ast_numbers["expert_steps_back_without_cities"], 0)
        events.append(AstRegressed(player=player, space=p.ast, epoch=civ.epoch_of(p.ast, side),
                                   rule=RULE_REGRESS))
        return
    req = next_requirement(state, player)
    if req is None or missing_requirements(state, player, req):
        return
    p.ast += 1
    events.append(AstAdvanced(player=player, space=p.ast, epoch=req.epoch, rule=RULE_ADVANCE))


def check_end(state: GameState, events: list[Event]) -> None:
    """Basic: the game ends once a marker is in Late Iron. Expert: it ends after the extra turns
    that follow the turn in which a marker first entered Late Iron. Either way it ends with the
    last turn the players agreed on, if they did (GameConfig.last_turn)."""
    if state.ended_by:
        return
    if _late_iron_ends(state):
        ended_by, rule = ENDED_BY_LATE_IRON, RULE_END
    elif 0 < state.config.last_turn <= state.turn:
        ended_by, rule = ENDED_BY_LAST_TURN, RULE_LAST_TURN
    else:
        return
    state.ended_by = ended_by
    scores = tuple((s.player, s.total) for s in final_ranking(state))
    events.append(GameEnded(ended_by=ended_by, scores=scores, rule=rule))


def _late_iron_ends(state: GameState) -> bool:
    late = in_late_iron(state)
    if state.config.ast_side != "expert":
        return bool(late)
    if FIRST_LATE_IRON_TURN not in state.counters:
        if not late:
            return False
        state.counters[FIRST_LATE_IRON_TURN] = state.turn
    extra = state.data.ast_numbers["expert_extra_turns_after_late_iron"]
    return state.turn - state.counters[FIRST_LATE_IRON_TURN] >= extra


def return_discards(state: GameState, events: list[Event]) -> None:
    """Each discard pile is shuffled and put under its own stack (water never enters a pile)."""
    for block, piles in state.discards.items():
        state.stacks.setdefault(block, [[] for _ in piles])
        for i, pile in enumerate(piles):
            cards = [c for c in pile if card_stack(state, c)]
            if pile:
                state.pile("discards", block, i).clear()
            if not cards:
                continue
            state.rng.shuffle(cards)
            # stacks are kept top first: the end is the bottom
            state.pile("stack", block, i).extend(cards)
            events.append(DiscardsReturned(block=block, stack=i + 1, count=len(cards),
                                           rule=RULE_DISCARDS))


@dataclass(kw_only=True)
class AstAlteration(Progress):
    KIND = "phase:ast_alteration"


def _step(state: GameState, task: AstAlteration, events: list[Event]) -> None:
    for pid in state.players:
        alter(state, pid, events)
    check_end(state, events)
    return_discards(state, events)
    done(state, task)


register(AstAlteration, _step)
