"""Bots at a table with people (solo play): the referee side the client needs.

`BotSeats` holds one bot per computer seat and, given the game the client owns, answers the
decisions that fall to those seats, one at a time (so the client can show each move at its
pace) or all of them up to the next human decision ("skip to my turn"). Each bot is handed
only `view(state, its_seat)`; the state never leaves this referee.

    seats = BotSeats({"egypt": "normal", "hatti": "hard"}, seed=7)
    while seats.to_move(state):          # a bot decides next
        events = seats.step(state)       # one decision, through the core's one door
        ...animate events...
    # or: events = seats.skip(state)      # every bot decision until a person must decide
    # or, with what the bot says to a person (talk.py):
    #    action, remarks = seats.decide(state); events = apply(state, action)
    #    remarks += seats.unasked(state, events, action.player)
"""

from __future__ import annotations

from game.core import Action, Event, GameState, apply, view

from . import Bot, make_bot
from .talk import Remark, decide, meet_people, unasked_refusals

# A bound on bot decisions in one skip, so a client never hangs on a runaway sequence.
MAX_SKIP = 100_000


class BotSeats:
    def __init__(self, levels: dict[str, str], seed: int = 0) -> None:
        self.bots: dict[str, Bot] = {
            civ: make_bot(level, seed * 101 + i) for i, (civ, level) in enumerate(
                sorted(levels.items()))
        }

    def meet(self, state: GameState) -> None:
        """Tell the bots which seats people play (every seat without a bot), at every decision:
        a seat may change hands (a bot standing in for an away person, or given back)."""
        people = frozenset(state.players) - frozenset(self.bots)
        for bot in self.bots.values():
            meet_people(bot, people)

    def decide(self, state: GameState) -> tuple[Action, Remark | None]:
        """The pending bot decision, not yet applied, and what the bot says with it."""
        assert self.to_move(state) and state.pending is not None
        self.meet(state)
        who = state.pending.player
        label, remark = decide(self.bots[who], view(state, who))
        return Action(who, label), remark

    def unasked(self, state: GameState, events: list[Event], mover: str) -> list[Remark]:
        """What bots say of refusals the core made for them (talk.unasked_refusals)."""
        return unasked_refusals(state.config, events, self.bots, mover)

    def to_move(self, state: GameState) -> bool:
        """Whether the pending decision belongs to a bot."""
        pending = state.pending
        return not state.game_over and pending is not None and pending.player in self.bots

    def step(self, state: GameState) -> list[Event]:
        """One bot decision (the pending one); [] when a person is to decide."""
        if not self.to_move(state):
            return []
        action, _ = self.decide(state)
        return apply(state, action)

    def skip(self, state: GameState) -> list[Event]:
        """Every bot decision until a person must decide or the game ends."""
        events: list[Event] = []
        for _ in range(MAX_SKIP):
            if not self.to_move(state):
                break
            events += self.step(state)
        return events
