"""The human seat: turns clicks into one of `legal_actions`, and never builds an action itself.

Every pick goes through `pick(label)`, which only accepts a label the core offers right now.
The controller also remembers what the seated player did that the view does not show back to
them: the cards they have put into the trade side they are building.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import Event, IllegalAction, TradeAccepted, TradeOffered, TradeRefused

from .options import Options
from .session import Session

TRADE_KINDS = ("trade_partner", "trade_card", "trade_name", "trade_review", "trade_answer")


@dataclass
class TradeSide:
    player: str = ""
    partner: str = ""
    cards: list[str] = field(default_factory=list)
    named: list[str] = field(default_factory=list)
    wants: list[str] = field(default_factory=list)  # asked for by name (open bargaining)


class HumanController:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.side = TradeSide()
        self._sides: list[TradeSide] = []  # the side before each pick, for undo
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
        pending = self.session.state.pending
        kind = pending.kind if pending else ""
        before = TradeSide(self.side.player, self.side.partner, list(self.side.cards),
                           list(self.side.named), list(self.side.wants))
        try:
            events = self.session.play(who, label)
        except IllegalAction as err:
            self.error = str(err)
            return False
        self.error = ""
        self._sides.append(before)
        del self._sides[:-64]
        self._follow_trade(who, kind, label, events)
        return True

    def undo(self) -> bool:
        who = self.player()
        if not self.session.undo(who):
            return False
        if self._sides:
            self.side = self._sides.pop()
        return True

    def _follow_trade(self, who: str, kind: str, label: str, events: list[Event]) -> None:
        side = self.side
        if kind == "trade_partner" and label.startswith("player:"):
            self.side = TradeSide(who, label.split(":", 1)[1])
        elif kind == "trade_answer" and label != "no":
            self.side = TradeSide(who)
        elif kind == "trade_card" and label.startswith("card:"):
            if side.player != who:
                self.side = side = TradeSide(who)
            side.cards.append(label.split(":", 1)[1])
        elif kind == "trade_name" and label.startswith("card:"):
            side.named.append(label.split(":", 1)[1])
        elif kind == "trade_review" and label.startswith("card:"):
            side.wants.append(label.split(":", 1)[1])
        if kind in ("trade_card", "trade_name", "trade_review") and label == "no":
            self.side = TradeSide()  # cancelled
        if any(isinstance(e, TradeOffered | TradeAccepted | TradeRefused) for e in events):
            self.side = TradeSide()

    def side_of(self, player: str | None) -> TradeSide:
        return self.side if player and self.side.player == player else TradeSide()
