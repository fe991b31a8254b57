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
"""

from __future__ import annotations

from game.core import Action, Event, GameState, apply, view

from . import Bot, make_bot

# A bound on bot decisions in one skip, so a client never hangs on a runaway sequence.
MAX_SKIP = 100_000


class BotSeats:
    def __init__(self, levels: dict[str, str], seed: int = 0) -> None:
        self.bots: dict[str, Bot] = {
            civ: make_bot(level, seed * 101 + i) for i, (civ, level) in enumerate(
                sorted(levels.items()))
        }

    def to_move(self, state: GameState) -> bool:
        """Whether the pending decision belongs to a bot."""
        pending = state.pending
        return not state.game_over and pending is not None and pending.player in self.bots

    def step(self, state: GameState) -> list[Event]:
        """One bot decision (the pending one); [] when a person is to decide."""
        if not self.to_move(state):
            return []
        assert state.pending is not None
        who = state.pending.player
        return apply(state, Action(who, self.bots[who].choose(view(state, who))))

    def skip(self, state: GameState) -> list[Event]:
        """Every bot decision until a person must decide or the game ends."""
        events: list[Event] = []
        for _ in range(MAX_SKIP):
            if not self.to_move(state):
                break
            events += self.step(state)
        return events
