"""The human seat: turns clicks into one of `legal_actions`, and never builds an action itself.

Every pick goes through `pick(label)`, which only accepts a label the core offers right now.
What the seated player has put into a trade side so far is shown by the decision's detail,
so the controller remembers nothing of it.
"""

from __future__ import annotations

from game.core import IllegalAction

from ..words.options import Options
from .session import Session

TRADE_KINDS = ("trade_partner", "trade_card", "trade_name", "trade_review", "trade_answer")


class HumanController:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.drag_source: str | None = None
        self.error = ""

    def player(self) -> str | None:
        return self.session.human_to_act()

    def options(self) -> Options:
        if self.player() is None:
            return Options.of([])
        return Options.of(self.session.options())

    def can(self, label: str) -> bool:
        return self.player() is not None and label in self.session.options()

    def pick(self, label: str) -> bool:
        """Answer the pending decision with `label`; False (with a message) if it is not legal."""
        who = self.player()
        if who is None:
            self.error = "It is not a human player's decision"
            return False
        try:
            self.session.play(who, label)
        except IllegalAction as err:
            self.error = str(err)
            return False
        self.error = ""
        return True

    def undo(self) -> bool:
        """Take back the player's last pick; False (with the reason, in `error`) if it may not
        be taken back."""
        who = self.player()
        if self.session.undo(who):
            self.error = ""
            return True
        self.error = self.session.undo_refusal(who)
        return False
