"""The rules core's exceptions."""

from __future__ import annotations

from enum import Enum


class Refusal(Enum):
    """Which check of the door refused an action."""

    GAME_OVER = "game over"
    NO_DECISION = "no decision is pending"
    NOT_YOUR_DECISION = "not your decision"
    MALFORMED_LABEL = "malformed label"
    NOT_AN_OPTION = "not an option"


class IllegalAction(Exception):
    """An action that is not one of the legal options. The state is left untouched.
    `refusal` says which check refused it; `reason` is one line for people."""

    def __init__(self, reason: str, refusal: Refusal = Refusal.NOT_AN_OPTION) -> None:
        super().__init__(reason)
        self.reason = reason
        self.refusal = refusal


class PhaseNotImplemented(Exception):
    """The flow reached a task kind that has no procedure yet."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"phase not implemented: {kind}")
        self.kind = kind


class StateError(Exception):
    """A serialised state that cannot be read back: wrong shape, wrong types or unknown ids."""
